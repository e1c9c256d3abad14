// `npm run dev`: the whole product on this machine, offline. Applies local D1
// migrations, starts the WhatsApp simulator, then `wrangler dev`, which builds
// and rebuilds on edits.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync } from "node:fs";

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const children: ChildProcess[] = [];

if (!existsSync(".dev.vars")) {
  copyFileSync(".dev.vars.example", ".dev.vars");
  console.log("Created .dev.vars with local defaults.");
}

const migrate = spawnSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local"], {
  stdio: "inherit",
  env: { ...env, CI: "true" },
});
if (migrate.status !== 0) process.exit(migrate.status ?? 1);

function start(name: string, command: string, args: string[]) {
  const child = spawn(command, args, { stdio: "inherit", env });
  child.on("exit", (code) => {
    console.log(`${name} exited (${code ?? "signal"}); stopping.`);
    shutdown(code ?? 1);
  });
  children.push(child);
}

function shutdown(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exit(code);
}
process.on("SIGINT", () => shutdown(0));
process.on("SIGTERM", () => shutdown(0));

start("WhatsApp simulator", "npx", ["tsx", "workers/simulator/main.ts"]);
start("wrangler", "npx", [
  "wrangler",
  "dev",
  "--local",
  "--test-scheduled",
  "--port",
  process.env.PORT ?? "8787",
  "--ip",
  "127.0.0.1",
]);
