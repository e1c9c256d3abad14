// A client's WhatsApp message, read against their open confirmation request:
// "1"/"yes"/"כן" confirms the booking, "2"/"cancel"/"ביטול" cancels it (and
// its pending messages); either way an acknowledgement goes out through the
// ordinary delivery path (a scheduled_messages row of kind "ack", queued now,
// paced, sent exactly once, held while WhatsApp is not WORKING). Anything else
// marks the client as waiting for the owner's answer. The owner's own message
// in the chat clears that.
//
// Called by the webhook only for a message stored for the first time, so a
// repeated webhook (the same WhatsApp message id) never acts twice; every
// write is conditional besides.
import { chatIdToPhone } from "~/providers/whatsapp/chat-id";
import { bookingsChanged } from "../booking-events.server";
import { bookingCancelled } from "../openings/openings.server";
import { eq } from "drizzle-orm";
import { createDb, schema } from "~db";
import { bookingBusiness, decideBooking } from "../bookings/decide.server";
import { openOfferOf } from "../openings/offers.server";
import { bookingInstant, localDate, localTime } from "~/utils/time-zone";
import { queueNow } from "../outbox.server";
import { acknowledgement, readReply, type ReplyIntent } from "./words";

export type ReplyOutcome =
  | { handled: "none" }
  | { handled: "offer-booked"; offerId: string; bookingId: string }
  | { handled: "offer-taken"; offerId: string }
  | { handled: "unclear"; clientId: string }
  | { handled: "confirmed" | "cancelled"; messageId: string; bookingId: string; ackId: string | null };

/**
 * A client's message (or reaction). `intent` is given when it is not read
 * from the text (a reaction); `requestId` limits it to the request it is
 * about (the message reacted to).
 */
type Incoming = {
  providerId: string;
  chatId: string;
  body: string;
  at: number;
  intent?: ReplyIntent;
  requestId?: string;
};

/** A message's timestamp is whole seconds: one written in the same second as the request may still be its answer. */
const SAME_SECOND_MS = 1000;

type Open = {
  id: string;
  rule_id: string;
  booking_id: string;
  service: string;
  booking_date: string;
  booking_time: string;
  client_id: string;
  time_zone: string;
  message_lang: string;
  sent_at: number;
};

/** The client a chat belongs to (through the contact's known phone, for hidden numbers and check-exists chat ids). */
export async function clientOfChat(d1: D1Database, businessId: string, chatId: string): Promise<string | null> {
  const row = await d1
    .prepare(
      `SELECT c.id FROM clients c
       WHERE c.business_id = ?1 AND c.phone = coalesce(
         (SELECT w.phone FROM wa_contacts w WHERE w.business_id = ?1 AND w.chat_id = ?2 AND w.phone IS NOT NULL), ?3)`,
    )
    .bind(businessId, chatId, chatIdToPhone(chatId))
    .first<{ id: string }>();
  return row?.id ?? null;
}

/**
 * The client's open confirmation requests, nearest appointment first: sent
 * rule messages that asked, not yet answered, for a booking still ahead and
 * not cancelled, sent after the client's last answer (so a repeated "1"
 * answers nothing more).
 */
async function openRequests(d1: D1Database, businessId: string, clientId: string, now: number): Promise<Open[]> {
  const { results } = await d1
    .prepare(
      `SELECT m.id, m.rule_id, m.booking_id, m.sent_at, b.service, b.booking_date, b.booking_time, b.client_id, biz.time_zone, biz.message_lang
       FROM bookings b
       JOIN scheduled_messages m ON m.booking_id = b.id AND m.business_id = b.business_id
       JOIN rules r ON r.id = m.rule_id
       JOIN businesses biz ON biz.id = b.business_id
       WHERE b.business_id = ?1 AND b.client_id = ?2 AND b.status IN ('scheduled', 'confirmed')
         AND m.kind = 'rule' AND m.status = 'sent' AND m.reply_action IS NULL AND r.ask_confirmation = 1
         AND m.sent_at > coalesce((
           SELECT max(a.replied_at) FROM scheduled_messages a JOIN bookings ab ON ab.id = a.booking_id
           WHERE a.business_id = ?1 AND ab.client_id = ?2 AND a.reply_action IS NOT NULL), 0)
       ORDER BY b.booking_date, b.booking_time, m.sent_at DESC`,
    )
    .bind(businessId, clientId)
    .all<Open>();
  return results.filter((r) => bookingInstant(r.booking_date, r.booking_time, r.time_zone) > now);
}

