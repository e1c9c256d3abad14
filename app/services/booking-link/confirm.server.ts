// The customer's WhatsApp message that confirms a booking made on the page
// ("Confirm booking 4821: ...", or its Hebrew form "אישור תור 4821: ..."),
// read by the webhook as any customer message; and the holds that were not
// confirmed in time, released by the cron.
//
// The booking goes to the number that SENT the code (the client is found or
// created by it; the typed number was only a hint), that client gets the
// contact basis booked_online, and the thanks goes back to the chat the
// message came from, as a reply, through the queue (queueAnswer). Each step happens once: the hold's state
// changes in one conditional statement, and the rest follows only that write.
import { createDb } from "~db";
import type { Lang } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import { bookingsChanged } from "~/services/booking-events.server";
import { findOrCreateClient } from "~/services/clients/clients.server";
import { whenText } from "~/services/proposals/notify.server";
import { pushConfig, pushTo, subscriptionsOf } from "~/services/push/push.server";
import { phoneOfChat } from "~/services/safety/consent.server";
import { sendOneOff } from "~/services/outbox.server";
import { dayLabel } from "./texts.server";

/** The code in a confirmation message, in either language ("Confirm booking 4821", "אישור תור 4821"), or null. */
export function readConfirmCode(body: string): string | null {
  const m = /(?:confirm\s+booking|אישור\s+תור)\s*#?\s*(\d{4,6})\b/i.exec(body);
  return m ? m[1] : null;
}

/** "Thank you, Noa! Your Haircut on Thursday 28/11 at 16:30 is confirmed." in the page's language. */
export function thanksText(lang: Lang, b: { name: string; service: string; date: string; time: string }): string {
  const t = translator(lang);
  const when = t("booklink.wa.at", { date: dayLabel(b.date, lang, "long"), time: b.time.slice(0, 5) });
  const first = b.name.trim().split(/\s+/)[0] ?? "";
  return first
    ? t("booklink.wa.thanks", { name: first, service: b.service, when })
    : t("booklink.wa.thanksNoName", { service: b.service, when });
}

type OpenHold = {
  booking_id: string;
  name: string;
  lang: string;
  hint_client_created: number;
  client_id: string;
  service: string;
  booking_date: string;
  booking_time: string;
  owner_confirms: number;
  country: string;
  time_zone: string;
};

export type Confirmed = { bookingId: string; state: "confirmed" | "awaiting_owner"; clientId: string };

type Incoming = { providerId: string; chatId: string; body: string; at: number };

/**
 * A customer message carrying the code of one of the business's open holds
 * (not expired when it was written): the booking becomes confirmed (or waits
 * for the owner) for the sender's number. Null when the message is no such
 * confirmation, so it is read as any other message.
 */
export async function confirmFromMessage(
  env: Env,
  businessId: string,
  m: Incoming,
  now: number,
  defer: (p: Promise<unknown>) => void = () => {},
): Promise<Confirmed | null> {
  const code = readConfirmCode(m.body);
  if (!code) return null;
  const d1 = env.DB;
  const hold = await d1
    .prepare(
      `SELECT h.booking_id, h.name, h.lang, h.hint_client_created, b.client_id, b.service, b.booking_date, b.booking_time,
              biz.booking_owner_confirms AS owner_confirms, biz.country, biz.time_zone
       FROM booking_holds h
       JOIN bookings b ON b.id = h.booking_id AND b.business_id = h.business_id
       JOIN businesses biz ON biz.id = h.business_id
       WHERE h.business_id = ?1 AND h.code = ?2 AND h.state = 'open' AND h.expires_at >= ?3 AND b.status = 'pending'`,
    )
    .bind(businessId, code, m.at)
    .first<OpenHold>();
  if (!hold) return null;
  const phone = await phoneOfChat(d1, businessId, m.chatId);
  if (!phone) return null;

  const db = createDb(d1);
  const { client } = await findOrCreateClient(
    db,
    businessId,
    { name: hold.name, phone: `+${phone}`, country: hold.country },
    now,
  );
  const state = hold.owner_confirms === 1 ? "awaiting_owner" : "confirmed";
  const flipped = `EXISTS (SELECT 1 FROM booking_holds WHERE booking_id = ?1 AND state = ?2 AND confirmed_at = ?3 AND confirmed_phone = ?4)`;
  // One transaction: the hold changes once, and the booking and the contact basis follow only that write.
  const [held] = await d1.batch([
    d1
      .prepare(
        `UPDATE booking_holds SET state = ?3, confirmed_at = ?4, confirmed_phone = ?5
         WHERE booking_id = ?1 AND business_id = ?2 AND state = 'open' RETURNING booking_id`,
      )
      .bind(hold.booking_id, businessId, state, m.at, phone),
    d1
      .prepare(
        `UPDATE bookings SET client_id = ?5, status = CASE WHEN ?2 = 'confirmed' THEN 'confirmed' ELSE 'pending' END, updated_at = ?6
         WHERE id = ?1 AND status = 'pending' AND ${flipped}`,
      )
      .bind(hold.booking_id, state, m.at, phone, client.id, now),
    d1
      .prepare(
        `INSERT INTO contact_consent (business_id, phone, first_in_at, booked_online_at)
         SELECT ?5, ?4, ?3, ?3 WHERE ${flipped}
         ON CONFLICT (business_id, phone) DO UPDATE SET
           first_in_at = min(coalesce(first_in_at, excluded.first_in_at), excluded.first_in_at),
           booked_online_at = coalesce(booked_online_at, excluded.booked_online_at)`,
      )
      .bind(hold.booking_id, state, m.at, phone, businessId),
  ]);
  if (held.results.length === 0) return null;

  // The typed number's client, made only for this hold, goes when the booking went to another number.
  if (hold.hint_client_created === 1 && hold.client_id !== client.id)
    await d1
      .prepare(
        `DELETE FROM clients WHERE business_id = ?1 AND id = ?2 AND NOT EXISTS (SELECT 1 FROM bookings WHERE client_id = ?2)`,
      )
      .bind(businessId, hold.client_id)
      .run();
  // Confirmed: the business's reminders and follow-ups now apply to it.
  await bookingsChanged(env, [hold.booking_id], now);

  const lang: Lang = hold.lang === "he" ? "he" : "en";
  const booking = {
    name: client.name || hold.name,
    service: hold.service,
    date: hold.booking_date,
    time: hold.booking_time,
  };
  if (state === "confirmed") {
    const answer = {
      businessId,
      bookingId: hold.booking_id,
      ref: "thanks",
      text: thanksText(lang, booking),
      phone,
      chatId: m.chatId,
      timeZone: hold.time_zone,
    } as const;
    await queueAnswer(env, answer, now, defer);
  }
  defer(
    notifyOwner(env, businessId, {
      ...booking,
      bookingId: hold.booking_id,
      waiting: state === "awaiting_owner",
      timeZone: hold.time_zone,
    }),
  );
  return { bookingId: hold.booking_id, state, clientId: client.id };
}

