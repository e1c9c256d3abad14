// GET /dashboard/calendar/insights.csv?period=...: the Insights screen's
// figures (the same period choice) as a CSV file, for a spreadsheet.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { langFromRequest } from "~/i18n";
import { requireUser } from "~/security/signed-in.server";
import { insightsCsv } from "~/services/export.server";
import { translator } from "~/i18n/messages.server";
import { download } from "~/utils/download.server";
import { insightsScreen } from "./dashboard.calendar_.insights/screen.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { business } = await requireUser(request, context);
  const screen = await insightsScreen(
    context.cloudflare.env.DB,
    business,
    new URL(request.url).searchParams,
    Date.now(),
  );
  const lang = langFromRequest(request);
  if (!screen.figures) {
    const problem = screen.problem ?? { key: "problem.invalid" as const };
    return new Response(translator(lang)(problem.key, problem.params), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const { from, to } = screen.figures;
  return download(insightsCsv(screen.figures, lang), `insights-${from}-${to}.csv`, "text/csv; charset=utf-8");
}
