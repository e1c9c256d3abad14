// Calendar arithmetic shared by all extractors: what a date expression means
// relative to the local date of the message that says it. Dates are plain
// "YYYY-MM-DD" strings in the business's local calendar; instants become local
// dates in utils/time-zone.ts, and the day check and addDays are utils/dates.ts.
import { addDays, isRealDay } from "../../utils/dates";

export type LocalDate = string; // YYYY-MM-DD

/** A date expression before it is anchored to a message's local date. */
export type DateSpec =
  | { kind: "rel"; days: number } // today / tomorrow / day after tomorrow
  | { kind: "wd"; wd: number; mode: "next" | "this" | "nextweek" } // 0 = Sunday
  | { kind: "md"; m: number; d: number; y?: number; wd?: number } // month known
  | { kind: "num"; a: number; b: number; y?: number; wd?: number } // 12/3: order by zone
  | { kind: "dom"; d: number; wd?: number } // "the 13th"
  | { kind: "same" }; // "same day": resolved by the dialogue, not here

const pad = (n: number) => String(n).padStart(2, "0");

export function ymd(y: number, m: number, d: number): LocalDate {
  return `${String(y).padStart(4, "0")}-${pad(m)}-${pad(d)}`;
}

export function parseYmd(date: LocalDate): { y: number; m: number; d: number } {
  return { y: +date.slice(0, 4), m: +date.slice(5, 7), d: +date.slice(8, 10) };
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
    if (!isRealDay(y, m, d)) continue;
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
  return isRealDay(yy, m, d) ? ymd(yy, m, d) : null;
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
        if (!isRealDay(y, m, spec.d)) continue;
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
