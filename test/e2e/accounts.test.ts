// A new owner's whole account life in the browser, at phone width, in English
// and Hebrew: register (country suggestions), code from the local outbox,
// verify, log in, the shell, Settings, password change, logout, password reset.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { screenshot } from "./support/browser";
import { outboxFor, signInAsNewOwner, waitForMail, whenHydrated } from "./support/account";
import { useBrowserStack } from "./support/browser-stack";

const { stack, newPage } = useBrowserStack();

const hydrated = (page: Page) =>
  page.waitForFunction(() => (document.querySelector('input[name="timezone"]') as HTMLInputElement | null)?.value);

describe("accounts in the browser", () => {
  it("registers, verifies, signs in, edits settings, changes and resets the password (English, 390 px)", async () => {
    const { page, errors } = await newPage(390);
    const url = stack.appUrl;
    const email = `dana.${Date.now()}@example.com`;
    const started = Date.now();

    await page.goto(`${url}/register`);
    await hydrated(page);
    await page.getByLabel("Full Name").fill("Dana Levi");
    await page.getByLabel("Business Name").fill("Dana's Salon");
    await page.getByRole("combobox", { name: "Country" }).fill("is");
    const options = page.getByRole("option");
    await options.first().waitFor();
    expect(await options.count()).toBeLessThanOrEqual(10);
    expect(await options.allTextContents()).toContain("Israel");
    await screenshot(page, "accounts-register-suggestions-en-390");
    await page.getByRole("option", { name: "Israel", exact: true }).click();
    expect(await page.getByRole("combobox", { name: "Country" }).inputValue()).toBe("Israel");
    await page.getByLabel("Phone Number").fill("0521234567");
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("dana-pass-1");
    await page.getByLabel("Confirm Password").fill("dana-pass-2");
    await page.getByRole("button", { name: "Create Account" }).click();
    // The red banner says the first problem; the field it is about says it too, tied to its input.
    await expect.poll(() => page.getByTestId("register-error").textContent()).toBe("Passwords do not match");
    const confirm = page.getByLabel("Confirm Password");
    expect(await confirm.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${await confirm.getAttribute("aria-describedby")}`).textContent()).toBe(
      "Passwords do not match",
    );
    await page.getByLabel("Confirm Password").fill("dana-pass-1");
    await screenshot(page, "accounts-register-en-390");
    await page.getByRole("button", { name: "Create Account" }).click();

    await page.getByRole("heading", { name: "Check your email" }).waitFor();
    const code = await waitForMail(page, url, email, /\b(\d{6})\b/, started);
    await page.getByLabel("Verification code").fill(code);
    await screenshot(page, "accounts-verify-en-390");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    await page.getByRole("heading", { name: "Your account is ready!" }).waitFor();
    await screenshot(page, "accounts-registered-en-390");
    await page.getByRole("link", { name: "Go to Login" }).click();

    await page.waitForURL(/\/login$/);
    await whenHydrated(page);
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("dana-pass-1");
    await page.getByRole("button", { name: "Show password" }).click();
    expect(await page.getByLabel("Password", { exact: true }).getAttribute("type")).toBe("text");
    await screenshot(page, "accounts-login-en-390");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    expect(await page.locator(".avatar").textContent()).toBe("DL");
    expect(await page.getByTestId("user-email").textContent()).toBe(email);

    // Settings: read-only until Edit Profile; Cancel restores; Save Changes saves.
    await page.getByRole("link", { name: "Settings" }).click();
    await page.waitForURL(/\/dashboard\/settings$/);
    await page.getByRole("heading", { name: "Account Settings" }).waitFor();
    await whenHydrated(page);
    expect(await page.getByLabel("Business Name").getAttribute("readonly")).not.toBeNull();
    expect(await page.getByLabel("Time zone").inputValue()).toBe(
      await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone),
    );
    await screenshot(page, "accounts-settings-en-390");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Business Name").fill("Something Else");
    await page.getByRole("button", { name: "Cancel" }).click();
    expect(await page.getByLabel("Business Name").inputValue()).toBe("Dana's Salon");
    await page.getByRole("button", { name: "Edit Profile" }).click();
    await page.getByLabel("Business Name").fill("Dana Hair Studio");
    await page.getByLabel("City").fill("Haifa");
    await page.getByLabel("Time zone").selectOption("Europe/London");
    await page.getByLabel("Daily send time for rule messages").fill("09:30");
    await screenshot(page, "accounts-settings-editing-en-390");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Your changes were saved.").waitFor();
    await expect.poll(() => page.locator(".shell-business").textContent()).toBe("Dana Hair Studio");
    await page.reload();
    await whenHydrated(page);
    expect(await page.getByLabel("Time zone").inputValue()).toBe("Europe/London");
    expect(await page.getByLabel("Daily send time for rule messages").inputValue()).toBe("09:30");

    await page.getByLabel("Current Password").fill("dana-pass-1");
    await page.getByLabel("New Password", { exact: true }).fill("dana-pass-2");
    await page.getByLabel("Confirm New Password").fill("dana-pass-3");
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect
      .poll(() => page.getByTestId("password-error").textContent())
      .toBe("New password and confirm password do not match");
    await page.getByLabel("Confirm New Password").fill("dana-pass-2");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Password changed successfully!").waitFor();
    expect(await page.getByLabel("Current Password").inputValue()).toBe("");
    await screenshot(page, "accounts-password-changed-en-390");

    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/");

    // Forgotten password: a link by e-mail, single use, taken out of the address bar.
    await page.goto(`${url}/login`);
    await whenHydrated(page);
    await page.getByRole("link", { name: "Forgot Password?" }).click();
    await page.waitForURL(/\/forgot-password$/);
    await whenHydrated(page);
    await page.getByLabel("Email Address").fill(email);
    const asked = Date.now();
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByRole("link", { name: "Back to Login" }).first().waitFor();
    await screenshot(page, "accounts-forgot-sent-en-390");
    const link = await waitForMail(page, url, email, /(\S+\/reset-password#access_token=\S+)/, asked);
    expect(link.startsWith(`${url}/reset-password#access_token=`)).toBe(true);

    const res = await page.goto(link);
    expect(res?.headers()["referrer-policy"]).toBe("no-referrer");
    await page.waitForFunction(() => !location.hash);
    await whenHydrated(page);
    expect(page.url()).toBe(`${url}/reset-password`);
    await page.getByLabel("New Password", { exact: true }).fill("dana-pass-3");
    await page.getByLabel("Confirm Password", { exact: true }).fill("dana-pass-3");
    await screenshot(page, "accounts-reset-en-390");
    await page.getByRole("button", { name: "Reset Password" }).click();
    await page.getByTestId("reset-success").waitFor();
    expect(await page.getByTestId("reset-success").textContent()).toBe("Password reset successful!");
    // The link works once.
    const token = link.split("access_token=")[1];
    const reuse = await page.request.post(`${url}/api/auth/reset-password`, {
      headers: { Authorization: `Bearer ${token}` },
      data: { new_password: "dana-pass-4" },
    });
    expect(reuse.status()).toBe(400);
    await page.getByRole("link", { name: "Go to Login" }).click();

    await page.waitForURL(/\/login$/);
    await whenHydrated(page);
    await page.getByLabel("Email Address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("dana-pass-2");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect.poll(() => page.getByTestId("login-error").textContent()).toBe("Invalid email or password");
    await page.getByLabel("Password", { exact: true }).fill("dana-pass-3");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    expect(await page.locator(".avatar").textContent()).toBe("DL");
    expect((await outboxFor(page, url, email)).length).toBe(2);
    expect(errors, errors.join("\n")).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("shows the screens in Hebrew, right to left (390 px)", async () => {
    const { page, errors } = await newPage(390);
    const host = new URL(stack.appUrl).hostname;
    await page.context().addCookies([{ name: "lang", value: "he", domain: host, path: "/" }]);

    await page.goto(`${stack.appUrl}/login`);
    await whenHydrated(page);
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    await page.getByRole("link", { name: "המשך עם Google" }).waitFor();
    await page.getByRole("button", { name: "התחברות" }).click();
    await expect.poll(() => page.getByTestId("login-error").textContent()).toBe('נא להזין דוא"ל וסיסמה');
    await screenshot(page, "accounts-login-he-390");

    await page.goto(`${stack.appUrl}/register`);
    await hydrated(page);
    await page.getByRole("combobox", { name: "מדינה" }).fill("יש");
    await page.getByRole("option", { name: "ישראל", exact: true }).waitFor();
    await screenshot(page, "accounts-register-suggestions-he-390");

    await page.goto(`${stack.appUrl}/forgot-password`);
    await whenHydrated(page);
    await screenshot(page, "accounts-forgot-he-390");
    await page.goto(`${stack.appUrl}/reset-password`);
    await whenHydrated(page);
    await page.getByRole("alert").waitFor();
    await screenshot(page, "accounts-reset-missing-he-390");

    const email = `noa.${Date.now()}@example.com`;
    await signInAsNewOwner(page, stack.appUrl, {
      name: "נועה כהן",
      business: "הסלון של נועה",
      email,
      password: "noa-pass-1",
      country: "ישראל",
    });
    expect(await page.locator(".avatar").textContent()).toBe("נכ");
    await page.goto(`${stack.appUrl}/dashboard/settings`);
    await whenHydrated(page);
    await page.getByRole("button", { name: "עריכת פרופיל" }).click();
    await page.getByRole("button", { name: "שמירת שינויים" }).waitFor();
    await screenshot(page, "accounts-settings-editing-he-390");
    expect(errors, errors.join("\n")).toEqual([]);
    await page.context().close();
  }, 120_000);

  it("signInAsNewOwner leaves a new owner on the dashboard (the helper for other browser tests)", async () => {
    const { page, errors } = await newPage(390);
    const email = `helper.${Date.now()}@example.com`;
    await signInAsNewOwner(page, stack.appUrl, {
      name: "Maya Cohen",
      business: "Maya Nails",
      email,
      password: "maya-pass-1",
    });
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    expect(await page.locator(".avatar").textContent()).toBe("MC");
    expect(errors, errors.join("\n")).toEqual([]);
    await page.context().close();
  });

  it("a link carrying someone else's token in #access_token does not sign the visitor in (English and Hebrew, 390 px)", async () => {
    const url = stack.appUrl;
    // The attacker's own account and a bearer token from the API login.
    const { page: attacker } = await newPage(390);
    const email = `attacker.${Date.now()}@example.com`;
    const started = Date.now();
    const reg = await attacker.request.post(`${url}/api/auth/register`, {
      data: {
        email,
        password: "attacker-pass-1",
        business_name: "Attacker Ltd",
        phone: "0521234567",
        name: "Mallory",
        city: "",
        country: "IL",
        agree_terms: true,
      },
    });
    expect(reg.status()).toBe(200);
    const code = await waitForMail(attacker, url, email, /\b(\d{6})\b/, started);
    expect((await attacker.request.post(`${url}/api/auth/verify`, { data: { email, token: code } })).status()).toBe(
      200,
    );
    const login = await attacker.request.post(`${url}/api/auth/login`, {
      data: { email, password: "attacker-pass-1" },
    });
    const token = ((await login.json()) as { token: string }).token;
    expect(token.split(".")).toHaveLength(3);
    await attacker.context().close();

    for (const lang of ["en", "he"] as const) {
      const { page, errors } = await newPage(390);
      if (lang === "he") await page.context().addCookies([{ name: "lang", value: "he", url }]);
      await page.goto(`${url}/login#access_token=${token}`);
      const alert = page.getByTestId("login-error");
      await alert.waitFor();
      expect(await alert.textContent()).toBe(lang === "en" ? "Token validation failed" : "אימות האסימון נכשל");
      // The token is gone from the address bar, and no session was made.
      expect(page.url()).not.toContain("access_token");
      expect((await page.context().cookies()).map((c) => c.name)).not.toContain("session");
      await screenshot(page, `accounts-fragment-token-refused-${lang}-390`);
      await page.goto(`${url}/dashboard`);
      expect(new URL(page.url()).pathname).toBe("/login");
      expect(errors, errors.join("\n")).toEqual([]);
      await page.context().close();
    }
  }, 120_000);
});
