// Which Chromium the browser tests drive, so that `npm test` needs nothing
// outside npm: CHROMIUM_PATH if set, else a Chrome or Chromium installed on
// the machine, else the Chromium that @sparticuz/chromium ships inside the
// npm package (Linux x64; unpacked to the temp directory on first use).
import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

export type ChromiumChoice = {
  executablePath: string;
  /** Command-line flags for this binary, on top of what Playwright passes. */
  args: string[];
  source: "CHROMIUM_PATH" | "system" | "npm";
};

/** Looked up on PATH, in this order. */
export const SYSTEM_BROWSER_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"];

/** Where the usual packages put them, for when PATH does not say. */
export const SYSTEM_BROWSER_PATHS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
  "/opt/google/chrome/chrome",
  "/opt/google/chrome/google-chrome",
  "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

// What every browser gets: quiet, no first-run screens, no calls home.
const COMMON_ARGS = [
  "--no-sandbox", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
export const SYSTEM_ARGS = ["--headless", "--disable-gpu", ...COMMON_ARGS];

// @sparticuz/chromium's flags are made for AWS Lambda. These would make the
// tests drive a browser unlike the owners' (one process for everything, no
// same-origin policy, mixed content allowed); the headless mode is Playwright's
// to set.
const LAMBDA_ONLY = /^--(single-process|disable-web-security|allow-running-insecure-content|headless)(=|$)/;

export function npmChromiumArgs(packageArgs: string[]): string[] {
  return [...new Set([...packageArgs.filter((a) => !LAMBDA_ONLY.test(a)), ...COMMON_ARGS])];
}

export function isExecutableFile(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

export type ResolveOptions = {
  env?: Record<string, string | undefined>;
  platform?: string;
  arch?: string;
  names?: string[];
  paths?: string[];
  isExecutable?: (file: string) => boolean;
  /** The npm Chromium: its unpacked binary and its flags. */
  npmChromium?: () => Promise<{ executablePath: string; args: string[] }>;
};

async function sparticuz() {
  const chromium = (await import("@sparticuz/chromium")).default;
  return { executablePath: await chromium.executablePath(), args: chromium.args };
}

export async function resolveChromium(options: ResolveOptions = {}): Promise<ChromiumChoice> {
  const {
    env = process.env,
    platform = process.platform,
    arch = process.arch,
    names = SYSTEM_BROWSER_NAMES,
    paths = SYSTEM_BROWSER_PATHS,
    isExecutable = isExecutableFile,
    npmChromium = sparticuz,
  } = options;

  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    if (!isExecutable(chosen)) throw new Error(`CHROMIUM_PATH is ${chosen}, which is not an executable file. Unset it to let the tests find a browser.`);
    return { executablePath: chosen, args: SYSTEM_ARGS, source: "CHROMIUM_PATH" };
  }

  const dirs = (env.PATH ?? "").split(path.delimiter).filter(Boolean);
  const candidates = [...names.flatMap((name) => dirs.map((dir) => path.join(dir, name))), ...paths];
  const found = candidates.find((file) => isExecutable(file));
  if (found) return { executablePath: found, args: SYSTEM_ARGS, source: "system" };

  if (platform !== "linux" || arch !== "x64") {
    throw new Error(`No Chrome or Chromium found (looked for ${names.join(", ")} on PATH and in ${paths.join(", ")}), and the npm Chromium is for Linux x64 only. Install one or set CHROMIUM_PATH.`);
  }
  const npm = await npmChromium();
  return { executablePath: npm.executablePath, args: npmChromiumArgs(npm.args), source: "npm" };
}

let cached: Promise<ChromiumChoice> | undefined;

/** resolveChromium() for this process, worked out once. */
export function chromiumForTests(): Promise<ChromiumChoice> {
  cached ??= resolveChromium();
  return cached;
}
