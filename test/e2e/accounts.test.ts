import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { registerAndLogin } from "./support/account";
import { startStack, type Stack } from "./support/stack";

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe("accounts in the browser", () => {
  it("registerAndLogin leaves a new owner on the dashboard", async () => {
    const { page, errors } = await newPage(browser, 390);
    const email = `helper.${Date.now()}@example.com`;
    await registerAndLogin(page, stack.appUrl, { name: "Maya Cohen", business: "Maya Nails", email, password: "maya-pass-1" });
    expect(new URL(page.url()).pathname).toBe("/dashboard");
    await expect.poll(() => page.locator(".avatar").textContent()).toBe("MC");
    await screenshot(page, "accounts-helper-dashboard-en-390");
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
