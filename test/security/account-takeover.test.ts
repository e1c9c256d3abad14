// Sign-up takeover, driven as an attacker would: re-registering someone's
// pending e-mail with the attacker's password, re-registering a verified
// e-mail, and a pending password sign-up later claimed by Google sign-in.
import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, callJson, latestCode, outbox, registration, row, uniqueEmail, uniqueIp } from "../support/accounts";
import { mockGoogle } from "../support/google";

afterEach(() => vi.restoreAllMocks());

const OWNER_PASSWORD = "owner-pass-1";
const ATTACKER_PASSWORD = "attacker-pass-1";
const login = (email: string, password: string) => callJson("/api/auth/login", { email, password });

describe("re-registering a pending e-mail", () => {
  it("cannot swap the password under the owner's first code", async () => {
    const email = uniqueEmail("victim");
    expect((await callJson("/api/auth/register", registration(email, { password: OWNER_PASSWORD }))).status).toBe(200);
    const ownersCode = await latestCode(email);

    // The attacker registers the same address with their own password and details.
    const attack = await callJson("/api/auth/register", registration(email, { password: ATTACKER_PASSWORD, business_name: "Attacker Ltd" }));
    expect(attack.status).toBe(200);
    expect(attack.data.message).toContain("already sent for an earlier sign-up");
    expect(await outbox(email)).toHaveLength(1);

    // The owner enters the code from their e-mail.
    expect((await callJson("/api/auth/verify", { email, token: ownersCode })).status).toBe(200);
    const attacker = await login(email, ATTACKER_PASSWORD);
    expect(attacker.status).toBe(401);
    expect(attacker.data.token).toBeUndefined();
    const owner = await login(email, OWNER_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.data.user.user_metadata.business_name).not.toBe("Attacker Ltd");
  });

  it("the register screen tells the second sign-up which password will work", async () => {
    const email = uniqueEmail("screen");
    expect((await callJson("/api/auth/register", registration(email, { password: OWNER_PASSWORD }))).status).toBe(200);
    const res = await SELF.fetch("http://localhost/register", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp(), Cookie: "lang=he" },
      body: new URLSearchParams({
        name: "Mallory",
        business_name: "Attacker Ltd",
        country: "IL",
        phone: "0541234567",
        email,
        password: ATTACKER_PASSWORD,
        confirm_password: ATTACKER_PASSWORD,
        agree_terms: "on",
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("קוד לכתובת הזו כבר נשלח בהרשמה קודמת");
  });

  it("after the first code has died, a new sign-up replaces it and only a code sent afterwards verifies it", async () => {
    const email = uniqueEmail("expired");
    await callJson("/api/auth/register", registration(email, { password: OWNER_PASSWORD }));
    const firstCode = await latestCode(email);
    // Ten minutes later the first code is dead, and the one-a-minute e-mail spacing has passed.
    await env.DB.prepare("UPDATE verifications SET expires_at = 1, created_at = 1 WHERE target = ?").bind(email).run();
    await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE ?").bind(`%${email}`).run();

    const again = await callJson("/api/auth/register", registration(email, { password: "second-pass-1" }));
    expect(again.status).toBe(200);
    const mails = await outbox(email);
    expect(mails).toHaveLength(2);
    expect((await callJson("/api/auth/verify", { email, token: firstCode })).status).toBe(400);
    expect((await callJson("/api/auth/verify", { email, token: await latestCode(email) })).status).toBe(200);
    expect((await login(email, OWNER_PASSWORD)).status).toBe(401);
    expect((await login(email, "second-pass-1")).status).toBe(200);
  });
});

describe("a verified account", () => {
  it("keeps its password when someone registers its e-mail again", async () => {
    const email = uniqueEmail("verified");
    await callJson("/api/auth/register", registration(email, { password: OWNER_PASSWORD }));
    await callJson("/api/auth/verify", { email, token: await latestCode(email) });
    const before = await row<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = ?", email);

    const attack = await callJson("/api/auth/register", registration(email, { password: ATTACKER_PASSWORD }));
    expect(attack.status).toBe(409);
    expect(attack.data.detail).toBe("An account with this email already exists. Please sign in instead.");
    expect((await row<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = ?", email))?.password_hash).toBe(before?.password_hash);
    expect((await login(email, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await login(email, OWNER_PASSWORD)).status).toBe(200);
    // No code went out that could verify anything.
    expect(await outbox(email)).toHaveLength(1);
  });
});

describe("Google sign-in on a pending password sign-up", () => {
  it("revokes the unproven password and its code, so the attacker who registered first never gets in", async () => {
    const email = uniqueEmail("google-owner");
    // The attacker registers the owner's address first.
    await callJson("/api/auth/register", registration(email, { password: ATTACKER_PASSWORD }));
    const attackersCode = await latestCode(email);

    // The owner signs in with Google, which vouches for the address.
    mockGoogle({ owner: { sub: `g-${crypto.randomUUID()}`, email, email_verified: true, name: "Real Owner" } });
    const google = await callJson("/api/auth/google/callback", { code: "owner" });
    expect(google.status).toBe(200);
    vi.restoreAllMocks();

    expect((await row<{ password_hash: string | null }>("SELECT password_hash FROM users WHERE email = ?", email))?.password_hash).toBeNull();
    const attacker = await login(email, ATTACKER_PASSWORD);
    expect(attacker.status).toBe(401);
    expect((await callJson("/api/auth/verify", { email, token: attackersCode })).status).toBe(400);
    // The owner's Google session works.
    expect((await call("/api/user/profile", undefined, { token: google.data.token })).status).toBe(200);
  });
});
