// Starting a screen (cookie) session: after a password sign-in, after
// Google, or in exchange for a token minted by this browser's own Google
// sign-in. Answers the redirect into the product with the new cookie.
import { redirect } from "@remix-run/cloudflare";
import type { Db } from "~db";
import { clearBindingCookie } from "~/services/auth/google-binding.server";
import { afterGoogleTarget, googleCookiesCleared } from "~/services/auth/google.server";
import { cookieSessionHash, endSession, startCookieSession } from "~/services/auth/session.server";

/**
 * A fresh session id at every sign-in (the cookie's value always changes);
 * the session the browser held before, if any, ends.
 */
export async function startScreenSession(
  request: Request,
  env: Env,
  db: Db,
  userId: string,
  target: string,
  extraCookies: string[] = [],
) {
  const previous = await cookieSessionHash(request, env);
  if (previous) await endSession(db, previous);
  const headers = new Headers();
  headers.append("Set-Cookie", await startCookieSession(env, db, userId, Date.now()));
  for (const c of extraCookies) headers.append("Set-Cookie", c);
  return redirect(target, { headers });
}

/** After Google: into the dashboard, and the sign-in's own cookies end. */
export function afterGoogle(request: Request, env: Env, db: Db, userId: string) {
  return startScreenSession(request, env, db, userId, afterGoogleTarget(request), [
    ...googleCookiesCleared(env),
    clearBindingCookie(env),
  ]);
}

/** After trading the token of this browser's own Google sign-in: its binding cookie ends too. */
export function afterBoundToken(request: Request, env: Env, db: Db, userId: string, target: string) {
  return startScreenSession(request, env, db, userId, target, [clearBindingCookie(env)]);
}
