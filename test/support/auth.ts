// Signed-in requests for tests: a real session row, as the login screens and API create them.
import { env, SELF } from "cloudflare:test";
import { createDb } from "~db";
import { issueApiToken, startCookieSession } from "../../app/services/auth/session.server";
import { seedBusiness } from "./seed";

export async function signedInOwner(overrides: Parameters<typeof seedBusiness>[0] = {}) {
  const seeded = await seedBusiness(overrides);
  const db = createDb(env.DB);
  const setCookie = await startCookieSession(env, db, seeded.userId, Date.now());
  const cookie = setCookie.split(";")[0];
  const token = await issueApiToken(env, db, seeded.userId, Date.now());
  const api = (path: string, init: RequestInit & { json?: unknown } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${token}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("Content-Type", "application/json");
      body = JSON.stringify(init.json);
    }
    return SELF.fetch(`http://localhost${path}`, { ...init, headers, body });
  };
  const page = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Cookie", cookie);
    return SELF.fetch(`http://localhost${path}`, { redirect: "manual", ...init, headers });
  };
  return { ...seeded, cookie, token, api, page };
}
