// The salon's time, the shared pure part: when a booking occupies the chair,
// and whether a time lies inside working hours and outside time off. No D1 and
// no clock of its own; every zone and DST step goes through utils/time-zone, and
// a span is a pair of UTC instants (never local minutes), so a DST day is just
// another day. Overlap warnings, free slots and the calendar all ask this module.
import { addDays } from "~/utils/dates";
import { localDate, localTime, zonedInstant } from "~/utils/time-zone";

const MINUTE = 60_000;

/** [start, end) in UTC milliseconds. */
export type Span = { start: number; end: number };

/** A booking's or a candidate's local start and length. */
export type Timing = { date: string; time: string; durationMinutes: number; bufferMinutes: number };

/** Per weekday ("0" = Sunday ... "6"), zero or more local [start, end) intervals, "HH:MM". */
export type WorkingHours = Record<string, [string, string][]>;

/** Inclusive local dates. */
export type DayRange = { dateFrom: string; dateTo: string };

export type TimeWarning = "outside_hours" | "time_off";

/** Cancelled and no-show bookings occupy nothing. */
export const FREEING_STATUSES: readonly string[] = ["cancelled", "no_show"];

/** Wall clock (date, HH:MM) -> instant; zonedInstant, or a faster reader of the same rule (free-slots' dayClock). */
export type InstantOf = (date: string, time: string, timeZone: string) => number;

/** What the chair is taken for: start through start + duration + the buffer after it. */
export function occupiedSpan(t: Timing, timeZone: string, instantOf: InstantOf = zonedInstant): Span {
  const start = instantOf(t.date, t.time.slice(0, 5), timeZone);
  return { start, end: start + (t.durationMinutes + t.bufferMinutes) * MINUTE };
}

/** What the customer sees: start through start + duration. */
function serviceSpan(t: Timing, timeZone: string): Span {
  const start = zonedInstant(t.date, t.time.slice(0, 5), timeZone);
  return { start, end: start + t.durationMinutes * MINUTE };
}

/**
 * When a booking ends on the salon's wall clock (HH:MM): its start plus its
 * duration as time that passes, so a DST change in between moves the end as
 * it moves the clock (Jerusalem, 01:30 + 90 minutes on the spring night: 04:00).
 */
export function endTime(t: Pick<Timing, "date" | "time" | "durationMinutes">, timeZone: string): string {
  return endOnWall(t, timeZone).time;
}

/** endTime with its date (a booking may end the next day): where the calendar draws an event's end. */
export function endOnWall(
  t: Pick<Timing, "date" | "time" | "durationMinutes">,
  timeZone: string,
): { date: string; time: string } {
  const end = serviceSpan({ ...t, bufferMinutes: 0 }, timeZone).end;
  return { date: localDate(end, timeZone), time: localTime(end, timeZone) };
}

export const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** The weekday (0 = Sunday) of a local date: calendar arithmetic, no zone needed. */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** A local date's working intervals as instants, in order. */
function workingSpans(hours: WorkingHours, date: string, timeZone: string): Span[] {
  return (hours[String(weekdayOf(date))] ?? [])
    .map(([from, to]) => ({ start: zonedInstant(date, from, timeZone), end: zonedInstant(date, to, timeZone) }))
    .filter((s) => s.start < s.end)
    .sort((a, b) => a.start - b.start);
}

/** Whether a local date falls inside any of the ranges. */
export function isTimeOff(ranges: readonly DayRange[], date: string): boolean {
  return ranges.some((r) => r.dateFrom <= date && date <= r.dateTo);
}

/** The whole occupied span lies inside one working interval of its day. */
function insideHours(hours: WorkingHours, t: Timing, timeZone: string): boolean {
  const span = occupiedSpan(t, timeZone);
  return workingSpans(hours, t.date, timeZone).some((w) => w.start <= span.start && span.end <= w.end);
}

/** What to say about a booking's time, beside overlaps: on a day off, or outside working hours. */
export function timeWarnings(
  t: Timing,
  facts: { hours: WorkingHours; timeOff: readonly DayRange[]; timeZone: string },
): TimeWarning[] {
  if (isTimeOff(facts.timeOff, t.date)) return ["time_off"];
  return insideHours(facts.hours, t, facts.timeZone) ? [] : ["outside_hours"];
}

/** The local dates a span may touch bookings on: the day before (a late booking running past midnight) through the day after. */
export function neighbourDates(date: string): { from: string; to: string } {
  return { from: addDays(date, -1), to: addDays(date, 1) };
}
