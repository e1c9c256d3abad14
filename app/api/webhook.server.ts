import { json, methodNotAllowed } from "~/utils/http.server";
import { ingestWebhook } from "~/services/whatsapp/ingest.server";
import type { ApiHandler } from "./router.server";

/** Events from the WhatsApp gateway (message.any, session.status), HMAC-signed per business. */
export const action: ApiHandler = async ({ request, env, ctx }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const raw = await request.text();
  const result = await ingestWebhook(env, raw, request.headers.get("X-Webhook-Hmac"), Date.now(), (work) =>
    ctx.waitUntil(work),
  );
  return json(result.body, result.status);
};
