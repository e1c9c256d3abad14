// Serves the built product with `wrangler dev --local` on free ports over a
// fresh D1 that is migrated and seeded BEFORE the server starts (bulk data
// loads far faster that way than through a running server).
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../e2e/support/stack";

const quietEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" };

function wrangler(args: string[]) {
  const run = spawnSync("npx", ["wrangler", ...args], { env: quietEnv, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed:\n${run.stderr || run.stdout}`);
}

export async function startSeededServer(seedSql: string[]) {
  if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");
  const persist = mkdtempSync(path.join(tmpdir(), "chatbook-bench-"));
  const cleanup = () => rmSync(persist, { recursive: true, force: true });
  try {
    wrangler(["d1", "migrations", "apply", "DB", "--local", "--persist-to", persist]);
    seedSql.forEach((sql, i) => {
      const file = path.join(persist, `seed-${i}.sql`);
      writeFileSync(file, sql);
      wrangler(["d1", "execute", "DB", "--local", "--persist-to", persist, "--file", file]);
    });
  } catch (error) {
    cleanup();
    throw error;
  }

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    "npx",
    [
      "wrangler",
      "dev",
      "--local",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(await freePort()),
      "--persist-to",
      persist,
      "--var",
      `APP_URL:${url}`,
    ],
    { env: quietEnv, stdio: ["ignore", "pipe", "pipe"], detached: true },
  );
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const stop = async () => {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
    await new Promise((r) => setTimeout(r, 300));
    cleanup();
  };

  // Generous: the first start builds the app, and the machine may be busy.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`wrangler dev exited:\n${output}`);
    }
    try {
      if ((await fetch(url + "/")).status === 200) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`wrangler dev did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url, stop };
}
