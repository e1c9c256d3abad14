// Which Chromium the browser tests drive, so that `npm test` needs nothing
// outside npm: CHROMIUM_PATH if set, else a Chrome or Chromium installed on
// the machine, else the Chromium that @sparticuz/chromium ships inside the
// npm package (Linux x64; unpacked to the temp directory on first use).
import { spawnSync } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";

export type ChromiumChoice = {
  executablePath: string;
  /** Command-line flags for this binary, on top of what Playwright passes. */
  args: string[];
  /** Environment additions for the browser process, if it needs any. */
  env?: Record<string, string>;
  source: "CHROMIUM_PATH" | "system" | "npm";
};

/** Looked up on PATH, in this order. */
const SYSTEM_BROWSER_NAMES = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"];

/** Where the usual packages put them, for when PATH does not say. */
const SYSTEM_BROWSER_PATHS = [
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
  "--no-sandbox",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
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

function isExecutableFile(file: string): boolean {
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
  /** The npm Chromium: its unpacked binary, its flags and its environment. */
  npmChromium?: () => Promise<{ executablePath: string; args: string[]; env?: Record<string, string> }>;
};

/** Shared libraries `ldd` cannot find for a binary (none if there is no ldd). */
function missingLibraries(binary: string): string[] {
  const out = spawnSync("ldd", [binary], { encoding: "utf8" });
  if (out.status !== 0 || !out.stdout) return [];
  return [...out.stdout.matchAll(/^\s*(\S+) => not found/gm)].map((m) => m[1]);
}

async function sparticuz() {
  const { default: chromium, inflate } = await import("@sparticuz/chromium");
  const executablePath = await chromium.executablePath();
  const args = chromium.args;
  // The binary links the system's NSS, which a machine that never had a
  // browser may lack; the package ships those libraries too (built for
  // Amazon Linux), so use them only then.
  if (missingLibraries(executablePath).length === 0) return { executablePath, args };
  const bin = path.join(path.dirname(createRequire(import.meta.url).resolve("@sparticuz/chromium")), "..", "bin");
  await inflate(path.join(bin, "al2023.tar.br"));
  const lib = path.join(tmpdir(), "al2023", "lib");
  const LD_LIBRARY_PATH = [lib, process.env.LD_LIBRARY_PATH].filter(Boolean).join(path.delimiter);
  const still =
    spawnSync("ldd", [executablePath], { encoding: "utf8", env: { ...process.env, LD_LIBRARY_PATH } }).stdout ?? "";
  if (/not found/.test(still))
    throw new Error(
      `The npm Chromium (${executablePath}) lacks shared libraries even with the ones its package ships:\n${still}Install Chromium or its libraries (e.g. libnss3), or set CHROMIUM_PATH.`,
    );
  return { executablePath, args, env: { LD_LIBRARY_PATH } };
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
    if (!isExecutable(chosen))
      throw new Error(
        `CHROMIUM_PATH is ${chosen}, which is not an executable file. Unset it to let the tests find a browser.`,
      );
    return { executablePath: chosen, args: SYSTEM_ARGS, source: "CHROMIUM_PATH" };
  }

  const dirs = (env.PATH ?? "").split(path.delimiter).filter(Boolean);
  const candidates = [...names.flatMap((name) => dirs.map((dir) => path.join(dir, name))), ...paths];
  const found = candidates.find((file) => isExecutable(file));
  if (found) return { executablePath: found, args: SYSTEM_ARGS, source: "system" };

  if (platform !== "linux" || arch !== "x64") {
    throw new Error(
      `No Chrome or Chromium found (looked for ${names.join(", ")} on PATH and in ${paths.join(", ")}), and the npm Chromium is for Linux x64 only. Install one or set CHROMIUM_PATH.`,
    );
  }
  const npm = await npmChromium();
  return {
    executablePath: npm.executablePath,
    args: npmChromiumArgs(npm.args),
    ...(npm.env && { env: npm.env }),
    source: "npm",
  };
}

let cached: Promise<ChromiumChoice> | undefined;

/** resolveChromium() for this process, worked out once. */
export function chromiumForTests(): Promise<ChromiumChoice> {
  cached ??= resolveChromium();
  return cached;
}
