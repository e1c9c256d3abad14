import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { ownSessionOr404, runSessionAction } from "~/services/whatsapp/actions.server";
import { apiRoute } from "~/utils/api-handler.server";
import { apiProblem, json, methodNotAllowed, readJson } from "~/utils/http.server";
import { CreateSessionSchema } from "~/validation/connect";

/** POST /api/sessions: Connect WhatsApp (create, not started; start; then re-read the status). */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const env = context.cloudflare.env;
  const { business } = await requireApiUser(request, env);
  const body = await readJson(request, CreateSessionSchema);
  ownSessionOr404(business.id, body.name);
  const result = await runSessionAction(env, business.id, "connect");
  return result.ok ? json({ success: true, ...result.value }) : apiProblem(502, result.problem);
});

export const loader = () => methodNotAllowed();
