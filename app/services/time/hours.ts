// Working hours as the owner sets them: per weekday ("0" = Sunday ... "6"),
// zero or more local [start, end) intervals, "HH:MM" ("24:00" may end a day).
// Pure and client-safe: the API, the Settings editor and registration use it.
import type { MessageKey } from "~/i18n";
import { isTimeOfDay, minutesOfDay } from "~/utils/dates";
import type { WorkingHours } from "./span";

export const WEEKDAYS = ["0", "1", "2", "3", "4", "5", "6"] as const;
/** More intervals than this on one day is a typo, not a timetable. */
export const MAX_INTERVALS = 6;
export const SLOT_STEP = { min: 5, max: 60, default: 15 } as const;
/** Up to a week's notice: a salon that wants more than that has stopped taking bookings. */
export const NOTICE = { min: 0, max: 7 * 24 * 60, default: 60 } as const;

const isStart = (v: unknown): v is string => typeof v === "string" && isTimeOfDay(v);
const isEnd = (v: unknown): v is string => typeof v === "string" && (isTimeOfDay(v) || v === "24:00");

const day = (from: string, to: string): [string, string][] => [[from, to]];
const week = (open: Record<string, [string, string][]>): WorkingHours =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, open[d] ?? []]));

/** Israel: Sunday to Thursday, and Friday until the afternoon (Shabbat). */
export const HOURS_IL = week({
  0: day("09:00", "19:00"),
  1: day("09:00", "19:00"),
  2: day("09:00", "19:00"),
  3: day("09:00", "19:00"),
  4: day("09:00", "19:00"),
  5: day("09:00", "14:00"),
});
/** Elsewhere: Monday to Friday, and Saturday until 16:00. */
export const HOURS_DEFAULT = week({
  1: day("09:00", "18:00"),
  2: day("09:00", "18:00"),
  3: day("09:00", "18:00"),
  4: day("09:00", "18:00"),
  5: day("09:00", "18:00"),
  6: day("09:00", "16:00"),
});

const ISRAEL_ZONES = new Set(["Asia/Jerusalem", "Asia/Tel_Aviv", "Israel"]);

/** A new business's hours: its country's, or (a Google sign-up names no country yet) its zone's. */
export function defaultWorkingHours(country: string | null | undefined, timeZone?: string | null): WorkingHours {
  const israeli = country ? country.toUpperCase() === "IL" : ISRAEL_ZONES.has(timeZone ?? "");
  return structuredClone(israeli ? HOURS_IL : HOURS_DEFAULT);
}

export type HoursProblem = { key: MessageKey; params?: Record<string, string> };

/**
 * What is wrong with a working-hours value (null: nothing). Days may be left
 * out (they keep their intervals); each day is a list of [start, end] with
 * start before end and no two intervals overlapping.
 */
export function hoursProblem(raw: unknown): HoursProblem | null {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return { key: "hours.err.shape" };
  for (const [key, intervals] of Object.entries(raw)) {
    if (!(WEEKDAYS as readonly string[]).includes(key) || !Array.isArray(intervals)) return { key: "hours.err.shape" };
    if (intervals.length > MAX_INTERVALS) return { key: "hours.err.tooMany", params: { max: String(MAX_INTERVALS) } };
    for (const pair of intervals) {
      if (!Array.isArray(pair) || pair.length !== 2) return { key: "hours.err.shape" };
      const [from, to] = pair as unknown[];
      if (!isStart(from)) return { key: "hours.err.time", params: { time: String(from).slice(0, 10) } };
      if (!isEnd(to)) return { key: "hours.err.time", params: { time: String(to).slice(0, 10) } };
      if (minutesOfDay(from) >= minutesOfDay(to)) return { key: "hours.err.order", params: { from, to } };
    }
    const sorted = [...(intervals as [string, string][])].sort((a, b) => minutesOfDay(a[0]) - minutesOfDay(b[0]));
    for (let i = 1; i < sorted.length; i++) {
      const [prev, next] = [sorted[i - 1], sorted[i]];
      if (minutesOfDay(next[0]) < minutesOfDay(prev[1]))
        return { key: "hours.err.overlap", params: { a: `${prev[0]}-${prev[1]}`, b: `${next[0]}-${next[1]}` } };
    }
  }
  return null;
}

/** Every weekday present, each day's intervals in order, touching ones joined (09-12 and 12-18 is 09-18). */
export function normalizeHours(hours: Partial<WorkingHours>): WorkingHours {
  return Object.fromEntries(
    WEEKDAYS.map((d) => {
      const sorted = [...(hours[d] ?? [])].sort((a, b) => minutesOfDay(a[0]) - minutesOfDay(b[0]));
      const joined: [string, string][] = [];
      for (const [from, to] of sorted) {
        const last = joined[joined.length - 1];
        if (last && minutesOfDay(from) <= minutesOfDay(last[1]))
          last[1] = minutesOfDay(to) > minutesOfDay(last[1]) ? to : last[1];
        else joined.push([from, to]);
      }
      return [d, joined];
    }),
  );
}

/** A stored value read defensively: anything malformed counts as closed that day rather than failing a screen. */
export function readHours(stored: unknown): WorkingHours {
  if (typeof stored === "string") {
    try {
      return readHours(JSON.parse(stored));
    } catch {
      return normalizeHours({});
    }
  }
  if (typeof stored !== "object" || stored === null) return normalizeHours({});
  const days: Partial<WorkingHours> = {};
  for (const d of WEEKDAYS) {
    const value = (stored as Record<string, unknown>)[d];
    if (Array.isArray(value) && hoursProblem({ [d]: value }) === null) days[d] = value as [string, string][];
  }
  return normalizeHours(days);
}
