// GET /api/export/all.json: clients, bookings, services, rules and their messages.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { langFromRequest } from "~/i18n";
import { fullExport } from "~/services/export.server";
import { download } from "~/utils/download.server";
import { apiRoute } from "~/utils/api-handler.server";

export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { business } = await requireApiUser(request, context.cloudflare.env);
  const data = await fullExport(context.cloudflare.env.DB, business.id, Date.now(), langFromRequest(request));
  return download(JSON.stringify(data, null, 2), "chatbook-export.json", "application/json; charset=utf-8");
});
