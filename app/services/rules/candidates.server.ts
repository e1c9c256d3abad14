// What the wizard offers: the services to pick, and the clients (bookings)
// a rule can be made for.
import { localDate } from "~/utils/time-zone";
import { addDays } from "~/utils/dates";
import { AppError } from "~/utils/problem";
import { optedOutSql } from "../safety/consent.server";

export const DEFAULT_SERVICES = ["Haircut", "Coloring", "Styling", "Hair Treatment"];
/** Past bookings stay bookable this long, so a follow-up can still be made for them. */
const BOOKABLE_PAST_DAYS = 90;
const MAX_CANDIDATES = 500;

export type BusinessRef = { id: string; timeZone: string };

/** The catalogue plus the services named by bookings; the four defaults when there are none. */
export async function ruleServices(d1: D1Database, businessId: string): Promise<string[]> {
  const { results } = await d1
    .prepare(
      `SELECT name FROM services WHERE business_id = ?1
       UNION SELECT DISTINCT service FROM bookings WHERE business_id = ?1 AND status != 'cancelled' AND trim(service) != ''`,
    )
    .bind(businessId)
    .all<{ name: string }>();
  const byKey = new Map<string, string>();
  for (const { name } of results) {
    const clean = name.trim();
    if (clean && !byKey.has(clean.toLowerCase())) byKey.set(clean.toLowerCase(), clean);
  }
  const list = [...byKey.values()].sort((a, b) => a.localeCompare(b));
  return list.length ? list : [...DEFAULT_SERVICES];
}

/** The `service` filter of a query string (repeatable); an absurd one is a 400. */
export function serviceFilter(params: URLSearchParams): string[] {
  const services = params
    .getAll("service")
    .map((s) => s.trim())
    .filter(Boolean);
  if (services.length > 100 || services.some((s) => s.length > 200))
    throw new AppError(400, "rules.err.serviceTooLong");
  return services;
}

export type Candidate = {
  booking_id: string;
  sender_name: string;
  sender_number: string;
  service: string;
  booking_date: string;
  booking_time: string;
};

const bookableWhere = `b.business_id = ?1 AND b.status IN ('scheduled', 'confirmed', 'completed') AND b.booking_date >= ?2
         AND (?3 = 0 OR lower(b.service) IN (SELECT value FROM json_each(?4)))`;

/**
 * Bookable clients: bookings that are scheduled or completed, from
 * BOOKABLE_PAST_DAYS ago (in the business's zone) onwards, with their client.
 * Sorted by name, then date. `services` filters (case-insensitively) when given.
 * Clients who opted out of automatic messages are left out (optedOutCandidates counts them).
 */
export async function bookableClients(
  d1: D1Database,
  business: BusinessRef,
  now: number,
  services: string[] = [],
): Promise<Candidate[]> {
  const since = addDays(localDate(now, business.timeZone), -BOOKABLE_PAST_DAYS);
  const keys = services.map((s) => s.trim().toLowerCase()).filter(Boolean);
  const { results } = await d1
    .prepare(
      `SELECT b.id AS booking_id, c.name AS sender_name, c.phone AS sender_number, b.service,
              b.booking_date, b.booking_time
       FROM bookings b JOIN clients c ON c.id = b.client_id AND c.business_id = b.business_id
       LEFT JOIN contact_consent cc ON cc.business_id = b.business_id AND cc.phone = c.phone
       WHERE ${bookableWhere} AND NOT ${optedOutSql("cc")}
       ORDER BY c.name COLLATE NOCASE, b.booking_date, b.booking_time
       LIMIT ${MAX_CANDIDATES}`,
    )
    .bind(business.id, since, keys.length, JSON.stringify(keys))
    .all<Candidate>();
  return results.map((r) => ({ ...r, booking_time: r.booking_time.slice(0, 5) }));
}

/** How many clients the wizard leaves out because they opted out (the wizard says so). */
export async function optedOutCandidates(
  d1: D1Database,
  business: BusinessRef,
  now: number,
  services: string[] = [],
): Promise<number> {
  const since = addDays(localDate(now, business.timeZone), -BOOKABLE_PAST_DAYS);
  const keys = services.map((s) => s.trim().toLowerCase()).filter(Boolean);
  const row = await d1
    .prepare(
      `SELECT count(DISTINCT c.id) AS n
       FROM bookings b JOIN clients c ON c.id = b.client_id AND c.business_id = b.business_id
       JOIN contact_consent cc ON cc.business_id = b.business_id AND cc.phone = c.phone
       WHERE ${bookableWhere} AND ${optedOutSql("cc")}`,
    )
    .bind(business.id, since, keys.length, JSON.stringify(keys))
    .first<{ n: number }>();
  return row?.n ?? 0;
}
