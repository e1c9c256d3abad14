// GET /api/auth/google[?tz=&redirectTo=]: a full-page redirect to Google's
// sign-in. Google comes back to APP_URL/login?code=...; the login screen
// finishes there (and goes to redirectTo, a path of this site, else the
// dashboard), or an API client posts the code to /api/auth/google/callback.
import { redirect } from "@remix-run/cloudflare";
import { createDb } from "~db";
import {
  afterGoogleCookie,
  googleAuthenticator,
  googleConfigured,
  timeZoneCookie,
} from "~/services/auth/google.server";
import { newBindingCookie } from "~/services/auth/google-binding.server";
import type { ApiHandler } from "./router.server";

export const loader: ApiHandler = async ({ request, env }) => {
  // The login screen shows this key in the reader's language.
  if (!googleConfigured(env)) return redirect("/login?error=google.notConfigured");
  try {
    await googleAuthenticator(env, createDb(env.DB), Date.now()).authenticate("google", request);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    // The browser's time zone, for the business of a first-time Google user.
    const params = new URL(request.url).searchParams;
    const tz = timeZoneCookie(env, params.get("tz"));
    const headers = new Headers(thrown.headers);
    if (tz) headers.append("Set-Cookie", tz);
    // Where to land afterwards (a confirmation asked in Settings goes back there): a path of this site only.
    const after = afterGoogleCookie(env, params.get("redirectTo"));
    if (after) headers.append("Set-Cookie", after);
    // Ties a token minted for this sign-in to this browser (the login page's #access_token).
    headers.append("Set-Cookie", newBindingCookie(env));
    return new Response(null, { status: thrown.status, headers });
  }
  return redirect("/dashboard");
};
