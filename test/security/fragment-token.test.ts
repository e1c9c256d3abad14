// Login CSRF through the login page's #access_token: only a token minted for
// this browser's own Google sign-in becomes a screen session, once, within
// two minutes. The browser test (test/e2e/accounts) drives the attacker's link.
import { BOOKMARK_COOKIE } from "~db/read-session";
import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { callJson, latestCode, registration, uniqueEmail, uniqueIp } from "../support/accounts";
import { mockGoogle } from "../support/google";

afterEach(() => vi.restoreAllMocks());

const cookiesFrom = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** A browser starts Google sign-in here: it gets the binding cookie. */
async function startSignIn(): Promise<string> {
  const res = await SELF.fetch("http://localhost/api/auth/google", { redirect: "manual" });
  expect(res.status).toBe(302);
  const cookies = cookiesFrom(res);
  expect(cookies).toMatch(/google-bind=[A-Za-z0-9_-]{43}/);
  return cookies;
}

/** Google's code, exchanged by that browser (cookies sent): a token bound to it. */
async function googleToken(cookie: string, email = uniqueEmail("frag")) {
  mockGoogle({ c: { sub: `g-${crypto.randomUUID()}`, email, email_verified: true, name: "Frag Owner" } });
  const res = await SELF.fetch("http://localhost/api/auth/google/callback", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ code: "c" }),
  });
  vi.restoreAllMocks();
  const data = (await res.json()) as { token: string };
  expect(res.status).toBe(200);
  return data.token;
}

const tradeAtLogin = (token: string, cookie = "") =>
  SELF.fetch("http://localhost/login", {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ intent: "token", token }),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": uniqueIp(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });

async function refused(res: Response) {
  expect(res.status).toBe(200);
  // No sign-in cookie (the D1 read bookmark, db/read-session.ts, may be set).
  expect(res.headers.getSetCookie().filter((c) => !c.startsWith(`${BOOKMARK_COOKIE}=`))).toEqual([]);
  expect(await res.text()).toMatch(/data-testid="login-error"[^>]*>Token validation failed</);
}

describe("#access_token at the login page", () => {
  it("this browser's own Google sign-in: a screen session, and the binding cookie is cleared", async () => {
    const cookie = await startSignIn();
    const token = await googleToken(cookie);
    const res = await tradeAtLogin(token, cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/dashboard");
    const set = res.headers.getSetCookie().join("\n");
    expect(set).toMatch(/^session=[A-Za-z0-9_-]{43};/m);
    expect(set).toMatch(/^google-bind=; .*Max-Age=0/m);
    const session = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("session="))!
      .split(";")[0];
    expect(
      (await SELF.fetch("http://localhost/dashboard", { headers: { Cookie: session }, redirect: "manual" })).status,
    ).toBe(200);
  });

  it("works once", async () => {
    const cookie = await startSignIn();
    const token = await googleToken(cookie);
    expect((await tradeAtLogin(token, cookie)).status).toBe(302);
    await refused(await tradeAtLogin(token, cookie));
  });

  it("not after two minutes", async () => {
    const cookie = await startSignIn();
    const token = await googleToken(cookie);
    await env.DB.prepare(
      "UPDATE auth_sessions SET created_at = created_at - 121000 WHERE binding_hash IS NOT NULL",
    ).run();
    await refused(await tradeAtLogin(token, cookie));
  });

  it("not in another browser: the attacker's own Google token in a link, with or without the victim's own sign-in cookie", async () => {
    const attackerCookie = await startSignIn();
    const attackersToken = await googleToken(attackerCookie);
    await refused(await tradeAtLogin(attackersToken));
    const victimCookie = await startSignIn();
    await refused(await tradeAtLogin(attackersToken, victimCookie));
  });

  it("not a bearer token from the API login, nor one from Google's API callback without the browser's cookie", async () => {
    const email = uniqueEmail("api");
    expect((await callJson("/api/auth/register", registration(email))).status).toBe(200);
    await callJson("/api/auth/verify", { email, token: await latestCode(email) });
    const login = await callJson("/api/auth/login", { email, password: "secret-pass-1" });
    const victimCookie = await startSignIn();
    await refused(await tradeAtLogin(login.data.token, victimCookie));
    // The API token still works as a bearer token; it was not spent.
    expect(
      (
        await SELF.fetch("http://localhost/api/user/profile", {
          headers: { Authorization: `Bearer ${login.data.token}` },
        })
      ).status,
    ).toBe(200);

    const unbound = await googleToken("");
    await refused(await tradeAtLogin(unbound, victimCookie));
  });

  it("not a forged or garbled token", async () => {
    const cookie = await startSignIn();
    for (const token of ["x.y.z", "not-a-token", "a".repeat(900)]) await refused(await tradeAtLogin(token, cookie));
  });
});
