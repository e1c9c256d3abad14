// The product on this machine, for the browser tests and the benchmarks: a D1
// of its own in a temporary folder, migrated (and seeded in bulk before the
// server starts, far faster than through it), and `wrangler dev --local` on
// free ports. One way to start it, whatever starts it.
import { spawn, spawnSync } from "node:child_process";
import { appendFileSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** wrangler without telemetry, colours or prompts. */
const quietEnv = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  CI: "true",
  NO_COLOR: "1",
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/**
 * Runs `npx wrangler ...args` and returns what it printed; throws with its output when it fails.
 * A D1 that a running server is writing can refuse another process's read for a moment ("database is
 * locked", SQLITE_BUSY): that is tried again, a few times, a little later each time.
 */
function wrangler(args: string[]): string {
  for (let attempt = 1; ; attempt++) {
    const run = spawnSync("npx", ["wrangler", ...args], {
      env: quietEnv,
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
    if (run.status === 0) return run.stdout;
    const said = run.stderr || run.stdout;
    if (!/SQLITE_BUSY/.test(said) || attempt === 5) {
      throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed:\n${said}`);
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200 * attempt);
  }
}

/** A D1 of its own in a new temporary folder (`prefix` names it), every migration applied. */
export function localD1(prefix: string) {
  const persist = mkdtempSync(path.join(tmpdir(), prefix));
  const remove = () => rmSync(persist, { recursive: true, force: true });
  try {
    wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
  } catch (error) {
    remove();
    throw error;
  }
  const on = ["DB", "--local", "--persist-to", persist];
  let files = 0;
  // Read and written with wrangler, for seeds and benchmarks (a served stack's rows go through its server: e2e/support/sql.ts).
  return {
    persist,
    remove,
    /** Runs a script of SQL statements (a bulk seed). */
    execute(sql: string) {
      const file = path.join(persist, `seed-${process.pid}-${files++}.sql`);
      writeFileSync(file, sql);
      wrangler(["d1", "execute", ...on, "--file", file]);
    },
    /** The rows of one statement. */
    query<T>(sql: string): T[] {
      return (
        (JSON.parse(wrangler(["d1", "execute", ...on, "--json", "--command", sql])) as { results: T[] }[])[0]
          ?.results ?? []
      );
    },
  };
}

/** What wrangler.toml's [build] command does: the app into ./build, as a deploy ships it. */
export function buildApp(): void {
  const run = spawnSync("npx", ["remix", "vite:build"], {
    env: { ...quietEnv, NODE_ENV: "production" },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(`the build failed:\n${run.stderr || run.stdout}`);
}

/**
 * wrangler.toml without its [build] section, beside it (its paths are relative
 * to it): a server of a build made once beforehand (buildApp). Without it, each
 * wrangler dev rebuilds ./build as it starts, under any other server using it.
 * Every server of a prebuilt app reads this one file.
 */
function prebuiltConfig(): string {
  const file = "wrangler.prebuilt.toml";
  const source = readFileSync("wrangler.toml", "utf8");
  const withoutBuild = source.replace(/^\[build\][\s\S]*?(?=^\[)/m, "");
  if (withoutBuild === source) throw new Error("wrangler.toml has no [build] section to leave out");
  const text = `# Written by test/support/local-server.ts for servers of a prebuilt app: wrangler.toml without [build].\n${withoutBuild}`;
  // Written only when it changes: wrangler dev watches its config, and a server whose config
  // file is rewritten restarts (and stops answering) under the tests using it.
  if (!existsSync(file) || readFileSync(file, "utf8") !== text) writeFileSync(file, text);
  return file;
}

type DevOptions = {
  persist: string;
  /** Serve ./build as it is (made beforehand by buildApp) instead of building it as wrangler dev starts. */
  prebuilt?: boolean;
  /** More `--var NAME:value` (APP_URL is the server's own address). */
  vars?: Record<string, string>;
  /** Also serve /__scheduled, the cron trigger's test door. */
  testScheduled?: boolean;
  /** Files to append everything wrangler prints to. */
  logFiles?: string[];
};

/**
 * `wrangler dev --local` over `persist` on a free port, returned once "/"
 * answers 200. The first start builds the app and the machine may be busy, so
 * it may take up to four minutes; if it exits or never answers, the error
 * carries what it printed.
 */
export async function startWranglerDev({
  persist,
  vars = {},
  testScheduled = true,
  logFiles = [],
  prebuilt = false,
}: DevOptions) {
  // wrangler reads local secrets from .dev.vars; a fresh clone has only the example.
  if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");
  const port = await freePort();
  const inspectorPort = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [
    "wrangler",
    "dev",
    "--local",
    "--ip",
    "127.0.0.1",
    "--port",
    String(port),
    "--inspector-port",
    String(inspectorPort),
    "--persist-to",
    persist,
  ];
  if (testScheduled) args.push("--test-scheduled");
  if (prebuilt) args.push("--config", prebuiltConfig());
  for (const [name, value] of Object.entries({ APP_URL: url, ...vars })) args.push("--var", `${name}:${value}`);
  // NODE_ENV as a deploy has it: otherwise wrangler dev bundles React's development
  // server renderer, several times slower than what ships (and what the benchmarks time).
  const env = { ...quietEnv, NODE_ENV: "production" };
  const child = spawn("npx", args, { env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
    for (const file of logFiles) appendFileSync(file, d);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const stop = async () => {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
    await sleep(300);
  };

  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`wrangler dev exited:\n${output}`);
    const up = await fetch(url + "/").then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) return { url, inspectorPort, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not start in time:\n${output}`);
    }
    await sleep(500);
  }
}
