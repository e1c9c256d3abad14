import { translator } from "~/i18n/messages.server";
import { requireApiUser } from "~/security/signed-in.server";
import { businessSession, ownSessionOr404, runSessionAction } from "~/services/whatsapp/actions.server";
import { waitingMessages } from "~/services/whatsapp/status-mirror.server";
import { apiError, apiProblem, json, methodNotAllowed } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

/** The session's status and me, and how many due messages wait for WhatsApp; 404 when there is no session. */
export const loader: ApiHandler = async ({ request, params, env }) => {
  const { business } = await requireApiUser(request, env);
  ownSessionOr404(business.id, params.id);
  try {
    const view = await businessSession(env, business.id).status(business.id);
    if (view.status === "no-session") {
      return json({ status: "no-session", me: null, message: translator("en")("connect.err.sessionNotFound") }, 404);
    }
    return json({ name: business.id, ...view, waiting: await waitingMessages(env, business.id, Date.now()) });
  } catch (error) {
    console.error("Error checking session", error);
    return apiError(502, "connect.err.checking");
  }
};

/** DELETE: Cancel Session; with ?reason=logout, Logout WhatsApp (ends disconnected). */
export const action: ApiHandler = async ({ request, params, env }) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const { business } = await requireApiUser(request, env);
  ownSessionOr404(business.id, params.id);
  const logout = new URL(request.url).searchParams.get("reason") === "logout";
  const result = await runSessionAction(env, business.id, logout ? "logout" : "cancel");
  return result.ok ? json({ success: true, ...result.value }) : apiProblem(502, result.problem);
};
