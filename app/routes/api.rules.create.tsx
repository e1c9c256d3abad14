import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { CreateRuleSchema } from "~/services/rules/input";
import { createRules } from "~/services/rules/rules.server";
import { apiRoute } from "~/utils/api-handler.server";
import { apiText, json, methodNotAllowed, readJson } from "~/utils/http.server";

/** POST /api/rules/create: one rule per selected client, answered as `rules`. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const env = context.cloudflare.env;
  const { business } = await requireApiUser(request, env);
  const input = await readJson(request, CreateRuleSchema);
  const result = await createRules({ d1: env.DB, business, now: Date.now() }, input);
  if (!result.ok) return apiText(result.status, result.detail);
  return json({ success: true, rule_group_id: result.groupId, rules: result.rules }, 201);
});

export const loader = () => methodNotAllowed();
