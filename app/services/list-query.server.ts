// Query-string options of the client and booking lists (JSON API and screens):
// wrong values are a 400 with a message, never a silent full scan.
import { ServiceError } from "./service-error";
import { isRealDate } from "~/utils/dates";
import { SEARCH_MAX } from "./clients/search.server";
import { bookingStatuses, type BookingStatus } from "./bookings/status";

function dateParam(params: URLSearchParams, key: string): string | undefined {
  const value = params.get(key)?.trim();
  if (!value) return undefined;
  if (!isRealDate(value)) throw new ServiceError(400, `${key} must be a date as YYYY-MM-DD.`);
  return value;
}

function limitParam(params: URLSearchParams, max: number): number | undefined {
  const value = params.get("limit")?.trim();
  if (!value) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new ServiceError(400, `limit must be a whole number from 1 to ${max}.`);
  return n;
}

export function listQuery(params: URLSearchParams, maxLimit: number) {
  const q = (params.get("q") ?? params.get("search") ?? "").trim();
  if (q.length > SEARCH_MAX) throw new ServiceError(400, `The search text is too long (max ${SEARCH_MAX} characters).`);
  const from = dateParam(params, "from");
  const to = dateParam(params, "to");
  if (from && to && from > to) throw new ServiceError(400, "from must not be after to.");
  const cursor = params.get("cursor")?.trim() || undefined;
  return { q, from, to, cursor, limit: limitParam(params, maxLimit) };
}

export function statusParam(params: URLSearchParams): BookingStatus | undefined {
  const value = params.get("status")?.trim();
  if (!value) return undefined;
  if (!(bookingStatuses as readonly string[]).includes(value)) throw new ServiceError(400, `status must be one of ${bookingStatuses.join(", ")}.`);
  return value as BookingStatus;
}

/** The calendar's visible range (start inclusive, end exclusive). */
export function rangeQuery(params: URLSearchParams) {
  const start = dateParam(params, "start");
  const end = dateParam(params, "end");
  if (!start || !end) throw new ServiceError(400, "start and end are required as YYYY-MM-DD.");
  const q = (params.get("q") ?? "").trim();
  if (q.length > SEARCH_MAX) throw new ServiceError(400, `The search text is too long (max ${SEARCH_MAX} characters).`);
  return { start, end, q };
}
