// Google sign-in with Google's endpoints stubbed (fetch in this isolate); the
// rest (state cookie, account matching by subject, sessions) runs for real.
import { createExecutionContext, env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { call, callJson, registeredUser, registration, row, uniqueEmail, latestCode } from "../support/accounts";
import { mockGoogle, type Profile } from "../support/google";

afterEach(() => vi.restoreAllMocks());

const person = (over: Partial<Profile> = {}): Profile => ({
  sub: `g-${crypto.randomUUID()}`,
  email: uniqueEmail("google"),
  email_verified: true,
  name: "Dana Google",
  ...over,
});

describe("Google sign-in for API clients", () => {
  it("creates an account keyed by Google's subject and answers a bearer token", async () => {
    const p = person();
    const sent = mockGoogle({ c1: p });
    const res = await callJson("/api/auth/google/callback", { code: "c1", timezone: "Europe/Paris" });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ success: true, user: { email: p.email, app_metadata: { provider: "google" } } });
    expect(res.data.token.split(".")).toHaveLength(3);
    expect(sent[0].get("redirect_uri")).toBe(`${env.APP_URL}/login`);
    expect(sent[0].get("client_secret")).toBe(env.GOOGLE_CLIENT_SECRET);
    const user = await row<Record<string, unknown>>("SELECT * FROM users WHERE id = ?", res.data.user.id);
    expect(user).toMatchObject({
      google_issuer: "https://accounts.google.com",
      google_subject: p.sub,
      password_hash: null,
    });
    expect(user?.email_verified_at).toBeTruthy();
    expect((await row("SELECT time_zone FROM businesses WHERE owner_user_id = ?", res.data.user.id))?.time_zone).toBe(
      "Europe/Paris",
    );
    expect((await call("/api/user/profile", undefined, { token: res.data.token })).status).toBe(200);
  });

  it("finds the same person by subject when their Google e-mail changed", async () => {
    const p = person();
    mockGoogle({ a: p, b: { ...p, email: uniqueEmail("renamed") } });
    const first = await callJson("/api/auth/google/callback", { code: "a" });
    const second = await callJson("/api/auth/google/callback", { code: "b" });
    expect(second.status).toBe(200);
    expect(second.data.user.id).toBe(first.data.user.id);
  });

  it("links an existing verified e-mail account, and takes over a pending registration without its password", async () => {
    const owner = await registeredUser();
    mockGoogle({ link: person({ email: owner.email.toUpperCase() }) });
    const linked = await callJson("/api/auth/google/callback", { code: "link" });
    expect(linked.status).toBe(200);
    expect(linked.data.user.id).toBe(owner.userId);
    expect(linked.data.user.app_metadata.providers).toEqual(["email", "google"]);
    expect((await call("/api/auth/login", { email: owner.email, password: owner.password })).status).toBe(200);

    const email = uniqueEmail("squatted");
    await callJson("/api/auth/register", registration(email, { password: "squatter-1" }));
    vi.restoreAllMocks();
    mockGoogle({ own: person({ email }) });
    const taken = await callJson("/api/auth/google/callback", { code: "own" });
    expect(taken.status).toBe(200);
    expect((await call("/api/auth/login", { email, password: "squatter-1" })).status).toBe(401);
    expect((await call("/api/auth/verify", { email, token: await latestCode(email) })).status).toBe(400);
  });

  it("refuses an unverified Google e-mail, a failed exchange and a missing code with messages", async () => {
    mockGoogle({ unverified: person({ email_verified: false }) });
    const unverified = await callJson("/api/auth/google/callback", { code: "unverified" });
    expect(unverified.status).toBe(403);
    expect(unverified.data.message).toBe("Your Google account's email address is not verified.");
    const bad = await callJson("/api/auth/google/callback", { code: "nope" });
    expect(bad.status).toBe(401);
    expect(bad.data).toMatchObject({ success: false, message: "Failed to exchange OAuth code" });
    const missing = await callJson("/api/auth/google/callback", {});
    expect(missing.status).toBe(400);
    expect((await call("/api/auth/google/callback", "{nope")).status).toBe(400);
    expect((await call("/api/auth/google/callback", { code: 42 })).status).toBe(400);
  });
});

function cookiesFrom(res: Response) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

