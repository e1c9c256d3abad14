import { requireApiUser } from "~/security/signed-in.server";
import { ruleServices } from "~/services/rules/candidates.server";
import { json } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

/** GET /api/rules/services: the service names the rule wizard offers. */
export const loader: ApiHandler = async ({ request, env }) => {
  const { business } = await requireApiUser(request, env);
  return json({ success: true, services: await ruleServices(env.DB, business.id) });
};
