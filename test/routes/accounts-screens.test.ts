// The sign-in screens rendered by the server and driven by form posts (the
// same actions the browser uses; they also work before scripts load).
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { latestCode, registeredUser, uniqueEmail, uniqueIp, waitForMail } from "../support/accounts";

const page = (path: string, cookie = "") =>
  SELF.fetch(`http://localhost${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
const post = (path: string, fields: Record<string, string>, cookie = "") =>
  SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": uniqueIp(),
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
const text = async (res: Response) => (await res.text()).replace(/&#x27;/g, "'").replace(/&quot;/g, '"');

const form = (email: string, extra: Record<string, string> = {}) => ({
  name: "Lior Katz",
  business_name: "Lior Barber",
  country: "IL",
  country_text: "Israel",
  phone: "0541234567",
  city: "",
  email,
  password: "lior-pass-1",
  confirm_password: "lior-pass-1",
  agree_terms: "on",
  timezone: "Asia/Jerusalem",
  ...extra,
});

describe("sign-in screens", () => {
  it("/login shows Google, the 'or' divider, the form and its links", async () => {
    const html = await text(await page("/login"));
    for (const s of [
      "Continue with Google",
      ">or<",
      "Email Address",
      "Password",
      "Show password",
      "Forgot Password?",
      "Sign In",
      "Sign Up",
      'href="/register"',
      'href="/forgot-password"',
      'href="/api/auth/google"',
      'href="/"',
    ]) {
      expect(html, s).toContain(s);
    }
  });

  it("/register, /forgot-password and /reset-password render their forms; Hebrew too", async () => {
    const reg = await text(await page("/register"));
    for (const s of [
      "Full Name",
      "Business Name",
      "Country",
      "Phone Number",
      "Email Address",
      "Confirm Password",
      "I agree to the Terms and Conditions",
      'role="combobox"',
    ])
      expect(reg, s).toContain(s);
    expect(reg).toMatch(/<input[^>]*name="agree_terms"[^>]*checked=""/);
    expect(reg).not.toMatch(/<input[^>]*name="agree_updates"[^>]*checked/);
    expect(await text(await page("/forgot-password"))).toContain("Send Reset Link");
    expect(await text(await page("/reset-password"))).toContain("Reset Password");
    const he = await SELF.fetch("http://localhost/login", { headers: { Cookie: "lang=he" } });
    const heHtml = await he.text();
    expect(heHtml).toContain('dir="rtl"');
    expect(heHtml).toContain("המשך עם Google");
  });

  it("sends a signed-in owner from /login and /register to the dashboard", async () => {
    const owner = await signedInOwner();
    expect((await page("/login", owner.cookie)).headers.get("Location")).toBe("/dashboard");
    expect((await page("/register", owner.cookie)).headers.get("Location")).toBe("/dashboard");
  });

  it("register: a failure view with Try Again, then the code step, then success with Go to Login", async () => {
    const failed = await text(await post("/register", form(uniqueEmail("screen"), { name: "" })));
    expect(failed).toContain("Name must be filled");
    expect(failed).toContain("Try Again");

    const email = uniqueEmail("screen");
    const step = await text(await post("/register", form(email)));
    expect(step).toContain("Check your email");
    expect(step).toContain(`We sent a 6-digit code to ${email}`);
    const wrong = await text(await post("/register", { intent: "verify", email, code: "" }));
    expect(wrong).toContain("Please enter the verification code");
    const done = await text(await post("/register", { intent: "verify", email, code: await latestCode(email) }));
    expect(done).toContain("Your account is ready!");
    expect(done).toContain("Go to Login");
  });

  it("login: errors in words, an unverified address gets the code step, success sets the cookie", async () => {
    expect(await text(await post("/login", { intent: "login", email: "", password: "" }))).toContain(
      "Please enter email and password",
    );
    const owner = await registeredUser();
    expect(await text(await post("/login", { intent: "login", email: owner.email, password: "nope-nope" }))).toContain(
      "Invalid email or password",
    );

    const email = uniqueEmail("unverified");
    await post("/register", form(email));
    const refused = await text(await post("/login", { intent: "login", email, password: "lior-pass-1" }));
    expect(refused).toContain("Please verify your email address before signing in.");
    expect(refused).toContain('data-testid="login-verify"');
    const resend = await text(await post("/login", { intent: "resend", email }));
    expect(resend).toContain("A code was sent less than a minute ago.");
    const verified = await text(await post("/login", { intent: "verify", email, code: await latestCode(email) }));
    expect(verified).toContain("Email verified. You can sign in now.");

    const ok = await post("/login", {
      intent: "login",
      email,
      password: "lior-pass-1",
      redirectTo: "/dashboard/settings",
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/dashboard/settings");
    const evil = await post("/login", {
      intent: "login",
      email,
      password: "lior-pass-1",
      redirectTo: "//evil.example",
    });
    expect(evil.headers.get("Location")).toBe("/dashboard");
  });

  it("forgot and reset: confirmation, then a new password through the link's token", async () => {
    const owner = await registeredUser();
    const sent = await text(await post("/forgot-password", { email: owner.email }));
    expect(sent).toContain("Back to Login");
    expect(sent).toContain("If an account exists for this email");
    const mails = await waitForMail(owner.email, 2);
    const token = /access_token=(\S+)/.exec(mails[0].text)![1];
    expect(
      await text(await post("/reset-password", { token, new_password: "new-one-1", confirm_password: "new-one-2" })),
    ).toContain("Passwords do not match");
    expect(
      await text(
        await post("/reset-password", { token: "", new_password: "new-one-1", confirm_password: "new-one-1" }),
      ),
    ).toContain("Invalid or missing reset token. Please re-open the reset link.");
    const done = await text(
      await post("/reset-password", { token, new_password: "new-one-1", confirm_password: "new-one-1" }),
    );
    expect(done).toContain("Password reset successful!");
    expect(done).toContain("Go to Login");
  });

  it("a bearer token from the API login in the login page's fragment is refused (see test/security/fragment-token)", async () => {
    const owner = await registeredUser();
    const res = await post("/login", { intent: "token", token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get("Set-Cookie")).toBeNull();
    expect(await text(res)).toMatch(/data-testid="login-error"[^>]*>Token validation failed</);
  });
});
