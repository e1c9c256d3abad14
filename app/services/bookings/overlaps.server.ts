// What a booking's time collides with: the other bookings whose occupied span
// (start + duration + buffer) overlaps its own, and whether it falls outside
// working hours or on a day off. The pure rules are services/time/span.ts;
// the facts come from services/time/facts.server.ts.
import { and, eq, inArray } from "drizzle-orm";
import { schema, type Db } from "../../../db";
import { busyBookings, timeOffBetween } from "~/services/time/facts.server";
import { neighbourDates, occupiedSpan, overlaps, timeWarnings, type TimeWarning, type Timing, type WorkingHours } from "~/services/time/span";

/** A booking in the way, as the API and the screens name it. */
export type Conflict = { id: string; client_name: string; booking_date: string; booking_time: string; end_time: string };

export type TimeBusiness = { id: string; timeZone: string; workingHours: WorkingHours };

/** "HH:MM" plus minutes on the wall clock (wrapping past midnight): how a booking's end is shown. */
export function wallEnd(time: string, minutes: number): string {
  const [h, m] = time.split(":").map(Number);
  const total = (((h * 60 + m + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, "0")}:${String(total % 60).padStart(2, "0")}`;
}

/** The bookings (other than `exceptId`) whose occupied span overlaps this timing's, in start order. */
export async function conflictsFor(db: Db, business: Pick<TimeBusiness, "id" | "timeZone">, timing: Timing, exceptId?: string): Promise<Conflict[]> {
  const near = neighbourDates(timing.date);
  const span = occupiedSpan(timing, business.timeZone);
  const busy = await busyBookings(db, business.id, near.from, near.to);
  return busy
    .filter((b) => b.id !== exceptId && overlaps(span, occupiedSpan(b, business.timeZone)))
    .map((b) => ({
      id: b.id,
      client_name: b.clientName,
      booking_date: b.date,
      booking_time: b.time.slice(0, 5),
      end_time: wallEnd(b.time, b.durationMinutes),
    }));
}

/** Outside working hours, or on a day off (at most one). */
export async function warningsFor(db: Db, business: TimeBusiness, timing: Timing): Promise<TimeWarning[]> {
  const off = await timeOffBetween(db, business.id, timing.date, timing.date);
  return timeWarnings(timing, { hours: business.workingHours, timeOff: off, timeZone: business.timeZone });
}

/**
 * What bookings just written collide with (Sync's save, an accepted proposal):
 * every other booking overlapping any of them, once, and their warnings.
 */
export async function reportForBookings(db: Db, business: TimeBusiness, ids: string[]): Promise<{ conflicts: Conflict[]; warnings: TimeWarning[] }> {
  if (!ids.length) return { conflicts: [], warnings: [] };
  const b = schema.bookings;
  const written = await db
    .select({ id: b.id, date: b.bookingDate, time: b.bookingTime, durationMinutes: b.durationMinutes, bufferMinutes: b.bufferMinutes })
    .from(b)
    .where(and(eq(b.businessId, business.id), inArray(b.id, ids)));
  const conflicts = new Map<string, Conflict>();
  const warnings = new Set<TimeWarning>();
  for (const timing of written) {
    for (const c of await conflictsFor(db, business, timing, timing.id)) conflicts.set(c.id, c);
    for (const w of await warningsFor(db, business, timing)) warnings.add(w);
  }
  return { conflicts: [...conflicts.values()], warnings: [...warnings] };
}
