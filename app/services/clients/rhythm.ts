// A client's rhythm and reliability, from their bookings up to today: visits,
// no-shows, late cancellations (cancelled less than 24 hours before the
// start), and their usual interval for the service they last came for (the
// median gap between those visits, from three visits on) with the day they
// are due again. Pure: the list's one query hands each client's rows in date order.
import { addDays } from "~/utils/dates";

export type HistoryRow = {
  booking_date: string;
  booking_time: string;
  service: string;
  status: string;
  updated_at: number;
};

export type Rhythm = {
  last_visit: string | null;
  last_service: string | null;
  visits: number;
  no_shows: number;
  late_cancels: number;
  usual_interval_days: number | null;
  due_date: string | null;
};

/** Visits of one service needed before an interval is told. */
export const RHYTHM_MIN_VISITS = 3;
const LATE_MS = 86_400_000;

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** `rows` in date and time order; `startOf` the instant a booking starts (the business's zone). */
export function rhythmOf(rows: HistoryRow[], today: string, startOf: (date: string, time: string) => number): Rhythm {
  let visits = 0;
  let noShows = 0;
  let lateCancels = 0;
  let last: HistoryRow | null = null;
  for (const r of rows) {
    // A booking-link hold still waiting for the customer is no visit (the query leaves out expired ones).
    if (r.status === "pending") continue;
    if (r.status === "cancelled") {
      if (r.updated_at > startOf(r.booking_date, r.booking_time) - LATE_MS) lateCancels++;
    } else if (r.status === "no_show") {
      if (r.booking_date <= today) noShows++;
    } else if (r.booking_date <= today) {
      visits++;
      last = r;
    }
  }
  let interval: number | null = null;
  let due: string | null = null;
  if (last) {
    const service = last.service.toLowerCase();
    const dates = [
      ...new Set(
        rows
          .filter(
            (r) =>
              r.booking_date <= today &&
              !["cancelled", "no_show", "pending"].includes(r.status) &&
              r.service.toLowerCase() === service,
          )
          .map((r) => r.booking_date),
      ),
    ];
    if (dates.length >= RHYTHM_MIN_VISITS) {
      interval = Math.round(median(dates.slice(1).map((d, i) => dayNumber(d) - dayNumber(dates[i]))));
      due = addDays(dates[dates.length - 1], interval);
    }
  }
  return {
    last_visit: last?.booking_date ?? null,
    last_service: last?.service ?? null,
    visits,
    no_shows: noShows,
    late_cancels: lateCancels,
    usual_interval_days: interval,
    due_date: due,
  };
}
