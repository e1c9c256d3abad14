// Insights: a period's figures for the owner, each one SQL aggregate over the
// business's own rows (the README's "Insights" section defines every figure).
// Bookings are dated by their local booking_date, so a period is a range of
// local dates; instants (a cancellation, a sent message) are compared in the
// business's time zone.
import { isBooked, isKept } from "~/services/bookings/counted";
import { currencyOf, priceOf } from "~/services/catalogue/money";
import { addDays } from "~/utils/dates";
import { localDate, localTime, offsetAt, zonedInstant } from "~/utils/time-zone";
import { periodBefore, type Period, type PeriodKind } from "./periods";

const DAY_MS = 86_400_000;
/** A cancellation this close to the booking's start is a late one. */
export const LATE_CANCEL_MS = DAY_MS;
/** A visit followed by another booking of the client's within this many days counts as rebooked. */
export const REBOOK_DAYS = 60;

export type InsightFigures = {
  bookings: number;
  revenue: { done: number; expected: number; currency: string };
  no_show_rate: number | null;
  late_cancel_rate: number | null;
  confirmation_rate: number | null;
  rebooking_rate: number | null;
  new_clients: number;
  returning_clients: number;
  from_chats: number;
  messages: { sent: number; refused: number };
  busiest: { weekday: number; hour: number; count: number }[];
  services: { service: string; count: number; revenue: number }[];
};

type Business = { id: string; timeZone: string };

const n = (v: unknown) => Number(v ?? 0);
const rate = (part: unknown, whole: unknown) => (n(whole) === 0 ? null : n(part) / n(whole));

/**
 * The zone's offset per local date over the period, as a SQL CASE on
 * booking_date: the UTC instant a booking starts is its wall clock minus the
 * offset of its day (read at noon, so a DST change is taken from the day
 * after the night it happens; bookings are not made at 2 in the morning).
 */
function offsetCase(from: string, to: string, timeZone: string, firstParam: number): { sql: string; values: (string | number)[] } {
  const noon = (date: string) => offsetAt(zonedInstant(date, "12:00", timeZone), timeZone);
  const changes: { from: string; offset: number }[] = [{ from, offset: noon(from) }];
  for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) {
    const offset = noon(d);
    if (offset !== changes[changes.length - 1].offset) changes.push({ from: d, offset });
  }
  if (changes.length === 1) return { sql: `?${firstParam}`, values: [changes[0].offset] };
  const later = changes.slice(1).reverse();
  const arms = later.map((_, i) => `WHEN b.booking_date >= ?${firstParam + 2 * i} THEN ?${firstParam + 2 * i + 1}`).join(" ");
  const values = later.flatMap((c) => [c.from, c.offset]);
  return { sql: `CASE ${arms} ELSE ?${firstParam + values.length} END`, values: [...values, changes[0].offset] };
}

