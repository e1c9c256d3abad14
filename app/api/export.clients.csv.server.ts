// GET /api/export/clients.csv: every client, for a spreadsheet.
import { langFromRequest } from "~/i18n";
import { requireApiUser } from "~/security/signed-in.server";
import { clientsCsv } from "~/services/export.server";
import { download } from "~/utils/download.server";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { business } = await requireApiUser(request, env);
  return download(
    await clientsCsv(env.DB, business.id, langFromRequest(request)),
    "clients.csv",
    "text/csv; charset=utf-8",
  );
};
