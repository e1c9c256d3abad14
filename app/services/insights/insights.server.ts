// Insights: a period's figures for the owner, from SQL aggregates over the
// business's own rows (docs/decisions/072-insights.md defines every figure).
// Bookings are dated by their local booking_date, so a period is a range of
// local dates; instants (a cancellation, a sent message) are compared in the
// business's time zone.
import { expiredHoldJoin, isBookedWith } from "~/services/bookings/counted";
import { currencyOf, priceOf } from "~/services/catalogue/money";
import { addDays } from "~/utils/dates";
import { localDate, localTime, offsetAt, zonedInstant } from "~/utils/time-zone";
import { periodBefore, type Period, type PeriodKind } from "./periods";

const DAY_MS = 86_400_000;
/** A cancellation this close to the booking's start is a late one. */
const LATE_CANCEL_MS = DAY_MS;

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
 * included; the periods do not overlap), in one D1 batch. The bookings' sums
 * come from per-day rollups that triggers on bookings keep (migration
 * 0020_insight_rollups.sql: per day and status, per day and start hour, per
 * day and service), summed per period; beside them, read live, what the
 * rollups cannot know: the bookings of expired holds (taken out), today's
 * bookings that have started, the late cancellations (their test needs the
 * zone's offset) and the accepted proposals' bookings (chats). Then one pass
 * over the messages sent in the periods, and one over the period's kept
 * bookings for the clients (each client's first in the period counted once:
 * migration 0022_insight_client_chains.sql).
 */
async function periodsFigures(
  d1: D1Database,
  business: Business,
  currency: string,
  periods: Period[],
  now: number,
): Promise<InsightFigures[]> {
  const zone = business.timeZone;
  const lo = periods.map((p) => p.from).reduce((a, b) => (b < a ? b : a));
  const hi = periods.map((p) => p.to).reduce((a, b) => (b > a ? b : a));
  const today = localDate(now, zone);
  const nowTime = localTime(now, zone);

  // The rollups, summed per period (and status, weekday and hour, service).
  const rollup = (select: (add: Add) => string, table: string, groupBy: string) => {
    const r = params();
    return d1
      .prepare(
        `SELECT ${periodOf("d.day", periods, r.add)} AS p, ${select(r.add)} FROM ${table} d
         WHERE d.business_id = ${r.add(business.id)} AND d.day BETWEEN ${r.add(lo)} AND ${r.add(hi)}
         GROUP BY p, ${groupBy} HAVING p IS NOT NULL`,
      )
      .bind(...r.values);
  };
  const daysPass = rollup(
    (add) => `d.status AS status, sum(d.bookings) AS n, sum(d.cents) AS cents, sum(d.sync) AS sync,
              sum(CASE WHEN d.day < ${add(today)} THEN d.bookings ELSE 0 END) AS before_today`,
    "insight_days",
    "d.status",
  );
  const hoursPass = rollup(
    () => "CAST(strftime('%w', d.day) AS INTEGER) AS weekday, d.hour AS hour, sum(d.kept) AS kept",
    "insight_hours",
    "weekday, d.hour",
  );
  const servicesPass = rollup(
    () => "d.service AS service, sum(d.kept) AS kept, sum(d.cents) AS revenue_cents",
    "insight_services",
    "d.service",
  );

  // What the rollups cannot know, read live per period (each part from its own few rows).
  const q = params();
  const biz = q.add(business.id);
  const inRange = `b.business_id = ${biz} AND b.booking_date BETWEEN ${q.add(lo)} AND ${q.add(hi)}`;
  const startInstant = `(unixepoch(b.booking_date || ' ' || substr(b.booking_time, 1, 5)) * 1000 - (${offsetCase(lo, hi, zone, q.add)}))`;
  const p = periodOf("b.booking_date", periods, q.add);
  const zero =
    "0 AS expired, 0 AS expired_kept, 0 AS expired_done_cents, 0 AS expired_expected_cents, 0 AS expired_no_shows, 0 AS expired_started, 0 AS expired_late";
  const late = `b.updated_at > ${startInstant} - ${LATE_CANCEL_MS}`;
  const liveSql = `SELECT p, sum(expired) AS expired, sum(expired_kept) AS expired_kept, sum(expired_done_cents) AS expired_done_cents,
          sum(expired_expected_cents) AS expired_expected_cents, sum(expired_no_shows) AS expired_no_shows, sum(expired_started) AS expired_started,
          sum(expired_late) AS expired_late,
          sum(started_today) AS started_today, sum(late_cancels) AS late_cancels, sum(chats) AS chats FROM (
       SELECT ${p} AS p, 1 AS expired, b.status != 'cancelled' AS expired_kept,
              CASE WHEN b.status = 'completed' THEN coalesce(b.price_cents, 0) ELSE 0 END AS expired_done_cents,
              CASE WHEN b.status IN ('scheduled', 'confirmed') THEN coalesce(b.price_cents, 0) ELSE 0 END AS expired_expected_cents,
              b.status = 'no_show' AS expired_no_shows, b.status != 'cancelled' AND b.booking_date < ${q.add(today)} AS expired_started,
              b.status = 'cancelled' AND ${late} AS expired_late, 0 AS started_today, 0 AS late_cancels, 0 AS chats
         FROM booking_holds h INDEXED BY booking_holds_business_expired CROSS JOIN bookings b ON b.id = h.booking_id
         WHERE h.business_id = ${biz} AND h.state = 'expired' AND ${inRange} AND b.status != 'pending'
       UNION ALL
       SELECT ${p}, ${zero}, 1, 0, 0 FROM bookings b ${expiredHoldJoin("b", "h")}
         WHERE b.business_id = ${biz} AND b.booking_date = ${q.add(today)} AND b.booking_time <= ${q.add(nowTime)} AND ${isBookedWith("b", "h")} AND b.status != 'cancelled'
       UNION ALL
       SELECT ${p}, ${zero}, 0, 1, 0 FROM bookings b WHERE ${inRange} AND b.status = 'cancelled' AND ${late}
       UNION ALL
       SELECT ${p}, ${zero}, 0, 0, 1
         FROM (SELECT DISTINCT booking_id FROM proposals WHERE business_id = ${biz} AND status = 'accepted' AND booking_id IS NOT NULL) a
         CROSS JOIN bookings b ON b.id = a.booking_id
         WHERE ${inRange} AND b.source != 'sync'
     ) GROUP BY p HAVING p IS NOT NULL`;
  const livePass = d1.prepare(liveSql).bind(...q.values);

  // The clients of each period (new, returning, visited, rebooked), counted in one range of an index:
  // insight_kept holds a row per kept booking, with whether it is a visit that started or rebooked, and
  // for each chain of a client's rows (kept bookings, visits, rebooked visits) the day of the one
  // before ('' for none; migration 0022 keeps them). A client's first row of a chain in the period is
  // the one whose row before is older than the period; a new client's first kept booking ever has no
  // row before it at all. A visit has started when its day is before today, or today at or before now.
  const c = params();
  const cbiz = c.add(business.id);
  const [cToday, cNow] = [c.add(today), c.add(nowTime)];
  const started = `(k.day < ${cToday} OR (k.day = ${cToday} AND k.time <= ${cNow}))`;
  const clientsPass = d1
    .prepare(
      periods
        .map(({ from, to }, i) => {
          const [cfrom, cto] = [c.add(from), c.add(to)];
          return `SELECT ${i} AS p, sum(k.prev_kept < ${cfrom}) AS clients, sum(k.prev_kept = '') AS new_clients,
                  sum(k.visit = 1 AND k.prev_visit < ${cfrom} AND ${started}) AS visited,
                  sum(k.rebooked = 1 AND k.prev_rebooked < ${cfrom} AND ${started}) AS rebooked
           FROM insight_kept k WHERE k.business_id = ${cbiz} AND k.day BETWEEN ${cfrom} AND ${cto}`;
        })
        .join(" UNION ALL "),
    )
    .bind(...c.values);

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

  const [dayRows, hourRows, serviceRows, liveRows, messageRows, clientRows] = await d1.batch<Record<string, unknown>>([
    daysPass,
    hoursPass,
    servicesPass,
    livePass,
    messagesPass,
    clientsPass,
  ]);
  return periods.map((_, i) => {
    const inPeriod = (rows: D1Result<Record<string, unknown>>) => rows.results.filter((g) => n(g.p) === i);
    const days = inPeriod(dayRows);
    // A figure of the statuses that count (a pending booking counts nowhere).
    const sum = (field: string, statuses: (status: string) => boolean) =>
      days
        .filter((g) => g.status !== "pending" && statuses(String(g.status)))
        .reduce((total, g) => total + n(g[field]), 0);
    const kept = (status: string) => status !== "cancelled";
    const live = liveRows.results.find((r) => n(r.p) === i) ?? {};
    const busiest = inPeriod(hourRows)
      .filter((g) => n(g.kept) > 0)
      .map((g) => ({ weekday: n(g.weekday), hour: n(g.hour), count: n(g.kept) }));
    const services = inPeriod(serviceRows)
      .filter((g) => n(g.kept) > 0)
      .map((g) => ({ service: String(g.service), count: n(g.kept), revenue_cents: n(g.revenue_cents) }));
    const clients = clientRows.results.find((r) => n(r.p) === i) ?? {};
    const msg = messageRows.results.find((r) => n(r.p) === i) ?? {};
    return {
      bookings: sum("n", kept) - n(live.expired_kept),
      revenue: {
        done: priceOf(sum("cents", (s) => s === "completed") - n(live.expired_done_cents)) ?? 0,
        expected:
          priceOf(sum("cents", (s) => s === "scheduled" || s === "confirmed") - n(live.expired_expected_cents)) ?? 0,
        currency,
      },
      no_show_rate: rate(
        sum("n", (s) => s === "no_show") - n(live.expired_no_shows),
        sum("before_today", kept) - n(live.expired_started) + n(live.started_today),
      ),
      late_cancel_rate: rate(n(live.late_cancels) - n(live.expired_late), sum("n", () => true) - n(live.expired)),
      confirmation_rate: rate(msg.confirmed, msg.asked),
      rebooking_rate: rate(clients.rebooked, clients.visited),
      new_clients: n(clients.new_clients),
      returning_clients: n(clients.clients) - n(clients.new_clients),
      from_chats: days.reduce((total, g) => total + n(g.sync), 0) + n(live.chats),
      messages: { sent: n(msg.sent), refused: n(msg.refused) },
      busiest: busiest.sort((a, b) => b.count - a.count || a.weekday - b.weekday || a.hour - b.hour),
      services: services
        .sort((a, b) => b.revenue_cents - a.revenue_cents || b.count - a.count || byText(a.service, b.service))
        .map((s) => ({ service: s.service, count: s.count, revenue: priceOf(s.revenue_cents) ?? 0 })),
    };
  });
}

export type Insights = InsightFigures & {
  from: string;
  to: string;
  time_zone: string;
  previous: InsightFigures & Period;
};

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
