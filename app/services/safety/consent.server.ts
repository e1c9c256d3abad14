// Why the business may write to a client first (the contact basis), and the
// client's own opt-out. Kept per phone in contact_consent as the chat's
// messages arrive (the webhook calls noteChatMessage for every message stored
// for the first time), so it survives the purge of old messages and applies to
// a client added after the chat began.
//
// - wrote_first: the client's first message came before any of the owner's.
// - owner_wrote: the owner wrote to them from the phone first (messages the
//   product sent through the gateway, source "api" or one of our rows, do not count).
// - booked_online: the client confirmed a booking made on the booking page by
//   writing to the salon (booked_online_at; they wrote first too).
// - none: nobody wrote; business-started messages wait for the owner's phone.
import { chatIdToPhone } from "~/providers/whatsapp/chat-id";
import { storedReason } from "../rules/reasons";
import { oneOffInsert, queueNow } from "../outbox.server";
import { OPT_OUT_NOTICE, readOptWord } from "./words";

export type ContactBasis = "wrote_first" | "owner_wrote" | "booked_online" | "none";
export const OPTED_OUT_REASON = storedReason("rules.reason.optedOut");

export type ConsentRow = {
  first_in_at: number | null;
  first_out_at: number | null;
  opted_out_at: number | null;
  opted_in_at: number | null;
  booked_online_at?: number | null;
};

/** The basis from a consent row (missing: none). */
export function basisOf(row: Partial<ConsentRow> | null | undefined): { basis: ContactBasis; since: number | null } {
  const inAt = row?.first_in_at ?? null;
  const outAt = row?.first_out_at ?? null;
  if (row?.booked_online_at != null) return { basis: "booked_online", since: row.booked_online_at };
  if (inAt !== null && (outAt === null || inAt <= outAt)) return { basis: "wrote_first", since: inAt };
  if (outAt !== null) return { basis: "owner_wrote", since: outAt };
  return { basis: "none", since: null };
}

export const isOptedOut = (row: Partial<ConsentRow> | null | undefined) =>
  (row?.opted_out_at ?? 0) > (row?.opted_in_at ?? 0);

/** SQL: the consent columns of the consent row `alias` (join it with LEFT JOIN contact_consent alias ON ...). */
export const consentColumns = (alias: string) =>
  `${alias}.first_in_at AS first_in_at, ${alias}.first_out_at AS first_out_at, ${alias}.opted_out_at AS opted_out_at, ${alias}.opted_in_at AS opted_in_at, ${alias}.booked_online_at AS booked_online_at`;
/** SQL: the client (alias) has opted out. */
export const optedOutSql = (alias: string) =>
  `(coalesce(${alias}.opted_out_at, 0) > coalesce(${alias}.opted_in_at, 0))`;

/** As the API and the Clients tab show it: the basis, since when (ISO), opted out. */
export type ClientConsent = { contact_basis: ContactBasis; contact_since: string | null; opted_out: boolean };

export function clientConsent(row: Partial<ConsentRow> | null | undefined): ClientConsent {
  const { basis, since } = basisOf(row);
  return {
    contact_basis: basis,
    contact_since: since ? new Date(since).toISOString() : null,
    opted_out: isOptedOut(row),
  };
}

/** The consent of a page of clients' phones, in one query. */
export async function consentOfPhones(
  d1: D1Database,
  businessId: string,
  phones: string[],
): Promise<Map<string, ConsentRow>> {
  if (phones.length === 0) return new Map();
  const { results } = await d1
    .prepare(
      `SELECT phone, first_in_at, first_out_at, opted_out_at, opted_in_at, booked_online_at FROM contact_consent
       WHERE business_id = ?1 AND phone IN (SELECT value FROM json_each(?2))`,
    )
    .bind(businessId, JSON.stringify([...new Set(phones)]))
    .all<ConsentRow & { phone: string }>();
  return new Map(results.map((r) => [r.phone, r]));
}

export type ChatMessage = {
  providerId: string;
  chatId: string;
  fromMe: boolean;
  source?: unknown;
  body: string;
  at: number;
};

/** The phone of a chat: the contact's known phone (hidden numbers, check-exists chat ids), else the chat id's digits. */
export async function phoneOfChat(d1: D1Database, businessId: string, chatId: string): Promise<string | null> {
  const row = await d1
    .prepare(`SELECT phone FROM wa_contacts WHERE business_id = ?1 AND chat_id = ?2 AND phone IS NOT NULL`)
    .bind(businessId, chatId)
    .first<{ phone: string }>();
  return row?.phone ?? chatIdToPhone(chatId);
}

/**
 * A message stored for the first time in a customer chat: keeps the contact
 * basis current, and reads the client's STOP or START. Answers what it read
 * ("stop"/"start": the message is handled and is not an answer to a
 * confirmation request), or null.
 */
