// Wall-clock arithmetic in a business's IANA time zone, on Intl alone so it
// runs the same in workerd, Node and the browser.
//
// The rule for local times that a DST change skips or repeats:
// - a skipped time (spring forward, e.g. 02:30 that never happens) moves
//   forward by the size of the gap (03:30);
// - a repeated time (fall back) means its first occurrence.
// Either way it is one instant, so the message is sent once.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

export function zonedParts(instant: number, timeZone: string): Parts {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== "literal") parts[p.type] = Number(p.value);
  }
  return parts as unknown as Parts;
}

/** Local minus UTC, in ms, at that instant. */
export function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(instant: number, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The local time (HH:MM) of an instant. */
export function localTime(instant: number, timeZone: string): string {
  const p = zonedParts(instant, timeZone);
  return `${pad(p.hour)}:${pad(p.minute)}`;
}

/** The instant at which the wall clock in timeZone shows date (YYYY-MM-DD) and time (HH:MM[:SS]). */
export function zonedInstant(date: string, time: string, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const local = Date.UTC(y, m - 1, d, hh, mm);
  const hours14 = 14 * 3600 * 1000;
  const before = offsetAt(local - hours14, timeZone);
  const after = offsetAt(local + hours14, timeZone);
  const candidates = [local - before, local - after].filter((c) => {
    const p = zonedParts(c, timeZone);
    return p.hour === hh && p.minute === mm && p.day === d;
  });
  if (candidates.length) return Math.min(...candidates);
  return local - before; // skipped by DST: forward by the gap
}

/** When a booking starts, as an instant. */
export function bookingInstant(date: string, time: string, timeZone: string): number {
  return zonedInstant(date, time.slice(0, 5), timeZone);
}
