import { translator } from "~/i18n/messages.server";
import { requireApiUser } from "~/security/signed-in.server";
import { withReasonTexts } from "~/services/rules/reasons";
import { createRules } from "~/services/rules/rules.server";
import { json, methodNotAllowed, readJson } from "~/utils/http.server";
import { CreateRuleSchema } from "~/validation/rules";
import type { ApiHandler } from "./router.server";

/** POST /api/rules/create: one rule per selected client, answered as `rules`. */
export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { business } = await requireApiUser(request, env);
  const input = await readJson(request, CreateRuleSchema);
  const { groupId, rules } = await createRules({ d1: env.DB, business, now: Date.now() }, input);
  return json({ success: true, rule_group_id: groupId, rules: withReasonTexts(rules, translator("en")) }, 201);
};
