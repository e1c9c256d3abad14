import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { clearSessionCookie, endSession, getAuthedUser } from "~/services/auth/session.server";

/** Ends the server session (the row is deleted) and clears the cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const authed = await getAuthedUser(request, env);
  if (authed) await endSession(authed.db, authed.sessionHash);
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookie(env) } });
}

export async function loader() {
  return redirect("/");
}
