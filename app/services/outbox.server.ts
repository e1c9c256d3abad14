// One-off sends: messages that belong to no rule (a drafted reply the owner
// sent, the booking page's answers to a customer, the acknowledgement of a
// client's STOP, later a freed-time offer).
// They are rows of scheduled_messages like every outgoing message, so the one
// delivery path (delivery.server.ts) paces them, keeps the daily budget for
// business-started ones, cancels them for a client who opted out, sends each
// exactly once and holds them while WhatsApp is away. A row's reference is
// unique per kind, so a double tap or a repeated webhook queues it once.
import type { MessageKind } from "~db/schema";
import { localDate, localTime } from "~/utils/time-zone";
import { SENDING_STATUSES } from "./whatsapp/status-mirror.server";

/** "ack": the short answer to a change the customer asked for in the chat, once the owner accepted it. */
type OneOffKind = Extract<MessageKind, "draft" | "answer" | "offer" | "stop_ack" | "ack">;

export type OneOffSend = {
  businessId: string;
  kind: OneOffKind;
  /** Unique per kind: the draft's id, "<booking id>:thanks", the STOP message's WhatsApp id, the accepted change proposal's id. */
  ref: string;
  text: string;
  /** E.164 digits. */
  toPhone: string;
  /** The chat the customer wrote from (else the phone's known chat). */
  toChatId?: string | null;
  bookingId?: string | null;
  /** "reply": an answer to the customer's own message (short gap, no budget); "business": started by the business. */
  origin: "business" | "reply";
  timeZone: string;
};

/**
 * SQL over the scheduled_messages row `m`: it goes out even while the owner
 * has paused automatic messages, because it is not an automatic message: a
 * drafted reply the owner sent with their own tap (one Answer for me sent has
 * its draft's auto_day set, and waits like every automatic message), or the
 * acknowledgement of a client's STOP (the last message they get, answering
 * their own). The cron sweep takes such a row of a paused business and
 * delivery sends it (paced, as every reply).
 */
export const sentWhilePausedSql = (m: string) =>
  `(${m}.kind = 'stop_ack' OR (${m}.kind = 'draft'
     AND EXISTS (SELECT 1 FROM drafts AS pd WHERE pd.business_id = ${m}.business_id AND pd.id = ${m}.ref AND pd.auto_day IS NULL)))`;

/**
 * The INSERT of a one-off send, due now (status scheduled; queueNow hands it
 * to the queue). `when` is an SQL condition the row is written under, so it
 * can follow another write of the same batch; it may use ?2 (the business id),
 * ?3 (the reference), ?7 (the phone) and ?10 (now). A reference already queued writes nothing.
 */
export function oneOffInsert(
  d1: D1Database,
  id: string,
  m: OneOffSend,
  now: number,
  when = "true",
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO scheduled_messages (id, business_id, ref, kind, origin, body, to_phone, to_chat_id, booking_id, send_date, send_time, send_at,
         status, created_at, updated_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?11, ?12, ?10, 'scheduled', ?10, ?10 WHERE ${when}
       ON CONFLICT (kind, ref) DO NOTHING`,
    )
    .bind(
      id,
      m.businessId,
      m.ref,
      m.kind,
      m.origin,
      m.text,
      m.toPhone,
      m.toChatId ?? null,
      m.bookingId ?? null,
      now,
      localDate(now, m.timeZone),
      localTime(now, m.timeZone),
    );
}

/**
 * Writes a one-off send and hands it to the queue at once. Answers its id, or
 * null when that reference was already written (nothing new is sent).
 */
export async function sendOneOff(
  env: Env,
  m: OneOffSend,
  now: number,
  defer: (p: Promise<unknown>) => void = () => {},
): Promise<string | null> {
  const id = crypto.randomUUID();
  const res = await oneOffInsert(env.DB, id, m, now).run();
  if ((res.meta.changes ?? 0) === 0) return null;
  defer(queueNow(env, id, now));
  return id;
}

/**
 * Hands a due row to the queue right away, as the cron sweep would (the same
 * conditional claim, and only while WhatsApp is WORKING); if this fails, or
 * WhatsApp is away, the next sweep takes it.
 */
export async function queueNow(env: Env, id: string, now: number): Promise<boolean> {
  try {
    const claimed = await env.DB.prepare(
      `UPDATE scheduled_messages SET status = 'queued', updated_at = ?2
         WHERE id = ?1 AND status = 'scheduled'
           AND (SELECT wa_status FROM businesses WHERE id = scheduled_messages.business_id) IN (SELECT value FROM json_each(?3))
         RETURNING id`,
    )
      .bind(id, now, JSON.stringify(SENDING_STATUSES))
      .first<{ id: string }>();
    if (!claimed) return false;
    try {
      await env.OUTBOUND.send({ id });
    } catch (error) {
      await env.DB.prepare(`UPDATE scheduled_messages SET status = 'scheduled' WHERE id = ?1 AND status = 'queued'`)
        .bind(id)
        .run();
      throw error;
    }
    return true;
  } catch (error) {
    console.error("Queueing a message failed; the sweep will take it", id, error);
    return false;
  }
}
