import { requireApiUser } from "~/security/signed-in.server";
import { isOpeningOf, offerOpening } from "~/services/openings/offers.server";
import { apiError, apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { OpeningOffer } from "~/validation/openings";
import { validate } from "~/validation/parse";
import type { ApiHandler } from "./router.server";

/**
 * POST /api/openings/{id}/offer {client_ids} -> {success, offered}: the freed
 * slot offered on WhatsApp to 1 to 3 of its candidates, through the paced
 * queue and the daily budget. 400 for a bad body or a client not listed for
 * it, 404 for another business's opening, 409 once taken or started, or when
 * one of them was offered it already.
 */
export const action: ApiHandler = async ({ request, params, env, ctx }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const id = params.id ?? "";
  const body = validate(OpeningOffer, await readJson(request, JsonObject));
  if (!body.ok) {
    // An unknown id is a 404 whatever the body says.
    if (!(await isOpeningOf(db, business.id, id))) return apiError(404, "openings.err.notFound");
    return apiProblem(400, body.problem);
  }
  const offered = await offerOpening(env, db, business, id, body.value.client_ids, Date.now(), (p) => ctx.waitUntil(p));
  return json({ success: true, offered });
};