export async function noteChatMessage(
  env: Env,
  businessId: string,
  m: ChatMessage,
  now: number,
  defer: (p: Promise<unknown>) => void = () => {},
): Promise<"stop" | "start" | null> {
  const d1 = env.DB;
  const phone = await phoneOfChat(d1, businessId, m.chatId);
  if (!phone) return null;
  if (m.fromMe) {
    // Only the owner typing on the phone is the owner writing first; our own sends echo with source "api".
    if (m.source === "api") return null;
    await d1
      .prepare(
        `INSERT INTO contact_consent (business_id, phone, first_out_at)
         SELECT ?1, ?2, ?3 WHERE NOT EXISTS (SELECT 1 FROM scheduled_messages WHERE business_id = ?1 AND provider_message_id = ?4)
         ON CONFLICT (business_id, phone) DO UPDATE SET first_out_at = min(coalesce(first_out_at, excluded.first_out_at), excluded.first_out_at)`,
      )
      .bind(businessId, phone, m.at, m.providerId)
      .run();
    return null;
  }
  await d1
    .prepare(
      `INSERT INTO contact_consent (business_id, phone, first_in_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (business_id, phone) DO UPDATE SET first_in_at = min(coalesce(first_in_at, excluded.first_in_at), excluded.first_in_at)`,
    )
    .bind(businessId, phone, m.at)
    .run();
  const intent = readOptWord(m.body);
  if (intent === "stop") {
    const notice = await optOutNotice(d1, businessId, phone, m, now);
    if (await optOut(d1, businessId, phone, m.at, now, notice.insert)) defer(queueNow(env, notice.id, now));
  } else if (intent === "start") {
    await d1
      .prepare(
        `UPDATE contact_consent SET opted_in_at = ?3 WHERE business_id = ?1 AND phone = ?2 AND ${optedOutSql("contact_consent")} AND opted_out_at <= ?3`,
      )
      .bind(businessId, phone, m.at)
      .run();
  }
  return intent;
}

/**
 * Opts the phone out (once: answers false when it already was) and ends its
 * pending business-started messages, those waiting for the owner's phone too,
 * as Cancelled "Client opted out". One D1 transaction, which also writes
 * `notice` (the acknowledgement, optOutNotice) only when this call opted the
 * phone out.
 */
async function optOut(
  d1: D1Database,
  businessId: string,
  phone: string,
  at: number,
  now: number,
  notice?: D1PreparedStatement,
): Promise<boolean> {
  const [flipped] = await d1.batch([
    d1
      .prepare(
        `UPDATE contact_consent SET opted_out_at = ?3 WHERE business_id = ?1 AND phone = ?2 AND NOT ${optedOutSql("contact_consent")} RETURNING phone`,
      )
      .bind(businessId, phone, at),
    d1
      .prepare(
        `UPDATE scheduled_messages SET status = 'cancelled', last_error = ?3, updated_at = ?4
         WHERE business_id = ?1 AND origin = 'business' AND status IN ('scheduled', 'queued', 'manual')
           AND booking_id IN (SELECT b.id FROM bookings b JOIN clients c ON c.id = b.client_id WHERE b.business_id = ?1 AND c.phone = ?2)`,
      )
      .bind(businessId, phone, OPTED_OUT_REASON, now),
    ...(notice ? [notice] : []),
  ]);
  return flipped.results.length > 0;
}

/**
 * The one acknowledgement of an opt-out, in the business's message language,
 * to the chat the client wrote from: a one-off send of kind "stop_ack"
 * (outbox.server.ts) referenced by the STOP message's WhatsApp id, so it goes
 * through the one delivery path: paced with the reply gap (it answers the
 * client's own message), sent exactly once, held while WhatsApp is away and
 * sent when it is back, sent even while automatic messages are paused, and to
 * the client although they have now opted out (it is the last message they
 * get). Its INSERT is written in optOut's transaction, only when the STOP
 * opted the phone out (the consent row's opted_out_at is this message's), so
 * a second STOP sends nothing.
 */
async function optOutNotice(d1: D1Database, businessId: string, phone: string, m: ChatMessage, now: number) {
  const biz = await d1
    .prepare(`SELECT message_lang, time_zone FROM businesses WHERE id = ?1`)
    .bind(businessId)
    .first<{ message_lang: string; time_zone: string }>();
  const id = crypto.randomUUID();
  const at = Number(m.at);
  const insert = oneOffInsert(
    d1,
    id,
    {
      businessId,
      kind: "stop_ack",
      ref: m.providerId,
      text: OPT_OUT_NOTICE[biz?.message_lang === "he" ? "he" : "en"],
      toPhone: phone,
      toChatId: m.chatId,
      origin: "reply",
      timeZone: biz?.time_zone ?? "UTC",
    },
    now,
    `EXISTS (SELECT 1 FROM contact_consent AS oc WHERE oc.business_id = ?2 AND oc.phone = ?7 AND oc.opted_out_at = ${Number.isFinite(at) ? at : -1}
       AND ${optedOutSql("oc")})`,
  );
  return { id, insert };
}
