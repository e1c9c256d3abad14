// Freed slots (issue 31): a booking cancelled while its time is still ahead
// leaves an opening, open until the slot starts. Recorded in one place per way
// a booking is cancelled (the owner's edit in bookings.server's updateBooking,
// a "2" to a reminder in replies.server), listed by GET /api/openings with its
// candidates, worked out when read from what is stored (no model runs):
// - asked: the client's chat was read into a draft (open or dismissed, made in
//   the last ASKED_DAYS days) whose asked day is the opening's day, or that
//   asked for no day ("anything sooner"), and no booking of theirs was made
//   since that ask;
// - due: the due list's logic (clients/due.server) for the opening's service,
//   due from OVERDUE_DAYS ago to DUE_WITHIN_DAYS ahead;
// and, either way, the business may write to them first (a contact basis, not
// opted out) and they have no booking that day.
import { sql } from "drizzle-orm";
import { schema, type Db } from "~db";
import type { MessageKey, Translate } from "~/i18n";
import { dueClients } from "~/services/clients/due.server";
import { basisOf, consentOfPhones, isOptedOut } from "~/services/safety/consent.server";
import { bookingInstant, localDate } from "~/utils/time-zone";
import { serviceKey } from "~/utils/service-name";
import { addDays } from "~/utils/dates";
import { busyTimings } from "~/services/time/facts.server";
import { occupiedSpan, overlaps } from "~/services/time/span";
import { notifyNewOpening } from "./notify.server";

const { openings, bookings, businesses, clients, drafts } = schema;

/** An ask counts this many days after it was made. */
const ASKED_DAYS = 14;
/** A client due up to this many days ahead is a candidate. */
const DUE_WITHIN_DAYS = 14;
/** At most this many open openings are listed (soonest first). */
const OPENINGS_LIST_MAX = 50;

export type CandidateReason = { key: MessageKey; vars?: Record<string, string> };
type Candidate = { client_id: string; name: string; reason: CandidateReason };
type OpeningRow = {
  id: string;
  date: string;
  time: string;
  service: string;
  duration_minutes: number;
  member_id: string | null;
};
export type Opening = OpeningRow & { candidates: Candidate[] };

/**
 * The booking was cancelled: while its time is still ahead it becomes an
 * opening (once per booking; cancelled again after a restore, its opening
 * follows the booking's time unless it was taken), and the owner's phones get
 * a Web Push when it is new. Anything else: nothing.
 */
export async function bookingCancelled(
  env: Env,
  db: Db,
  businessId: string,
  bookingId: string,
  now: number,
): Promise<void> {
  const [row] = await db.all<{
    status: string;
    booking_date: string;
    booking_time: string;
    service: string;
    duration_minutes: number;
    member_id: string | null;
    time_zone: string;
  }>(sql`
    SELECT b.status, b.booking_date, b.booking_time, b.service, b.duration_minutes, b.member_id, z.time_zone
    FROM ${bookings} b JOIN ${businesses} z ON z.id = b.business_id
    WHERE b.id = ${bookingId} AND b.business_id = ${businessId}`);
  if (!row || row.status !== "cancelled") return;
  const startsAt = bookingInstant(row.booking_date, row.booking_time, row.time_zone);
  if (startsAt <= now) return;
  const values = {
    openingDate: row.booking_date,
    openingTime: row.booking_time.slice(0, 5),
    service: row.service,
    durationMinutes: row.duration_minutes,
    memberId: row.member_id,
    startsAt,
  };
  const id = crypto.randomUUID();
  const [written] = await db
    .insert(openings)
    .values({ id, businessId, bookingId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: openings.bookingId, set: values, setWhere: sql`${openings.takenAt} IS NULL` })
    .returning({ id: openings.id });
  if (written?.id === id) {
    const today = localDate(now, row.time_zone);
    await notifyNewOpening(env, businessId, {
      id,
      date: row.booking_date,
      time: values.openingTime,
      service: row.service,
      today,
    });
  }
}

type Business = { id: string; timeZone: string; messageLang: string };

/**
 * The openings no live booking on the same calendar has taken since, soonest
 * first, at most OPENINGS_LIST_MAX: spans of instants, as every overlap is
 * read (services/time/span: a booking occupies its duration and buffer, a DST
 * night or a booking past midnight is no special case).
 */
async function notBookedOver(
  db: Db,
  business: Business,
  open: (OpeningRow & { starts_at: number })[],
): Promise<OpeningRow[]> {
  if (open.length === 0) return [];
  const dates = open.map((o) => o.date).sort();
  // The day before too: a late booking can run into the next day.
  const busy = await busyTimings(db, business.id, addDays(dates[0], -1), dates[dates.length - 1]);
  const free = open.filter((o) => {
    const opening = { start: o.starts_at, end: o.starts_at + o.duration_minutes * 60_000 };
    return !busy.some((b) => b.memberId === o.member_id && overlaps(occupiedSpan(b, business.timeZone), opening));
  });
  return free.slice(0, OPENINGS_LIST_MAX).map(({ starts_at: _startsAt, ...o }) => o);
}
type Ask = { client_id: string; name: string; phone: string; asked_date: string | null; created_at: number };

