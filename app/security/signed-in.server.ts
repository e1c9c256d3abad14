// The guards of everything behind sign-in: screens send a visitor to /login
// (and back here afterwards), the JSON API answers 401 in its error shape.
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { getAuthedUser, type AuthedUser } from "~/services/auth/session.server";
import { apiError } from "~/utils/http.server";

/**
 * A screen's loaders (the dashboard layout's and the tab's) run together on
 * one request and all ask who is signed in: a read asks the database once per
 * request (its load context). A post always reads afresh: it may change who
 * is signed in or what the loaders after it show.
 */
const signedInByRequest = new WeakMap<AppLoadContext, Promise<AuthedUser | null>>();

function signedIn(request: Request, context: AppLoadContext): Promise<AuthedUser | null> {
  const env = context.cloudflare.env;
  if (request.method !== "GET" && request.method !== "HEAD") return getAuthedUser(request, env);
  let found = signedInByRequest.get(context);
  if (!found) signedInByRequest.set(context, (found = getAuthedUser(request, env)));
  return found;
}

/** For screens: the signed-in owner, or a redirect to /login that comes back here afterwards. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<AuthedUser> {
  const authed = await signedIn(request, context);
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
