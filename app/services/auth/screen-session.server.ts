// Starting a screen (cookie) session: after a password sign-in, after Google,
// or in exchange for a bearer token handed to the login page in the fragment.
import { redirect } from "@remix-run/cloudflare";
import { and, eq, gt } from "drizzle-orm";
import { createDb, schema, type Db } from "../../../db";
import type { MessageKey } from "~/i18n";
import { sha256Hex } from "~/utils/encoding";
import { googleAuthenticator, googleConfigured, googleFailureKey } from "./google.server";
import { verifyToken } from "./jwt.server";
import { bindingHashOf, clearBindingCookie, FRAGMENT_TOKEN_MS } from "./google-binding.server";
import { cookieSessionHash, endSession, startCookieSession } from "./session.server";

/**
 * A fresh session id at every sign-in (the cookie's value always changes);
 * the session the browser held before, if any, ends.
 */
export async function startScreenSession(request: Request, env: Env, db: Db, userId: string, target: string, extraCookies: string[] = []) {
  const previous = await cookieSessionHash(request, env);
  if (previous) await endSession(db, previous);
  const headers = new Headers();
  headers.append("Set-Cookie", await startCookieSession(env, db, userId, Date.now()));
  for (const c of extraCookies) headers.append("Set-Cookie", c);
  return redirect(target, { headers });
}

/** Google sent the browser back with ?code&state: throws the redirect into the dashboard, or returns what went wrong. */
export async function finishGoogleSignIn(request: Request, env: Env): Promise<MessageKey> {
  if (!googleConfigured(env)) return "google.notConfigured";
  const db = createDb(env.DB);
  let userId: string;
  try {
    userId = await googleAuthenticator(env, db, Date.now()).authenticate("google", request, { throwOnError: true });
  } catch (err) {
    if (err instanceof Response) throw err;
    console.warn("Google sign-in failed:", err instanceof Error ? err.message : err);
    return googleFailureKey(err);
  }
  const secure = env.APP_URL.startsWith("https://");
  const clear = (name: string) => `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`;
  throw await startScreenSession(request, env, db, userId, "/dashboard", [clear(secure ? "__Host-oauth" : "oauth"), clear("signup_tz"), clearBindingCookie(env)]);
}

/**
 * A token handed to the login page (#access_token=...). Only one minted for
 * this browser's own Google sign-in (bound to the cookie set when it
 * started), at most two minutes ago, is traded for a cookie session, once:
 * its API session is spent. A token from anywhere else is refused, so a link
 * cannot sign a victim into someone else's business.
 */
export async function signInWithApiToken(request: Request, env: Env, token: string, target: string): Promise<MessageKey> {
  if (!token) return "google.noAccessToken";
  const now = Date.now();
  const claims = await verifyToken(token, env.SESSION_SECRET, now);
  const binding = await bindingHashOf(request, env);
  if (!claims || !binding) return "google.tokenFailed";
  const db = createDb(env.DB);
  const t = schema.authSessions;
  const spent = await db.delete(t)
    .where(and(eq(t.id, await sha256Hex(claims.sid)), eq(t.bindingHash, binding), gt(t.expiresAt, now), gt(t.createdAt, now - FRAGMENT_TOKEN_MS)))
    .returning({ userId: t.userId });
  if (!spent[0]) return "google.tokenFailed";
  throw await startScreenSession(request, env, db, spent[0].userId, target, [clearBindingCookie(env)]);
}
