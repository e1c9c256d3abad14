// RELIABILITY 1-2: verification codes are hashed, live 10 minutes, die after 5
// wrong guesses, work once, end when a newer code is sent, and only for their purpose.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~db";
import {
  checkCode,
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MS,
  consumeResetToken,
  issueCode,
  issueResetToken,
} from "../../app/services/auth/codes.server";
import { call, callJson, latestCode, outbox, registration, row, uniqueEmail, uniqueIp } from "../support/accounts";

const db = () => createDb(env.DB);
const secret = () => env.SESSION_SECRET;

async function pending() {
  const email = uniqueEmail("code");
  expect((await callJson("/api/auth/register", registration(email))).status).toBe(200);
  return { email, code: await latestCode(email) };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("verification codes", () => {
  it("stores no plaintext code: only a keyed hash", async () => {
    const { email, code } = await pending();
    const stored = await row<{ code_hash: string }>(
      "SELECT code_hash FROM verifications WHERE target = ? AND purpose = 'signup'",
      email,
    );
    expect(stored?.code_hash).toBeTruthy();
    expect(stored?.code_hash).not.toContain(code);
    const everything = await env.DB.prepare("SELECT * FROM verifications WHERE target = ?").bind(email).all();
    expect(JSON.stringify(everything.results)).not.toContain(code);
  });

  it("dies after 5 wrong guesses: the right code no longer works", async () => {
    const { email, code } = await pending();
    for (let i = 0; i < CODE_MAX_ATTEMPTS - 1; i++) {
      const res = await callJson("/api/auth/verify", { email, token: wrong(code) });
      expect(res.status).toBe(400);
      expect(res.data.detail).toBe("The code is incorrect. Please check it and try again.");
    }
    const fifth = await callJson("/api/auth/verify", { email, token: wrong(code) });
    expect(fifth.data.detail).toBe("This code has expired or was tried too many times. Please ask for a new one.");
    const right = await callJson("/api/auth/verify", { email, token: code });
    expect(right.status).toBe(400);
    expect(right.data.detail).toBe("This code has expired or was tried too many times. Please ask for a new one.");
    expect(await row("SELECT id FROM users WHERE email = ?", email)).toBeNull();
  });

  it("parallel guesses still get at most 5 tries", async () => {
    const email = uniqueEmail("parallel");
    const code = await issueCode(db(), secret(), email, "signup", Date.now());
    const guesses = Array.from({ length: 20 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    await Promise.all(guesses.map((g) => checkCode(db(), secret(), email, "signup", g, Date.now())));
    const stored = await row<{ attempts: number }>("SELECT attempts FROM verifications WHERE target = ?", email);
    expect(stored?.attempts).toBe(CODE_MAX_ATTEMPTS);
    expect(await checkCode(db(), secret(), email, "signup", code, Date.now())).toEqual({ ok: false, reason: "dead" });
  });

  it("lives 10 minutes", async () => {
    const email = uniqueEmail("ttl");
    const t0 = Date.UTC(2030, 0, 1);
    const code = await issueCode(db(), secret(), email, "signup", t0);
    expect(await checkCode(db(), secret(), email, "signup", code, t0 + CODE_TTL_MS)).toEqual({
      ok: false,
      reason: "dead",
    });
    expect(CODE_TTL_MS).toBe(10 * 60_000);
    const fresh = await issueCode(db(), secret(), email, "signup", t0);
    expect(await checkCode(db(), secret(), email, "signup", fresh, t0 + CODE_TTL_MS - 1)).toMatchObject({ ok: true });
  });

  it("is refused over HTTP once its 10 minutes are over", async () => {
    const { email, code } = await pending();
    await env.DB.prepare("UPDATE verifications SET expires_at = ? WHERE target = ?")
      .bind(Date.now() - 1, email)
      .run();
    const res = await callJson("/api/auth/verify", { email, token: code });
    expect(res.status).toBe(400);
    expect(res.data.success).toBe(false);
  });

  it("works once", async () => {
    const { email, code } = await pending();
    expect((await callJson("/api/auth/verify", { email, token: code })).status).toBe(200);
    const again = await callJson("/api/auth/verify", { email, token: code });
    expect(again.status).toBe(400);
  });

  it("ends when a newer code is sent", async () => {
    const email = uniqueEmail("newer");
    const now = Date.now();
    const older = await issueCode(db(), secret(), email, "signup", now);
    const newer = await issueCode(db(), secret(), email, "signup", now + 1);
    if (older !== newer)
      expect(await checkCode(db(), secret(), email, "signup", older, now + 2)).toMatchObject({ ok: false });
    expect(await checkCode(db(), secret(), email, "signup", newer, now + 2)).toMatchObject({ ok: true });
  });

  it("ends when a newer code is sent (Send a new code) after a minute", async () => {
    const { email, code: first } = await pending();
    // The one-a-minute spacing has passed.
    await env.DB.prepare("UPDATE rate_limits SET window_start = window_start - 61000 WHERE key = ?")
      .bind(`mail:signup:${email}`)
      .run();
    // (Registering again is another sign-up with its own code: account-takeover.test.ts.)
    const resend = await SELF.fetch("http://localhost/register", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
      body: new URLSearchParams({ intent: "resend", email }),
    });
    expect(resend.status).toBe(200);
    expect(await outbox(email)).toHaveLength(2);
    const second = await latestCode(email);
    expect((await callJson("/api/auth/verify", { email, token: first })).status).toBe(first === second ? 200 : 400);
    expect((await callJson("/api/auth/verify", { email, token: second })).status).toBe(first === second ? 400 : 200);
  });

  it("works only for its purpose: a sign-up code is no reset token, and the other way round", async () => {
    const { email, code } = await pending();
    const res = await call("/api/auth/reset-password", { new_password: "hijacked-1" }, { token: code });
    expect(res.status).toBe(400);
    expect(await checkCode(db(), secret(), email, "reset", code, Date.now())).toEqual({ ok: false, reason: "dead" });
    const token = await issueResetToken(db(), secret(), crypto.randomUUID(), Date.now());
    expect((await callJson("/api/auth/verify", { email, token })).status).toBe(400);
    expect(await consumeResetToken(db(), secret(), code, Date.now())).toBeNull();
  });
});