/** The figures of one period (from and to are local dates, both included). */
export async function periodFigures(d1: D1Database, business: Business, currency: string, { from, to }: Period, now: number): Promise<InsightFigures> {
  const zone = business.timeZone;
  const today = localDate(now, zone);
  const nowTime = localTime(now, zone);
  const startMs = zonedInstant(from, "00:00", zone);
  const endMs = zonedInstant(addDays(to, 1), "00:00", zone);
  // A booking whose start has come (the local date and time are past): it either happened or was missed.
  const started = `(b.booking_date < ?4 OR (b.booking_date = ?4 AND b.booking_time <= ?5))`;
  const inPeriod = `b.business_id = ?1 AND b.booking_date BETWEEN ?2 AND ?3`;
  const base = [business.id, from, to, today, nowTime];
  const offset = offsetCase(from, to, zone, base.length + 1);
  const startInstant = `(unixepoch(b.booking_date || ' ' || substr(b.booking_time, 1, 5)) * 1000 - (${offset.sql}))`;

  const [summary, chats, rebooking, clients, messages, busiest, services] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `SELECT count(*) AS all_bookings, sum(b.status != 'cancelled') AS bookings,
                sum(CASE WHEN b.status = 'completed' THEN coalesce(b.price_cents, 0) ELSE 0 END) AS done_cents,
                sum(CASE WHEN b.status IN ('scheduled', 'confirmed') THEN coalesce(b.price_cents, 0) ELSE 0 END) AS expected_cents,
                sum(b.status = 'no_show') AS no_shows,
                sum(b.status != 'cancelled' AND ${started}) AS started,
                sum(b.status = 'cancelled' AND b.updated_at > ${startInstant} - ${LATE_CANCEL_MS}) AS late_cancels
         FROM bookings b WHERE ${inPeriod} AND ${isBooked("b")}`,
      )
      .bind(...base, ...offset.values),
    d1
      .prepare(
        `SELECT count(*) AS from_chats FROM bookings b WHERE ${inPeriod}
           AND (b.source = 'sync' OR b.id IN (SELECT booking_id FROM proposals WHERE business_id = ?1 AND status = 'accepted' AND booking_id IS NOT NULL))`,
      )
      .bind(business.id, from, to),
    d1
      .prepare(
        `SELECT count(DISTINCT b.client_id) AS visited,
                count(DISTINCT CASE WHEN EXISTS (
                  SELECT 1 FROM bookings l WHERE l.business_id = ?1 AND l.client_id = b.client_id AND ${isKept("l")}
                    AND l.booking_date <= date(b.booking_date, '+${REBOOK_DAYS} days')
                    AND (l.booking_date > b.booking_date OR (l.booking_date = b.booking_date AND l.booking_time > b.booking_time))
                ) THEN b.client_id END) AS rebooked
         FROM bookings b WHERE ${inPeriod} AND b.status IN ('scheduled', 'confirmed', 'completed') AND ${started}`,
      )
      .bind(...base),
    d1
      .prepare(
        `SELECT count(*) AS clients, sum(first_date >= ?2) AS new_clients FROM (
           SELECT (SELECT min(f.booking_date) FROM bookings f WHERE f.business_id = ?1 AND f.client_id = b.client_id AND ${isKept("f")}) AS first_date
           FROM bookings b WHERE ${inPeriod} AND ${isKept("b")} GROUP BY b.client_id)`,
      )
      .bind(business.id, from, to),
    d1
      .prepare(
        `SELECT count(*) AS sent, sum(m.ack = -1) AS refused,
                sum(m.kind = 'rule' AND r.ask_confirmation = 1) AS asked,
                sum(m.kind = 'rule' AND r.ask_confirmation = 1 AND m.reply_action = 'confirmed') AS confirmed
         FROM scheduled_messages m JOIN rules r ON r.id = m.rule_id
         WHERE m.business_id = ?1 AND m.sent_at >= ?2 AND m.sent_at < ?3`,
      )
      .bind(business.id, startMs, endMs),
    d1
      .prepare(
        `SELECT CAST(strftime('%w', b.booking_date) AS INTEGER) AS weekday, CAST(substr(b.booking_time, 1, 2) AS INTEGER) AS hour, count(*) AS count
         FROM bookings b WHERE ${inPeriod} AND ${isKept("b")}
         GROUP BY weekday, hour ORDER BY count DESC, weekday, hour`,
      )
      .bind(business.id, from, to),
    d1
      .prepare(
        `SELECT b.service AS service, count(*) AS count,
                sum(CASE WHEN b.status IN ('scheduled', 'confirmed', 'completed') THEN coalesce(b.price_cents, 0) ELSE 0 END) AS revenue_cents
         FROM bookings b WHERE ${inPeriod} AND ${isKept("b")}
         GROUP BY b.service ORDER BY revenue_cents DESC, count DESC, b.service`,
      )
      .bind(business.id, from, to),
  ]);
  const s = summary.results[0] ?? {};
  const r = rebooking.results[0] ?? {};
  const c = clients.results[0] ?? {};
  const m = messages.results[0] ?? {};
  return {
    bookings: n(s.bookings),
    revenue: { done: priceOf(n(s.done_cents)) ?? 0, expected: priceOf(n(s.expected_cents)) ?? 0, currency },
    no_show_rate: rate(s.no_shows, s.started),
    late_cancel_rate: rate(s.late_cancels, s.all_bookings),
    confirmation_rate: rate(m.confirmed, m.asked),
    rebooking_rate: rate(r.rebooked, r.visited),
    new_clients: n(c.new_clients),
    returning_clients: n(c.clients) - n(c.new_clients),
    from_chats: n(chats.results[0]?.from_chats),
    messages: { sent: n(m.sent), refused: n(m.refused) },
    busiest: busiest.results.map((b) => ({ weekday: n(b.weekday), hour: n(b.hour), count: n(b.count) })),
    services: services.results.map((v) => ({ service: String(v.service), count: n(v.count), revenue: priceOf(n(v.revenue_cents)) ?? 0 })),
  };
}

export type Insights = InsightFigures & { from: string; to: string; time_zone: string; previous: InsightFigures & Period };

/** A period's figures and, for comparison, those of the period before it (periods.ts says which). */
export async function insights(
  d1: D1Database,
  business: Business & { currency: string; country: string },
  period: Period,
  kind: PeriodKind,
  now: number,
): Promise<Insights> {
  const currency = currencyOf(business);
  const before = periodBefore(kind, period);
  const [current, previous] = await Promise.all([periodFigures(d1, business, currency, period, now), periodFigures(d1, business, currency, before, now)]);
  return { ...period, time_zone: business.timeZone, ...current, previous: { ...before, ...previous } };
}
