import { requireApiUser } from "~/security/signed-in.server";
import { listDrafts } from "~/services/drafts/drafts.server";
import { json } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

/** GET /api/drafts -> {success, drafts: [{id, client_name, client_phone, question, text, slots: [{date, time}], created_at}]}: the open ones, newest first. */
export const loader: ApiHandler = async ({ request, env }) => {
  const { db, business } = await requireApiUser(request, env);
  return json({ success: true, drafts: await listDrafts(db, business.id) });
};
