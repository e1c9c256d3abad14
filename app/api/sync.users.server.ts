import { requireApiUser } from "~/security/signed-in.server";
import { listSyncContacts } from "~/services/sync/contacts.server";
import { json } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

/** GET /api/sync/users: the business's WhatsApp customers ({id, name, phone}). */
export const loader: ApiHandler = async ({ request, env }) => {
  const { db, business } = await requireApiUser(request, env);
  return json({ success: true, users: await listSyncContacts(db, business.id) });
};
