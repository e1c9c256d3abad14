// The guards of everything behind sign-in: screens send a visitor to /login
// (and back here afterwards), the JSON API answers 401 in its error shape.
import { redirect } from "@remix-run/cloudflare";
import { getAuthedUser, type AuthedUser } from "~/services/auth/session.server";
import { apiError } from "~/utils/http.server";

/** For screens: the signed-in owner, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request, env: Env): Promise<AuthedUser> {
  const authed = await getAuthedUser(request, env);
  if (authed) return authed;
  const url = new URL(request.url);
  throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** For the JSON API: the signed-in owner, or 401. */
export async function requireApiUser(request: Request, env: Env): Promise<AuthedUser> {
  const authed = await getAuthedUser(request, env);
  if (authed) return authed;
  throw apiError(401, "auth.notAuthenticated");
}
