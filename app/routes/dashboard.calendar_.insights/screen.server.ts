// The Insights screen's period (this week, this month, last month or a custom
// range, in the business's zone) and its figures against the period before;
// the CSV export reads the same choice.
import type { schema } from "~db";
import { insights, type Insights } from "~/services/insights/insights.server";
import { namedPeriod, type PeriodKind } from "~/services/insights/periods";
import { periodQuery } from "~/services/list-query.server";
import { caught, type Problem } from "~/utils/problem";
import { minutesOfDay } from "~/utils/dates";
import { localDate } from "~/utils/time-zone";

type Business = typeof schema.businesses.$inferSelect;

const KINDS: readonly PeriodKind[] = ["week", "month", "last-month", "custom"];

/** Weeks start on Sunday in Israel (and where the salon opens on Sundays), else on Monday. */
const weekStartsSunday = (business: Business) =>
  business.country.toUpperCase() === "IL" || (business.workingHours["0"]?.length ?? 0) > 0;

export type InsightsScreen = {
  kind: PeriodKind;
  /** The custom range's fields as asked (or the shown period's dates). */
  custom: { from: string; to: string };
  figures: Insights | null;
  problem: Problem | null;
  weekStartsSunday: boolean;
  /** The first and last hour the salon is open on any day (the heat map's columns at least). */
  openHours: [number, number];
};

function openHours(business: Business): [number, number] {
  const intervals = Object.values(business.workingHours).flat();
  if (intervals.length === 0) return [9, 17];
  const first = Math.min(...intervals.map(([start]) => Math.floor(minutesOfDay(start) / 60)));
  const last = Math.max(...intervals.map(([, end]) => Math.ceil(minutesOfDay(end) / 60) - 1));
  return [first, Math.max(first, last)];
}

export async function insightsScreen(
  d1: D1Database,
  business: Business,
  params: URLSearchParams,
  now: number,
): Promise<InsightsScreen> {
  const asked = params.get("period") ?? "";
  const kind: PeriodKind = (KINDS as readonly string[]).includes(asked) ? (asked as PeriodKind) : "month";
  const today = localDate(now, business.timeZone);
  const sunday = weekStartsSunday(business);
  const shown = { weekStartsSunday: sunday, openHours: openHours(business) };
  if (kind === "custom") {
    const custom = { from: params.get("from") ?? "", to: params.get("to") ?? "" };
    try {
      const period = periodQuery(params);
      return { kind, custom, figures: await insights(d1, business, period, kind, now), problem: null, ...shown };
    } catch (error) {
      return { kind, custom, figures: null, problem: caught(error).problem, ...shown };
    }
  }
  const period = namedPeriod(kind, today, sunday);
  return { kind, custom: period, figures: await insights(d1, business, period, kind, now), problem: null, ...shown };
}
