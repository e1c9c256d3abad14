import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { deleteRules } from "~/services/rules/rules.server";
import { apiRoute } from "~/utils/api-handler.server";
import { methodNotAllowed } from "~/utils/http.server";
import { deletedAnswer } from "~/services/rules/delete-answer.server";

/** DELETE /api/rules/delete/group/{rule_group_id}[?business_id=]: the whole group. */
export const action = apiRoute(async ({ request, params, context }: ActionFunctionArgs) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const env = context.cloudflare.env;
  const { business } = await requireApiUser(request, env);
  return deletedAnswer(request, business.id, params.groupId ?? "", (key) => deleteRules(env.DB, business.id, "group", key));
});

export const loader = () => methodNotAllowed();
