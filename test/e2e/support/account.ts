// Signed-in owners for browser tests. Most tests start from one made at once
// (signInAsNewOwner: POST /__dev/owner, the development-only door that makes a
// verified account and its session); the sign-up journey itself is driven
// through the real screens by registerAndLogin:
// /register -> code from the local outbox -> verify -> /login -> /dashboard.
// That works in either UI language (it finds fields by name, not by label) and
// costs 1 registration and 2 sign-in/verify requests of the per-IP limits
// (30 each per 5 minutes per stack).
import type { Page } from "playwright-core";

export type NewAccount = {
  name: string;
  business: string;
  email: string;
  password: string;
  country?: string;
  phone?: string;
  city?: string;
};
export type Owner = { userId: string; businessId: string };

/**
 * A new verified owner, signed in in this page's browser context (the answer's
 * cookie), on /dashboard. The business's language is the context's (a `lang`
 * cookie set before), its time zone the browser's, as the sign-up form would
 * send them. Emails are the stack's: two files must not use the same one.
 */
export async function signInAsNewOwner(page: Page, appUrl: string, account: NewAccount): Promise<Owner> {
  const timezone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const res = await page.request.post(`${appUrl}/__dev/owner`, {
    form: {
      name: account.name,
      business_name: account.business,
      country: account.country ?? "Israel",
      phone: account.phone ?? "0501234567",
      city: account.city ?? "Tel Aviv",
      email: account.email,
      password: account.password,
      confirm_password: account.password,
      agree_terms: "on",
      timezone,
    },
  });
  if (!res.ok())
    throw new Error(`POST /__dev/owner for ${account.email} answered ${res.status()}: ${await res.text()}`);
  const made = (await res.json()) as { user_id: string; business_id: string };
  await page.goto(`${appUrl}/dashboard`);
  return { userId: made.user_id, businessId: made.business_id };
}

/** Newest first, as GET /__dev/outbox answers. */
export async function outboxFor(
  page: Page,
  appUrl: string,
  email: string,
): Promise<{ to: string; subject: string; text: string; created_at: string }[]> {
  const res = await page.request.get(`${appUrl}/__dev/outbox?to=${encodeURIComponent(email)}`);
  if (!res.ok()) throw new Error(`GET /__dev/outbox answered ${res.status()}`);
  return res.json();
}

/** Polls the outbox until an e-mail matching `pattern` arrives after `since` (ms); returns the first capture group. */
export async function waitForMail(
  page: Page,
  appUrl: string,
  email: string,
  pattern: RegExp,
  since = 0,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const mail of await outboxFor(page, appUrl, email)) {
      const m = pattern.exec(mail.text);
      if (m && Date.parse(mail.created_at) >= since - 1000) return m[1] ?? m[0];
    }
    if (Date.now() > deadline) throw new Error(`no e-mail matching ${pattern} for ${email}`);
    await page.waitForTimeout(200);
  }
}

/**
 * Waits until React has taken over the server's HTML. Acting earlier loses
 * clicks on script-only buttons, and a screenshot taken before can race the
 * hydration.
 */
export async function whenHydrated(page: Page) {
  await page.waitForFunction(() => {
    const router = (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter;
    return document.readyState === "complete" && router?.state.initialized === true;
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The register form fills in the browser's time zone once its scripts run. */
async function hydrated(page: Page) {
  await page.waitForFunction(
    () => (document.querySelector('input[name="timezone"]') as HTMLInputElement | null)?.value,
  );
}

export async function registerAndLogin(page: Page, appUrl: string, account: NewAccount): Promise<void> {
  const started = Date.now();
  await page.goto(`${appUrl}/register`);
  await hydrated(page);
  const form = page.locator("form:has(input[name='business_name'])");
  await form.locator("input[name='name']").fill(account.name);
  await form.locator("input[name='business_name']").fill(account.business);
  const country = form.locator("input[name='country_text']");
  await country.fill(account.country ?? "Israel");
  const option = page.getByRole("option", { name: account.country ?? "Israel", exact: true });
  if (await option.count()) await option.first().click();
  else await country.press("Escape");
  await form.locator("input[name='phone']").fill(account.phone ?? "0501234567");
  await form.locator("input[name='city']").fill(account.city ?? "Tel Aviv");
  await form.locator("input[name='email']").fill(account.email);
  await form.locator("input[name='password']").fill(account.password);
  await form.locator("input[name='confirm_password']").fill(account.password);
  await form.locator("button[type='submit']").click();

  const verify = page.getByTestId("verify-form");
  await verify.waitFor({ timeout: 15_000 }).catch(async () => {
    const alert = await page.getByRole("alert").allTextContents();
    throw new Error(`registration of ${account.email} did not reach the code step: ${alert.join(" | ")}`);
  });
  const code = await waitForMail(page, appUrl, account.email, /\b(\d{6})\b/, started);
  await verify.locator("input[name='code']").fill(code);
  await verify.locator("button[value='verify']").click();
  await page.locator("a[href='/login'].btn-primary").waitFor({ timeout: 15_000 });

  await page.goto(`${appUrl}/login`);
  // The Google link gets the browser's time zone once the page's scripts run.
  await page.waitForSelector("a[href^='/api/auth/google?tz=']", { state: "attached" });
  const login = page.locator("form:has(input[name='password'])").first();
  await login.locator("input[name='email']").fill(account.email);
  await login.locator("input[name='password']").fill(account.password);
  await login.locator("button[value='login']").click();
  await page.waitForURL((url) => url.pathname === "/dashboard", { timeout: 15_000 });
}
