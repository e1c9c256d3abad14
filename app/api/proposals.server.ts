import { requireApiUser } from "~/security/signed-in.server";
import { listProposals } from "~/services/proposals/proposals.server";
import { json } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

/**
 * GET /api/proposals -> {success, proposals: [{id, kind, booking_id, from, minutes, client_name, client_phone, service, date, time, notes, quote,
 * created_at}]}: the open ones, newest first. `kind` "booking" (a new booking; `booking_id` and `from` null) or a change to the
 * booking `booking_id`, which is at `from: {date, time}`: "reschedule" (to `date`/`time`), "late" (`minutes` when said), "cancel".
 */
export const loader: ApiHandler = async ({ request, env }) => {
  const { db, business } = await requireApiUser(request, env);
  return json({ success: true, proposals: await listProposals(db, business.id) });
};
