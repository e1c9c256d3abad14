import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { json, methodNotAllowed } from "~/utils/http.server";
import { ingestWebhook } from "~/services/whatsapp/ingest.server";

/** Events from the WhatsApp gateway (message.any, session.status), HMAC-signed per business. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const raw = await request.text();
  const { env, ctx } = context.cloudflare;
  const result = await ingestWebhook(env, raw, request.headers.get("X-Webhook-Hmac"), Date.now(), (work) => ctx.waitUntil(work));
  return json(result.body, result.status);
}

export const loader = () => methodNotAllowed();
