// One WhatsApp message, however it reached us (the message.any webhook, or
// the backstop re-reading the chat): stored once, then acted on once.
//
// Processing is at-least-once: a message stored but not yet acted on (a
// failure after storing, or a hidden number whose phone is not known yet)
// keeps processed_at NULL and is taken again by a retried webhook or by the
// backstop (app/services/whatsapp/backstop.server.ts). Every action is
// idempotent besides (answers are recorded conditionally on the message id).
import { z } from "zod";
import { chatIdToPhone, isCustomerChat, isLid } from "~/providers/whatsapp/chat-id";
import { getWhatsAppProvider } from "~/providers/whatsapp/index.server";
import { noteChatMessage } from "~/services/safety/consent.server";
import { messageChatId } from "~/providers/whatsapp/waha.server";
import { handleClientMessage, ownerAnswered } from "../replies/replies.server";
import { withdrawDrafts } from "../drafts/drafts.server";
import { markChatForProposals } from "../proposals/live.server";
import { confirmFromMessage } from "../booking-link/confirm.server";

export type Defer = (work: Promise<unknown>) => void;

// NOWEB sends an owner's message with `from` = the chat and no `to`; the chat
// comes from the Baileys key or the serialized id (messageChatId), never `to`.
export const MessagePayload = z
  .object({
    id: z.string().min(1).max(300),
    timestamp: z.coerce.number(),
    from: z.string().max(200).nullish(),
    to: z.string().max(200).nullish(),
    fromMe: z.boolean(),
    // "api": sent through the gateway (the product's own sends); "app": typed on the phone.
    source: z.string().max(20).nullish(),
    body: z.string().max(65536).nullish(),
    _data: z
      .object({
        pushName: z.string().nullish(),
        notifyName: z.string().nullish(),
        key: z
          .object({ remoteJidAlt: z.string().max(200).nullish(), senderPn: z.string().max(200).nullish() })
          .passthrough()
          .nullish(),
      })
      .passthrough()
      .nullish(),
  })
  .passthrough();

export type MessageIn = z.infer<typeof MessagePayload>;

/** The WhatsApp key id at the end of a serialized id "<fromMe>_<chat>_<key id>" (the same for the chat's @lid and @c.us forms). */
export function keyIdOf(serialized: string): string {
  const m = /^(?:true|false)_[^_]+@[^_]+_([^_]+)/.exec(serialized);
  return m ? m[1] : serialized;
}

/** The phone WhatsApp shares beside a hidden-number chat: NOWEB's key.remoteJidAlt (or senderPn). */
function sharedPhone(p: MessageIn): string | null {
  const alt = p._data?.key?.remoteJidAlt ?? p._data?.key?.senderPn ?? null;
  return alt ? chatIdToPhone(alt) : null;
}

/** Whether the customer deleted this message for everyone (it is never stored again). */
async function isRevoked(d1: D1Database, businessId: string, keyId: string) {
  return (
    (await d1
      .prepare("SELECT 1 AS x FROM wa_revoked WHERE business_id = ?1 AND key_id = ?2")
      .bind(businessId, keyId)
      .first()) !== null
  );
}

export type Taken = { stored: boolean; processed: boolean };

/**
 * Stores a message (once) and acts on it unless that was done already: the
 * one path for the webhook and the backstop, with the same rules.
 */
export async function takeMessage(
  env: Env,
  businessId: string,
  p: MessageIn,
  now: number,
  defer: Defer,
  proposals: boolean,
): Promise<Taken> {
  const d1 = env.DB;
  const chatId = messageChatId(p);
  if (!isCustomerChat(chatId)) return { stored: false, processed: false };
  if (await isRevoked(d1, businessId, keyIdOf(p.id))) return { stored: false, processed: false };
  const stored = await storeMessage(d1, businessId, chatId, p, now);
  if (!stored) {
    const row = await d1
      .prepare("SELECT processed_at FROM wa_messages WHERE business_id = ?1 AND provider_id = ?2")
      .bind(businessId, p.id)
      .first<{ processed_at: number | null }>();
    // A duplicate of a message already acted on: nothing more to do.
    if (!row || row.processed_at !== null) return { stored, processed: false };
  }
  const processed = await processStored(
    env,
    businessId,
    {
      providerId: p.id,
      chatId,
      fromMe: p.fromMe,
      source: p.source ?? null,
      body: p.body ?? "",
      at: Math.round(p.timestamp * 1000),
    },
    now,
    defer,
    proposals,
  );
  return { stored, processed };
}

export type StoredMessage = {
  providerId: string;
  chatId: string;
  fromMe: boolean;
  source: string | null;
  body: string;
  at: number;
};

/**
 * Acts on a stored message and marks it processed. A hidden number whose
 * phone is still unknown waits (false): nothing may read it before its client is known.
 */
