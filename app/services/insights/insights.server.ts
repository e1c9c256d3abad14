// Insights: a period's figures for the owner, from SQL aggregates over the
// business's own rows (the README's "Insights" section defines every figure).
// Bookings are dated by their local booking_date, so a period is a range of
// local dates; instants (a cancellation, a sent message) are compared in the
// business's time zone.
import { expiredHoldJoin, isBookedWith, isKept } from "~/services/bookings/counted";
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

type Add = (value: string | number) => string;

/** Numbered SQL parameters (D1 binds `?N`): `add` gives a value's placeholder. */
function params() {
  const values: (string | number)[] = [];
  const add: Add = (value) => (values.push(value), `?${values.length}`);
  return { values, add };
}

/** Which of the periods a local date falls in (its index; null: none), as a SQL CASE. */
const periodOf = (date: string, periods: Period[], add: Add) =>
  `CASE ${periods.map((p, i) => `WHEN ${date} BETWEEN ${add(p.from)} AND ${add(p.to)} THEN ${i}`).join(" ")} END`;

/**
 * The zone's offset per local date over the range, as a SQL CASE on
 * booking_date: the UTC instant a booking starts is its wall clock minus the
 * offset of its day (read at noon, so a DST change is taken from the day
 * after the night it happens; bookings are not made at 2 in the morning).
 */
function offsetCase(from: string, to: string, timeZone: string, add: Add): string {
  const noon = (date: string) => offsetAt(zonedInstant(date, "12:00", timeZone), timeZone);
  const changes: { from: string; offset: number }[] = [{ from, offset: noon(from) }];
  for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) {
    const offset = noon(d);
    if (offset !== changes[changes.length - 1].offset) changes.push({ from: d, offset });
  }
  if (changes.length === 1) return add(changes[0].offset);
  const arms = changes
    .slice(1)
    .reverse()
    .map((c) => `WHEN b.booking_date >= ${add(c.from)} THEN ${add(c.offset)}`)
    .join(" ");
  return `CASE ${arms} ELSE ${add(changes[0].offset)} END`;
}

/** SQLite's order of text (BINARY), as the ORDER BY of one query per figure gave it. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The figures of several periods (from and to are local dates, both
 * included; the periods do not overlap), in one D1 batch: one pass over all
 * the periods' bookings summed per period, weekday, hour and service (the
 * summary, the chats, the busiest times and the services are folded from
 * those sums), one over the messages sent in them, and per period its
 * rebookings and its new clients (each reads every client's own bookings).
 */
