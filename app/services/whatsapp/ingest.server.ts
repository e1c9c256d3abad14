// Webhook events from the gateway: verified, mapped to their business, and
// stored once (duplicates and concurrent replays are absorbed by unique keys).
import { z } from "zod";
import { chatIdToPhone, isCustomerChat, isLid } from "~/providers/whatsapp/chat-id";
import { getWhatsAppProvider } from "~/providers/whatsapp/index.server";
import { messageChatId } from "~/providers/whatsapp/waha.server";
import { verifyWebhookSignature } from "~/providers/whatsapp/webhook-signature";
import { handleClientMessage, ownerAnswered } from "../replies/replies.server";
import { webhookKeyFor } from "./webhook-key.server";
import { businessSession } from "./session.server";
import { storedReason } from "../rules/reasons";
import { markChatForProposals } from "../proposals/live.server";
import { noteChatMessage } from "../safety/consent.server";
import { recordAck } from "../safety/health.server";

export const MAX_WEBHOOK_BYTES = 256 * 1024;
export const MAX_AGE_MS = 5 * 60 * 1000;

const Envelope = z.object({
  event: z.string(),
  session: z.string().min(1).max(200),
  timestamp: z.number().optional(),
  me: z.object({ id: z.string(), pushName: z.string().optional() }).nullish(),
  payload: z.unknown(),
});

// NOWEB sends an owner's message with `from` = the chat and no `to`; the chat
// comes from the Baileys key or the serialized id (messageChatId), never `to`.
const MessagePayload = z
  .object({
    id: z.string().min(1).max(300),
    timestamp: z.coerce.number(),
    from: z.string().max(200).nullish(),
    to: z.string().max(200).nullish(),
    fromMe: z.boolean(),
    body: z.string().max(65536).nullish(),
    _data: z.object({ pushName: z.string().nullish(), notifyName: z.string().nullish() }).passthrough().nullish(),
  })
  .passthrough();

/** message.ack: ack -1 (ERROR) means WhatsApp refused a message the gateway had accepted. */
const AckPayload = z
  .object({
    id: z.string().min(1).max(300),
    fromMe: z.boolean().optional(),
    ack: z.number(),
    error: z
      .object({ code: z.coerce.number().optional(), reason: z.string().max(200).optional() })
      .passthrough()
      .nullish(),
    _data: z
      .object({
        update: z
          .object({ messageStubParameters: z.array(z.unknown()).nullish() })
          .passthrough()
          .nullish(),
      })
      .passthrough()
      .nullish(),
  })
  .passthrough();

const StatusPayload = z.object({ status: z.string().max(64) });

export const ACK_ERROR = -1;

export type IngestResult = { status: number; body: Record<string, unknown> };

/** Work that may finish after the answer (ctx.waitUntil in the Worker). */
export type Defer = (work: Promise<unknown>) => void;

export async function ingestWebhook(env: Env, raw: string, signature: string | null, now: number, defer: Defer = () => {}): Promise<IngestResult> {
  if (raw.length > MAX_WEBHOOK_BYTES) return { status: 413, body: { error: "Payload too large" } };
  let parsedJson: unknown;
  try {
    parsedJson = JSON.parse(raw);
  } catch {
    return { status: 400, body: { error: "Invalid JSON" } };
  }
  const envelope = Envelope.safeParse(parsedJson);
  if (!envelope.success) return { status: 400, body: { error: "Not a webhook event" } };
  const { session: businessId, event } = envelope.data;

  // The signature covers the raw bytes; nothing is trusted before it checks out.
  const key = await webhookKeyFor(env, businessId);
  if (!signature || !(await verifyWebhookSignature(raw, key, signature))) {
    return { status: 401, body: { error: "Invalid signature" } };
  }
  const sentAt = envelope.data.timestamp;
  if (typeof sentAt !== "number" || Math.abs(now - sentAt) > MAX_AGE_MS) {
    return { status: 401, body: { error: "Stale event" } };
  }
  const business = await env.DB.prepare("SELECT id, proposals_enabled FROM businesses WHERE id = ?").bind(businessId).first<{ proposals_enabled: number }>();
  if (!business) return { status: 202, body: { ignored: "unknown session" } };

  if (event === "session.status") {
    const payload = StatusPayload.safeParse(envelope.data.payload);
    if (!payload.success) return { status: 400, body: { error: "Bad status payload" } };
    const me = envelope.data.me ? { id: envelope.data.me.id, pushName: envelope.data.me.pushName } : null;
    await businessSession(env, businessId).onStatusEvent(businessId, payload.data.status, me);
    return { status: 200, body: { ok: true } };
  }
  if (event === "message.any") {
    const payload = MessagePayload.safeParse(envelope.data.payload);
    if (!payload.success) return { status: 400, body: { error: "Bad message payload" } };
    const chatId = messageChatId(payload.data);
    const stored = await storeMessage(env.DB, businessId, chatId, payload.data, now);
    if (stored && isLid(chatId)) defer(resolveLid(env, businessId, chatId));
    // Only a message seen for the first time is read as an answer: a repeated webhook never acts twice.
    if (stored && isCustomerChat(chatId)) {
      const at = Math.round(payload.data.timestamp * 1000);
      // Number safety: keeps the contact basis, and a client's STOP or START is handled there (not read as an answer).
      const { id: providerId, fromMe, source } = payload.data;
      const opt = await noteChatMessage(env, businessId, { providerId, chatId, fromMe, source, body: payload.data.body ?? "", at }, now, defer);
      // Awaited (one quick call to the business's Durable Object) so the mark is not lost; it never throws.
      if (business.proposals_enabled) await markChatForProposals(env, businessId, chatId, payload.data.fromMe, at);
      if (payload.data.fromMe) await ownerAnswered(env.DB, businessId, chatId, at);
      else if (!opt) await handleClientMessage(env, businessId, { providerId: payload.data.id, chatId, body: payload.data.body ?? "", at }, now, defer);
    }
    return { status: 200, body: { ok: true, stored } };
  }
  if (event === "message.ack") {
    const payload = AckPayload.safeParse(envelope.data.payload);
    if (!payload.success) return { status: 400, body: { error: "Bad ack payload" } };
    const failed = payload.data.ack === ACK_ERROR ? await failRefusedMessage(env.DB, businessId, payload.data, now) : false;
    await recordAck(env.DB, businessId, payload.data.id, payload.data.ack);
    return { status: 200, body: { ok: true, failed } };
  }
  return { status: 200, body: { ignored: event } };
}

