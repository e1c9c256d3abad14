import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { deleteRules } from "~/services/rules/rules.server";
import { apiRoute } from "~/utils/api-handler.server";
import { methodNotAllowed } from "~/utils/http.server";
import { deletedAnswer } from "~/services/rules/delete-answer.server";

/** DELETE /api/rules/{id}[?business_id=]: one rule (used when a rule has no group). */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const env = context.cloudflare.env;
  const { business } = await requireApiUser(request, env);
  return deletedAnswer(request, business.id, params.id ?? "", (key) => deleteRules(env.DB, business.id, "id", key));
});

export const loader = () => methodNotAllowed();
