import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { translator } from "~/i18n/messages.server";
import { requireApiUser } from "~/security/signed-in.server";
import { withReasonTexts } from "~/services/rules/reasons";
import { createRules } from "~/services/rules/rules.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { CreateRuleSchema } from "~/validation/rules";

/** POST /api/rules/create: one rule per selected client, answered as `rules`. */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const env = context.cloudflare.env;
  const { business } = await requireApiUser(request, env);
  const input = await readJson(request, CreateRuleSchema);
  const { groupId, rules } = await createRules({ d1: env.DB, business, now: Date.now() }, input);
  return json({ success: true, rule_group_id: groupId, rules: withReasonTexts(rules, translator("en")) }, 201);
});

export const loader = () => methodNotAllowed();
