import { translator } from "~/i18n/messages.server";
import { requireApiUser } from "~/security/signed-in.server";
import { withReasonTexts } from "~/services/rules/reasons";
import { listRules } from "~/services/rules/rules.server";
import { json } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

/** GET /api/rules/list: the business's rules, grouped, with their clients and statuses (reasons in English). */
export const loader: ApiHandler = async ({ request, env }) => {
  const { business } = await requireApiUser(request, env);
  return json({ success: true, rules: withReasonTexts(await listRules(env.DB, business.id), translator("en")) });
};
