import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { ruleServices } from "~/services/rules/candidates.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json } from "~/utils/http.server";

/** GET /api/rules/services: the service names the rule wizard offers. */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const env = context.cloudflare.env;
  const { business } = await requireApiUser(request, env);
  return json({ success: true, services: await ruleServices(env.DB, business.id) });
});
