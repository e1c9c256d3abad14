// What a booking's time collides with, on its member's calendar: the other
// bookings of the same member whose occupied span (start + duration + buffer)
// overlaps its own, and whether it falls outside the member's working hours
// or on a day off (the business's or the member's). An unassigned booking
// (no member) occupies nobody's chair. The pure rules are services/time/span.ts;
// the facts come from services/time/facts.server.ts; the team from services/team.
import { and, eq, sql } from "drizzle-orm";
import { inList, schema, type Db } from "~db";
import {
  busyBookings,
  busyBookingsOf,
  timeOffBetween,
  timeOffOf,
  type BusyBooking,
  type TimeOffRow,
} from "~/services/time/facts.server";
import { dayClock } from "~/services/time/free-slots";
import {
  endTime,
  neighbourDates,
  occupiedSpan,
  overlaps,
  timeWarnings,
  type TimeWarning,
  type Timing,
  type WorkingHours,
} from "~/services/time/span";
import { doesService, listTeam, type MemberView } from "~/services/team/team.server";
import { AppError } from "~/utils/problem";

/** A booking in the way, as the API and the screens name it. */
export type Conflict = {
  id: string;
  client_name: string;
  booking_date: string;
  booking_time: string;
  end_time: string;
};

/** A booking in the way before its client's name is read: namedConflicts names the few there are. */
export type Overlap = Omit<Conflict, "client_name">;

export type TimeBusiness = { id: string; timeZone: string; workingHours: WorkingHours };

/** The calendar a booking is on: a member, or none (unassigned). */
export type Chair = Pick<MemberView, "id" | "working_hours"> | null;

/** What one date's decision reads: the bookings a day either side (timings and ids, no names), and that day's time off. */
export type DayFacts = { busy: BusyBooking[]; off: TimeOffRow[] };

export function dayFacts(db: Db, businessId: string, date: string): Promise<DayFacts> {
  return factsFor(db, businessId, [date]);
}

/** The facts of several dates in one read (a Sync save's bookings): from a day before the first to a day after the last. */
export async function factsFor(db: Db, businessId: string, dates: readonly string[]): Promise<DayFacts> {
  return factsOf(await db.batch(factsQueries(db, businessId, dates)));
}

/** factsFor's two queries, for a caller that reads them in its own batch (one round trip with its other reads). */
export function factsQueries(db: Db, businessId: string, dates: readonly string[]) {
  const sorted = [...dates].sort();
  const [first, last] = [sorted[0], sorted[sorted.length - 1]];
  return [
    busyBookings(db, businessId, neighbourDates(first).from, neighbourDates(last).to),
    timeOffBetween(db, businessId, first, last),
  ] as const;
}

/** factsQueries' answers as DayFacts. */
export const factsOf = ([busy, off]: readonly [{ date: string; items: string }[], TimeOffRow[]]): DayFacts => ({
  busy: busyBookingsOf(busy),
  off,
});

/** The chair's bookings (other than `exceptId`) whose occupied span overlaps this timing's, in start order. */
export function conflictsIn(
  facts: DayFacts,
  timeZone: string,
  timing: Timing,
  chair: Chair,
  exceptId?: string,
): Overlap[] {
  if (!chair) return [];
  // A few days' offsets instead of two zone lookups per booking (the neighbour days hold a few hundred on a busy calendar).
  const clock = dayClock(timeZone);
  const span = occupiedSpan(timing, timeZone, clock.instant);
  return facts.busy
    .filter(
      (b) => b.memberId === chair.id && b.id !== exceptId && overlaps(span, occupiedSpan(b, timeZone, clock.instant)),
    )
    .sort((a, b) => (a.date === b.date ? (a.time < b.time ? -1 : a.time > b.time ? 1 : 0) : a.date < b.date ? -1 : 1))
    .map((b) => ({ id: b.id, booking_date: b.date, booking_time: b.time.slice(0, 5), end_time: endTime(b, timeZone) }));
}

