// Each client's rhythm read from their bookings (services/clients/rhythm.ts
// works it out from the rows): for a page of clients, or for the phones of
// chats (proposals, drafts). Apart from the clients' store so that what reads
// rhythms (the "when the client is due" rules) does not import it back.
import { and, eq, sql } from "drizzle-orm";
import { inList, schema, type Db } from "~db";
import { isBooked } from "~/services/bookings/counted";
import { addDays } from "~/utils/dates";
import { bookingInstant, localDate } from "~/utils/time-zone";
import { rhythmOf, type HistoryRow, type Rhythm } from "./rhythm";

const { bookings, clients } = schema;
type Business = { id: string; timeZone: string };

/**
 * Each client's rhythm (last visit and service, visits, no-shows, late
 * cancellations, usual interval, due date) for a page of clients, from one
 * query over their bookings up to tomorrow (a cancellation of tomorrow's
 * booking may already be a late one), whatever the page size (the ids travel
 * as one JSON parameter: D1 binds at most 100).
 */
export async function rhythms(db: Db, business: Business, ids: string[], today: string) {
  const found = new Map<string, Rhythm>();
  if (ids.length === 0) return found;
  const rows = await db.all<HistoryRow & { client_id: string }>(sql`
    SELECT b.client_id, b.booking_date, b.booking_time, b.service, b.status, b.updated_at
    FROM ${bookings} b
    WHERE b.business_id = ${business.id} AND b.client_id IN ${inList(ids)} AND b.booking_date <= ${addDays(today, 1)}
      AND ${sql.raw(isBooked("b"))}
    ORDER BY b.client_id, b.booking_date, b.booking_time`);
  const startOf = (date: string, time: string) => bookingInstant(date, time, business.timeZone);
  let from = 0;
  for (let i = 1; i <= rows.length; i++) {
    if (i < rows.length && rows[i].client_id === rows[from].client_id) continue;
    found.set(rows[from].client_id, rhythmOf(rows.slice(from, i), today, startOf));
    from = i;
  }
  return found;
}

/**
 * The rhythm of each known client among these phone numbers (digits, as
 * proposals keep them), by phone; a number with no client is left out (a new
 * client). One query for the clients and one for their bookings.
 */
export async function rhythmsOfPhones(db: Db, business: Business, phones: string[], now: number) {
  const byPhone = new Map<string, Rhythm>();
  const wanted = [...new Set(phones)];
  if (wanted.length === 0) return byPhone;
  const known = await db
    .select({ id: clients.id, phone: clients.phone })
    .from(clients)
    .where(and(eq(clients.businessId, business.id), sql`${clients.phone} IN ${inList(wanted)}`));
  const found = await rhythms(
    db,
    business,
    known.map((c) => c.id),
    localDate(now, business.timeZone),
  );
  for (const c of known) byPhone.set(c.phone, found.get(c.id) ?? NO_RHYTHM);
  return byPhone;
}

export const NO_RHYTHM: Rhythm = {
  last_visit: null,
  last_service: null,
  visits: 0,
  no_shows: 0,
  late_cancels: 0,
  usual_interval_days: null,
  due_date: null,
};
