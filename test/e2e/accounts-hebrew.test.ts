// Every kind of message the server gives the sign-in, sign-up and settings
// screens, provoked on Hebrew screens at phone width: a wrong or dead code, a
// new code asked too soon, a wrong password, an address not verified yet,
// Google not set up, an address already registered, a form the server
// refuses (past the browser's own check), a bad reset link, a wrong current
// password, a wrong password and a WhatsApp gateway failure when deleting
// the account. Each shows the Hebrew dictionary's text, and a problem about
// one field is tied to that field (aria-describedby).
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newScriptlessPage, screenshot } from "./support/browser";
import { signInAsNewOwner, waitForMail, whenHydrated } from "./support/account";
import { useBrowserStack } from "./support/browser-stack";
import { gateway, keepGatewayAsFound } from "./support/gateway";

const bs = useBrowserStack();
const { stack, newPage } = bs;
// Deleting an account while the WhatsApp gateway is away: the gateway is taken down for it, and back after.
keepGatewayAsFound(stack);

const HE = {
  wrongCode: "הקוד שגוי. בדקו אותו ונסו שוב.",
  deadCode: "תוקף הקוד פג או שנוסה יותר מדי פעמים. בקשו קוד חדש.",
  waitForCode: "קוד נשלח לפני פחות מדקה. המתינו דקה לפני שתבקשו קוד נוסף.",
  invalidLogin: 'דוא"ל או סיסמה שגויים',
  unverified: 'יש לאמת את כתובת הדוא"ל לפני ההתחברות. הזינו את הקוד בן 6 הספרות ששלחנו, או בקשו קוד חדש.',
  googleNotSetUp: "התחברות עם Google לא הוגדרה בשרת הזה.",
  exists: 'כבר קיים חשבון עם כתובת הדוא"ל הזו. נא להתחבר.',
  mismatch: "הסיסמאות אינן תואמות",
  badResetLink: "קישור האיפוס שגוי, פג תוקפו או שכבר נעשה בו שימוש. בקשו קישור חדש.",
  wrongCurrent: "הסיסמה הנוכחית שגויה",
  badSendTime: "שעת השליחה היומית צריכה להיות שעה כמו 10:00.",
  deleteWrongPassword: "הסיסמה שגויה. שום דבר לא נמחק.",
  gatewayFailed: "לא הצלחנו לנתק את הוואטסאפ, ולכן שום דבר לא נמחק. נסו שוב בעוד דקה.",
};

async function hebrewPage() {
  const opened = await newPage(390);
  await opened.page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
  return opened;
}

/** The text an input points at with aria-describedby (its own problem comes first), once it is marked invalid. */
async function tiedText(input: Locator): Promise<string | null> {
  await expect.poll(() => input.getAttribute("aria-invalid")).toBe("true");
  const ids = (await input.getAttribute("aria-describedby"))?.split(" ") ?? [];
  expect(ids.length).toBeGreaterThan(0);
  return input.page().locator(`[id="${ids[0]}"]`).textContent();
}

/** Clicks and waits for the screen's answer to the post it makes (scripts post to `<path>.data`). */
async function submitAndWait(page: Page, button: Locator, path: string) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && [path, `${path}.data`].includes(new URL(r.url()).pathname),
  );
  await button.click();
  await answered;
}

/** The register form, filled in Hebrew (the browser's own check passes). */
async function fillRegistration(page: Page, email: string, confirm = "noa-pass-1") {
  await page.getByLabel("שם מלא").fill("נועה כהן");
  await page.getByLabel("שם העסק").fill("הסלון של נועה");
  await page.getByRole("combobox", { name: "מדינה" }).fill("ישראל");
  await page.getByRole("combobox", { name: "מדינה" }).press("Escape");
  await page.getByLabel("מספר טלפון").fill("0521234567");
  await page.getByLabel('כתובת דוא"ל').fill(email);
  await page.getByLabel("סיסמה", { exact: true }).fill("noa-pass-1");
  await page.getByLabel("אימות סיסמה").fill(confirm);
}

const registerReady = (page: Page) =>
  page.waitForFunction(() => (document.querySelector('input[name="timezone"]') as HTMLInputElement | null)?.value);