/** The overlaps with their clients' names, in their order: one read, and none when there are none. */
export async function namedConflicts(db: Db, businessId: string, found: Overlap[]): Promise<Conflict[]> {
  if (!found.length) return [];
  const { bookings, clients } = schema;
  const rows = await db
    .select({ id: bookings.id, name: clients.name })
    .from(bookings)
    .innerJoin(clients, and(eq(clients.id, bookings.clientId), eq(clients.businessId, bookings.businessId)))
    .where(
      and(
        // The ids' own index finds them; the unary + keeps SQLite (without statistics, as a fresh database has none) from
        // walking the business's bookings in the client index instead.
        sql`+${bookings.businessId} = ${businessId}`,
        sql`${bookings.id} IN (SELECT value FROM json_each(${JSON.stringify(found.map((o) => o.id))}))`,
      ),
    );
  const names = new Map(rows.map((r) => [r.id, r.name]));
  // A booking deleted since the facts were read keeps its place, nameless.
  return found.map((o) => ({
    id: o.id,
    client_name: names.get(o.id) ?? "",
    booking_date: o.booking_date,
    booking_time: o.booking_time,
    end_time: o.end_time,
  }));
}

/** Outside the chair's working hours (the business's when unassigned), or on a day off of the business or the member (at most one). */
export function warningsIn(facts: DayFacts, business: TimeBusiness, timing: Timing, chair: Chair): TimeWarning[] {
  const hours = chair?.working_hours ?? business.workingHours;
  return timeWarnings(timing, { hours, timeOff: timeOffOf(facts.off, chair?.id ?? null), timeZone: business.timeZone });
}

/** The member a booking goes to, with what its time collides with there (unnamed: namedConflicts). */
export type Placement = { member: MemberView | null; conflicts: Overlap[]; warnings: TimeWarning[] };

/**
 * Who takes a new booking: `memberId` when given (404 unless the business's);
 * otherwise the first member in the team's order who does the service and is
 * free for the whole span (no overlap, inside their hours, not on a day off),
 * then the first who does it without an overlap, then the first who does it
 * (its overlaps reported). A service nobody lists goes to the team as a whole.
 */
export function placeBooking(
  team: MemberView[],
  facts: DayFacts,
  business: TimeBusiness,
  timing: Timing,
  service: string,
  memberId?: string,
): Placement {
  const judge = (member: MemberView): Placement => ({
    member,
    conflicts: conflictsIn(facts, business.timeZone, timing, member),
    warnings: warningsIn(facts, business, timing, member),
  });
  if (memberId !== undefined) {
    const chosen = team.find((t) => t.id === memberId);
    if (!chosen) throw new AppError(404, "team.err.notFound");
    return judge(chosen);
  }
  const doing = team.filter((t) => doesService(t, service));
  const candidates = (doing.length ? doing : team).map(judge);
  if (!candidates.length) return { member: null, conflicts: [], warnings: warningsIn(facts, business, timing, null) };
  return (
    candidates.find((c) => !c.conflicts.length && !c.warnings.length) ??
    candidates.find((c) => !c.conflicts.length) ??
    candidates[0]
  );
}

/** The chair of a member id (null: unassigned); 404 for an id not in the team. */
export function chairOf(team: MemberView[], memberId: string | null): MemberView | null {
  if (memberId === null) return null;
  const member = team.find((t) => t.id === memberId);
  if (!member) throw new AppError(404, "team.err.notFound");
  return member;
}

/**
 * What bookings just written collide with (Sync's save, an accepted proposal):
 * every other booking on the same member's calendar overlapping any of them, once, and their warnings.
 */
export async function reportForBookings(
  db: Db,
  business: TimeBusiness,
  ids: string[],
): Promise<{ conflicts: Conflict[]; warnings: TimeWarning[] }> {
  if (!ids.length) return { conflicts: [], warnings: [] };
  const b = schema.bookings;
  const [written, team] = await Promise.all([
    db
      .select({
        id: b.id,
        date: b.bookingDate,
        time: b.bookingTime,
        durationMinutes: b.durationMinutes,
        bufferMinutes: b.bufferMinutes,
        memberId: b.memberId,
      })
      .from(b)
      .where(and(eq(b.businessId, business.id), sql`${b.id} IN ${inList(ids)}`)),
    listTeam(db, business),
  ]);
  if (!written.length) return { conflicts: [], warnings: [] };
  // Every date's neighbours in one read, not a read per booking (a save may hold a few thousand).
  const facts = await factsFor(
    db,
    business.id,
    written.map((w) => w.date),
  );
  const conflicts = new Map<string, Overlap>();
  const warnings = new Set<TimeWarning>();
  for (const timing of written) {
    const chair = team.find((t) => t.id === timing.memberId) ?? null;
    for (const c of conflictsIn(facts, business.timeZone, timing, chair, timing.id)) conflicts.set(c.id, c);
    for (const w of warningsIn(facts, business, timing, chair)) warnings.add(w);
  }
  return { conflicts: await namedConflicts(db, business.id, [...conflicts.values()]), warnings: [...warnings] };
}
