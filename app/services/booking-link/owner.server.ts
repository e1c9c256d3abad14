// The owner's Accept or Decline of an online booking that waits for them
// (booking_owner_confirms on: the customer's message made its hold
// `awaiting_owner` and kept the booking `pending`, holding its time). Accept
// makes it `confirmed`, Decline `cancelled` (its time free again); either way
// the customer is told on WhatsApp, in the page's language, through the one
// delivery queue (paced, once, held while WhatsApp is away). Each decision happens
// once: the hold changes in one conditional statement and the booking follows
// only that write.
import type { Lang } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import { bookingsChanged } from "~/services/booking-events.server";
import { AppError } from "~/utils/problem";
import { queueAnswer, thanksText } from "./confirm.server";
import { dayLabel } from "./texts.server";

export type OwnerDecision = "accept" | "decline";

type Waiting = {
  state: string;
  name: string;
  lang: string;
  confirmed_phone: string | null;
  service: string;
  booking_date: string;
  booking_time: string;
  time_zone: string;
};

/** "Sorry, Noa: the Haircut on Thursday 28/11 at 16:30 could not be booked." in the page's language. */
export function declinedText(lang: Lang, b: { name: string; service: string; date: string; time: string }): string {
  const t = translator(lang);
  const when = t("booklink.wa.at", { date: dayLabel(b.date, lang, "long"), time: b.time.slice(0, 5) });
  const first = b.name.trim().split(/\s+/)[0] ?? "";
  return first
    ? t("booklink.wa.declined", { name: first, service: b.service, when })
    : t("booklink.wa.declinedNoName", { service: b.service, when });
}

/**
 * POST /api/bookings/{id}/accept and /decline: 404 unless the business's own
 * booking, 409 unless it waits for the owner. Answers the booking's new status.
 */
export async function decideWaiting(
  env: Env,
  businessId: string,
  bookingId: string,
  decision: OwnerDecision,
  now: number,
  defer: (p: Promise<unknown>) => void,
): Promise<"confirmed" | "cancelled"> {
  const d1 = env.DB;
  const row = await d1
    .prepare(
      `SELECT h.state, h.name, h.lang, h.confirmed_phone, b.service, b.booking_date, b.booking_time, biz.time_zone
       FROM bookings b JOIN businesses biz ON biz.id = b.business_id
       LEFT JOIN booking_holds h ON h.booking_id = b.id AND h.business_id = b.business_id
       WHERE b.business_id = ?1 AND b.id = ?2`,
    )
    .bind(businessId, bookingId)
    .first<Waiting>();
  if (!row) throw new AppError(404, "bookings.err.notFound");
  if (row.state !== "awaiting_owner") throw new AppError(409, "booklink.err.notWaiting");
  const status = decision === "accept" ? "confirmed" : "cancelled";
  const holdState = decision === "accept" ? "confirmed" : "declined";
  const [held] = await d1.batch([
    d1
      .prepare(
        `UPDATE booking_holds SET state = ?3 WHERE booking_id = ?1 AND business_id = ?2 AND state = 'awaiting_owner' RETURNING booking_id`,
      )
      .bind(bookingId, businessId, holdState),
    d1
      .prepare(
        `UPDATE bookings SET status = ?3, updated_at = ?4 WHERE id = ?1 AND business_id = ?2 AND status = 'pending'
           AND EXISTS (SELECT 1 FROM booking_holds WHERE booking_id = ?1 AND state = ?5)`,
      )
      .bind(bookingId, businessId, status, now, holdState),
  ]);
  // Another request decided first.
  if (held.results.length === 0) throw new AppError(409, "booklink.err.notWaiting");
  await bookingsChanged(env, [bookingId], now);

  const lang: Lang = row.lang === "he" ? "he" : "en";
  const booking = { name: row.name, service: row.service, date: row.booking_date, time: row.booking_time };
  if (row.confirmed_phone) {
    const text = decision === "accept" ? thanksText(lang, booking) : declinedText(lang, booking);
    const ref = decision === "accept" ? "thanks" : "declined";
    await queueAnswer(
      env,
      { businessId, bookingId, ref, text, phone: row.confirmed_phone, chatId: null, timeZone: row.time_zone },
      now,
      defer,
    );
  }
  return status;
}
