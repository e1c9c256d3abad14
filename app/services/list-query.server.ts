// Query-string options of the client and booking lists (JSON API and screens):
// wrong values are a 400 with a message, never a silent full scan.
import { AppError } from "~/utils/problem";
import { isRealDate } from "~/utils/dates";
import { SEARCH_MAX } from "./clients/search.server";
import { bookingStatuses, type BookingStatus } from "./bookings/status";
import { MAX_PERIOD_DAYS, periodDays } from "./insights/periods";

/** The screens' first page (and each "Load more"): about what a phone shows in a few scrolls. The JSON API keeps its own default. */
export const SCREEN_PAGE = 30;

function dateParam(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key)?.trim();
  if (!value) return undefined;
  if (!isRealDate(value)) throw new AppError(400, "problem.dateFormat", { field: key });
  return value;
}

function limitParam(params: URLSearchParams, max: number): number | undefined {
  const value = params.get("limit")?.trim();
  if (!value) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new AppError(400, "problem.limitRange", { max });
  return n;
}

export function listQuery(params: URLSearchParams, maxLimit: number) {
  const q = (params.get("q") ?? params.get("search") ?? "").trim();
  if (q.length > SEARCH_MAX) throw new AppError(400, "problem.searchTooLong", { max: SEARCH_MAX });
  const from = dateParam(params, "from");
  const to = dateParam(params, "to");
  if (from && to && from > to) throw new AppError(400, "problem.fromAfterTo");
  const cursor = params.get("cursor")?.trim() || undefined;
  return { q, from, to, cursor, limit: limitParam(params, maxLimit) };
}

export function statusParam(params: URLSearchParams): BookingStatus | undefined {
  const value = params.get("status")?.trim();
  if (!value) return undefined;
  if (!(bookingStatuses as readonly string[]).includes(value))
    throw new AppError(400, "problem.fieldOneOf", { field: "status", values: bookingStatuses.join(", ") });
  return value as BookingStatus;
}

/** The calendar's visible range (start inclusive, end exclusive). */
export function rangeQuery(params: URLSearchParams) {
  const start = dateParam(params, "start");
  const end = dateParam(params, "end");
  if (!start || !end) throw new AppError(400, "problem.rangeRequired");
  const q = (params.get("q") ?? "").trim();
  if (q.length > SEARCH_MAX) throw new AppError(400, "problem.searchTooLong", { max: SEARCH_MAX });
  return { start, end, q };
}

/** The Insights period: from and to (local dates, both included), from not after to, at most MAX_PERIOD_DAYS days. */
export function periodQuery(params: URLSearchParams) {
  const from = dateParam(params, "from");
  if (!from) throw new AppError(400, "problem.fieldRequired", { field: "from" });
  const to = dateParam(params, "to");
  if (!to) throw new AppError(400, "problem.fieldRequired", { field: "to" });
  if (from > to) throw new AppError(400, "problem.fromAfterTo");
  if (periodDays(from, to) > MAX_PERIOD_DAYS)
    throw new AppError(400, "problem.periodTooLong", { max: MAX_PERIOD_DAYS });
  return { from, to };
}
