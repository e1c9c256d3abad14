// RELIABILITY 1 and 3: per-IP 429 within 30 sign-in or verify requests per
// 5 minutes; more than 100 failures in an hour block an account; one e-mail a
// minute per address; forgot-password answers the same for everyone.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  call,
  callJson,
  outbox,
  registeredUser,
  registration,
  uniqueEmail,
  uniqueIp,
  waitForMail,
} from "../support/accounts";

describe("per-IP limits", () => {
  it("answers 429 to the 31st sign-in from one IP within 5 minutes; other IPs are unaffected", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 30; i++) {
      const res = await call("/api/auth/login", { email: "nobody@example.com", password: `guess-${i}` }, { ip });
      expect(res.status).toBe(401);
    }
    const blocked = await callJson("/api/auth/login", { email: "a@b.co", password: "whatever" }, { ip });
    expect(blocked.status).toBe(429);
    expect(blocked.data.detail).toBe("Too many attempts. Please wait a few minutes and try again.");
    expect((await call("/api/auth/login", { email: "nobody@example.com", password: "guess" })).status).toBe(401);
    // The window passes.
    await env.DB.prepare("UPDATE rate_limits SET window_start = window_start - 300000 WHERE key = ?")
      .bind(`ip:auth:${ip}`)
      .run();
    expect((await call("/api/auth/login", { email: "nobody@example.com", password: "guess" }, { ip })).status).toBe(
      401,
    );
  }, 30_000);

  it("counts verification attempts in the same budget", async () => {
    const ip = uniqueIp();
    for (let i = 0; i < 30; i++) await call("/api/auth/verify", { email: "x@y.co", token: "123456" }, { ip });
    expect((await call("/api/auth/verify", { email: "x@y.co", token: "123456" }, { ip })).status).toBe(429);
    expect((await call("/api/auth/login", { email: "x@y.co", password: "abcdef" }, { ip })).status).toBe(429);
  });
});

describe("per-account limit", () => {
  it("blocks an account after 100 failed sign-ins in an hour, even with the right password", async () => {
    const owner = await registeredUser();
    for (let i = 0; i < 100; i++) {
      const res = await call("/api/auth/login", { email: owner.email, password: `wrong-${i}` });
      expect(res.status).toBe(401);
    }
    const right = await callJson("/api/auth/login", { email: owner.email, password: owner.password });
    expect(right.status).toBe(429);
    expect(right.data.detail).toBe("Too many failed attempts for this account. Please try again in an hour.");
    await env.DB.prepare("UPDATE rate_limits SET window_start = window_start - 3600000 WHERE key = ?")
      .bind(`fail:${owner.email}`)
      .run();
    expect((await call("/api/auth/login", { email: owner.email, password: owner.password })).status).toBe(200);
  }, 60_000);
});

describe("e-mail sending", () => {
  it("suppresses a second code e-mail (Send a new code) within 60 s, keeping the first code alive", async () => {
    const email = uniqueEmail("spaced");
    expect((await callJson("/api/auth/register", registration(email))).status).toBe(200);
    const resend = await SELF.fetch("http://localhost/register", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
      body: new URLSearchParams({ intent: "resend", email }),
    });
    expect(resend.status).toBe(200);
    const mails = await outbox(email);
    expect(mails).toHaveLength(1);
    const code = /\d{6}/.exec(mails[0].text)![0];
    expect((await callJson("/api/auth/verify", { email, token: code })).status).toBe(200);
  });

  it("forgot-password: the same status and body for known and unknown addresses, and a link only to the known one", async () => {
    const owner = await registeredUser();
    const unknown = uniqueEmail("nobody");
    const a = await call("/api/auth/forgot-password", { email: owner.email });
    const b = await call("/api/auth/forgot-password", { email: unknown });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(await b.text()).toBe(await a.text());
    const mails = await waitForMail(owner.email, 2);
    expect(mails[0].text).toContain("/reset-password#access_token=");
    expect(await outbox(unknown)).toEqual([]);
  }, 15_000);

  it("a second reset link within 60 s is suppressed", async () => {
    const owner = await registeredUser();
    await call("/api/auth/forgot-password", { email: owner.email });
    await waitForMail(owner.email, 2);
    expect((await call("/api/auth/forgot-password", { email: owner.email })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await outbox(owner.email)).toHaveLength(2);
  });

  it("forgot-password for a pending (unverified) registration sends nothing but answers the same", async () => {
    const email = uniqueEmail("pending");
    await callJson("/api/auth/register", registration(email));
    await env.DB.prepare("UPDATE rate_limits SET window_start = window_start - 61000 WHERE key = ?")
      .bind(`mail:signup:${email}`)
      .run();
    const res = await callJson("/api/auth/forgot-password", { email });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await outbox(email)).filter((m) => m.text.includes("reset-password"))).toEqual([]);
  });
});
