// GET /api/availability?service=NAME&from=YYYY-MM-DD&days=N[&member_id=ID]: free start times
// on the business's grid, in its zone, each with the members free for it
// (services/time/free-slots.ts says the rules, salon-time.server.ts the team's part).
import { requireApiUser } from "~/security/signed-in.server";
import { availability } from "~/services/time/salon-time.server";
import { apiProblem, json } from "~/utils/http.server";
import { AvailabilityQuery } from "~/validation/hours";
import { validate } from "~/validation/parse";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { db, business } = await requireApiUser(request, env);
  const params = new URL(request.url).searchParams;
  const query = validate(AvailabilityQuery, {
    service: params.get("service") ?? undefined,
    from: params.get("from") ?? undefined,
    days: params.get("days") ?? undefined,
    member_id: params.get("member_id") ?? undefined,
  });
  if (!query.ok) return apiProblem(400, query.problem);
  const found = await availability(db, business, query.value, Date.now());
  return json({ success: true, time_zone: found.time_zone, slots: found.slots });
};
