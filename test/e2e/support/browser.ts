import { chromium, type Browser, type BrowserContext, type Page, type Request } from "playwright-core";
import axe from "axe-core";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { onTestFailed, onTestFinished } from "vitest";
import { chromiumForTests } from "./chromium";

export const SCREENSHOT_DIR = path.resolve("test-results/screenshots");

/** Chromium as chromiumForTests() finds it (CHROMIUM_PATH, the machine's, or npm's), with any extra flags. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  const { executablePath, args, env, source } = await chromiumForTests();
  try {
    return await chromium.launch({
      executablePath,
      args: [...args, ...extraArgs],
      ...(env && { env: { ...process.env, ...env } }),
    });
  } catch (err) {
    throw new Error(`Chromium from ${source} (${executablePath}) did not start`, { cause: err });
  }
}

// Remix logs (console.error) the body of a fetcher load that it aborted on
// purpose: a save's reload makes a load still under way stale, and Remix
// cancels it (@remix-run/react single-fetch.js, the decode's catch). The owner
// sees nothing; an abort is not an error, here as in entry.client.tsx.
const REMIX_ABORTED_LOAD = /^AbortError: BodyStreamBuffer was aborted\b/;

/** Console errors a test provokes on purpose (an answer refused with 400, a gateway that is down): declared, not collected. */
export type PageOptions = { expectedErrors?: RegExp[] };

/**
 * A page that fails the test on any console error or uncaught exception (but
 * a load Remix aborted, and the errors the test declares): by itself, when
 * the test that opened it ends, whether or not the test looked at `errors`.
 * A test that provokes one and checks it takes it out of `errors` (splice).
 */
export async function newPage(
  browser: Browser,
  width: number,
  height = 844,
  { expectedErrors = [] }: PageOptions = {},
) {
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => {
    const text = msg.text();
    if (msg.type() === "error" && !REMIX_ABORTED_LOAD.test(text) && !expectedErrors.some((e) => e.test(text)))
      errors.push(text);
  });
  page.on("pageerror", (err) => errors.push(err.message));
  tellWhenFailed(page, errors);
  failOnErrors(errors);
  return { page, errors };
}

/** When the test ends, the page's console errors fail it (unless it failed already: then tellWhenFailed prints them). */
function failOnErrors(errors: string[]) {
  try {
    onTestFinished(({ task }) => {
      if (task.result?.state === "fail" || errors.length === 0) return;
      throw unexpected(errors);
    });
  } catch {
    // Opened in a hook (beforeAll), the page serves the file's tests: each fails on the errors logged while it ran.
    pagesOfHooks.push({ errors, told: errors.length });
  }
}

function unexpected(errors: string[]) {
  return new Error(
    `the page logged ${errors.length} error(s) the test did not expect:\n${errors.map((e) => `- ${e.slice(0, 500)}`).join("\n")}`,
  );
}

/** Pages opened in a hook, and how many of their errors a test was already failed for. */
const pagesOfHooks: { errors: string[]; told: number }[] = [];

/**
 * Fails the test that just ran on the errors its file's hook-opened pages logged meanwhile (useBrowserStack
 * calls it after each test; a test that failed already is only told them). A test that provoked one and took
 * it out of `errors` (splice) is not failed for it.
 */
export function failOnHookPageErrors(failedAlready: boolean) {
  const fresh = pagesOfHooks.flatMap((p) => {
    const since = p.errors.slice(Math.min(p.told, p.errors.length));
    p.told = p.errors.length;
    return since;
  });
  if (fresh.length === 0) return;
  if (failedAlready) console.error(unexpected(fresh).message);
  else throw unexpected(fresh);
}

const FAILURE_DIR = path.resolve("test-results/failures");

/**
 * When the test that opened `page` fails, the log says what the page showed
 * then: its address, its visible text, its console, the requests that were
 * answered 400 or more and those still waiting for an answer (a navigation
 * that never reaches "load"), and a screenshot goes to test-results/failures. A run
 * on another machine (CI) leaves only its log.
 */
function tellWhenFailed(page: Page, errors: string[]) {
  const console_: string[] = [];
  const refused: string[] = [];
  const waiting = new Map<Request, number>();
  page.on("request", (req) => waiting.set(req, Date.now()));
  page.on("requestfinished", (req) => waiting.delete(req));
  page.on("requestfailed", (req) => waiting.delete(req));
  page.on("console", (msg) => console_.push(`${msg.type()}: ${msg.text()}`.slice(0, 300)));
  page.on("response", (res) => {
    if (res.status() >= 400) refused.push(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  try {
    onTestFailed(async ({ task }) => {
      if (page.isClosed()) return;
      const name = task.name.replace(/[^a-z0-9]+/gi, "-").slice(0, 80);
      const text = await page
        .locator("body")
        .innerText({ timeout: 2_000 })
        .catch(() => "(unreadable)");
      mkdirSync(FAILURE_DIR, { recursive: true });
      await page
        .screenshot({ path: path.join(FAILURE_DIR, `${name}-${Date.now()}.png`), fullPage: true, timeout: 5_000 })
        .catch(() => {});
      console.error(
        [
          `-- page when "${task.name}" failed: ${page.url()} (${page.viewportSize()?.width} px)`,
          `-- visible text:\n${text.replace(/\n{2,}/g, "\n").slice(0, 3_000)}`,
          `-- console (last 20):\n${console_.slice(-20).join("\n") || "(nothing)"}`,
          `-- answered 400 or more (last 10):\n${refused.slice(-10).join("\n") || "(none)"}`,
          `-- still waiting for an answer:\n${[...waiting].map(([req, at]) => `${req.method()} ${req.url()} (${Date.now() - at} ms)`).join("\n") || "(none)"}`,
          `-- errors the test collected: ${errors.length ? errors.join(" | ") : "(none)"}`,
        ].join("\n"),
      );
    });
  } catch {
    // Opened outside a test (a hook): nothing to attach to.
  }
}

/** Pages opened by newScriptlessPage: axe cannot run inside them (its timers never fire there). */
const scriptless = new WeakSet<Page>();

/**
 * A page with scripts off, as a browser without JavaScript sees the app (the
 * server's own checks, plain form posts). `cookies` go in first (a language, a
 * signed-in owner's session).
 */
export async function newScriptlessPage(
  browser: Browser,
  width: number,
  cookies: Parameters<BrowserContext["addCookies"]>[0] = [],
) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: 844 },
    deviceScaleFactor: 1,
  });
  await context.addCookies(cookies);
  const page = await context.newPage();
  scriptless.add(page);
  return page;
}

