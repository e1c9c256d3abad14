// POST /api/bookings/{id}/accept: the owner's answer to an online booking that
// waits for them (booking_owner_confirms) -> {success, booking_id, status}.
// 404 for another business's booking, 409 when it is not waiting.
import { requireApiUser } from "~/security/signed-in.server";
import { decideWaiting } from "~/services/booking-link/owner.server";
import { json, methodNotAllowed } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

export const action: ApiHandler = async ({ request, params, env, ctx }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { business } = await requireApiUser(request, env);
  const id = params.id ?? "";
  const status = await decideWaiting(env, business.id, id, "accept", Date.now(), (work) => ctx.waitUntil(work));
  return json({ success: true, booking_id: id, status });
};
