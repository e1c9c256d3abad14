import { requireApiUser } from "~/security/signed-in.server";
import { acceptProposal, findProposal } from "~/services/proposals/proposals.server";
import { apiError, apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { validate } from "~/validation/parse";
import { ProposalCorrection } from "~/validation/proposals";
import type { ApiHandler } from "./router.server";

/**
 * POST /api/proposals/{id}/accept, optional body {service, date, time, notes}
 * correcting the proposal first -> {success, booking_id}. 404 for another
 * business's proposal, 409 once accepted or dismissed.
 */
export const action: ApiHandler = async ({ request, params, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const id = params.id ?? "";
  const corrections = validate(ProposalCorrection, await readJson(request, JsonObject));
  if (!corrections.ok) {
    // An unknown id is a 404 whatever the body says.
    if (!(await findProposal(db, business.id, id))) return apiError(404, "proposals.err.notFound");
    return apiProblem(400, corrections.problem);
  }
  const { bookingId } = await acceptProposal({ db, env, now: Date.now() }, business, id, corrections.value);
  return json({ success: true, booking_id: bookingId });
};
