import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { listProposals } from "~/services/proposals/proposals.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, methodNotAllowed } from "~/utils/http.server";

/** GET /api/proposals -> {success, proposals: [{id, client_name, client_phone, service, date, time, notes, quote, created_at}]}: the open ones, newest first. */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { db, business } = await requireApiUser(request, context.cloudflare.env);
  return json({ success: true, proposals: await listProposals(db, business.id) });
});

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed();
}
