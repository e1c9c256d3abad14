// Wall-clock arithmetic in a business's IANA time zone. The zone's UTC offset
// at an instant comes from @date-fns/tz (`tzOffset`, Intl underneath, so it
// runs the same in workerd, Node and the browser); the rest is UTC arithmetic
// on that offset. No server-only imports: screens use it too.
//
// The rule for local times that a DST change skips or repeats (RFC 5545's):
// - a skipped time (spring forward, e.g. 02:30 that never happens) moves
//   forward by the size of the gap (03:30);
// - a repeated time (fall back) means its first occurrence.
// Either way it is one instant, so the message is sent once.
//
// Wall clock -> instant does not use `new TZDate(y, m, d, h, min, zone)`: for a
// repeated time it returns the first or the second occurrence depending on the
// machine's own time zone (date-fns/tz issue 40), so server and browser could
// disagree. `npm run bench:time-zone` checks both directions against Intl.
import { tzOffset } from "@date-fns/tz/tzOffset"; // the subpath: the index would bring TZDate, whose setup is not tree-shaken

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An IANA name Intl knows. (tzOffset alone also takes "+05:00" and any text holding such an offset.) */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Local minus UTC, in ms, at that instant. */
export function offsetAt(instant: number, timeZone: string): number {
  const minutes = tzOffset(timeZone, new Date(instant));
  if (Number.isNaN(minutes)) throw new RangeError(`Invalid time zone specified: ${timeZone}`);
  return Math.round(minutes * MINUTE); // historical offsets carry seconds: minutes with a fraction
}

/** A Date whose UTC fields show the wall clock in timeZone at that instant. */
function wallClock(instant: number, timeZone: string): Date {
  return new Date(instant + offsetAt(instant, timeZone));
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

export function zonedParts(instant: number, timeZone: string): Parts {
  const w = wallClock(instant, timeZone);
  return {
    year: w.getUTCFullYear(),
    month: w.getUTCMonth() + 1,
    day: w.getUTCDate(),
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    second: w.getUTCSeconds(),
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(instant: number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${w.getUTCFullYear()}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
}

/** The local time (HH:MM) of an instant. */
export function localTime(instant: number, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
}

/** The instant at which the wall clock in timeZone shows date (YYYY-MM-DD) and time (HH:MM[:SS]). */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const local = Date.UTC(y, m - 1, d, hh, mm);
  // The offsets in force 14 hours either side: the same unless a change falls in between.
  const before = offsetAt(local - 14 * HOUR, timeZone);
  const after = offsetAt(local + 14 * HOUR, timeZone);
  if (before === after) return local - before;
  // An instant shows the wall clock when the offset in force there is the one it was read with.
  const shown = [local - before, local - after].filter((t, i) => offsetAt(t, timeZone) === (i === 0 ? before : after));
  if (shown.length) return Math.min(...shown); // twice when repeated: the first
  return local - before; // skipped: read with the offset before the change, i.e. forward by the gap
}

/** When a booking starts, as an instant. */
export function bookingInstant(date: string, time: string, timeZone: string): number {
  return zonedInstant(date, time.slice(0, 5), timeZone);
}
