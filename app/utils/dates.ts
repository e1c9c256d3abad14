// Calendar dates and times of day as the product stores them: "YYYY-MM-DD"
// and "HH:MM" strings with no time zone. Zone-aware conversions live in time-zone.ts.

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Years a booking or a rule may name; outside them a typo is more likely than a plan. */
const YEAR_RANGE = { min: 1900, max: 2200 } as const;

/** A real calendar day given as numbers (month 1-12), within YEAR_RANGE. */
export function isRealDay(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < YEAR_RANGE.min || year > YEAR_RANGE.max) return false;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === day;
}

/** "YYYY-MM-DD" that names a real day: the one date check of the product. */
export function isRealDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  return match !== null && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The date `days` after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`;
}

/** A time of day on a 24-hour clock, "HH:MM", as a form's `pattern` attribute takes it (the browser anchors it). */
export const TIME_OF_DAY_PATTERN = "([01]\\d|2[0-3]):[0-5]\\d";
const TIME_OF_DAY = new RegExp(`^(?:${TIME_OF_DAY_PATTERN})(:[0-5]\\d)?$`);

/** What a caller reads besides "HH:MM": `seconds`, "HH:MM:SS" too; `singleDigitHour`, "H:MM" too. */
export type TimeOfDayInput = { seconds?: boolean; singleDigitHour?: boolean };

/** The one time-of-day rule: the value as "HH:MM" (seconds dropped, the hour padded), or null when it is not a time. */
export function readTimeOfDay(value: string, accept: TimeOfDayInput = {}): string | null {
  const time = accept.singleDigitHour && value[1] === ":" ? `0${value}` : value;
  const match = TIME_OF_DAY.exec(time);
  if (!match || (match[2] !== undefined && !accept.seconds)) return null;
  return time.slice(0, 5);
}

export function isTimeOfDay(value: string, accept?: TimeOfDayInput): boolean {
  return readTimeOfDay(value, accept) !== null;
}

/** Minutes since midnight of a stored "HH:MM" (or "HH:MM:SS"); "24:00", a day's end, is 1440. */
export const minutesOfDay = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
