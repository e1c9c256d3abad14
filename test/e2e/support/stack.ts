// Serves the built product for browser tests: `wrangler dev --local` on free
// ports with a fresh D1 (migrations applied) and, when asked, the WhatsApp
// simulator beside it.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export type Stack = {
  appUrl: string;
  simUrl: string | null;
  /** Reads the stack's local D1 directly (for asserting what was stored). */
  query<T = Record<string, unknown>>(sql: string): T[];
  /** POSTs to the simulator's control API, e.g. sim(`${businessId}/scan`, {phone}). */
  sim(path: string, body?: unknown): Promise<void>;
  stop(): Promise<void>;
};

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

const quietEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true", NO_COLOR: "1" };

/** `vars`: more `--var NAME:value` for wrangler dev (e.g. the VAPID keys, whatever .dev.vars holds). */
export async function startStack({ simulator = false, vars = {} as Record<string, string> } = {}): Promise<Stack> {
  // wrangler reads local secrets from .dev.vars; a fresh clone has only the example.
  if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");
  const persist = mkdtempSync(path.join(tmpdir(), "chatbook-e2e-"));
  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  let sim: { url: string; close(): Promise<void> } | null = null;
  if (simulator) {
    const { startSimulator } = await import("../../../workers/simulator/server");
    sim = await startSimulator({ port: await freePort(), host: "127.0.0.1", log: () => {} });
  }

  const migrate = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persist], { env: quietEnv, encoding: "utf8" });
  if (migrate.status !== 0) throw new Error(`migrations failed: ${migrate.stderr || migrate.stdout}`);

  const args = [
    "wrangler",
    "dev",
    "--local",
    "--test-scheduled",
    "--ip",
    "127.0.0.1",
    "--port",
    String(appPort),
    "--inspector-port",
    String(await freePort()),
    "--persist-to",
    persist,
    "--var",
    `APP_URL:${appUrl}`,
  ];
  if (sim) args.push("--var", `WAHA_URL:${sim.url}`);
  for (const [name, value] of Object.entries(vars)) args.push("--var", `${name}:${value}`);
  const child: ChildProcess = spawn("npx", args, { env: quietEnv, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));

  const kill = () => {
    try {
      if (child.pid && child.exitCode === null) process.kill(-child.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  const fail = async (message: string) => {
    kill();
    await sim?.close();
    rmSync(persist, { recursive: true, force: true });
    return new Error(`${message}:\n${output}`);
  };
  // Generous: the first start builds the app, and the test machine may be busy.
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw await fail("wrangler dev exited");
    try {
      const res = await fetch(appUrl + "/");
      if (res.status === 200) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw await fail("wrangler dev did not start in time");
    await new Promise((r) => setTimeout(r, 500));
  }

  return {
    appUrl,
    simUrl: sim?.url ?? null,
    async sim(path: string, body: unknown = {}) {
      if (!sim) throw new Error("this stack runs without the simulator");
      const res = await fetch(`${sim.url}/__sim/sessions/${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`simulator ${path}: ${res.status} ${await res.text()}`);
    },
    query<T>(sql: string): T[] {
      const out = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", persist, "--json", "--command", sql], {
        env: quietEnv,
        encoding: "utf8",
      });
      if (out.status !== 0) throw new Error(`query failed: ${out.stderr || out.stdout}`);
      return (JSON.parse(out.stdout) as { results: T[] }[])[0]?.results ?? [];
    },
    async stop() {
      kill();
      await new Promise((r) => setTimeout(r, 300));
      await sim?.close();
      rmSync(persist, { recursive: true, force: true });
    },
  };
}
