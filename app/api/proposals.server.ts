import { requireApiUser } from "~/security/signed-in.server";
import { listProposals } from "~/services/proposals/proposals.server";
import { json } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

/** GET /api/proposals -> {success, proposals: [{id, client_name, client_phone, service, date, time, notes, quote, created_at}]}: the open ones, newest first. */
export const loader: ApiHandler = async ({ request, env }) => {
  const { db, business } = await requireApiUser(request, env);
  return json({ success: true, proposals: await listProposals(db, business.id) });
};
