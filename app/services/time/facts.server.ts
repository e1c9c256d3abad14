// The salon's time, read from D1: the facts the pure module (span.ts) needs for a
// range of local dates, in one query each. Overlap warnings, free slots and the
// calendar read them here; none queries bookings for free time on its own.
import { and, asc, eq, gte, lte, ne, notInArray, sql } from "drizzle-orm";
import { schema, type Db } from "~db";
import { FREEING_STATUSES, type DayRange, type Timing } from "./span";

const { bookings, timeOff } = schema;

/** A day off of the whole business (memberId null) or of one member. */
export type TimeOffRow = DayRange & { id: string; note: string; memberId: string | null };

/** Time off that touches local dates from..to (inclusive), the business's and every member's. A query: await it, or put it in a batch. */
export function timeOffBetween(db: Db, businessId: string, from: string, to: string) {
  return db
    .select({
      id: timeOff.id,
      dateFrom: timeOff.dateFrom,
      dateTo: timeOff.dateTo,
      note: timeOff.note,
      memberId: timeOff.memberId,
    })
    .from(timeOff)
    .where(and(eq(timeOff.businessId, businessId), gte(timeOff.dateTo, from), lte(timeOff.dateFrom, to)))
    .orderBy(asc(timeOff.dateFrom));
}

/** The days off that close a member's calendar: the whole business's and their own (null: an unassigned booking, the business's only). */
export const timeOffOf = <T extends { memberId: string | null }>(rows: readonly T[], memberId: string | null): T[] =>
  rows.filter((r) => r.memberId === null || r.memberId === memberId);

/** A busy timing on a member's calendar (null: unassigned). */
export type MemberTiming = Timing & { memberId: string | null };

/** A busy timing with its booking's id: what an overlap check reads (the few bookings in the way are named afterwards). */
export type BusyBooking = MemberTiming & { id: string };

/**
 * Bookings that occupy the chair on local dates from..to (inclusive): no
 * names, so no join, and one row per day (the day's "HH:MM duration buffer
 * member" items joined by SQLite, each with its booking's id when `ids`): a
 * busy month is a few thousand bookings, and rows, not bytes, are what a read
 * costs here. The business-date index serves it. A query: read its rows with
 * timingsOf, or put it in a batch.
 * `except`: a booking left out (the one being edited: its own time is not in its way).
 */
function busyDays(
  db: Db,
  businessId: string,
  from: string,
  to: string,
  { except, ids = false }: { except?: string; ids?: boolean },
) {
  const item = sql`${bookings.bookingTime} || ' ' || ${bookings.durationMinutes} || ' ' || ${bookings.bufferMinutes} || ' ' || coalesce(${bookings.memberId}, '')`;
  return db
    .select({
      date: bookings.bookingDate,
      items: sql<string>`group_concat(${ids ? sql`${item} || ' ' || ${bookings.id}` : item}, ',')`,
    })
    .from(bookings)
    .where(
      and(
        eq(bookings.businessId, businessId),
        gte(bookings.bookingDate, from),
        lte(bookings.bookingDate, to),
        notInArray(bookings.status, FREEING_STATUSES as never[]),
        except ? ne(bookings.id, except) : undefined,
      ),
    )
    .groupBy(bookings.bookingDate);
}

/** busyDays' rows, one timing per booking (`id` is undefined unless the query read ids). */
function timingsOf(days: { date: string; items: string }[]): BusyBooking[] {
  return days.flatMap(({ date, items }) =>
    items.split(",").map((item) => {
      const [time, duration, buffer, member, id] = item.split(" ");
      return {
        id,
        date,
        time,
        durationMinutes: Number(duration),
        bufferMinutes: Number(buffer),
        memberId: member || null,
      };
    }),
  );
}

/** Only when bookings occupy the chair on local dates from..to (inclusive), for free slots: see busyDays. */
export async function busyTimings(
  db: Db,
  businessId: string,
  from: string,
  to: string,
  except?: string,
): Promise<MemberTiming[]> {
  return timingsOf(await busyDays(db, businessId, from, to, { except }));
}

/** The bookings that occupy the chair on local dates from..to (inclusive), with their ids: a query for a batch, its rows read by busyBookingsOf. */
export const busyBookings = (db: Db, businessId: string, from: string, to: string) =>
  busyDays(db, businessId, from, to, { ids: true });

/** busyBookings' rows, one per booking. */
export const busyBookingsOf = (days: { date: string; items: string }[]): BusyBooking[] => timingsOf(days);
