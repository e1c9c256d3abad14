import { requireApiUser } from "~/security/signed-in.server";
import { ownSessionOr404, runSessionAction } from "~/services/whatsapp/actions.server";
import { apiProblem, json, methodNotAllowed } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

/** POST /api/sessions/{id}/restart: Restart Session. */
export const action: ApiHandler = async ({ request, params, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { business } = await requireApiUser(request, env);
  ownSessionOr404(business.id, params.id);
  const result = await runSessionAction(env, business.id, "restart");
  return result.ok ? json({ success: true, ...result.value }) : apiProblem(502, result.problem);
};
