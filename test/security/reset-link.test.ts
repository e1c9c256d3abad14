// RELIABILITY 4-5: the reset link is built from APP_URL (never the Host
// header), works once, for at most an hour; a reset ends every session and token.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RESET_TTL_MS } from "../../app/services/auth/codes.server";
import { call, callJson, registeredUser, uniqueIp, waitForMail } from "../support/accounts";
import { SELF } from "cloudflare:test";

async function resetLinkFor(email: string, host = "localhost") {
  // A public host with this local configuration is refused outright (request-guard tests), so the Host header lies instead.
  const res = await SELF.fetch("http://localhost/api/auth/forgot-password", {
    method: "POST",
    headers: {
      Host: host,
      "Content-Type": "application/json",
      "CF-Connecting-IP": uniqueIp(),
      "X-Forwarded-Host": "evil.example",
    },
    body: JSON.stringify({ email }),
  });
  expect(res.status).toBe(200);
  const mails = await waitForMail(email, 2);
  const link = /(\S+\/reset-password#access_token=(\S+))/.exec(mails[0].text);
  expect(link).not.toBeNull();
  return { link: link![1], token: link![2] };
}

describe("reset link", () => {
  it("is built from APP_URL, not from the Host the request came to", async () => {
    const owner = await registeredUser();
    const { link } = await resetLinkFor(owner.email, "evil.example");
    expect(link.startsWith(`${env.APP_URL}/reset-password#access_token=`)).toBe(true);
    expect(link).not.toContain("evil.example");
  });

  it("sets a new password, ends every session and token, and works only once", async () => {
    const owner = await registeredUser();
    const other = await callJson("/api/auth/login", { email: owner.email, password: owner.password });
    const { token } = await resetLinkFor(owner.email);
    const reset = await callJson("/api/auth/reset-password", { new_password: "after-reset-1" }, { token });
    expect(reset.status).toBe(200);
    expect(reset.data).toMatchObject({ success: true, detail: "Password reset successful!" });

    for (const t of [owner.token, other.data.token])
      expect((await call("/api/user/profile", undefined, { token: t })).status).toBe(401);
    const sessions = await env.DB.prepare("SELECT count(*) AS n FROM auth_sessions WHERE user_id = ?")
      .bind(owner.userId)
      .first<{ n: number }>();
    expect(sessions?.n).toBe(0);
    expect((await call("/api/auth/login", { email: owner.email, password: owner.password })).status).toBe(401);
    expect((await call("/api/auth/login", { email: owner.email, password: "after-reset-1" })).status).toBe(200);

    const again = await callJson("/api/auth/reset-password", { new_password: "second-use-1" }, { token });
    expect(again.status).toBe(400);
    expect(again.data.detail).toBe(
      "This reset link is invalid, has expired or was already used. Please ask for a new one.",
    );
  }, 15_000);

  it("expires after at most one hour", async () => {
    expect(RESET_TTL_MS).toBeLessThanOrEqual(3600_000);
    const owner = await registeredUser();
    const { token } = await resetLinkFor(owner.email);
    const row = await env.DB.prepare(
      "SELECT expires_at - created_at AS ttl FROM verifications WHERE target = ? AND purpose = 'reset'",
    )
      .bind(owner.userId)
      .first<{ ttl: number }>();
    expect(row?.ttl).toBe(3600_000);
    await env.DB.prepare("UPDATE verifications SET expires_at = ? WHERE target = ? AND purpose = 'reset'")
      .bind(Date.now() - 1, owner.userId)
      .run();
    expect((await call("/api/auth/reset-password", { new_password: "too-late-1" }, { token })).status).toBe(400);
  });

  it("answers a missing or made-up token and a short password with a message", async () => {
    const missing = await callJson("/api/auth/reset-password", { new_password: "whatever-1" });
    expect(missing.status).toBe(401);
    expect(missing.data.detail).toBe("Invalid or missing reset token. Please re-open the reset link.");
    const madeUp = await callJson(
      "/api/auth/reset-password",
      { new_password: "whatever-1" },
      { token: "x".repeat(43) },
    );
    expect(madeUp.status).toBe(400);
    const empty = await callJson("/api/auth/reset-password", {}, { token: "x".repeat(43) });
    expect(empty.data.detail).toBe("Please enter a new password");
    const short = await callJson("/api/auth/reset-password", { new_password: "12345" }, { token: "x".repeat(43) });
    expect(short.data.detail).toBe("Password must be at least 6 characters");
  });

  it("the reset page sends Referrer-Policy: no-referrer and is not cached", async () => {
    const res = await SELF.fetch("http://localhost/reset-password");
    expect(res.status).toBe(200);
    expect(res.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain('<meta name="referrer" content="no-referrer"/>');
    expect(html).toContain("Reset Password");
  });
});