async function periodsFigures(d1: D1Database, business: Business, currency: string, periods: Period[], now: number): Promise<InsightFigures[]> {
  const zone = business.timeZone;
  const lo = periods.map((p) => p.from).reduce((a, b) => (b < a ? b : a));
  const hi = periods.map((p) => p.to).reduce((a, b) => (b > a ? b : a));
  const today = localDate(now, zone);
  const nowTime = localTime(now, zone);
  // A booking whose start has come (the local date and time are past): it either happened or was missed.
  const started = (add: Add) => `(b.booking_date < ${add(today)} OR (b.booking_date = ${add(today)} AND b.booking_time <= ${add(nowTime)}))`;

  const q = params();
  const biz = q.add(business.id);
  const booked = `(${isBookedWith("b", "h")})`;
  const startInstant = `(unixepoch(b.booking_date || ' ' || substr(b.booking_time, 1, 5)) * 1000 - (${offsetCase(lo, hi, zone, q.add)}))`;
  const bookingsSql = `SELECT ${periodOf("b.booking_date", periods, q.add)} AS p,
          CAST(strftime('%w', b.booking_date) AS INTEGER) AS weekday, CAST(substr(b.booking_time, 1, 2) AS INTEGER) AS hour, b.service AS service,
          sum(${booked}) AS all_bookings, sum(${booked} AND b.status != 'cancelled') AS bookings,
          sum(CASE WHEN ${booked} AND b.status = 'completed' THEN coalesce(b.price_cents, 0) ELSE 0 END) AS done_cents,
          sum(CASE WHEN ${booked} AND b.status IN ('scheduled', 'confirmed') THEN coalesce(b.price_cents, 0) ELSE 0 END) AS expected_cents,
          sum(${booked} AND b.status = 'no_show') AS no_shows,
          sum(${booked} AND b.status != 'cancelled' AND ${started(q.add)}) AS started,
          sum(${booked} AND b.status = 'cancelled' AND b.updated_at > ${startInstant} - ${LATE_CANCEL_MS}) AS late_cancels,
          sum(${isKept("b")}) AS kept,
          sum(CASE WHEN b.status IN ('scheduled', 'confirmed', 'completed') THEN coalesce(b.price_cents, 0) ELSE 0 END) AS revenue_cents,
          sum(b.source = 'sync' OR b.id IN (SELECT booking_id FROM proposals WHERE business_id = ${biz} AND status = 'accepted' AND booking_id IS NOT NULL)) AS from_chats
     FROM bookings b ${expiredHoldJoin("b", "h")}
     WHERE b.business_id = ${biz} AND b.booking_date BETWEEN ${q.add(lo)} AND ${q.add(hi)}
     GROUP BY p, weekday, hour, service HAVING p IS NOT NULL`;
  const bookingsPass = d1.prepare(bookingsSql).bind(...q.values);

  // Per period: its visits rebooked, and its clients with the first day they came (index probes on
  // each client's bookings: bookings_business_client holds the time and status they read).
  const clientsPasses = periods.flatMap(({ from, to }) => {
    const c = params();
    const [cbiz, cfrom, cto] = [c.add(business.id), c.add(from), c.add(to)];
    const inPeriod = `b.business_id = ${cbiz} AND b.booking_date BETWEEN ${cfrom} AND ${cto}`;
    return [
      d1
        .prepare(
          `SELECT count(DISTINCT b.client_id) AS visited,
                  count(DISTINCT CASE WHEN EXISTS (
                    SELECT 1 FROM bookings l WHERE l.business_id = ${cbiz} AND l.client_id = b.client_id AND ${isKept("l")}
                      AND l.booking_date <= date(b.booking_date, '+${REBOOK_DAYS} days')
                      AND (l.booking_date > b.booking_date OR (l.booking_date = b.booking_date AND l.booking_time > b.booking_time))
                  ) THEN b.client_id END) AS rebooked
           FROM bookings b WHERE ${inPeriod} AND b.status IN ('scheduled', 'confirmed', 'completed') AND ${started(c.add)}`,
        )
        .bind(...c.values),
      d1
        .prepare(
          `SELECT count(*) AS clients, sum(first_date >= ${cfrom}) AS new_clients FROM (
             SELECT (SELECT min(f.booking_date) FROM bookings f WHERE f.business_id = ${cbiz} AND f.client_id = b.client_id AND ${isKept("f")}) AS first_date
             FROM bookings b WHERE ${inPeriod} AND ${isKept("b")} GROUP BY b.client_id)`,
        )
        .bind(...c.values.slice(0, 3)),
    ];
  });

  const m = params();
  const instant = (date: string) => zonedInstant(date, "00:00", zone);
  const sentIn = `CASE ${periods.map((p, i) => `WHEN m.sent_at >= ${m.add(instant(p.from))} AND m.sent_at < ${m.add(instant(addDays(p.to, 1)))} THEN ${i}`).join(" ")} END`;
  const messagesPass = d1
    .prepare(
      `SELECT ${sentIn} AS p, count(*) AS sent, sum(m.ack = -1) AS refused,
              sum(m.kind = 'rule' AND r.ask_confirmation = 1) AS asked,
              sum(m.kind = 'rule' AND r.ask_confirmation = 1 AND m.reply_action = 'confirmed') AS confirmed
       FROM scheduled_messages m JOIN rules r ON r.id = m.rule_id
       WHERE m.business_id = ${m.add(business.id)} AND m.sent_at >= ${m.add(instant(lo))} AND m.sent_at < ${m.add(instant(addDays(hi, 1)))}
       GROUP BY p HAVING p IS NOT NULL`,
    )
    .bind(...m.values);

  const [bookingRows, messageRows, ...clientRows] = await d1.batch<Record<string, unknown>>([bookingsPass, messagesPass, ...clientsPasses]);
  return periods.map((_, i) => {
    const groups = bookingRows.results.filter((g) => n(g.p) === i);
    const sum = (field: string, rows = groups) => rows.reduce((total, g) => total + n(g[field]), 0);
    const busiest = new Map<string, { weekday: number; hour: number; count: number }>();
    const services = new Map<string, { service: string; count: number; revenue_cents: number }>();
    for (const g of groups) {
      if (n(g.kept) === 0) continue;
      const cell = busiest.get(`${g.weekday} ${g.hour}`) ?? { weekday: n(g.weekday), hour: n(g.hour), count: 0 };
      cell.count += n(g.kept);
      busiest.set(`${g.weekday} ${g.hour}`, cell);
      const service = services.get(String(g.service)) ?? { service: String(g.service), count: 0, revenue_cents: 0 };
      service.count += n(g.kept);
      service.revenue_cents += n(g.revenue_cents);
      services.set(service.service, service);
    }
    const r = clientRows[2 * i].results[0] ?? {};
    const cl = clientRows[2 * i + 1].results[0] ?? {};
    const msg = messageRows.results.find((r) => n(r.p) === i) ?? {};
    return {
      bookings: sum("bookings"),
      revenue: { done: priceOf(sum("done_cents")) ?? 0, expected: priceOf(sum("expected_cents")) ?? 0, currency },
      no_show_rate: rate(sum("no_shows"), sum("started")),
      late_cancel_rate: rate(sum("late_cancels"), sum("all_bookings")),
      confirmation_rate: rate(msg.confirmed, msg.asked),
      rebooking_rate: rate(r.rebooked, r.visited),
      new_clients: n(cl.new_clients),
      returning_clients: n(cl.clients) - n(cl.new_clients),
      from_chats: sum("from_chats"),
      messages: { sent: n(msg.sent), refused: n(msg.refused) },
      busiest: [...busiest.values()].sort((a, b) => b.count - a.count || a.weekday - b.weekday || a.hour - b.hour),
      services: [...services.values()]
        .sort((a, b) => b.revenue_cents - a.revenue_cents || b.count - a.count || byText(a.service, b.service))
        .map((s) => ({ service: s.service, count: s.count, revenue: priceOf(s.revenue_cents) ?? 0 })),
    };
  });
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
  const [current, previous] = await periodsFigures(d1, business, currency, [period, before], now);
  return { ...period, time_zone: business.timeZone, ...current, previous: { ...before, ...previous } };
}
