// Quiet hours: a local window (default 21:00 to 08:00) in which day-based
// messages never go out; they wait for its end. Equal start and end: none.
import { localDate, localTime, zonedInstant } from "~/utils/time-zone";
import { addDays } from "~/utils/dates";

export const DEFAULT_QUIET = { start: "21:00", end: "08:00" } as const;

/** Is the local HH:MM inside [start, end) (a window may cross midnight)? */
export function inQuietHours(time: string, start: string, end: string): boolean {
  const t = time.slice(0, 5);
  if (start === end) return false;
  return start < end ? t >= start && t < end : t >= start || t < end;
}

/** When the quiet hours around `now` end (the instant), or null when `now` is outside them. */
export function quietHoursEnd(now: number, timeZone: string, start: string, end: string): number | null {
  const time = localTime(now, timeZone);
  if (!inQuietHours(time, start, end)) return null;
  const today = localDate(now, timeZone);
  // Before midnight in a window that crosses it, the end is tomorrow.
  const day = start > end && time >= start ? addDays(today, 1) : today;
  return zonedInstant(day, end, timeZone);
}
