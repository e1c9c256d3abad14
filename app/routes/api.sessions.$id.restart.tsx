import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { ownSessionOr404, runSessionAction } from "~/services/whatsapp/actions.server";
import { apiRoute } from "~/utils/api-handler.server";
import { apiProblem, json, methodNotAllowed } from "~/utils/http.server";

/** POST /api/sessions/{id}/restart: Restart Session. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const env = context.cloudflare.env;
  const { business } = await requireApiUser(request, env);
  ownSessionOr404(business.id, params.id);
  const result = await runSessionAction(env, business.id, "restart");
  return result.ok ? json({ success: true, ...result.value }) : apiProblem(502, result.problem);
});

export const loader = () => methodNotAllowed();
