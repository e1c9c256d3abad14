// What every browser test file sets up: the served product (and the WhatsApp
// simulator when asked) and one Chromium, started before the file's tests and
// stopped after them.
//
//   const { stack, newPage } = useBrowserStack({ simulator: true });
//   it("...", async () => {
//     const { page, errors } = await newPage(390);
//     await page.goto(stack.appUrl);
//   });
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser, newPage } from "./browser";
import { startStack, type Stack } from "./stack";

export type BrowserStack = {
  /** The running stack; read it inside tests and hooks (it starts in beforeAll). */
  stack: Omit<Stack, "stop">;
  /** A fresh context and page at this viewport; see newPage in ./browser. */
  newPage(width: number, height?: number): ReturnType<typeof newPage>;
  /** The Chromium itself, for contexts newPage does not make (e.g. scripts off). */
  readonly browser: Browser;
};

// wrangler dev can take minutes to start on a busy machine.
const START_TIMEOUT = 300_000;

export function useBrowserStack({ simulator = false, vars = {} as Record<string, string> } = {}): BrowserStack {
  let live: Stack | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    live = await startStack({ simulator, vars });
    browser = await launchBrowser();
  }, START_TIMEOUT);
  afterAll(async () => {
    await browser?.close();
    await live?.stop();
  });

  const up = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the browser stack is not up: use it inside tests and hooks, after useBrowserStack's beforeAll");
    return value;
  };
  return {
    stack: {
      get appUrl() {
        return up(live).appUrl;
      },
      get simUrl() {
        return up(live).simUrl;
      },
      query<T = Record<string, unknown>>(sql: string) {
        return up(live).query<T>(sql);
      },
      sim(path: string, body?: unknown) {
        return up(live).sim(path, body);
      },
      cron() {
        return up(live).cron();
      },
    },
    newPage: (width, height) => newPage(up(browser), width, height),
    get browser() {
      return up(browser);
    },
  };
}
