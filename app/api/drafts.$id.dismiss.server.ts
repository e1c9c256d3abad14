import { requireApiUser } from "~/security/signed-in.server";
import { dismissDraft } from "~/services/drafts/drafts.server";
import { json, methodNotAllowed } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

/** POST /api/drafts/{id}/dismiss -> {success}. 404 for another business's draft; 409 once sent, dismissed or withdrawn. */
export const action: ApiHandler = async ({ request, params, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  await dismissDraft(db, business.id, params.id ?? "", Date.now());
  return json({ success: true });
};
