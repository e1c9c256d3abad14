// GET /api/public/{slug}/availability?service=&from=&days=[&member_id=]: the free start
// times as the owner's availability answers them, dates and times only (never
// whose bookings are in the way), within the page's booking window.
import { createDb } from "~db";
import { pageBusiness, publicSlots } from "~/services/booking-link/public.server";
import { apiProblem, json } from "~/utils/http.server";
import { AvailabilityQuery } from "~/validation/hours";
import { validate } from "~/validation/parse";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, params, env }) => {
  const db = createDb(env.DB);
  const business = await pageBusiness(db, params.slug);
  const search = new URL(request.url).searchParams;
  const query = validate(AvailabilityQuery, {
    service: search.get("service") ?? undefined,
    from: search.get("from") ?? undefined,
    days: search.get("days") ?? undefined,
    // With a team, one member's free times (404 unless the business's).
    member_id: search.get("member_id") || undefined,
  });
  if (!query.ok) return apiProblem(400, query.problem);
  return json({ success: true, slots: await publicSlots(db, business, query.value, Date.now()) });
};
