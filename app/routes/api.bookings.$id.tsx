// GET, PATCH (service, date, time, notes, status) and DELETE /api/bookings/{id}.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { validateBookingPatch } from "~/services/bookings/booking-input";
import { BOOKING_NOT_FOUND, deleteBooking, getBooking, updateBooking } from "~/services/bookings/bookings.server";
import { apiRoute, JsonObject } from "~/utils/api-handler.server";
import { apiText, json, methodNotAllowed, readJson } from "~/utils/http.server";

export const loader = apiRoute(async ({ request, context, params }: LoaderFunctionArgs) => {
  const { db, business } = await requireApiUser(request, context.cloudflare.env);
  const booking = await getBooking(db, business.id, params.id ?? "");
  if (!booking) return apiText(404, BOOKING_NOT_FOUND);
  return json({ success: true, booking });
});

export const action = apiRoute(async ({ request, context, params }: ActionFunctionArgs) => {
  const env = context.cloudflare.env;
  if (request.method !== "PATCH" && request.method !== "DELETE") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const id = params.id ?? "";
  const deps = { db, env, now: Date.now() };
  if (request.method === "DELETE") {
    await deleteBooking(deps, business.id, id);
    return json({ success: true, detail: "Booking deleted." });
  }
  const patch = validateBookingPatch(await readJson(request, JsonObject));
  if (!patch.ok) {
    if (!(await getBooking(db, business.id, id))) return apiText(404, BOOKING_NOT_FOUND);
    return apiText(400, patch.message);
  }
  const booking = await updateBooking(deps, business.id, id, patch.value);
  return json({ success: true, detail: "Booking updated.", booking });
});
