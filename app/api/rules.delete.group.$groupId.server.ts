import { translator } from "~/i18n/messages.server";
import { requireApiUser } from "~/security/signed-in.server";
import { deleteOwnRules } from "~/services/rules/rules.server";
import { json, methodNotAllowed } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

/** DELETE /api/rules/delete/group/{rule_group_id}[?business_id=]: the whole group. */
export const action: ApiHandler = async ({ request, params, env }) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const { business } = await requireApiUser(request, env);
  const asked = new URL(request.url).searchParams.get("business_id");
  const deleted = await deleteOwnRules(env.DB, business.id, "group", params.groupId ?? "", asked);
  return json({ success: true, deleted_count: deleted, detail: translator("en")("rules.deleted", { n: deleted }) });
};
