import { translator } from "~/i18n/messages.server";
import { requireApiUser } from "~/security/signed-in.server";
import { markManualSent } from "~/services/safety/manual.server";
import { apiError, json, methodNotAllowed } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

/** POST /api/rules/messages/{id}/done: a message waiting for "Send from your phone" was sent by the owner. */
export const action: ApiHandler = async ({ request, params, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { business } = await requireApiUser(request, env);
  if (!(await markManualSent(env.DB, business.id, params.id ?? "", Date.now())))
    return apiError(404, "safety.manual.notFound");
  return json({ success: true, detail: translator("en")("safety.manual.marked") });
};
