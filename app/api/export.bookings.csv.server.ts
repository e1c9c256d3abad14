// GET /api/export/bookings.csv: every booking with its client, for a spreadsheet.
import { langFromRequest } from "~/i18n";
import { requireApiUser } from "~/security/signed-in.server";
import { bookingsCsv } from "~/services/export.server";
import { download } from "~/utils/download.server";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { business } = await requireApiUser(request, env);
  return download(
    await bookingsCsv(env.DB, business.id, langFromRequest(request)),
    "bookings.csv",
    "text/csv; charset=utf-8",
  );
};
