// What every browser test file sets up: the served product (and the WhatsApp
// simulator) and one Chromium, started before the file's tests and stopped
// after them. The product is the one shared stack (shared-stack.ts) unless the
// file asks for its own: settings of its own (`vars`), or per-address counters
// (sign-in limits) that other files must not move (`own: true`).
//
//   const { stack, newPage } = useBrowserStack();
//   it("...", async () => {
//     const { page, errors } = await newPage(390);
//     await page.goto(stack.appUrl);
//   });
import { existsSync, readFileSync, statSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";
import type { Browser } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { failOnHookPageErrors, launchBrowser, newPage, type PageOptions } from "./browser";
import { attachStack, serverLog, startStack, type Stack } from "./stack";

export type BrowserStack = {
  /** The running stack; read it inside tests and hooks (it starts in beforeAll). */
  stack: Omit<Stack, "stop">;
  /** A fresh context and page at this viewport; see newPage in ./browser. */
  newPage(width: number, height?: number, options?: PageOptions): ReturnType<typeof newPage>;
  /** The Chromium itself, for contexts newPage does not make (e.g. scripts off). */
  readonly browser: Browser;
};

// wrangler dev can take minutes to start on a busy machine.
const START_TIMEOUT = 300_000;

type Options = {
  /** A stack of this file's own, with these more `--var NAME:value` for wrangler dev. */
  vars?: Record<string, string>;
  /** A stack of this file's own even without vars. */
  own?: boolean;
};

/** What wrangler printed, without the plain answers under 400 (pages, assets, API calls that went well). */
function serverLines(said: string, last = 60): string {
  const plain = /^\[wrangler:info\] (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (?!\/__scheduled)\S+ [23]\d\d /;
  const lines = stripVTControlCharacters(said)
    .split("\n")
    .filter((line) => line.trim() && !plain.test(line));
  return lines.slice(-last).join("\n") || "(nothing)";
}

export function useBrowserStack({ vars, own = false }: Options = {}): BrowserStack {
  let live: Omit<Stack, "stop"> | undefined;
  let stop: (() => Promise<void>) | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    if (own || vars) {
      const started = await startStack({ simulator: true, vars, prebuilt: true });
      live = started;
      stop = started.stop;
    } else {
      live = attachStack(inject("e2eStack"));
    }
    browser = await launchBrowser();
  }, START_TIMEOUT);
  // A page opened in a hook serves several tests: each fails on the console errors logged while it ran.
  afterEach((context) => failOnHookPageErrors(context.task.result?.state === "fail"));
  // A failed test's log also says what the server did while it ran: queue batches, cron runs, a Worker's
  // errors, answers of 400 or more (CI keeps only the log).
  let logFrom = 0;
  beforeEach(() => {
    logFrom = statSync(serverLog(up(live).persist), { throwIfNoEntry: false })?.size ?? 0;
  });
  afterEach((context) => {
    const file = serverLog(up(live).persist);
    if (context.task.result?.state !== "fail" || !existsSync(file)) return;
    const said = readFileSync(file).subarray(logFrom).toString("utf8");
    console.error(`-- the server while "${context.task.name}" ran (last 60 lines that matter):\n${serverLines(said)}`);
  });
  afterAll(async () => {
    await browser?.close();
    await stop?.();
  });

  const up = <T>(value: T | undefined): T => {
    if (value === undefined)
      throw new Error("the browser stack is not up: use it inside tests and hooks, after useBrowserStack's beforeAll");
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
      get persist() {
        return up(live).persist;
      },
      query<T = Record<string, unknown>>(sql: string) {
        return up(live).query<T>(sql);
      },
      sim(path: string, body?: unknown) {
        return up(live).sim(path, body);
      },
      sent(businessId: string) {
        return up(live).sent(businessId);
      },
      simStatus(businessId: string) {
        return up(live).simStatus(businessId);
      },
      cron() {
        return up(live).cron();
      },
    },
    newPage: (width, height, options) => newPage(up(browser), width, height, options),
    get browser() {
      return up(browser);
    },
  };
}
