// GET, PATCH (service, date, time, duration, notes, status; `if_free: true`
// refuses a move onto another booking) and DELETE /api/bookings/{id}.
import { requireApiUser } from "~/security/signed-in.server";
import { deleteBooking, getBooking } from "~/services/bookings/bookings.server";
import { bookingBusiness, decideBooking } from "~/services/bookings/decide.server";
import { apiError, apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { BookingPatch, IfFree } from "~/validation/bookings";
import { problem } from "~/utils/problem";
import { validate } from "~/validation/parse";
import { outcomeAnswer } from "./booking-outcome.server";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, params, env }) => {
  const { db, business } = await requireApiUser(request, env);
  const booking = await getBooking(db, business.id, params.id ?? "");
  if (!booking) return apiError(404, "bookings.err.notFound");
  return json({ success: true, booking });
};

export const action: ApiHandler = async ({ request, params, env }) => {
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const id = params.id ?? "";
  const now = Date.now();
  if (request.method === "DELETE") {
    await deleteBooking({ db, env, now }, business.id, id);
    return json({ success: true, detail: "Booking deleted." });
  }
  const body = await readJson(request, JsonObject);
  const patch = validate(BookingPatch, body);
  const flag = validate(IfFree, body);
  if (!patch.ok || !flag.ok) {
    // An unknown id is a 404 whatever the body says.
    if (!(await getBooking(db, business.id, id))) return apiError(404, "bookings.err.notFound");
    return apiProblem(400, !patch.ok ? patch.problem : !flag.ok ? flag.problem : problem("problem.invalid"));
  }
  const task = {
    kind: "update",
    business: bookingBusiness(business),
    id,
    patch: patch.value,
    ifFree: flag.value.if_free ?? false,
    now,
  } as const;
  return outcomeAnswer(await decideBooking(env, task), "Booking updated.");
};
