// GET /api/bookings (newest first, a page at a time; or ?start=&end= for a
// calendar range) and POST /api/bookings (a new phone creates the client;
// `if_free: true` refuses a time that overlaps another booking).
import { requireApiUser } from "~/security/signed-in.server";
import { BOOKING_PAGE_MAX, bookingsInRange, listBookings } from "~/services/bookings/bookings.server";
import { bookingBusiness, decideBooking } from "~/services/bookings/decide.server";
import { listQuery, rangeQuery, statusParam } from "~/services/list-query.server";
import { apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { BookingForm, IfFree } from "~/validation/bookings";
import { validate } from "~/validation/parse";
import { outcomeAnswer } from "./booking-outcome.server";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { db, business } = await requireApiUser(request, env);
  const params = new URL(request.url).searchParams;
  if (params.has("start") || params.has("end")) {
    return json({ success: true, ...(await bookingsInRange(db, business.id, rangeQuery(params))) });
  }
  const options = { ...listQuery(params, BOOKING_PAGE_MAX), status: statusParam(params) };
  return json({ success: true, ...(await listBookings(db, business.id, options)) });
};

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { business } = await requireApiUser(request, env);
  const body = await readJson(request, JsonObject);
  const input = validate(BookingForm, body);
  if (!input.ok) return apiProblem(400, input.problem);
  const flag = validate(IfFree, body);
  if (!flag.ok) return apiProblem(400, flag.problem);
  const task = {
    kind: "create",
    business: bookingBusiness(business),
    input: input.value,
    source: "manual",
    ifFree: flag.value.if_free ?? false,
    now: Date.now(),
  } as const;
  return outcomeAnswer(await decideBooking(env, task), "Booking created.", 201);
};
