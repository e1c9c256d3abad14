// Calendar arithmetic shared by all extractors: what a date expression means
// relative to the local date of the message that says it. Dates are plain
// "YYYY-MM-DD" strings in the business's local calendar; instants become local
// dates in utils/time-zone.ts, and the day check and addDays are utils/dates.ts.
import { addDays, isRealDay } from "~/utils/dates";

export type LocalDate = string; // YYYY-MM-DD

/** Which occurrence of a named weekday: the next one after today, this week's (today counts), or next week's. */
export type WeekdayMode = "next" | "this" | "nextWeek";

/** A date expression before it is anchored to a message's local date. Weekdays: 0 = Sunday. */
export type DateSpec =
  | { kind: "relative"; days: number } // today / tomorrow / day after tomorrow
  | { kind: "weekday"; weekday: number; mode: WeekdayMode }
  | { kind: "monthDay"; month: number; day: number; year?: number; weekday?: number } // month known
  | { kind: "numeric"; first: number; second: number; year?: number; weekday?: number } // 12/3: order by zone
  | { kind: "dayOfMonth"; day: number; weekday?: number } // "the 13th"
  | { kind: "sameDay" }; // "same day": resolved by the dialogue, not here

/** How many years ahead a month and day without a year may fall (29 February needs up to 8). */
const YEARS_AHEAD = 8;
/** How many months ahead "the 13th" may fall (a weekday beside it may skip some). */
const MONTHS_AHEAD = 14;
/** Two-digit years are this century's ("12/3/26"). */
const CENTURY = 2000;

const pad = (n: number) => String(n).padStart(2, "0");

function formatDate(year: number, month: number, day: number): LocalDate {
  return `${String(year).padStart(4, "0")}-${pad(month)}-${pad(day)}`;
}

function dateParts(date: LocalDate): { year: number; month: number; day: number } {
  return { year: +date.slice(0, 4), month: +date.slice(5, 7), day: +date.slice(8, 10) };
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekdayOf(date: LocalDate): number {
  const { year, month, day } = dateParts(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The next given weekday strictly after `date`. */
export function nextWeekdayAfter(date: LocalDate, weekday: number): LocalDate {
  const days = (weekday - weekdayOf(date) + 7) % 7;
  return addDays(date, days === 0 ? 7 : days);
}

function weekdayOnOrAfter(date: LocalDate, weekday: number): LocalDate {
  return addDays(date, (weekday - weekdayOf(date) + 7) % 7);
}

/** "Next week <weekday>": that weekday in the following Monday-start week. */
export function weekdayNextWeek(date: LocalDate, weekday: number): LocalDate {
  const sinceMonday = (weekdayOf(date) + 6) % 7;
  const nextMonday = addDays(date, 7 - sinceMonday);
  return addDays(nextMonday, (weekday + 6) % 7);
}

/** A month/day without a year: its next occurrence on or after `date`. */
export function nextOccurrence(date: LocalDate, month: number, day: number): LocalDate | null {
  const { year: baseYear } = dateParts(date);
  for (let year = baseYear; year <= baseYear + YEARS_AHEAD; year++) {
    if (!isRealDay(year, month, day)) continue;
    const candidate = formatDate(year, month, day);
    if (candidate >= date) return candidate;
  }
  return null;
}

/** US zones write month-first (9/23); Israel, UK and Europe day-first. */
function prefersMonthFirst(timeZone: string): boolean {
  return timeZone.startsWith("America/");
}

/** The date in the year written (two digits are this century's), or the next occurrence when none is. */
function inYear(year: number | undefined, month: number, day: number, base: LocalDate): LocalDate | null {
  if (year === undefined) return nextOccurrence(base, month, day);
  const fullYear = year < 100 ? CENTURY + year : year;
  return isRealDay(fullYear, month, day) ? formatDate(fullYear, month, day) : null;
}

function resolveMonthDay(spec: Extract<DateSpec, { kind: "monthDay" }>, base: LocalDate): LocalDate | null {
  const date = inYear(spec.year, spec.month, spec.day, base);
  if (date && spec.weekday !== undefined && spec.year === undefined && weekdayOf(date) !== spec.weekday) {
    // A weekday that disagrees with the next occurrence: try the year after.
    const later = nextOccurrence(addDays(date, 1), spec.month, spec.day);
    if (later && weekdayOf(later) === spec.weekday) return later;
  }
  return date;
}

/** "12/3": day-first or month-first by the zone's habit, unless a weekday beside it fits only the other order. */
function resolveNumeric(
  spec: Extract<DateSpec, { kind: "numeric" }>,
  base: LocalDate,
  timeZone: string,
): LocalDate | null {
  const { first, second } = spec;
  const orders: Array<[month: number, day: number]> = prefersMonthFirst(timeZone)
    ? [
        [first, second],
        [second, first],
      ]
    : [
        [second, first],
        [first, second],
      ];
  const candidates = orders
    .map(([month, day]) => inYear(spec.year, month, day, base))
    .filter((date): date is LocalDate => date !== null);
  if (spec.weekday !== undefined) {
    const fitting = candidates.find((date) => weekdayOf(date) === spec.weekday);
    if (fitting) return fitting;
  }
  return candidates[0] ?? null;
}

/** "The 13th": the next 13th on or after the base date, or the first one on the weekday said beside it. */
function resolveDayOfMonth(spec: Extract<DateSpec, { kind: "dayOfMonth" }>, base: LocalDate): LocalDate | null {
  const { year: baseYear, month: baseMonth } = dateParts(base);
  let firstFound: LocalDate | null = null;
  for (let ahead = 0; ahead < MONTHS_AHEAD; ahead++) {
    const year = baseYear + Math.floor((baseMonth - 1 + ahead) / 12);
    const month = ((baseMonth - 1 + ahead) % 12) + 1;
    if (!isRealDay(year, month, spec.day)) continue;
    const date = formatDate(year, month, spec.day);
    if (date < base) continue;
    if (spec.weekday === undefined || weekdayOf(date) === spec.weekday) return date;
    firstFound ??= date;
  }
  return firstFound;
}

/** Anchors a DateSpec to the local date of the message that states it. */
export function resolveDateSpec(spec: DateSpec, base: LocalDate, timeZone: string): LocalDate | null {
  switch (spec.kind) {
    case "relative":
      return addDays(base, spec.days);
    case "weekday":
      if (spec.mode === "this") return weekdayOnOrAfter(base, spec.weekday);
      if (spec.mode === "nextWeek") return weekdayNextWeek(base, spec.weekday);
      return nextWeekdayAfter(base, spec.weekday);
    case "monthDay":
      return resolveMonthDay(spec, base);
    case "numeric":
      return resolveNumeric(spec, base, timeZone);
    case "dayOfMonth":
      return resolveDayOfMonth(spec, base);
    case "sameDay":
      return null;
  }
}