/**
 * The booking page's answer to the customer (the thanks, or the owner's
 * decline), written as a one-off send: an answer to the customer's own
 * message (origin "reply": the short reply gap, not counted against the daily
 * budget), delivered by the queue like every message, so an outage delays it
 * and never loses it. `ref` names it once ("<booking id>:thanks"): a repeated
 * webhook or decision writes nothing new.
 */
export async function queueAnswer(
  env: Env,
  a: {
    businessId: string;
    bookingId: string;
    ref: "thanks" | "declined";
    text: string;
    phone: string;
    chatId: string | null;
    timeZone: string;
  },
  now: number,
  defer: (p: Promise<unknown>) => void,
): Promise<void> {
  await sendOneOff(
    env,
    {
      businessId: a.businessId,
      kind: "answer",
      ref: `${a.bookingId}:${a.ref}`,
      text: a.text,
      toPhone: a.phone,
      toChatId: a.chatId,
      bookingId: a.bookingId,
      origin: "reply",
      timeZone: a.timeZone,
    },
    now,
    defer,
  );
}

/** "Booked online: Noa, Haircut, tomorrow 16:30: confirmed on WhatsApp" to each of the owner's phones. Never throws. */
export async function notifyOwner(
  env: Env,
  businessId: string,
  b: {
    bookingId: string;
    name: string;
    service: string;
    date: string;
    time: string;
    waiting: boolean;
    timeZone: string;
  },
): Promise<void> {
  try {
    const keys = pushConfig(env);
    if (!keys) return;
    const db = createDb(env.DB);
    const rows = await subscriptionsOf(db, businessId);
    const now = Date.now();
    await Promise.all(
      rows.map((row) => {
        const t = translator(row.lang);
        const details = [b.name, b.service, whenText(b.date, b.time.slice(0, 5), row.lang, b.timeZone, now)]
          .filter((s) => s.trim())
          .join(", ");
        return pushTo(db, env, keys, row, {
          title: t("push.online.title"),
          body: t(b.waiting ? "push.online.bodyOwner" : "push.online.body", { details }),
          url: `/dashboard/bookings?booking=${encodeURIComponent(b.bookingId)}`,
          tag: `online-${b.bookingId}`,
        });
      }),
    );
  } catch (error) {
    console.error(
      `push: the online booking of business ${businessId} was not notified: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Holds not confirmed within the business's hold time: their bookings become
 * cancelled with "Not confirmed in time" (in the business's message language,
 * in the booking's notes) and their time is free again. One transaction, so
 * two cron runs at once cancel each booking exactly once. Answers the ids.
 */
export async function expireHolds(env: Env, now: number): Promise<string[]> {
  const d1 = env.DB;
  const due = `SELECT booking_id FROM booking_holds WHERE state = 'open' AND expires_at < ?1`;
  const reason = {
    en: translator("en")("booklink.reason.notConfirmed"),
    he: translator("he")("booklink.reason.notConfirmed"),
  };
  const [cancelled] = await d1.batch([
    d1
      .prepare(
        `UPDATE bookings SET status = 'cancelled', updated_at = ?1,
           notes = (SELECT CASE WHEN bookings.notes = '' THEN r.txt ELSE bookings.notes || char(10) || r.txt END
                    FROM (SELECT CASE WHEN biz.message_lang = 'he' THEN ?3 ELSE ?2 END AS txt FROM businesses biz WHERE biz.id = bookings.business_id) r)
         WHERE status = 'pending' AND id IN (${due}) RETURNING id`,
      )
      .bind(now, reason.en, reason.he),
    d1.prepare(`UPDATE booking_holds SET state = 'expired' WHERE state = 'open' AND expires_at < ?1`).bind(now),
  ]);
  const ids = (cancelled.results as { id: string }[]).map((r) => r.id);
  if (ids.length) await bookingsChanged(env, ids, now);
  return ids;
}
