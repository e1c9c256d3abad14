import { requireApiUser } from "~/security/signed-in.server";
import { saveSync } from "~/services/sync/save.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { SaveBody } from "~/validation/sync";
import type { ApiHandler } from "./router.server";

/** POST /api/sync/save {results: [{user_id, items}]} -> {success, saved, skipped, conflicts, warnings}. */
export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const body = await readJson(request, SaveBody);
  const { saved, skipped, conflicts, warnings } = await saveSync({ db, env, now: Date.now() }, business, body);
  return json({ success: true, saved, skipped, conflicts, warnings });
};
