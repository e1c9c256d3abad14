// GET /api/export/all.json: clients, bookings, services, rules and their messages.
import { requireApiUser } from "~/security/signed-in.server";
import { langFromRequest } from "~/i18n";
import { fullExport } from "~/services/export.server";
import { download } from "~/utils/download.server";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  const { business } = await requireApiUser(request, env);
  const data = await fullExport(env.DB, business.id, Date.now(), langFromRequest(request));
  return download(JSON.stringify(data, null, 2), "chatbook-export.json", "application/json; charset=utf-8");
};
