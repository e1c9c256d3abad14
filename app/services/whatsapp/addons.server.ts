// Reactions, edits and deletions: WhatsApp messages about an earlier message,
// which WAHA sends as their own events (message.reaction, message.edited,
// message.revoked), never in message.any (docs/whatsapp-fidelity.md).
//
// - A reaction to a confirmation request answers it: 👍 ❤️ 👌 ✅ (any skin
//   tone) confirm like "1", 👎 ❌ cancel like "2", any other reaction marks the
//   client as waiting for the owner; a removed reaction changes nothing.
// - An edit replaces the stored text (extraction reads the new one). An edit
//   of an answer not yet acted on is read as the answer; of one already acted
//   on, it marks the client as waiting for the owner, with the new text.
// - A deletion removes the message from what extraction reads (and it is never
//   stored again); if it had been read as an answer, the client is marked as
//   waiting for the owner: nothing is silently undone.
import { z } from "zod";
import { isCustomerChat, isLid } from "~/providers/whatsapp/chat-id";
import { messageChatId } from "~/providers/whatsapp/waha.server";
import { clientOfChat, handleClientMessage, type ReplyOutcome } from "../replies/replies.server";
import type { ReplyIntent } from "../replies/words";
import { markChatForProposals } from "../proposals/live.server";
import { keyIdOf, MessagePayload, processStored, takeMessage, type Defer } from "./messages.server";

const Data = z.object({}).passthrough().nullish();

export const ReactionPayload = z
  .object({
    id: z.string().min(1).max(300),
    timestamp: z.coerce.number(),
    from: z.string().max(200).nullish(),
    fromMe: z.boolean(),
    reaction: z.object({ text: z.string().max(64).nullish(), messageId: z.string().min(1).max(300) }),
    _data: Data,
  })
  .passthrough();

export const EditedPayload = MessagePayload.extend({ editedMessageId: z.string().min(1).max(300).nullish() });

const RevokedSide = z
  .object({
    id: z.string().min(1).max(300),
    fromMe: z.boolean().optional(),
    from: z.string().max(200).nullish(),
    _data: Data,
  })
  .passthrough();
export const RevokedPayload = z
  .object({
    after: RevokedSide.nullish(),
    before: RevokedSide.nullish(),
    revokedMessageId: z.string().min(1).max(300).nullish(),
  })
  .passthrough();

const CONFIRMING = new Set(["👍", "❤", "👌", "✅"]);
const CANCELLING = new Set(["👎", "❌"]);

/** What a reaction says: null when it was removed (an empty reaction). Skin tones and variation selectors do not count. */
export function reactionIntent(text: string | null | undefined): ReplyIntent | null {
  const bare = (text ?? "").replace(/\p{Emoji_Modifier}|\uFE0F|\uFE0E|\u200D/gu, "").trim();
  if (!bare) return null;
  if (CONFIRMING.has(bare)) return "confirm";
  if (CANCELLING.has(bare)) return "cancel";
  return "unclear";
}

/** The product's sent message with this serialized id, under the chat's @c.us or @lid form (the key id is the same). */
async function sentRequest(d1: D1Database, businessId: string, serialized: string) {
  return d1
    .prepare(
      `SELECT id FROM scheduled_messages
       WHERE business_id = ?1 AND kind = 'rule' AND (provider_message_id = ?2 OR provider_message_id LIKE ?3 ESCAPE '\\')`,
    )
    .bind(businessId, serialized, `true\\_%\\_${likeEscape(keyIdOf(serialized))}`)
    .first<{ id: string }>();
}

export const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A customer's reaction to one of the product's messages. */
export async function takeReaction(
  env: Env,
  businessId: string,
  p: z.infer<typeof ReactionPayload>,
  now: number,
  defer: Defer,
): Promise<ReplyOutcome> {
  if (p.fromMe) return { handled: "none" };
  const intent = reactionIntent(p.reaction.text);
  if (intent === null) return { handled: "none" }; // removed: what was done stays done
  const chatId = messageChatId(p);
  if (!isCustomerChat(chatId)) return { handled: "none" };
  if (isLid(chatId) && !(await phoneOf(env.DB, businessId, chatId))) return { handled: "none" };
  const request = await sentRequest(env.DB, businessId, p.reaction.messageId);
  if (!request) return { handled: "none" };
  return handleClientMessage(
    env,
    businessId,
    {
      providerId: p.id,
      chatId,
      body: p.reaction.text ?? "",
      at: Math.round(p.timestamp * 1000),
      intent,
      requestId: request.id,
    },
    now,
    defer,
  );
}

async function phoneOf(d1: D1Database, businessId: string, chatId: string) {
  const row = await d1
    .prepare("SELECT phone FROM wa_contacts WHERE business_id = ?1 AND chat_id = ?2")
    .bind(businessId, chatId)
    .first<{ phone: string | null }>();
  return row?.phone ?? null;
}

type StoredRow = {
  provider_id: string;
  chat_id: string;
  from_me: number;
  body: string;
  timestamp: number;
  processed_at: number | null;
  created_at: number;
};