/** WhatsApp's error code on an ERROR ack: `error.code`, or Baileys' stub parameter. */
export function ackErrorCode(p: z.infer<typeof AckPayload>): number | null {
  const code = p.error?.code ?? Number(p._data?.update?.messageStubParameters?.[0]);
  return Number.isFinite(code) && code ? code : null;
}

/** The owner-facing reason (stored as a key) for a message WhatsApp refused after accepting it. */
export function refusedReason(code: number | null): string {
  if (code === 463) return storedReason("rules.reason.restricted");
  return code ? storedReason("rules.reason.refusedCode", { code }) : storedReason("rules.reason.refused");
}

/** An ERROR ack turns the Sent reminder or follow-up it is about into Failed, with the reason. */
async function failRefusedMessage(d1: D1Database, businessId: string, p: z.infer<typeof AckPayload>, now: number) {
  const res = await d1
    .prepare(
      `UPDATE scheduled_messages SET status = 'failed', last_error = ?3, updated_at = ?4
       WHERE business_id = ?1 AND provider_message_id = ?2 AND status = 'sent'`,
    )
    .bind(businessId, p.id, refusedReason(ackErrorCode(p)), now)
    .run();
  return (res.meta.changes ?? 0) > 0;
}

/** A hidden number (@lid): ask the gateway for the phone behind it and keep it on the contact. */
async function resolveLid(env: Env, businessId: string, lid: string) {
  try {
    const pn = await getWhatsAppProvider(env).resolveLid(businessId, lid);
    const phone = pn ? chatIdToPhone(pn) : null;
    if (!phone) return;
    await env.DB.prepare("UPDATE wa_contacts SET phone = ?3 WHERE business_id = ?1 AND chat_id = ?2 AND phone IS NULL").bind(businessId, lid, phone).run();
  } catch (error) {
    console.error("Resolving a hidden WhatsApp number failed", lid, error);
  }
}

async function storeMessage(d1: D1Database, businessId: string, chatId: string, m: z.infer<typeof MessagePayload>, now: number) {
  if (!isCustomerChat(chatId)) return false;
  const phone = chatIdToPhone(chatId);
  const lid = isLid(chatId) ? chatId : null;
  const name = m.fromMe ? "" : (m._data?.pushName || m._data?.notifyName || "").slice(0, 200);
  const at = Math.round(m.timestamp * 1000);
  const [, inserted] = await d1.batch([
    d1
      .prepare(
        `INSERT INTO wa_contacts (id, business_id, chat_id, lid, phone, name, last_message_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         ON CONFLICT (business_id, chat_id) DO UPDATE SET
           name = CASE WHEN excluded.name <> '' THEN excluded.name ELSE wa_contacts.name END,
           last_message_at = max(wa_contacts.last_message_at, excluded.last_message_at)`,
      )
      .bind(crypto.randomUUID(), businessId, chatId, lid, phone, name, at, now),
    d1
      .prepare(
        `INSERT INTO wa_messages (id, business_id, provider_id, chat_id, from_me, body, timestamp, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
         ON CONFLICT (business_id, provider_id) DO NOTHING`,
      )
      .bind(crypto.randomUUID(), businessId, m.id, chatId, m.fromMe ? 1 : 0, m.body ?? "", at, now),
  ]);
  return (inserted.meta.changes ?? 0) > 0;
}
