// RELIABILITY 5-7: bearer tokens (alg none, algorithm swap, expired, one
// changed byte, after logout -> 401), password changes end other sessions,
// cookie flags and a new cookie value at every sign-in.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { signToken } from "../../app/services/auth/jwt.server";
import { base64UrlEncode } from "../../app/utils/base64";
import { utf8 } from "../../app/utils/encoding";
import { call, callJson, registeredUser, uniqueIp } from "../support/accounts";

const b64 = (o: unknown) => base64UrlEncode(utf8(JSON.stringify(o)));

async function hmac(alg: "SHA-256" | "SHA-512", data: string, secret: string) {
  const key = await crypto.subtle.importKey("raw", utf8(secret), { name: "HMAC", hash: alg }, false, ["sign"]);
  return base64UrlEncode(await crypto.subtle.sign("HMAC", key, utf8(data)));
}

const profile = (token: string) => call("/api/user/profile", undefined, { token });

describe("bearer tokens", () => {
  it("refuse alg none, an algorithm swap, expiry, one changed byte, and use after logout", async () => {
    const owner = await registeredUser();
    expect((await profile(owner.token)).status).toBe(200);
    const [, body] = owner.token.split(".");
    const claims = JSON.parse(atob(body.replace(/-/g, "+").replace(/_/g, "/")));

    const none = `${b64({ alg: "none", typ: "JWT" })}.${body}.`;
    const hs512Head = b64({ alg: "HS512", typ: "JWT" });
    const swapped = `${hs512Head}.${body}.${await hmac("SHA-512", `${hs512Head}.${body}`, env.SESSION_SECRET)}`;
    const rsHead = b64({ alg: "RS256", typ: "JWT" });
    const rs = `${rsHead}.${body}.${await hmac("SHA-256", `${rsHead}.${body}`, env.SESSION_SECRET)}`;
    const expired = await signToken({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 }, env.SESSION_SECRET);
    const foreign = await signToken(claims, "another-secret-0123456789");
    for (const bad of [none, swapped, rs, expired, foreign, "a.b", "not-a-token", owner.token + "x"]) {
      const res = await callJson("/api/user/profile", undefined, { token: bad });
      expect(res.status, bad).toBe(401);
      expect(res.data.success).toBe(false);
    }
    for (let i = 0; i < owner.token.length; i += 7) {
      if (owner.token[i] === ".") continue;
      const flipped = owner.token.slice(0, i) + (owner.token[i] === "A" ? "B" : "A") + owner.token.slice(i + 1);
      expect((await profile(flipped)).status, `byte ${i}`).toBe(401);
    }
    expect((await profile(owner.token)).status).toBe(200);

    const out = await callJson("/api/auth/logout", {}, { token: owner.token });
    expect(out.status).toBe(200);
    expect((await profile(owner.token)).status).toBe(401);
    expect((await call("/api/auth/logout", {}, { token: owner.token })).status).toBe(401);
  });

  it("validate-token answers the user for a live token and 401 otherwise", async () => {
    const owner = await registeredUser();
    const ok = await callJson("/api/auth/validate-token", {}, { token: owner.token });
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({
      success: true,
      token: owner.token,
      user: { id: owner.userId, email: owner.email },
    });
    const bad = await callJson("/api/auth/validate-token", {}, { token: owner.token.slice(0, -2) + "xx" });
    expect(bad.status).toBe(401);
    expect(bad.data.message).toBe("Token validation failed");
    const none = await callJson("/api/auth/validate-token", {});
    expect(none.status).toBe(401);
    expect(none.data.message).toBe("No access token found");
  });
});

describe("password change", () => {
  it("keeps the session that changed it and ends every other session and token", async () => {
    const owner = await registeredUser();
    const second = await callJson("/api/auth/login", { email: owner.email, password: owner.password });
    const screen = await screenLogin(owner.email, owner.password);
    expect(
      (await SELF.fetch("http://localhost/dashboard", { headers: { Cookie: screen.cookie }, redirect: "manual" }))
        .status,
    ).toBe(200);

    const change = await callJson(
      "/api/settings/change-password",
      { current_password: owner.password, new_password: "changed-pass-2" },
      { token: owner.token },
    );
    expect(change.status).toBe(200);
    expect(change.data).toMatchObject({ success: true, detail: "Password changed successfully!" });
    expect((await profile(owner.token)).status).toBe(200);
    expect((await profile(second.data.token)).status).toBe(401);
    expect(
      (await SELF.fetch("http://localhost/dashboard", { headers: { Cookie: screen.cookie }, redirect: "manual" }))
        .status,
    ).toBe(302);
  });

  it("answers the spec's messages and a wrong current password with 400", async () => {
    const owner = await registeredUser();
    const cases: [unknown, string][] = [
      [{}, "All password fields are required"],
      [{ current_password: owner.password }, "All password fields are required"],
      [{ current_password: owner.password, new_password: "12345" }, "New password must be at least 6 characters"],
      [{ current_password: "not-it-123", new_password: "whatever-9" }, "Current password is incorrect"],
    ];
    for (const [body, message] of cases) {
      const res = await callJson("/api/settings/change-password", body, { token: owner.token });
      expect(res.status).toBe(400);
      expect(res.data.detail).toBe(message);
    }
    expect(
      (await call("/api/settings/change-password", { current_password: owner.password, new_password: "x12345" }))
        .status,
    ).toBe(401);
  });
});

