import { requireApiUser } from "~/security/signed-in.server";
import { previewSync } from "~/services/sync/preview.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { PreviewBody } from "~/validation/sync";
import type { ApiHandler } from "./router.server";

/** POST /api/sync/preview {user_ids, limit}: proposed bookings per contact; nothing is saved. */
export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const body = await readJson(request, PreviewBody);
  const { results } = await previewSync({ db, env, now: Date.now() }, business, body);
  return json({ success: true, results });
};