export async function handleClientMessage(
  env: Env,
  businessId: string,
  m: Incoming,
  now: number,
  defer: (p: Promise<unknown>) => void = () => {},
): Promise<ReplyOutcome> {
  const d1 = env.DB;
  const clientId = await clientOfChat(d1, businessId, m.chatId);
  if (!clientId) return { handled: "none" };
  // A message written before the request was sent is not its answer.
  const open = (await openRequests(d1, businessId, clientId, now)).filter(
    (r) => r.sent_at < m.at + SAME_SECOND_MS && (!m.requestId || r.id === m.requestId),
  );
  const intent: ReplyIntent = m.intent ?? readReply(m.body);
  // A "1" to a freed-slot offer still open, when the offer is the newer of it and any open confirmation request
  // (a reaction is about the message reacted to: a reminder's).
  if (intent === "confirm" && !m.requestId) {
    const offer = await openOfferOf(d1, businessId, clientId, m.at + SAME_SECOND_MS, now);
    if (offer && open.every((r) => r.sent_at <= offer.sent_at)) {
      const took = await takeOffer(env, businessId, offer.id, m, now);
      // Ended a moment ago (decided in the Durable Object): read as any other message.
      if (took.handled !== "none") return took;
    }
  }
  if (open.length === 0) return { handled: "none" };
  if (intent === "unclear") {
    await d1
      .prepare(`UPDATE clients SET awaiting_reply_at = ?3, awaiting_reply_text = ?4 WHERE business_id = ?1 AND id = ?2`)
      .bind(businessId, clientId, m.at, m.body.slice(0, 500))
      .run();
    return { handled: "unclear", clientId };
  }

  const request = open[0];
  const action = intent === "confirm" ? "confirmed" : "cancelled";
  const lang = request.message_lang === "he" ? "he" : "en";
  const ackText = acknowledgement(lang, action, {
    service: request.service,
    date: request.booking_date,
    time: request.booking_time,
  });
  const ackId = crypto.randomUUID();
  // One transaction: the answer is recorded once (keyed on the WhatsApp message id), and the
  // booking and the acknowledgement follow only the write that recorded it.
  const answered = `EXISTS (SELECT 1 FROM scheduled_messages WHERE id = ?1 AND reply_message_id = ?2)`;
  const [recorded, , ack] = await d1.batch([
    d1
      .prepare(
        `UPDATE scheduled_messages SET reply_text = ?3, reply_action = ?4, reply_message_id = ?2, replied_at = ?5, updated_at = ?6
       WHERE id = ?1 AND reply_action IS NULL`,
      )
      .bind(request.id, m.providerId, m.body.slice(0, 500), action, m.at, now),
    d1
      .prepare(
        `UPDATE bookings SET status = ?4, updated_at = ?5
       WHERE id = ?3 AND business_id = ?6 AND status IN ('scheduled', 'confirmed') AND ${answered}`,
      )
      .bind(request.id, m.providerId, request.booking_id, action, now, businessId),
    d1
      .prepare(
        `INSERT INTO scheduled_messages (id, business_id, rule_id, booking_id, kind, origin, body, send_date, send_time, send_at, status, created_at, updated_at)
       SELECT ?3, ?4, ?5, ?6, 'ack', 'reply', ?7, ?8, ?9, ?10, 'scheduled', ?10, ?10 WHERE ${answered}
       ON CONFLICT (rule_id, booking_id, kind) DO NOTHING`,
      )
      .bind(
        request.id,
        m.providerId,
        ackId,
        businessId,
        request.rule_id,
        request.booking_id,
        ackText,
        localDate(now, request.time_zone),
        localTime(now, request.time_zone),
        now,
      ),
  ]);
  if ((recorded.meta.changes ?? 0) === 0) return { handled: "none" };
  // A cancelled booking takes its pending reminders and follow-ups with it.
  // A "2" while the booking is still ahead frees its time: an opening (services/openings).
  if (action === "cancelled") {
    await bookingsChanged(env, [request.booking_id], now);
    await bookingCancelled(env, createDb(d1), businessId, request.booking_id, now);
  }
  const queued = (ack.meta.changes ?? 0) > 0;
  if (queued) defer(queueNow(env, ackId, now));
  return { handled: action, messageId: request.id, bookingId: request.booking_id, ackId: queued ? ackId : null };
}

/** The client's "1" to an offer, decided in the business's Durable Object (services/openings/offers.server). */
async function takeOffer(
  env: Env,
  businessId: string,
  offerId: string,
  m: Incoming,
  now: number,
): Promise<ReplyOutcome> {
  const [business] = await createDb(env.DB)
    .select()
    .from(schema.businesses)
    .where(eq(schema.businesses.id, businessId));
  if (!business) return { handled: "none" };
  const outcome = await decideBooking(env, {
    kind: "offer",
    business: bookingBusiness(business),
    offerId,
    replyMessageId: m.providerId,
    chatId: m.chatId,
    ifFree: true,
    now,
  });
  if (outcome.ok) return { handled: "offer-booked", offerId, bookingId: outcome.booking.id };
  if (outcome.problem.key === "openings.err.taken") return { handled: "offer-taken", offerId };
  return { handled: "none" };
}

/** The owner wrote in the client's chat (on the phone): the client is no longer waiting for an answer. */
export async function ownerAnswered(d1: D1Database, businessId: string, chatId: string, at: number): Promise<void> {
  const clientId = await clientOfChat(d1, businessId, chatId);
  if (!clientId) return;
  await d1
    .prepare(
      `UPDATE clients SET awaiting_reply_at = NULL, awaiting_reply_text = NULL WHERE business_id = ?1 AND id = ?2 AND awaiting_reply_at <= ?3`,
    )
    .bind(businessId, clientId, at)
    .run();
}

/** The owner cleared the waiting mark by hand. Answers false for a client that is not the business's. */
export async function clearAwaiting(d1: D1Database, businessId: string, clientId: string): Promise<boolean> {
  const res = await d1
    .prepare(
      `UPDATE clients SET awaiting_reply_at = NULL, awaiting_reply_text = NULL WHERE business_id = ?1 AND id = ?2`,
    )
    .bind(businessId, clientId)
    .run();
  return (res.meta.changes ?? 0) > 0;
}
