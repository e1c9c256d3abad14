// The salon's time, read from D1: the facts the pure module (span.ts) needs for a
// range of local dates, in one query each. Overlap warnings, free slots and the
// calendar read them here; none queries bookings for free time on its own.
import { and, asc, eq, gte, lte, ne, notInArray, sql } from "drizzle-orm";
import { schema, type Db } from "../../../db";
import { FREEING_STATUSES, type DayRange, type Timing } from "./span";

const { bookings, clients, timeOff } = schema;

/** A booking that occupies its time (not cancelled, not a no-show), on its member's calendar (null: unassigned, nobody's). */
export type BusyBooking = Timing & { id: string; clientName: string; service: string; status: string; memberId: string | null };

/** Bookings that occupy time on local dates from..to (inclusive), in start order (the business-date index serves it). A query: await it, or put it in a batch. */
export function busyBookings(db: Db, businessId: string, from: string, to: string) {
  return db
    .select({
      id: bookings.id,
      clientName: clients.name,
      service: bookings.service,
      status: bookings.status,
      date: bookings.bookingDate,
      time: bookings.bookingTime,
      durationMinutes: bookings.durationMinutes,
      bufferMinutes: bookings.bufferMinutes,
      memberId: bookings.memberId,
    })
    .from(bookings)
    .innerJoin(clients, and(eq(clients.id, bookings.clientId), eq(clients.businessId, bookings.businessId)))
    .where(
      and(
        eq(bookings.businessId, businessId),
        gte(bookings.bookingDate, from),
        lte(bookings.bookingDate, to),
        notInArray(bookings.status, FREEING_STATUSES as never[]),
      ),
    )
    .orderBy(asc(bookings.bookingDate), asc(bookings.bookingTime));
}

/** A day off of the whole business (memberId null) or of one member. */
export type TimeOffRow = DayRange & { id: string; note: string; memberId: string | null };

/** Time off that touches local dates from..to (inclusive), the business's and every member's. A query: await it, or put it in a batch. */
export function timeOffBetween(db: Db, businessId: string, from: string, to: string) {
  return db
    .select({ id: timeOff.id, dateFrom: timeOff.dateFrom, dateTo: timeOff.dateTo, note: timeOff.note, memberId: timeOff.memberId })
    .from(timeOff)
    .where(and(eq(timeOff.businessId, businessId), gte(timeOff.dateTo, from), lte(timeOff.dateFrom, to)))
    .orderBy(asc(timeOff.dateFrom));
}

/** The days off that close a member's calendar: the whole business's and their own (null: an unassigned booking, the business's only). */
export const timeOffOf = <T extends { memberId: string | null }>(rows: readonly T[], memberId: string | null): T[] =>
  rows.filter((r) => r.memberId === null || r.memberId === memberId);

/** A busy timing on a member's calendar (null: unassigned). */
export type MemberTiming = Timing & { memberId: string | null };

/**
 * Only when bookings occupy the chair on local dates from..to (inclusive):
 * free slots need no names, so no join, and one row per day (the day's
 * "HH:MM duration buffer member" items joined by SQLite): a busy month is a few
 * thousand bookings, and rows, not bytes, are what a read costs here.
 * `except`: a booking left out (the one being edited: its own time is not in its way).
 */
export async function busyTimings(db: Db, businessId: string, from: string, to: string, except?: string): Promise<MemberTiming[]> {
  const days = await db
    .select({
      date: bookings.bookingDate,
      items: sql<string>`group_concat(${bookings.bookingTime} || ' ' || ${bookings.durationMinutes} || ' ' || ${bookings.bufferMinutes} || ' ' || coalesce(${bookings.memberId}, ''), ',')`,
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
  return days.flatMap(({ date, items }) =>
    items.split(",").map((item) => {
      const [time, duration, buffer, member] = item.split(" ");
      return { date, time, durationMinutes: Number(duration), bufferMinutes: Number(buffer), memberId: member || null };
    }),
  );
}
