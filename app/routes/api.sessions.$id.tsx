import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { businessSession, ownSessionOr404, runAction } from "~/services/whatsapp/actions.server";
import { waitingMessages } from "~/services/whatsapp/wa-status.server";
import { apiText, json } from "~/utils/http.server";

/** The session's status and me, and how many due messages wait for WhatsApp; 404 when there is no session. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const { business } = await requireApiUser(request, env);
  ownSessionOr404(business.id, params.id);
  try {
    const view = await businessSession(env, business.id).status(business.id);
    if (view.status === "no-session") return json({ status: "no-session", me: null, message: "Session not found" }, 404);
    return json({ name: business.id, ...view, waiting: await waitingMessages(env, business.id, Date.now()) });
  } catch (error) {
    console.error("Error checking session", error);
    return apiText(502, "Error checking session");
  }
}

/** DELETE: Cancel Session; with ?reason=logout, Logout WhatsApp (ends disconnected). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return apiText(405, "Method not allowed.");
  const env = context.cloudflare.env;
  const { business } = await requireApiUser(request, env);
  ownSessionOr404(business.id, params.id);
  const logout = new URL(request.url).searchParams.get("reason") === "logout";
  return runAction(logout ? "Failed to logout" : "Failed to delete session", () =>
    businessSession(env, business.id).remove(business.id, logout ? "logout" : "cancel"),
  );
}
