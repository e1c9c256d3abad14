// GET /api/insights?from=YYYY-MM-DD&to=YYYY-MM-DD: the period's figures
// (docs/decisions/072-insights.md defines each) and, under `previous`, the same number of
// days just before it.
import { requireApiUser } from "~/security/signed-in.server";
import { insights } from "~/services/insights/insights.server";
import { periodQuery } from "~/services/list-query.server";
import { json } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { business } = await requireApiUser(request, env);
  const period = periodQuery(new URL(request.url).searchParams);
  return json({ success: true, ...(await insights(env.DB, business, period, "custom", Date.now())) });
};
