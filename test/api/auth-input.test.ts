// The spec's validation order and words, re-registration, and bad input on
// every account endpoint: a 4xx with a message, never a 500.
import { describe, expect, it } from "vitest";
import {
  call,
  callJson,
  latestCode,
  outbox,
  registeredUser,
  registration,
  row,
  uniqueEmail,
} from "../support/accounts";

describe("registration rules", () => {
  it("checks the fields in the spec's order with its messages", async () => {
    const full = registration(uniqueEmail("order"), { confirm_password: "secret-pass-1" });
    const steps: [Record<string, unknown>, string][] = [
      [{ name: "" }, "Name must be filled"],
      [{ business_name: " " }, "Business name must be filled"],
      [{ country: "" }, "Country must be selected"],
      [{ phone: "" }, "Phone number must be filled"],
      [{ email: "" }, "Email must be filled"],
      [{ password: "" }, "Password must be filled"],
      [{ confirm_password: "" }, "Confirm password must be filled"],
      [{ email: "no spaces@example.com" }, "Please enter a valid email address"],
      [{ phone: "052-123" }, "Phone number must contain only numbers"],
      [{ confirm_password: "other-pass-1" }, "Passwords do not match"],
      [{ agree_terms: false }, "You must agree to the terms and conditions"],
      [{ password: "12345", confirm_password: "12345" }, "Password must be at least 6 characters"],
      [{ country: "Narnia" }, "Please choose a country from the list"],
      [{ timezone: "Nowhere/Land" }, "Please choose a valid time zone"],
    ];
    // Each step breaks one more rule than the next one down, so the first broken rule is the one reported.
    for (let i = 0; i < steps.length; i++) {
      const body = {
        ...full,
        ...Object.assign(
          {},
          ...steps
            .slice(i)
            .reverse()
            .map(([b]) => b),
        ),
      };
      const res = await callJson("/api/auth/register", body);
      expect(res.status, steps[i][1]).toBe(400);
      expect(res.data).toMatchObject({ success: false, error: steps[i][1], detail: steps[i][1] });
    }
  });

  it("accepts a country by English or Hebrew name and stores its ISO code", async () => {
    const email = uniqueEmail("hebrew");
    expect((await callJson("/api/auth/register", registration(email, { country: "ישראל" }))).status).toBe(200);
    await callJson("/api/auth/verify", { email, token: await latestCode(email) });
    expect(
      (await row("SELECT b.country FROM businesses b JOIN users u ON u.id = b.owner_user_id WHERE u.email = ?", email))
        ?.country,
    ).toBe("IL");
    const other = uniqueEmail("english");
    expect((await callJson("/api/auth/register", registration(other, { country: "united kingdom" }))).status).toBe(200);
    await callJson("/api/auth/verify", { email: other, token: await latestCode(other) });
    expect(
      (await row("SELECT b.country FROM businesses b JOIN users u ON u.id = b.owner_user_id WHERE u.email = ?", other))
        ?.country,
    ).toBe("GB");
  });

  it("each sign-up has its own code: the code entered decides the account; a verified address is refused clearly", async () => {
    const email = uniqueEmail("again");
    await callJson("/api/auth/register", registration(email, { name: "First Try", password: "first-pass-1" }));
    // A second sign-up (maybe someone else's) gets a code of its own and changes nothing of the first: test/security/account-takeover.
    const again = await callJson(
      "/api/auth/register",
      registration(email, { name: "Second Try", password: "second-pass-2", business_name: "Second Biz" }),
    );
    expect(again.status).toBe(200);
    expect(await row("SELECT id FROM users WHERE email = ?", email)).toBeNull();
    const [second, first] = await outbox(email);
    expect(second.text).toContain('"Second Biz" for Second Try');
    const firstCode = /\b(\d{6})\b/.exec(first.text)![1];
    expect((await callJson("/api/auth/verify", { email, token: firstCode })).status).toBe(200);
    expect((await call("/api/auth/login", { email, password: "second-pass-2" })).status).toBe(401);
    const login = await callJson("/api/auth/login", { email, password: "first-pass-1" });
    expect(login.data.user.user_metadata).toMatchObject({ name: "First Try", business_name: "Noa's Studio" });

    const taken = await callJson("/api/auth/register", registration(email));
    expect(taken.status).toBe(409);
    expect(taken.data.detail).toBe("An account with this email already exists. Please sign in instead.");
    expect(await outbox(email)).toHaveLength(2);
  });

  it("signs in only with the right password, and says why an unverified address cannot", async () => {
    const owner = await registeredUser();
    const cases: [unknown, number, string][] = [
      [{ email: owner.email }, 400, "Please enter email and password"],
      [{ password: "x" }, 400, "Please enter email and password"],
      [{ email: owner.email, password: "wrong-pass" }, 401, "Invalid email or password"],
      [{ email: uniqueEmail("ghost"), password: "wrong-pass" }, 401, "Invalid email or password"],
    ];
    for (const [body, status, message] of cases) {
      const res = await callJson("/api/auth/login", body);
      expect(res.status).toBe(status);
      expect(res.data).toMatchObject({ success: false, error: message });
    }
    const pending = uniqueEmail("pending");
    await callJson("/api/auth/register", registration(pending));
    const refused = await callJson("/api/auth/login", { email: pending, password: "secret-pass-1" });
    expect(refused.status).toBe(403);
    expect(refused.data.error).toBe(
      "Please verify your email address before signing in. Enter the 6-digit code we sent you, or ask for a new one.",
    );
    expect((await callJson("/api/auth/login", { email: pending, password: "wrong-pass-1" })).status).toBe(401);
  });

  it("verify answers the spec's messages", async () => {
    expect((await callJson("/api/auth/verify", { email: "a@b.co" })).data.detail).toBe(
      "Please enter the verification code",
    );
    expect((await callJson("/api/auth/verify", { email: "a@b.co", token: "12345" })).data.detail).toBe(
      "The code must be 6 digits.",
    );
    expect((await callJson("/api/auth/verify", { token: "123456" })).data.detail).toBe("Email must be filled");
    expect((await callJson("/api/auth/verify", { email: uniqueEmail("none"), token: "123456" })).status).toBe(400);
  });

  it("forgot-password answers the spec's messages", async () => {
    expect((await callJson("/api/auth/forgot-password", {})).data.detail).toBe("Please enter your email address");
    expect((await callJson("/api/auth/forgot-password", { email: "not-an-email" })).data.detail).toBe(
      "Please enter a valid email address",
    );
    const ok = await callJson("/api/auth/forgot-password", { email: uniqueEmail("x") });
    expect(ok.data).toEqual({
      success: true,
      detail:
        "If an account exists for this email, we sent a link to reset the password. The link works once, for 1 hour.",
    });
  });
});