describe("server messages on Hebrew screens", () => {
  it("the code step: a wrong code, a new code asked too soon, then the code dies after five tries (390 px)", async () => {
    const { page, errors } = await hebrewPage();
    const url = stack.appUrl;
    const email = `noa.hebrew.${Date.now()}@example.com`;
    const started = Date.now();

    await page.goto(`${url}/register`);
    await registerReady(page);
    expect(await page.getAttribute("html", "dir")).toBe("rtl");
    await fillRegistration(page, email);
    await page.getByRole("button", { name: "יצירת חשבון" }).click();
    await page.getByRole("heading", { name: 'בדקו את תיבת הדוא"ל' }).waitFor();
    const code = await waitForMail(page, url, email, /\b(\d{6})\b/, started);
    const wrong = code === "000000" ? "111111" : "000000";
    const codeInput = page.getByLabel("קוד אימות");
    const verify = page.getByRole("button", { name: "אימות", exact: true });
    await codeInput.fill(wrong);
    await submitAndWait(page, verify, "/register");
    await expect.poll(() => page.getByTestId("verify-error").textContent()).toBe(HE.wrongCode);
    await expect.poll(() => tiedText(codeInput)).toBe(HE.wrongCode);
    await screenshot(page, "accounts-he-code-wrong-390");

    await submitAndWait(page, page.getByRole("button", { name: "שליחת קוד חדש" }), "/register");
    await page.getByText(HE.waitForCode).waitFor();
    for (let attempt = 2; attempt <= 5; attempt++) {
      await codeInput.fill(wrong);
      await submitAndWait(page, verify, "/register");
    }
    await expect.poll(() => page.getByTestId("verify-error").textContent()).toBe(HE.deadCode);
    await expect.poll(() => tiedText(codeInput)).toBe(HE.deadCode);
    expect(errors, errors.join("\n")).toEqual([]);
    await page.context().close();
  }, 180_000);

  it("sign-in: a wrong password, an address not verified yet, Google not set up (390 px)", async () => {
    const { page, errors } = await hebrewPage();
    const url = stack.appUrl;
    const email = `noa.unverified.${Date.now()}@example.com`;
    // An account whose address is never verified.
    await page.goto(`${url}/register`);
    await registerReady(page);
    await fillRegistration(page, email);
    await page.getByRole("button", { name: "יצירת חשבון" }).click();
    await page.getByRole("heading", { name: 'בדקו את תיבת הדוא"ל' }).waitFor();

    // A wrong password, then the right one of the address not verified yet.
    await page.goto(`${url}/login`);
    await whenHydrated(page);
    await page.getByLabel('כתובת דוא"ל').fill(email);
    await page.getByLabel("סיסמה", { exact: true }).fill("not-my-pass");
    const signIn = page.getByRole("button", { name: "התחברות", exact: true });
    await submitAndWait(page, signIn, "/login");
    await expect.poll(() => page.getByTestId("login-error").textContent()).toBe(HE.invalidLogin);
    await screenshot(page, "accounts-he-login-wrong-390");
    await page.getByLabel("סיסמה", { exact: true }).fill("noa-pass-1");
    await submitAndWait(page, signIn, "/login");
    const verifyBox = page.getByTestId("login-verify");
    await verifyBox.waitFor();
    await expect.poll(() => verifyBox.getByRole("status").first().textContent()).toBe(HE.unverified);

    // Google sign-in is not set up on this server.
    await page.getByRole("link", { name: "המשך עם Google" }).click();
    await page.getByText(HE.googleNotSetUp).waitFor();
    await page.waitForURL((u) => u.pathname === "/login" && u.search === "");
    expect(errors, errors.join("\n")).toEqual([]);
    await page.context().close();
  }, 180_000);

  it("sign-up and reset: a taken address, a bad reset link, a form the server refuses (390 px)", async () => {
    const { page, errors } = await hebrewPage();
    const url = stack.appUrl;

    // An address that already has an account: the failure view, then Try Again ties it to the e-mail field.
    const owner = await hebrewPage();
    const taken = `dana.hebrew.${Date.now()}@example.com`;
    await signInAsNewOwner(owner.page, url, {
      name: "דנה לוי",
      business: "הסלון של דנה",
      email: taken,
      password: "dana-pass-1",
      country: "ישראל",
    });
    expect(owner.errors, owner.errors.join("\n")).toEqual([]);
    await owner.page.context().close();
    await page.goto(`${url}/register`);
    await registerReady(page);
    await fillRegistration(page, taken);
    await page.getByRole("button", { name: "יצירת חשבון" }).click();
    const failure = page.getByTestId("register-failure");
    await failure.waitFor();
    await expect.poll(() => failure.textContent()).toBe(HE.exists);
    await screenshot(page, "accounts-he-register-taken-390");
    await page.getByRole("button", { name: "לנסות שוב" }).click();
    await expect.poll(() => page.getByTestId("register-error").textContent()).toBe(HE.exists);
    await expect.poll(() => tiedText(page.getByLabel('כתובת דוא"ל'))).toBe(HE.exists);

    // A reset link that is not (or no longer) valid.
    await page.goto(`${url}/reset-password#access_token=${"x".repeat(43)}`);
    await page.waitForFunction(() => !location.hash);
    await whenHydrated(page);
    await page.getByLabel("סיסמה חדשה", { exact: true }).fill("noa-pass-2");
    await page.getByLabel("אימות סיסמה", { exact: true }).fill("noa-pass-2");
    await submitAndWait(page, page.getByRole("button", { name: "איפוס סיסמה" }), "/reset-password");
    await expect.poll(() => page.getByTestId("reset-error").textContent()).toBe(HE.badResetLink);
    await screenshot(page, "accounts-he-reset-bad-link-390");
    expect(errors, errors.join("\n")).toEqual([]);
    await page.context().close();

    // The server's own check of a form, past the browser's: a page without scripts posts it as it is.
    const noScript = await newScriptlessPage(bs.browser, 390, [{ name: "lang", value: "he", url }]);
    await noScript.goto(`${url}/register`);
    await fillRegistration(noScript, `noa.plain.${Date.now()}@example.com`, "noa-pass-9");
    await noScript.getByRole("button", { name: "יצירת חשבון" }).click();
    await noScript.getByTestId("register-failure").waitFor();
    await expect.poll(() => noScript.getByTestId("register-failure").textContent()).toBe(HE.mismatch);
    await screenshot(noScript, "accounts-he-register-refused-by-server-390");
    await noScript.context().close();
  }, 180_000);

  it("settings: a wrong current password, a profile the server refuses, and deleting the account (390 px)", async () => {
    const { page, errors } = await hebrewPage();
    const url = stack.appUrl;
    const email = `maya.hebrew.${Date.now()}@example.com`;
    await signInAsNewOwner(page, url, {
      name: "מאיה כהן",
      business: "הציפורניים של מאיה",
      email,
      password: "maya-pass-1",
      country: "ישראל",
    });
    await page.goto(`${url}/dashboard/settings`);
    await whenHydrated(page);

    // Change Password: the server says the current password is wrong, on its field too.
    await page.getByLabel("סיסמה נוכחית").fill("not-my-pass");
    await page.getByLabel("סיסמה חדשה", { exact: true }).fill("maya-pass-2");
    await page.getByLabel("אימות הסיסמה החדשה", { exact: true }).fill("maya-pass-2");
    await submitAndWait(page, page.getByRole("button", { name: "שינוי סיסמה" }), "/dashboard/settings");
    await expect.poll(() => page.getByTestId("password-error").textContent()).toBe(HE.wrongCurrent);
    await expect.poll(() => tiedText(page.getByLabel("סיסמה נוכחית"))).toBe(HE.wrongCurrent);
    await page.getByTestId("password-error").scrollIntoViewIfNeeded();
    await screenshot(page, "accounts-he-settings-wrong-current-390");

    // The profile, sent as it is (the browser's own check skipped): the server refuses it and saves nothing.
    await page.getByRole("button", { name: "עריכת פרופיל" }).click();
    const sendTime = page.getByLabel("שעת השליחה היומית של הודעות הכללים");
    await sendTime.fill("25:00");
    const refused = page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/dashboard/settings",
    );
    await page.getByTestId("profile-form").evaluate((form) => HTMLFormElement.prototype.submit.call(form));
    expect((await refused).status()).toBe(400);
    await page.getByTestId("settings-error").waitFor();
    await whenHydrated(page);
    await expect.poll(() => page.getByTestId("settings-error").textContent()).toBe(HE.badSendTime);
    await expect.poll(() => tiedText(page.getByLabel("שעת השליחה היומית של הודעות הכללים"))).toBe(HE.badSendTime);
    await screenshot(page, "accounts-he-settings-refused-390");
    // The browser reports the 400 answer to the page itself; nothing else went wrong.
    expect(
      errors.filter((e) => !/status of 400/.test(e)),
      errors.join("\n"),
    ).toEqual([]);
    errors.length = 0;
    await page.goto(`${url}/dashboard/settings`);
    await whenHydrated(page);
    expect(await page.getByLabel("שעת השליחה היומית של הודעות הכללים").inputValue()).toBe("10:00");

    // Delete account: a wrong password (on its field), then WhatsApp cannot be disconnected: nothing is deleted.
    await page.getByRole("button", { name: "מחיקת החשבון", exact: true }).click();
    const dialog = page.getByRole("dialog");
    const password = dialog.getByLabel("הסיסמה שלכם");
    await password.fill("not-my-pass");
    await submitAndWait(page, dialog.getByRole("button", { name: "מחיקת הכול" }), "/dashboard/settings/data");
    await expect.poll(() => tiedText(password)).toBe(HE.deleteWrongPassword);
    await screenshot(page, "accounts-he-delete-wrong-390");
    // The gateway taken off the network for this step, whatever else runs on the machine (a dev server included).
    expect(await gateway(stack, { down: true })).toMatchObject({ down: true });
    await password.fill("maya-pass-1");
    await submitAndWait(page, dialog.getByRole("button", { name: "מחיקת הכול" }), "/dashboard/settings/data");
    await expect.poll(() => dialog.getByTestId("delete-error").textContent()).toBe(HE.gatewayFailed);
    await screenshot(page, "accounts-he-delete-gateway-390");
    expect(stack.query(`SELECT count(*) AS n FROM users WHERE email = '${email}'`)).toEqual([{ n: 1 }]);
    expect(errors, errors.join("\n")).toEqual([]);
    await page.context().close();
  }, 180_000);
});
