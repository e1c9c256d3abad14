// GET /api/export/bookings.csv: every booking with its client, for a spreadsheet.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { langFromRequest } from "~/i18n";
import { requireApiUser } from "~/security/signed-in.server";
import { bookingsCsv } from "~/services/export.server";
import { download } from "~/utils/download.server";
import { apiRoute } from "~/utils/api-handler.server";

export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { business } = await requireApiUser(request, context.cloudflare.env);
  return download(await bookingsCsv(context.cloudflare.env.DB, business.id, langFromRequest(request)), "bookings.csv", "text/csv; charset=utf-8");
});
