import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { json, apiText } from "~/utils/http.server";
import { ingestWebhook } from "~/services/whatsapp/ingest.server";

/** Events from the WhatsApp gateway (message.any, session.status), HMAC-signed per business. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return apiText(405, "Method not allowed.");
  const raw = await request.text();
  const { env, ctx } = context.cloudflare;
  const result = await ingestWebhook(env, raw, request.headers.get("X-Webhook-Hmac"), Date.now(), (work) => ctx.waitUntil(work));
  return json(result.body, result.status);
}

export async function loader() {
  return apiText(405, "Method not allowed.");
}
