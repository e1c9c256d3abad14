// POST /api/public/{slug}/bookings {service, date, time, name, phone, notes?, member_id?}:
// a booking that holds its time as `pending` until the customer sends its code
// to the salon on WhatsApp (confirm_url opens that message; null when the salon
// has no WhatsApp number, the booking then waits for the owner). No sign-in; the
// limits are in services/booking-link/public.server.ts.
import { createDb } from "~db";
import { createHold, pageBusiness, TimeTaken } from "~/services/booking-link/public.server";
import { clientIp } from "~/services/auth/rate-limit.server";
import { apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { PublicBookingForm } from "~/validation/booking-link";
import { validate } from "~/validation/parse";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, params, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const business = await pageBusiness(createDb(env.DB), params.slug);
  const input = validate(PublicBookingForm, await readJson(request, JsonObject));
  if (!input.ok) return apiProblem(400, input.problem);
  try {
    const hold = await createHold(env, business, input.value, clientIp(request), Date.now());
    return json({ success: true, ...hold }, 201);
  } catch (error) {
    if (error instanceof TimeTaken) return apiProblem(409, error.problem, { slots: error.slots });
    throw error;
  }
};
