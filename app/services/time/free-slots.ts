// Free start times: the one answer to "when do you have time?". Pure: the
// caller hands in the facts (working hours, time off, what is already
// occupied, the service's length, the grid, the notice and "now"); no D1 and
// no clock here. The rules:
// - a candidate is a wall time on the day's grid: each working interval's
//   start, then every `step` minutes of wall clock;
// - a wall time a DST change skips is no slot; a repeated one is one slot, its
//   first occurrence (utils/time-zone's rule);
// - its whole span (duration + buffer, in real minutes) lies inside that same
//   working interval and touches no occupied span;
// - not on time off, and not before now + notice.
import { localTime, offsetAt, zonedInstant } from "~/utils/time-zone";
import { addDays, minutesOfDay } from "~/utils/dates";
import { isTimeOff, weekdayOf, type DayRange, type Span, type WorkingHours } from "./span";

const MINUTE = 60_000;

export type Slot = { date: string; time: string };

export type SlotFacts = {
  /** First local date (YYYY-MM-DD) and how many days from it. */
  from: string;
  days: number;
  hours: WorkingHours;
  timeOff: readonly DayRange[];
  /** What bookings already occupy (occupiedSpan), in any order. */
  busy: readonly Span[];
  durationMinutes: number;
  bufferMinutes: number;
  stepMinutes: number;
  noticeMinutes: number;
  now: number;
  timeZone: string;
};

/** Occupied spans joined where they touch or overlap, in order: ends then rise with starts. A span with no real instant (no time) is left out. */
export function mergeSpans(spans: readonly Span[]): Span[] {
  const sorted = spans
    .filter((s) => Number.isFinite(s.start) && Number.isFinite(s.end))
    .sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const s of sorted) {
    const last = merged[merged.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

const HOUR = 60 * MINUTE;

/**
 * zonedInstant for many times of few days: a day whose offset is the same 14
 * hours before its midnight and 14 hours after its end has no DST change near
 * it, so each of its wall times is one subtraction; other days ask
 * zonedInstant. (A 31-day answer reads a few thousand times; Intl per time
 * was most of its cost.)
 */
export function dayClock(timeZone: string) {
  const days = new Map<string, { midnight: number; offset: number | null }>();
  const dayOf = (date: string) => {
    let day = days.get(date);
    if (!day) {
      const [y, m, d] = date.split("-").map(Number);
      const midnight = Date.UTC(y, m - 1, d);
      const before = offsetAt(midnight - 14 * HOUR, timeZone);
      day = { midnight, offset: before === offsetAt(midnight + 38 * HOUR, timeZone) ? before : null };
      days.set(date, day);
    }
    return day;
  };
  return {
    /** Whether no DST change falls near the date (every wall time of it is real and once). */
    uniform: (date: string) => dayOf(date).offset !== null,
    instant: (date: string, time: string): number => {
      const day = dayOf(date);
      if (day.offset === null) return zonedInstant(date, time, timeZone);
      return day.midnight + minutesOfDay(time) * MINUTE - day.offset;
    },
  };
}

const pad = (n: number) => String(n).padStart(2, "0");
const wall = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

export function freeSlots(f: SlotFacts): Slot[] {
  const busy = mergeSpans(f.busy);
  const length = (f.durationMinutes + f.bufferMinutes) * MINUTE;
  const earliest = f.now + f.noticeMinutes * MINUTE;
  const slots: Slot[] = [];
  const clock = dayClock(f.timeZone);
  let b = 0; // the first busy span that may still touch a later candidate (candidates only move forward)
  for (let i = 0; i < f.days; i++) {
    const date = addDays(f.from, i);
    if (isTimeOff(f.timeOff, date)) continue;
    const intervals = [...(f.hours[String(weekdayOf(date))] ?? [])].sort(
      (x, y) => minutesOfDay(x[0]) - minutesOfDay(y[0]),
    );
    for (const [from, to] of intervals) {
      const end = clock.instant(date, to);
      const uniform = clock.uniform(date);
      for (let m = minutesOfDay(from); m < minutesOfDay(to); m += f.stepMinutes) {
        const time = wall(m);
        const start = clock.instant(date, time);
        if (!uniform && localTime(start, f.timeZone) !== time) continue; // skipped by a DST change (first: it reads as a later instant)
        if (start + length > end) break; // later candidates end later still
        if (start < earliest) continue;
        while (b < busy.length && busy[b].end <= start) b++;
        if (b < busy.length && busy[b].start < start + length) continue;
        slots.push({ date, time });
      }
    }
  }
  return slots;
}