async function screenLogin(email: string, password: string, cookie = "", ip = uniqueIp()) {
  const res = await SELF.fetch("http://localhost/login", {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": ip,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams({ email, password, intent: "login" }),
  });
  expect(res.status).toBe(302);
  const setCookie = sessionSetCookie(res);
  return { res, setCookie, cookie: setCookie.split(";")[0] };
}

describe("session cookie", () => {
  it("is HttpOnly and SameSite=Lax, named session locally, with a new value at every sign-in", async () => {
    const owner = await registeredUser();
    const first = await screenLogin(owner.email, owner.password);
    expect(first.res.headers.get("Location")).toBe("/dashboard");
    expect(first.setCookie).toMatch(/^session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+$/);
    const second = await screenLogin(owner.email, owner.password, first.cookie);
    expect(second.cookie).not.toBe(first.cookie);
    // Signing in again from the same browser ends the session it held before.
    expect(
      (await SELF.fetch("http://localhost/dashboard", { headers: { Cookie: first.cookie }, redirect: "manual" }))
        .status,
    ).toBe(302);
    expect(
      (await SELF.fetch("http://localhost/dashboard", { headers: { Cookie: second.cookie }, redirect: "manual" }))
        .status,
    ).toBe(200);
    const sessions = await env.DB.prepare(
      "SELECT count(*) AS n FROM auth_sessions WHERE user_id = ? AND kind = 'cookie'",
    )
      .bind(owner.userId)
      .first<{ n: number }>();
    expect(sessions?.n).toBe(1);
  });

  it("is __Host- prefixed and Secure when APP_URL is https", async () => {
    const owner = await registeredUser();
    const httpsEnv = { ...env, APP_URL: "https://chatbook.example", EMAIL_PROVIDER: "resend" };
    const ctx = createExecutionContext();
    const res = await worker.fetch(
      new Request("https://chatbook.example/login", {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
        body: new URLSearchParams({ email: owner.email, password: owner.password, intent: "login" }),
      }) as Request<unknown, IncomingRequestCfProperties>,
      httpsEnv,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(302);
    const setCookie = sessionSetCookie(res);
    expect(setCookie).toMatch(
      /^__Host-session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Max-Age=\d+; Secure$/,
    );
    expect(setCookie).not.toMatch(/Domain=/i);

    const cookie = setCookie.split(";")[0];
    const dash = await worker.fetch(
      new Request("https://chatbook.example/dashboard", { headers: { Cookie: cookie }, redirect: "manual" }) as Request<
        unknown,
        IncomingRequestCfProperties
      >,
      httpsEnv,
      createExecutionContext(),
    );
    expect(dash.status).toBe(200);
    // The unprefixed name is not accepted over https.
    const plain = await worker.fetch(
      new Request("https://chatbook.example/dashboard", {
        headers: { Cookie: cookie.replace("__Host-session", "session") },
        redirect: "manual",
      }) as Request<unknown, IncomingRequestCfProperties>,
      httpsEnv,
      createExecutionContext(),
    );
    expect(plain.status).toBe(302);
  });

  it("logout deletes the server row and clears the cookie", async () => {
    const owner = await registeredUser();
    const { cookie } = await screenLogin(owner.email, owner.password);
    const out = await SELF.fetch("http://localhost/logout", {
      method: "POST",
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(out.headers.get("Location")).toBe("/");
    expect(out.headers.get("Set-Cookie")).toMatch(/^session=; .*Max-Age=0/);
    expect(
      (await SELF.fetch("http://localhost/dashboard", { headers: { Cookie: cookie }, redirect: "manual" })).status,
    ).toBe(302);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM auth_sessions WHERE user_id = ? AND kind = 'cookie'")
      .bind(owner.userId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});

/** The sign-in cookie an answer sets (beside it may be the D1 read bookmark, db/read-session.ts). */
function sessionSetCookie(res: Response): string {
  return res.headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c)) ?? "";
}
