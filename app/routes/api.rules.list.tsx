import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { listRules } from "~/services/rules/rules.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json } from "~/utils/http.server";

/** GET /api/rules/list: the business's rules, grouped, with their clients and statuses. */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const env = context.cloudflare.env;
  const { business } = await requireApiUser(request, env);
  return json({ success: true, rules: await listRules(env.DB, business.id) });
});
