// The periods the Insights screen offers, as local calendar dates (no zone
// work here: "today" comes in as the business's local date). Client-safe.
import { addDays } from "~/utils/dates";

/** Longer ranges are refused (400): a year and a month is the longest comparison an owner asks for. */
export const MAX_PERIOD_DAYS = 400;

export type PeriodKind = "week" | "month" | "last-month" | "custom";
export type Period = { from: string; to: string };

/** Days from `from` to `to`, both counted. */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const lastOfMonth = (date: string) => addDays(`${addDays(`${date.slice(0, 8)}28`, 4).slice(0, 8)}01`, -1);

/**
 * The period an owner compares with: this week so far with last week's same
 * days, this month so far with last month's same days (up to its last day),
 * last month with the month before, and a custom range with the same number
 * of days just before it (1 to 7 March with 22 to 28 February).
 */
export function periodBefore(kind: PeriodKind, { from, to }: Period): Period {
  if (kind === "week") return { from: addDays(from, -7), to: addDays(to, -7) };
  if (kind === "month" || kind === "last-month") {
    const first = `${addDays(from, -1).slice(0, 8)}01`;
    const last = lastOfMonth(first);
    const sameDay = `${first.slice(0, 8)}${to.slice(8)}`;
    return { from: first, to: kind === "last-month" || sameDay > last ? last : sameDay };
  }
  const days = periodDays(from, to);
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * A named period around `today`: this week (from its first day, Sunday where
 * weeks start on Sunday, else Monday, to today), this month (the 1st to
 * today), last month (the whole month).
 */
export function namedPeriod(kind: Exclude<PeriodKind, "custom">, today: string, weekStartsSunday: boolean): Period {
  if (kind === "week") {
    const back = (weekday(today) - (weekStartsSunday ? 0 : 1) + 7) % 7;
    return { from: addDays(today, -back), to: today };
  }
  const first = `${today.slice(0, 8)}01`;
  if (kind === "month") return { from: first, to: today };
  const lastDay = addDays(first, -1);
  return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
}

/** A weekday's name (0 = Sunday) in a language ("he", "en"). */
export function weekdayName(weekday: number, lang: string, width: "long" | "short" = "long"): string {
  return new Intl.DateTimeFormat(lang, { weekday: width, timeZone: "UTC" }).format(Date.UTC(2023, 0, 1 + weekday));
}
