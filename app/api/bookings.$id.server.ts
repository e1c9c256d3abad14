// GET, PATCH (service, date, time, notes, status) and DELETE /api/bookings/{id}.
import { requireApiUser } from "~/security/signed-in.server";
import { deleteBooking, getBooking, updateBooking } from "~/services/bookings/bookings.server";
import { apiError, apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { BookingPatch } from "~/validation/bookings";
import { validate } from "~/validation/parse";
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
  const deps = { db, env, now: Date.now() };
  if (request.method === "DELETE") {
    await deleteBooking(deps, business.id, id);
    return json({ success: true, detail: "Booking deleted." });
  }
  const patch = validate(BookingPatch, await readJson(request, JsonObject));
  if (!patch.ok) {
    // An unknown id is a 404 whatever the body says.
    if (!(await getBooking(db, business.id, id))) return apiError(404, "bookings.err.notFound");
    return apiProblem(400, patch.problem);
  }
  const booking = await updateBooking(deps, business.id, id, patch.value);
  return json({ success: true, detail: "Booking updated.", booking });
};