/**
 * A scriptless page is checked on a copy: its HTML as it is now, without
 * scripts, in a page that runs them (for axe), with the same address as base
 * so its stylesheets load and colours are as shown.
 */
async function axeOnCopy(page: Page): Promise<AxeFinding[]> {
  const html = (await page.content())
    .replace(/<script\b[\s\S]*?<\/script>/gi, "")
    .replace(/<head([^>]*)>/i, `<head$1><base href="${page.url()}">`);
  const context = await page.context().browser()!.newContext({ viewport: page.viewportSize(), deviceScaleFactor: 1 });
  try {
    const copy = await context.newPage();
    await copy.setContent(html, { waitUntil: "load" });
    return await axeViolations(copy);
  } finally {
    await context.close();
  }
}

/** The WCAG levels issue 15 asks for; every rule axe has for them runs. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21aa"];
const FAILING_IMPACTS = new Set(["serious", "critical"]);

type AxeFinding = { id: string; impact: string | null; help: string; nodes: { target: string[]; summary: string }[] };

/**
 * Runs axe-core in the page as it is now and returns its serious and critical
 * violations. The script goes in through the DevTools protocol (page.evaluate),
 * which the app's Content-Security-Policy does not govern.
 */
async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // Colours are read as they settle: a button still fading to its colour (a transition) is not what a reader sees.
  await page.evaluate(() =>
    Promise.all(
      document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished.catch(() => null)] : [])),
    ),
  );
  const loaded = await page.evaluate(() => "axe" in window);
  if (!loaded) await page.evaluate(axe.source);
  const found = await page.evaluate(async (tags) => {
    const a = (window as unknown as { axe: typeof axe }).axe;
    const result = await a.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target.map(String), summary: n.failureSummary ?? "" })),
    }));
  }, AXE_TAGS);
  return found.filter((v) => v.impact !== null && FAILING_IMPACTS.has(v.impact));
}

/** One line per rule, then one per element: what a failing test prints. */
function describeViolations(name: string, found: AxeFinding[]): string {
  const lines = [
    `axe-core (${AXE_TAGS.join(", ")}) found ${found.length} serious or critical violation(s) on "${name}":`,
  ];
  for (const v of found) {
    lines.push(`- ${v.id} [${v.impact}] ${v.help}`);
    for (const n of v.nodes) lines.push(`    ${n.target.join(" > ")}: ${n.summary.replace(/\s*\n\s*/g, " ")}`);
  }
  return lines.join("\n");
}

async function shootAndCheck(page: Page, name: string) {
  // Animations (a toast sliding in) are finished first: the picture and axe's colours are of the settled page.
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true, animations: "disabled" });
  // No page is wider than the screen it is shown on (a phone would scroll sideways, or cut a button off).
  const [scrollWidth, width] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  if (scrollWidth > width) throw new Error(`${name}: the page is ${scrollWidth} px wide on a ${width} px screen`);
  const found = scriptless.has(page) ? await axeOnCopy(page) : await axeViolations(page);
  if (found.length > 0) throw new Error(describeViolations(name, found));
}

/**
 * Saves a full-page screenshot and checks the same page with axe-core: every
 * screenshot point is also an accessibility check, and the test fails on any
 * serious or critical violation (the screenshot is kept to look at).
 *
 * A phone-width point (a name ending in "-390") is also taken at 1280 px: the
 * viewport widens, the same state (modal open or not) is shot and checked as
 * "...-1280", and the viewport narrows back before the test goes on.
 */
export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await shootAndCheck(page, name);
  const phone = page.viewportSize();
  if (!name.endsWith("-390") || !phone || phone.width !== 390) return;
  await page.setViewportSize({ width: 1280, height: phone.height });
  try {
    if (scriptless.has(page)) await page.waitForTimeout(100);
    else await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await shootAndCheck(page, name.replace(/-390$/, "-1280"));
  } finally {
    await page.setViewportSize(phone);
    // Laid out again at phone width before the test taps anything (a calendar redraws on resize).
    if (!scriptless.has(page))
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
}
