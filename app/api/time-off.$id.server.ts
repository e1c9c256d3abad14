// DELETE /api/time-off/{id}. Another business's id is 404.
import { translator } from "~/i18n/messages.server";
import { requireApiUser } from "~/security/signed-in.server";
import { deleteTimeOff } from "~/services/time/salon-time.server";
import { json, methodNotAllowed } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

const english = translator("en");

export const action: ApiHandler = async ({ request, params, env }) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  await deleteTimeOff(db, business.id, params.id ?? "");
  return json({ success: true, message: english("hours.off.deleted") });
};
