import { requireApiUser } from "~/security/signed-in.server";
import { dismissProposal } from "~/services/proposals/proposals.server";
import { json, methodNotAllowed } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

/** POST /api/proposals/{id}/dismiss -> {success}; the same booking is not proposed again. 404 for another business's proposal, 409 once accepted. */
export const action: ApiHandler = async ({ request, params, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  await dismissProposal(db, business.id, params.id ?? "");
  return json({ success: true });
};
