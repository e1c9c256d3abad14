// "When the client is due": each booking's client's usual interval for the
// booking's service (services/clients/rhythm.ts, from three visits on), read
// when a "due" follow-up is planned or re-planned. null: no interval for that
// service yet (the rule's fallback days apply).
import { createDb } from "~db";
import { rhythms } from "~/services/clients/rhythms.server";
import { localDate } from "~/utils/time-zone";

export type DueBooking = { id: string; client_id: string; service: string };

export async function dueIntervals(
  d1: D1Database,
  business: { id: string; timeZone: string },
  bookings: DueBooking[],
  now: number,
): Promise<Map<string, number | null>> {
  const found = await rhythms(
    createDb(d1),
    business,
    [...new Set(bookings.map((b) => b.client_id))],
    localDate(now, business.timeZone),
  );
  return new Map(
    bookings.map((b) => {
      const r = found.get(b.client_id);
      const same = r?.last_service && r.last_service.toLowerCase() === b.service.toLowerCase();
      return [b.id, same ? (r?.usual_interval_days ?? null) : null];
    }),
  );
}
