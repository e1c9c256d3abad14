// Binds a token minted by Google sign-in to the browser that started it. The
// login page turns `#access_token=...` into a screen session only for such a
// token, presented by that browser (its short-lived cookie), once, within
// two minutes. Any other token there, such as a bearer token from the API
// login put in a link by an attacker, is 'Token validation failed'.
import { and, eq, gt } from "drizzle-orm";
import { schema, type Db } from "~db";
import { randomToken, sha256Hex } from "~/utils/encoding";
import { AppError } from "~/utils/problem";
import { verifyToken } from "./jwt.server";
import { readCookie } from "./session.server";

/** How long a bound token can be traded at the login page. */
const FRAGMENT_TOKEN_MS = 2 * 60_000;
/** The cookie lives as long as a Google sign-in may take. */
const BINDING_COOKIE_SECONDS = 600;

const secure = (env: Env) => env.APP_URL.startsWith("https://");
const bindingCookieName = (env: Env) => (secure(env) ? "__Host-google-bind" : "google-bind");

/** Set when the browser starts a Google sign-in. */
export function newBindingCookie(env: Env): string {
  return `${bindingCookieName(env)}=${randomToken(32)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${BINDING_COOKIE_SECONDS}${secure(env) ? "; Secure" : ""}`;
}

export function clearBindingCookie(env: Env): string {
  return `${bindingCookieName(env)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure(env) ? "; Secure" : ""}`;
}

/** The hash stored with a session minted for this browser, or null when it did not start a sign-in. */
export async function bindingHashOf(request: Request, env: Env): Promise<string | null> {
  const value = readCookie(request, bindingCookieName(env));
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? sha256Hex(`google-bind:${value}`) : null;
}

/**
 * A token handed to the login page (#access_token=...). Only one minted for
 * this browser's own Google sign-in (bound to the cookie set when it
 * started), at most two minutes ago, is accepted, once: its API session is
 * spent and the owner's id returned for a cookie session. A token from
 * anywhere else is refused, so a link cannot sign a victim into someone
 * else's business.
 */
export async function spendBoundToken(request: Request, env: Env, db: Db, token: string, now: number): Promise<string> {
  if (!token) throw new AppError(401, "google.noAccessToken");
  const claims = await verifyToken(token, env.SESSION_SECRET, now);
  const binding = await bindingHashOf(request, env);
  if (!claims || !binding) throw new AppError(401, "google.tokenFailed");
  const t = schema.authSessions;
  const spent = await db
    .delete(t)
    .where(
      and(
        eq(t.id, await sha256Hex(claims.sid)),
        eq(t.bindingHash, binding),
        gt(t.expiresAt, now),
        gt(t.createdAt, now - FRAGMENT_TOKEN_MS),
      ),
    )
    .returning({ userId: t.userId });
  if (!spent[0]) throw new AppError(401, "google.tokenFailed");
  return spent[0].userId;
}