describe("Google sign-in on the screens (remix-auth-google)", () => {
  it("goes to Google with a state, comes back to /login and lands on the dashboard", async () => {
    const p = person({ name: "Avi Ben David" });
    mockGoogle({ screen: p });
    const start = await SELF.fetch("http://localhost/api/auth/google?tz=Asia/Tokyo", { redirect: "manual" });
    expect(start.status).toBe(302);
    const to = new URL(start.headers.get("Location")!);
    expect(to.origin + to.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(to.searchParams.get("client_id")).toBe(env.GOOGLE_CLIENT_ID);
    expect(to.searchParams.get("redirect_uri")).toBe(`${env.APP_URL}/login`);
    const state = to.searchParams.get("state")!;
    expect(state).toBeTruthy();
    const cookies = cookiesFrom(start);
    expect(start.headers.getSetCookie().join("\n")).toMatch(/oauth=.*HttpOnly/);

    const back = await SELF.fetch(`http://localhost/login?code=screen&state=${state}`, {
      headers: { Cookie: cookies },
      redirect: "manual",
    });
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/dashboard");
    const session = back.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    const dash = await SELF.fetch("http://localhost/dashboard", { headers: { Cookie: session.split(";")[0] } });
    expect(dash.status).toBe(200);
    expect(await dash.text()).toContain(">AD</div>");
    expect(
      (
        await row(
          "SELECT b.time_zone FROM businesses b JOIN users u ON u.id = b.owner_user_id WHERE u.email = ?",
          p.email,
        )
      )?.time_zone,
    ).toBe("Asia/Tokyo");
  });

  it("returns where the sign-in was asked from (a confirmation in Settings), and only to a path of this site", async () => {
    const signIn = async (redirectTo: string) => {
      mockGoogle({ screen: person() });
      const start = await SELF.fetch(`http://localhost/api/auth/google?redirectTo=${encodeURIComponent(redirectTo)}`, {
        redirect: "manual",
      });
      const state = new URL(start.headers.get("Location")!).searchParams.get("state")!;
      const back = await SELF.fetch(`http://localhost/login?code=screen&state=${state}`, {
        headers: { Cookie: cookiesFrom(start) },
        redirect: "manual",
      });
      expect(back.status).toBe(302);
      return {
        location: back.headers.get("Location"),
        started: start.headers.getSetCookie().join("\n"),
        ended: back.headers.getSetCookie().join("\n"),
      };
    };
    const settings = await signIn("/dashboard/settings#data-title");
    expect(settings.location).toBe("/dashboard/settings#data-title");
    expect(settings.ended).toMatch(/google_after=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    for (const away of ["//evil.example", "/.//evil.example", "https://evil.example/", "/%2e%2e//evil.example"]) {
      const attempt = await signIn(away);
      expect(attempt.location, away).toBe("/dashboard");
      expect(attempt.started, away).not.toContain("google_after=");
    }
  });

  it("refuses a state that does not match, and shows Google's own error", async () => {
    mockGoogle({ screen: person() });
    const start = await SELF.fetch("http://localhost/api/auth/google", { redirect: "manual" });
    const res = await SELF.fetch("http://localhost/login?code=screen&state=forged", {
      headers: { Cookie: cookiesFrom(start) },
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("session="))).toBe(false);
    expect(await res.text()).toContain("Google login failed. Please try again.");
    const denied = await SELF.fetch("http://localhost/login?error=access_denied");
    expect(await denied.text()).toContain("OAuth login failed: access_denied");
  });

  it("explains when Google sign-in is not configured", async () => {
    const res = await worker.fetch(
      new Request("http://localhost/api/auth/google", { redirect: "manual" }) as Request<
        unknown,
        IncomingRequestCfProperties
      >,
      { ...env, GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" },
      createExecutionContext(),
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?error=google.notConfigured");
    // The login screen says so in the reader's language.
    for (const [lang, text] of [
      ["en", "Google sign-in is not set up on this server."],
      ["he", "התחברות עם Google לא הוגדרה בשרת הזה."],
    ]) {
      const page = await SELF.fetch("http://localhost/login?error=google.notConfigured", {
        headers: { Cookie: `lang=${lang}` },
      });
      expect(await page.text()).toMatch(new RegExp(`role="alert"[^>]*>${text.replace(/\./g, "\\.")}</`));
    }
  });
});
