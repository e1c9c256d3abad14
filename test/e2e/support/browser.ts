import { chromium, type Browser, type Page } from "playwright-core";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromiumForTests } from "./chromium";

export const SCREENSHOT_DIR = path.resolve("test-results/screenshots");

/** Chromium as chromiumForTests() finds it (CHROMIUM_PATH, the machine's, or npm's). */
export async function launchBrowser(): Promise<Browser> {
  const { executablePath, args, env, source } = await chromiumForTests();
  try {
    return await chromium.launch({ executablePath, args, ...(env && { env: { ...process.env, ...env } }) });
  } catch (err) {
    throw new Error(`Chromium from ${source} (${executablePath}) did not start`, { cause: err });
  }
}

/** A page that fails the test on any console error or uncaught exception. */
export async function newPage(browser: Browser, width: number, height = 844) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  page.on("pageerror", (err) => errors.push(err.message));
  return { page, errors };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}