describe("bad input on every account endpoint", () => {
  const endpoints = [
    "/api/auth/login",
    "/api/auth/register",
    "/api/auth/verify",
    "/api/auth/forgot-password",
    "/api/auth/reset-password",
    "/api/auth/google/callback",
    "/api/auth/validate-token",
    "/api/auth/logout",
    "/api/settings/change-password",
  ];
  const huge = "x".repeat(10_000);
  const bodies: [string, string | undefined][] = [
    ["malformed JSON", '{"email": '],
    ["an array", "[1,2,3]"],
    ["a string", '"hello"'],
    [
      "wrong types",
      JSON.stringify({
        email: 5,
        password: true,
        token: [],
        code: {},
        new_password: 1,
        current_password: null,
        name: 1,
        agree_terms: "yes",
      }),
    ],
    [
      "10,000-character strings",
      JSON.stringify({
        email: huge,
        password: huge,
        token: huge,
        code: huge,
        new_password: huge,
        current_password: huge,
        name: huge,
        business_name: huge,
      }),
    ],
    ["no body", undefined],
  ];

  it("answers 4xx with a message, never a 500", async () => {
    const owner = await registeredUser();
    for (const path of endpoints) {
      for (const [what, body] of bodies) {
        const res = await call(path, body ?? "", {
          token: path.includes("settings") ? owner.token : undefined,
          headers: { "Content-Type": "application/json" },
        });
        expect(res.status, `${path} with ${what}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} with ${what}`).toBeLessThan(500);
        const data = (await res.json()) as { success: boolean; detail: string };
        expect(data.success).toBe(false);
        expect(data.detail.length).toBeGreaterThan(3);
      }
      const form = await call(path, "email=a", { headers: { "Content-Type": "application/x-www-form-urlencoded" } });
      expect(form.status, `${path} form body`).toBeGreaterThanOrEqual(400);
      expect(form.status).toBeLessThan(500);
      expect((await call(path, undefined, { method: "GET" })).status, `${path} GET`).toBe(405);
    }
    expect((await call("/api/user/profile", {}, { method: "DELETE", token: owner.token })).status).toBe(405);
    expect((await call("/api/user/profile")).status).toBe(401);
    expect((await call("/api/auth/google", {}, { method: "POST" })).status).toBe(405);
  });
});
