import { requireApiUser } from "~/security/signed-in.server";
import { ownSessionOr404, runSessionAction } from "~/services/whatsapp/actions.server";
import { apiProblem, json, methodNotAllowed, readJson } from "~/utils/http.server";
import { CreateSessionSchema } from "~/validation/connect";
import type { ApiHandler } from "./router.server";

/** POST /api/sessions: Connect WhatsApp (create, not started; start; then re-read the status). */
export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { business } = await requireApiUser(request, env);
  const body = await readJson(request, CreateSessionSchema);
  ownSessionOr404(business.id, body.name);
  const result = await runSessionAction(env, business.id, "connect");
  return result.ok ? json({ success: true, ...result.value }) : apiProblem(502, result.problem);
};
