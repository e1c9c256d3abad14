// Time-zone aware calendar arithmetic shared by all extractors.
// Dates are plain "YYYY-MM-DD" strings in the business's local calendar; only
// the instant -> local date step needs the IANA zone (Intl, works in workerd).
import { scanDates } from "./offline/dates";
import { pickTime, scanTimes } from "./offline/times";

export type LocalDate = string; // YYYY-MM-DD

/** A date expression before it is anchored to a message's local date. */
export type DateSpec =
  | { kind: "rel"; days: number } // today / tomorrow / day after tomorrow
  | { kind: "wd"; wd: number; mode: "next" | "this" | "nextweek" } // 0 = Sunday
  | { kind: "md"; m: number; d: number; y?: number; wd?: number } // month known
  | { kind: "num"; a: number; b: number; y?: number; wd?: number } // 12/3: order by zone
  | { kind: "dom"; d: number; wd?: number } // "the 13th"
  | { kind: "same" }; // "same day": resolved by the dialogue, not here

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const pad = (n: number) => String(n).padStart(2, "0");

export function ymd(y: number, m: number, d: number): LocalDate {
  return `${String(y).padStart(4, "0")}-${pad(m)}-${pad(d)}`;
}

export function parseYmd(date: LocalDate): { y: number; m: number; d: number } {
  return { y: +date.slice(0, 4), m: +date.slice(5, 7), d: +date.slice(8, 10) };
}

function offsetAt(ms: number, timeZone: string): number {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  const wall = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour % 24, +parts.minute);
  return wall - Math.floor(ms / 60000) * 60000;
}

// Offsets cached per zone and UTC day when the day has no DST change (Intl is slow).
const dayOffsets = new Map<string, number>();

function offsetOf(ms: number, timeZone: string): number {
  const day = Math.floor(ms / 86400000);
  const key = `${timeZone}|${day}`;
  const hit = dayOffsets.get(key);
  if (hit !== undefined) return hit;
  const a = offsetAt(day * 86400000, timeZone);
  const b = offsetAt(day * 86400000 + 86399999, timeZone);
  if (a !== b) return offsetAt(ms, timeZone);
  if (dayOffsets.size > 5000) dayOffsets.clear();
  dayOffsets.set(key, a);
  return a;
}

/** Local wall-clock date and time of an instant in an IANA zone. */
export function localDateTimeOf(ms: number, timeZone: string): { date: LocalDate; time: string } {
  const t = new Date(ms + offsetOf(ms, timeZone));
  return {
    date: ymd(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate()),
    time: `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`,
  };
}

export function localDateOf(ms: number, timeZone: string): LocalDate {
  return localDateTimeOf(ms, timeZone).date;
}

export function isValidDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1 || d > 31) return false;
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

export function addDays(date: LocalDate, n: number): LocalDate {
  const { y, m, d } = parseYmd(date);
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return ymd(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  const { y, m, d } = parseYmd(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The next given weekday strictly after `date`. */
export function nextWeekdayAfter(date: LocalDate, wd: number): LocalDate {
  const diff = (wd - weekdayOf(date) + 7) % 7;
  return addDays(date, diff === 0 ? 7 : diff);
}

export function weekdayOnOrAfter(date: LocalDate, wd: number): LocalDate {
  return addDays(date, (wd - weekdayOf(date) + 7) % 7);
}

/** "Next week <weekday>": that weekday in the following Monday-start week. */
export function weekdayNextWeek(date: LocalDate, wd: number): LocalDate {
  const sinceMonday = (weekdayOf(date) + 6) % 7;
  const nextMonday = addDays(date, 7 - sinceMonday);
  return addDays(nextMonday, (wd + 6) % 7);
}

/** A month/day without a year: its next occurrence on or after `date`. */
export function nextOccurrence(date: LocalDate, m: number, d: number): LocalDate | null {
  const base = parseYmd(date);
  for (let y = base.y; y <= base.y + 8; y++) {
    if (!isValidDate(y, m, d)) continue;
    const c = ymd(y, m, d);
    if (c >= date) return c;
  }
  return null;
}

/** US zones write month-first (9/23); Israel, UK and Europe day-first. */
export function prefersMonthFirst(timeZone: string): boolean {
  return timeZone.startsWith("America/");
}

function withYear(y: number | undefined, m: number, d: number, base: LocalDate): LocalDate | null {
  if (y === undefined) return nextOccurrence(base, m, d);
  const yy = y < 100 ? 2000 + y : y;
  return isValidDate(yy, m, d) ? ymd(yy, m, d) : null;
}

/** Anchors a DateSpec to the local date of the message that states it. */
export function resolveDateSpec(spec: DateSpec, base: LocalDate, timeZone: string): LocalDate | null {
  switch (spec.kind) {
    case "rel":
      return addDays(base, spec.days);
    case "wd":
      if (spec.mode === "this") return weekdayOnOrAfter(base, spec.wd);
      if (spec.mode === "nextweek") return weekdayNextWeek(base, spec.wd);
      return nextWeekdayAfter(base, spec.wd);
    case "md": {
      const r = withYear(spec.y, spec.m, spec.d, base);
      if (r && spec.wd !== undefined && spec.y === undefined && weekdayOf(r) !== spec.wd) {
        // A weekday that disagrees with the next occurrence: try the year after.
        const later = nextOccurrence(addDays(r, 1), spec.m, spec.d);
        if (later && weekdayOf(later) === spec.wd) return later;
      }
      return r;
    }
    case "num": {
      const monthFirst = prefersMonthFirst(timeZone);
      const orders: Array<[number, number]> = monthFirst
        ? [[spec.a, spec.b], [spec.b, spec.a]]
        : [[spec.b, spec.a], [spec.a, spec.b]];
      const cands = orders
        .map(([m, d]) => withYear(spec.y, m, d, base))
        .filter((c): c is LocalDate => c !== null);
      if (spec.wd !== undefined) {
        const hit = cands.find((c) => weekdayOf(c) === spec.wd);
        if (hit) return hit;
      }
      return cands[0] ?? null;
    }
    case "dom": {
      const b = parseYmd(base);
      let first: LocalDate | null = null;
      for (let k = 0; k < 14; k++) {
        const y = b.y + Math.floor((b.m - 1 + k) / 12);
        const m = ((b.m - 1 + k) % 12) + 1;
        if (!isValidDate(y, m, spec.d)) continue;
        const c = ymd(y, m, spec.d);
        if (c < base) continue;
        if (spec.wd === undefined || weekdayOf(c) === spec.wd) return c;
        first ??= c;
      }
      return first;
    }
    case "same":
      return null;
  }
}

/**
 * Resolves a date phrase ("tomorrow", "next week Thursday", "12/3", "March 12th",
 * "מחרתיים", "20 декабря") against the local date of the message instant.
 */
export function resolveDatePhrase(phrase: string, messageInstantMs: number, timeZone: string): LocalDate | null {
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(phrase);
  if (iso && isValidDate(+iso[1], +iso[2], +iso[3])) return iso[0];
  const base = localDateOf(messageInstantMs, timeZone);
  for (const m of scanDates(phrase)) {
    const r = resolveDateSpec(m.spec, base, timeZone);
    if (r) return r;
  }
  return null;
}

/** Resolves a time phrase ("5pm", "17:00", "ב-10 בבוקר", "6 المسا", "15:30 Uhr") to HH:MM. */
export function resolveTimePhrase(phrase: string): string | null {
  const t = pickTime(scanTimes(phrase, { loose: true }));
  return t ? `${pad(t.h)}:${pad(t.m)}` : null;
}
