// Binds a token minted by Google sign-in to the browser that started it. The
// login page turns `#access_token=...` into a screen session only for such a
// token, presented by that browser (its short-lived cookie), once, within
// two minutes. Any other token there, such as a bearer token from the API
// login put in a link by an attacker, is 'Token validation failed'.
import { randomToken, sha256Hex } from "~/utils/encoding";
import { readCookie } from "./session.server";

/** How long a bound token can be traded at the login page. */
export const FRAGMENT_TOKEN_MS = 2 * 60_000;
/** The cookie lives as long as a Google sign-in may take. */
const BINDING_COOKIE_SECONDS = 600;

const secure = (env: Env) => env.APP_URL.startsWith("https://");
export const bindingCookieName = (env: Env) => (secure(env) ? "__Host-google-bind" : "google-bind");

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
