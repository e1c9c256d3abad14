// Sign-up takeover, driven as an attacker would: registering someone's
// address with the attacker's password before or after them, guessing their
// code to death, re-registering a verified e-mail, and a pending password
// sign-up later claimed by Google sign-in. Each code confirms only the
// registration that asked for it.
import { env, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { call, callJson, latestCode, outbox, registration, row, uniqueEmail, uniqueIp } from "../support/accounts";
import { mockGoogle } from "../support/google";

afterEach(() => vi.restoreAllMocks());

const OWNER_PASSWORD = "owner-pass-1";
const ATTACKER_PASSWORD = "attacker-pass-1";
const login = (email: string, password: string) => callJson("/api/auth/login", { email, password });

/** The code of the e-mail that confirms `business`'s sign-up (each code e-mail names its business). */
async function codeFor(email: string, business: string): Promise<string> {
  const mail = (await outbox(email)).find((m) => m.text.includes(`"${business}"`));
  const m = /\b(\d{6})\b/.exec(mail?.text ?? "");
  if (!m) throw new Error(`no code for ${business}`);
  return m[1];
}

describe("a second sign-up of a pending e-mail", () => {
  it("gets its own code, and the owner's code activates only the owner's sign-up", async () => {
    const email = uniqueEmail("victim");
    expect(
      (
        await callJson(
          "/api/auth/register",
          registration(email, { password: OWNER_PASSWORD, business_name: "Owner Studio" }),
        )
      ).status,
    ).toBe(200);
    // The attacker registers the same address with their own password and details.
    const attack = await callJson(
      "/api/auth/register",
      registration(email, { password: ATTACKER_PASSWORD, business_name: "Attacker Ltd", name: "Mallory" }),
    );
    expect(attack.status).toBe(200);
    expect(attack.data.message).not.toContain("earlier sign-up");
    // Two e-mails, each naming the business and person its code confirms.
    const mails = await outbox(email);
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.text.includes('"Attacker Ltd" for Mallory'))).toBe(true);
    expect(mails.some((m) => m.text.includes('"Owner Studio" for Noa Levi'))).toBe(true);

    // The owner enters the code of their own sign-up.
    expect((await callJson("/api/auth/verify", { email, token: await codeFor(email, "Owner Studio") })).status).toBe(
      200,
    );
    const attacker = await login(email, ATTACKER_PASSWORD);
    expect(attacker.status).toBe(401);
    expect(attacker.data.token).toBeUndefined();
    const owner = await login(email, OWNER_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.data.user.user_metadata.business_name).toBe("Owner Studio");
    // The attacker's code ended when the address was proven.
    expect((await callJson("/api/auth/verify", { email, token: await codeFor(email, "Attacker Ltd") })).status).toBe(
      400,
    );
  });

  it("the register screen never tells a second sign-up to use an earlier code, even within the minute", async () => {
    const email = uniqueEmail("screen");
    expect((await callJson("/api/auth/register", registration(email, { password: OWNER_PASSWORD }))).status).toBe(200);
    const res = await SELF.fetch("http://localhost/register", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": uniqueIp(),
        Cookie: "lang=he",
      },
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
    expect(await res.text()).not.toContain("קוד לכתובת הזו כבר נשלח בהרשמה קודמת");
    expect(await outbox(email)).toHaveLength(2);
  });

  it("five wrong guesses do not hand the address to whoever registers next", async () => {
    const email = uniqueEmail("guessed");
    await callJson(
      "/api/auth/register",
      registration(email, { password: OWNER_PASSWORD, business_name: "Owner Studio" }),
    );
    const ownersCode = await codeFor(email, "Owner Studio");
    const wrong = String((Number(ownersCode) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++) await callJson("/api/auth/verify", { email, token: wrong });
    // The attacker registers again; the owner, whose code died, registers again too.
    await callJson(
      "/api/auth/register",
      registration(email, { password: ATTACKER_PASSWORD, business_name: "Attacker Ltd" }),
    );
    await callJson(
      "/api/auth/register",
      registration(email, { password: OWNER_PASSWORD, business_name: "Owner Again" }),
    );
    expect((await callJson("/api/auth/verify", { email, token: await codeFor(email, "Owner Again") })).status).toBe(
      200,
    );
    expect((await login(email, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await login(email, OWNER_PASSWORD)).status).toBe(200);
  });

  it("nothing is written to the users table until a code is entered", async () => {
    const email = uniqueEmail("nouser");
    await callJson("/api/auth/register", registration(email, { password: OWNER_PASSWORD }));
    expect(await row("SELECT id FROM users WHERE email = ?", email)).toBeNull();
    const stored = await row<{ payload: string }>(
      "SELECT payload FROM verifications WHERE target = ? AND purpose = 'signup'",
      email,
    );
    expect(JSON.parse(stored!.payload)).toMatchObject({ name: "Noa Levi", business: { name: "Noa's Studio" } });
    expect(stored!.payload).not.toContain(OWNER_PASSWORD);
  });
});

describe("at the same moment (no 5xx)", () => {
  it("two registrations of one new address both get their code; two verifications: one account, the other refused", async () => {
    const email = uniqueEmail("race");
    const [a, b] = await Promise.all([
      callJson("/api/auth/register", registration(email, { business_name: "First Studio" })),
      callJson("/api/auth/register", registration(email, { business_name: "Second Studio" })),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const [first, second] = await Promise.all([
      callJson("/api/auth/verify", { email, token: await codeFor(email, "First Studio") }),
      callJson("/api/auth/verify", { email, token: await codeFor(email, "Second Studio") }),
    ]);
    expect([first.status, second.status].sort()[1]).toBeGreaterThanOrEqual(400);
    expect([first.status, second.status].every((s) => s < 500)).toBe(true);
    expect([first.status, second.status].filter((s) => s === 200)).toHaveLength(1);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").bind(email).first<number>("n")).toBe(
      1,
    );
  });

  it("two first-time Google sign-ins of one person both sign in, to one account", async () => {
    const email = uniqueEmail("google-race");
    const sub = `g-${crypto.randomUUID()}`;
    mockGoogle({
      one: { sub, email, email_verified: true, name: "Dana" },
      two: { sub, email, email_verified: true, name: "Dana" },
    });
    const [one, two] = await Promise.all([
      callJson("/api/auth/google/callback", { code: "one" }),
      callJson("/api/auth/google/callback", { code: "two" }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(one.data.user.id).toBe(two.data.user.id);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM users WHERE email = ?").bind(email).first<number>("n")).toBe(
      1,
    );
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
    expect(
      (await row<{ password_hash: string }>("SELECT password_hash FROM users WHERE email = ?", email))?.password_hash,
    ).toBe(before?.password_hash);
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

    expect(
      (await row<{ password_hash: string | null }>("SELECT password_hash FROM users WHERE email = ?", email))
        ?.password_hash ?? null,
    ).toBeNull();
    const attacker = await login(email, ATTACKER_PASSWORD);
    expect(attacker.status).toBe(401);
    expect((await callJson("/api/auth/verify", { email, token: attackersCode })).status).toBe(400);
    // The owner's Google session works.
    expect((await call("/api/user/profile", undefined, { token: google.data.token })).status).toBe(200);
  });
});
