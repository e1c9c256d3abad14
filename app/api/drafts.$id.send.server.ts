import { requireApiUser } from "~/security/signed-in.server";
import { findDraft, sendDraft } from "~/services/drafts/drafts.server";
import { apiError, apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { DraftSend } from "~/validation/drafts";
import { validate } from "~/validation/parse";
import type { ApiHandler } from "./router.server";

/**
 * POST /api/drafts/{id}/send, optional body {text} (the owner's edit) -> {success}:
 * queued for the paced, exactly-once delivery. 400 for a blank or over-long text,
 * 404 for another business's draft, 409 once sent, dismissed or withdrawn, or when
 * none of the drafted times is free any more.
 */
export const action: ApiHandler = async ({ request, params, env, ctx }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const id = params.id ?? "";
  const body = validate(DraftSend, await readJson(request, JsonObject));
  if (!body.ok) {
    // An unknown id is a 404 whatever the body says.
    if (!(await findDraft(db, business.id, id))) return apiError(404, "drafts.err.notFound");
    return apiProblem(400, body.problem);
  }
  await sendDraft(env, db, business.id, id, body.value.text, Date.now(), (p) => ctx.waitUntil(p));
  return json({ success: true });
};
