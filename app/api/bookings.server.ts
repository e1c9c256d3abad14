// GET /api/bookings (newest first, a page at a time; or ?start=&end= for a
// calendar range) and POST /api/bookings (a new phone creates the client).
import { requireApiUser } from "~/security/signed-in.server";
import { BOOKING_PAGE_MAX, bookingsInRange, createBooking, listBookings } from "~/services/bookings/bookings.server";
import { listQuery, rangeQuery, statusParam } from "~/services/list-query.server";
import { apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { BookingForm } from "~/validation/bookings";
import { validate } from "~/validation/parse";
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
  const { db, business } = await requireApiUser(request, env);
  const input = validate(BookingForm, await readJson(request, JsonObject));
  if (!input.ok) return apiProblem(400, input.problem);
  const booking = await createBooking({ db, env, now: Date.now() }, business, input.value);
  return json({ success: true, detail: "Booking created.", booking }, 201);
};