/**
 * The open openings (not taken, not started, and not booked over since:
 * another live booking on the same calendar overlapping it), soonest first,
 * each with its candidates: askers first (earliest ask first), then those due.
 * `only`: just that opening (when it is open).
 */
export async function listOpenings(db: Db, business: Business, now: number, only?: string): Promise<Opening[]> {
  const open = await db.all<OpeningRow & { starts_at: number }>(sql`
    SELECT o.id, o.opening_date AS date, o.opening_time AS time, o.service, o.duration_minutes, o.member_id, o.starts_at
    FROM ${openings} o
    WHERE o.business_id = ${business.id} AND o.taken_at IS NULL AND o.starts_at > ${now} AND (${only ?? null} IS NULL OR o.id = ${only ?? null})
    ORDER BY o.starts_at, o.id`);
  const rows = await notBookedOver(db, business, open);
  if (rows.length === 0) return [];
  if (rows.length === 0) return [];

  const [asks, due] = await Promise.all([
    recentAsks(db, business.id, now),
    dueClients(db, business, now, { aheadDays: DUE_WITHIN_DAYS, max: Infinity }),
  ]);
  const phones = [...asks.map((a) => a.phone), ...due.map((d) => d.phone)];
  const consent = await consentOfPhones(db.$client, business.id, phones);
  const mayWrite = (phone: string) => {
    const row = consent.get(phone);
    return basisOf(row).basis !== "none" && !isOptedOut(row);
  };
  const busy = await bookedDays(
    db,
    business.id,
    [...new Set([...asks.map((a) => a.client_id), ...due.map((d) => d.id)])],
    [...new Set(rows.map((r) => r.date))],
  );

  return rows.map((o) => {
    const chosen = new Map<string, Candidate>();
    const add = (clientId: string, name: string, phone: string, reason: CandidateReason) => {
      if (chosen.has(clientId) || busy.has(`${clientId} ${o.date}`) || !mayWrite(phone)) return;
      chosen.set(clientId, { client_id: clientId, name, reason });
    };
    for (const a of asks) {
      if (a.asked_date === o.date)
        add(a.client_id, a.name, a.phone, { key: "openings.reason.askedDay", vars: { day: String(weekday(o.date)) } });
      else if (a.asked_date === null && localDate(a.created_at, business.timeZone) <= o.date)
        add(a.client_id, a.name, a.phone, { key: "openings.reason.askedSooner" });
    }
    for (const d of due) {
      if (serviceKey(d.service) === serviceKey(o.service))
        add(d.id, d.name, d.phone, { key: "openings.reason.due", vars: { service: d.service } });
    }
    return { ...o, candidates: [...chosen.values()] };
  });
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** "asked for Thursday", "due for a haircut": a candidate's reason in the reader's language. */
export function reasonText(t: Translate, reason: CandidateReason): string {
  if (reason.key === "openings.reason.askedDay")
    return t(reason.key, { day: t(`hours.day.${reason.vars?.day ?? "0"}` as MessageKey) });
  if (reason.key === "openings.reason.due")
    return t(reason.key, { service: (reason.vars?.service ?? "").toLocaleLowerCase() });
  return t(reason.key, reason.vars);
}

/** Clients whose chat was read into a draft (open or dismissed) in the last ASKED_DAYS days, and who booked nothing since. */
async function recentAsks(db: Db, businessId: string, now: number): Promise<Ask[]> {
  return db.all<Ask>(sql`
    SELECT c.id AS client_id, c.name, c.phone, d.asked_date, d.created_at
    FROM ${drafts} d JOIN ${clients} c ON c.business_id = d.business_id AND c.phone = d.client_phone
    WHERE d.business_id = ${businessId} AND d.status IN ('open', 'dismissed') AND d.created_at >= ${now - ASKED_DAYS * 86_400_000}
      AND NOT EXISTS (SELECT 1 FROM ${bookings} b WHERE b.business_id = d.business_id AND b.client_id = c.id
        AND b.created_at >= d.created_at AND b.status NOT IN ('cancelled', 'no_show'))
    ORDER BY d.created_at, c.id`);
}

/** "<client id> <date>" for each of these clients' live bookings on these days. */
async function bookedDays(db: Db, businessId: string, clientIds: string[], dates: string[]): Promise<Set<string>> {
  if (clientIds.length === 0) return new Set();
  const found = await db.all<{ client_id: string; booking_date: string }>(sql`
    SELECT DISTINCT b.client_id, b.booking_date FROM ${bookings} b
    WHERE b.business_id = ${businessId} AND b.status NOT IN ('cancelled', 'no_show')
      AND b.booking_date IN (SELECT value FROM json_each(${JSON.stringify(dates)}))
      AND b.client_id IN (SELECT value FROM json_each(${JSON.stringify(clientIds)}))`);
  return new Set(found.map((r) => `${r.client_id} ${r.booking_date}`));
}