export async function processStored(
  env: Env,
  businessId: string,
  m: StoredMessage,
  now: number,
  defer: Defer,
  proposals: boolean,
): Promise<boolean> {
  const d1 = env.DB;
  if (isLid(m.chatId) && !(await knownPhone(env, businessId, m.chatId))) return false;
  // Number safety: keeps the contact basis, and a client's STOP or START is handled there (not read as an answer).
  const opt = await noteChatMessage(env, businessId, m, now, defer);
  if (m.fromMe) {
    // The product's own sends echo back (source "api"), and WhatsApp Business greeting and
    // away messages come from the phone by themselves: neither is the owner answering.
    if (!(await isOwnEcho(d1, businessId, m)) && !(await isAutomatedReply(d1, businessId, m))) {
      if (proposals) await markChatForProposals(env, businessId, m.chatId, true, m.at);
      await ownerAnswered(d1, businessId, m.chatId, m.at);
      await withdrawDrafts(d1, businessId, m.chatId, now);
    }
  } else {
    if (proposals) await markChatForProposals(env, businessId, m.chatId, false, m.at);
    // A booking-page confirmation ("Confirm booking 4821") is that, not an answer to a reminder.
    const online = opt ? null : await confirmFromMessage(env, businessId, m, now, defer);
    if (!opt && !online)
      await handleClientMessage(
        env,
        businessId,
        { providerId: m.providerId, chatId: m.chatId, body: m.body, at: m.at },
        now,
        defer,
      );
  }
  await d1
    .prepare(
      "UPDATE wa_messages SET processed_at = ?3 WHERE business_id = ?1 AND provider_id = ?2 AND processed_at IS NULL",
    )
    .bind(businessId, m.providerId, now)
    .run();
  return true;
}

/** Sent through the gateway: `source: "api"`, or (an engine or WAHA without `source`) one of the product's own sends. */
async function isOwnEcho(d1: D1Database, businessId: string, m: StoredMessage) {
  if (m.source === "api") return true;
  if (m.source === "app") return false;
  const row = await d1
    .prepare("SELECT 1 AS x FROM scheduled_messages WHERE business_id = ?1 AND provider_message_id = ?2")
    .bind(businessId, m.providerId)
    .first();
  return row !== null;
}

/** How soon after a message in the chat WhatsApp Business sends its greeting or away message (the phone sends it by itself). */
const AUTO_REPLY_WINDOW_MS = 5_000;
/** The earlier copy must be at least this much older: one text sent to several chats in a burst is the owner at work. */
const AUTO_REPLY_MIN_GAP_MS = 60_000;
const AUTO_REPLY_LOOKBACK_MS = 30 * 24 * 3600_000;

/**
 * WhatsApp Business greeting and away messages: WAHA marks them like any
 * message typed on the phone (source "app"; no field tells them apart). They
 * are the same text each time, sent by the phone within seconds of a message
 * in the chat (the customer's, or a first message after a long silence); so an
 * owner message that comes within 5 s of another message in the chat and
 * repeats, word for word, one the phone sent in another chat between 30 days
 * and a minute earlier is taken for one. (The very first greeting cannot be
 * told apart, and one sent late by a phone that was offline is not caught.)
 */
async function isAutomatedReply(d1: D1Database, businessId: string, m: StoredMessage) {
  if (!m.body.trim()) return false;
  const row = await d1
    .prepare(
      `SELECT
         EXISTS (SELECT 1 FROM wa_messages WHERE business_id = ?1 AND chat_id = ?2 AND provider_id <> ?7 AND timestamp <= ?3 AND timestamp >= ?3 - ?5) AS just_wrote,
         EXISTS (SELECT 1 FROM wa_messages WHERE business_id = ?1 AND chat_id <> ?2 AND from_me = 1 AND body = ?4 AND timestamp <= ?3 - ?8 AND timestamp >= ?3 - ?6) AS repeated`,
    )
    .bind(
      businessId,
      m.chatId,
      m.at,
      m.body,
      AUTO_REPLY_WINDOW_MS,
      AUTO_REPLY_LOOKBACK_MS,
      m.providerId,
      AUTO_REPLY_MIN_GAP_MS,
    )
    .first<{ just_wrote: number; repeated: number }>();
  return row?.just_wrote === 1 && row.repeated === 1;
}

/** The phone behind a hidden-number chat: the contact's, else asked of the gateway's lids API now (and kept). */
async function knownPhone(env: Env, businessId: string, lid: string): Promise<string | null> {
  const row = await env.DB.prepare("SELECT phone FROM wa_contacts WHERE business_id = ?1 AND chat_id = ?2")
    .bind(businessId, lid)
    .first<{ phone: string | null }>();
  if (row?.phone) return row.phone;
  let phone: string | null = null;
  try {
    const pn = await getWhatsAppProvider(env).resolveLid(businessId, lid);
    phone = pn ? chatIdToPhone(pn) : null;
  } catch (error) {
    console.error("Resolving a hidden WhatsApp number failed; the message waits", lid, error);
  }
  if (phone)
    await env.DB.prepare("UPDATE wa_contacts SET phone = ?3 WHERE business_id = ?1 AND chat_id = ?2 AND phone IS NULL")
      .bind(businessId, lid, phone)
      .run();
  return phone;
}

/** Stores the contact and the message; true when the message is new. A phone shared beside a lid is kept on the contact. */
async function storeMessage(d1: D1Database, businessId: string, chatId: string, m: MessageIn, now: number) {
  const phone = chatIdToPhone(chatId) ?? (isLid(chatId) ? sharedPhone(m) : null);
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
           phone = coalesce(wa_contacts.phone, excluded.phone),
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
