import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { listSyncContacts } from "~/services/sync/contacts.server";
import { apiRoute } from "~/utils/api-handler.server";
import { json, methodNotAllowed } from "~/utils/http.server";

/** GET /api/sync/users: the business's WhatsApp customers ({id, name, phone}). */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const { db, business } = await requireApiUser(request, context.cloudflare.env);
  return json({ success: true, users: await listSyncContacts(db, business.id) });
});

export async function action(_: ActionFunctionArgs) {
  return methodNotAllowed();
}
