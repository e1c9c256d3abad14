import { json, methodNotAllowed } from "~/utils/http.server";
import { ingestWebhook, type KnownEvent, type WebhookOutcome } from "~/services/whatsapp/ingest.server";
import type { ApiHandler } from "./router.server";

/** Events from the WhatsApp gateway (message.any, session.status), HMAC-signed per business. */
export const action: ApiHandler = async ({ request, env, ctx }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const raw = await request.text();
  const outcome = await ingestWebhook(env, raw, request.headers.get("X-Webhook-Hmac"), Date.now(), (work) =>
    ctx.waitUntil(work),
  );
  return answer(outcome);
};

/** How a payload its event does not accept is named in the 400's body. */
const PAYLOAD_NAME: Record<KnownEvent, string> = {
  "session.status": "status",
  "message.any": "message",
  "message.reaction": "reaction",
  "message.edited": "edit",
  "message.revoked": "revoke",
  "message.ack": "ack",
};

/**
 * The gateway's answer: 200 for an event taken or one not ours to take, 202
 * for a session no business has, 401 for a bad signature or a stale event,
 * 400 for what is not an event (the request guard has already answered 413
 * to a body too large).
 */
function answer(outcome: WebhookOutcome): Response {
  switch (outcome.kind) {
    case "accepted":
      return json({ ok: true, ...outcome.result });
    case "ignored":
      return outcome.reason === "unknown-session"
        ? json({ ignored: "unknown session" }, 202)
        : json({ ignored: outcome.event });
    case "unauthorized":
      return json({ error: outcome.reason === "signature" ? "Invalid signature" : "Stale event" }, 401);
    case "malformed":
      if (outcome.reason === "payload") return json({ error: `Bad ${PAYLOAD_NAME[outcome.event]} payload` }, 400);
      return json({ error: outcome.reason === "json" ? "Invalid JSON" : "Not a webhook event" }, 400);
  }
}