/** The stored message with this key id in the chat (either form of the contact's chat). */
async function storedByKey(
  d1: D1Database,
  businessId: string,
  chatId: string,
  keyId: string,
): Promise<StoredRow | null> {
  const contact = await d1
    .prepare("SELECT lid, phone FROM wa_contacts WHERE business_id = ?1 AND (chat_id = ?2 OR lid = ?2)")
    .bind(businessId, chatId)
    .first<{ lid: string | null; phone: string | null }>();
  const chats = new Set([chatId]);
  if (contact?.lid) chats.add(contact.lid);
  if (contact?.phone) chats.add(`${contact.phone}@c.us`);
  const ids = [...chats].flatMap((c) => [`false_${c}_${keyId}`, `true_${c}_${keyId}`]);
  return d1
    .prepare(
      `SELECT provider_id, chat_id, from_me, body, timestamp, processed_at, created_at FROM wa_messages
       WHERE business_id = ?1 AND provider_id IN (SELECT value FROM json_each(?2))`,
    )
    .bind(businessId, JSON.stringify(ids))
    .first<StoredRow>();
}

/** The request this message was read as the answer to, if any. */
async function answered(d1: D1Database, businessId: string, providerId: string) {
  return d1
    .prepare("SELECT id FROM scheduled_messages WHERE business_id = ?1 AND reply_message_id = ?2")
    .bind(businessId, providerId)
    .first<{ id: string }>();
}

/** The client is waiting for the owner, with what they wrote. */
async function markAwaiting(d1: D1Database, businessId: string, chatId: string, at: number, text: string) {
  const clientId = await clientOfChat(d1, businessId, chatId);
  if (!clientId) return;
  await d1
    .prepare("UPDATE clients SET awaiting_reply_at = ?3, awaiting_reply_text = ?4 WHERE business_id = ?1 AND id = ?2")
    .bind(businessId, clientId, at, text.slice(0, 500))
    .run();
}

export type EditOutcome = "stored" | "replaced" | "unchanged" | "awaiting" | "ignored";

/** An edited message: the stored text is replaced; an answer is read again or handed to the owner. */
export async function takeEdit(
  env: Env,
  businessId: string,
  p: z.infer<typeof EditedPayload>,
  now: number,
  defer: Defer,
  proposals: boolean,
): Promise<EditOutcome> {
  const d1 = env.DB;
  const chatId = messageChatId(p);
  if (!isCustomerChat(chatId) || !p.editedMessageId) return "ignored";
  const keyId = keyIdOf(p.editedMessageId);
  const body = p.body ?? "";
  const row = await storedByKey(d1, businessId, chatId, keyId);
  if (!row) {
    // The original never reached us (a lost webhook): the edited text is the message.
    await takeMessage(env, businessId, { ...p, id: `${p.fromMe}_${chatId}_${keyId}`, body }, now, defer, proposals);
    return "stored";
  }
  if (row.body === body) return "unchanged"; // a repeated event
  // A new row (same id, time and state) so the live reader sees a change and reads the new text.
  await d1.batch([
    d1.prepare("DELETE FROM wa_messages WHERE business_id = ?1 AND provider_id = ?2").bind(businessId, row.provider_id),
    d1
      .prepare(
        `INSERT INTO wa_messages (id, business_id, provider_id, chat_id, from_me, body, timestamp, created_at, processed_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)`,
      )
      .bind(
        crypto.randomUUID(),
        businessId,
        row.provider_id,
        row.chat_id,
        row.from_me,
        body,
        row.timestamp,
        row.created_at,
        row.processed_at,
      ),
  ]);
  if (proposals)
    await markChatForProposals(env, businessId, row.chat_id, row.from_me === 1, Math.round(p.timestamp * 1000));
  if (row.from_me === 1) return "replaced";
  if (await answered(d1, businessId, row.provider_id)) {
    await markAwaiting(d1, businessId, row.chat_id, Math.round(p.timestamp * 1000), body);
    return "awaiting";
  }
  // Not acted on yet: read as the answer it now is (at the original's time), or, if never processed, as it is retried.
  if (row.processed_at !== null) {
    await processStored(
      env,
      businessId,
      { providerId: row.provider_id, chatId: row.chat_id, fromMe: false, source: "app", body, at: row.timestamp },
      now,
      defer,
      false,
    );
  }
  return "replaced";
}

export type RevokeOutcome = "removed" | "awaiting" | "ignored";

/** A message deleted for everyone: gone from what extraction reads; an answer it carried goes to the owner. */
export async function takeRevoke(
  env: Env,
  businessId: string,
  p: z.infer<typeof RevokedPayload>,
  now: number,
): Promise<RevokeOutcome> {
  const d1 = env.DB;
  const side = p.after ?? p.before;
  if (!side) return "ignored";
  const chatId = messageChatId(side);
  const keyId = p.revokedMessageId ? keyIdOf(p.revokedMessageId) : p.before ? keyIdOf(p.before.id) : null;
  if (!keyId || !isCustomerChat(chatId)) return "ignored";
  await d1
    .prepare("INSERT INTO wa_revoked (business_id, key_id, revoked_at) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING")
    .bind(businessId, keyId, now)
    .run();
  const row = await storedByKey(d1, businessId, chatId, keyId);
  if (!row) return "removed";
  await d1
    .prepare("DELETE FROM wa_messages WHERE business_id = ?1 AND provider_id = ?2")
    .bind(businessId, row.provider_id)
    .run();
  if (row.from_me === 0 && (await answered(d1, businessId, row.provider_id))) {
    await markAwaiting(d1, businessId, row.chat_id, now, row.body);
    return "awaiting";
  }
  return "removed";
}
