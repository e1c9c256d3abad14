// `npx tsx workers/simulator/main.ts`: the WhatsApp simulator for local runs.
// Env: SIM_PORT (8790), SIM_HOST (127.0.0.1), SIM_API_KEY (X-Api-Key to
// require; unset = any key), SIM_ENGINE (NOWEB or WEBJS), SIM_VERSION,
// SIM_STATE_FILE (.wrangler/state/simulator.json; "" = memory only),
// SIM_QR_DELAY_MS, SIM_START_DELAY_MS, SIM_QR_FIRST_MS, SIM_QR_REFRESH_MS,
// SIM_OP_DELAY_MS, SIM_WAIT_MS.
import { startSimulator } from "./server";

const env = process.env;
const num = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) ? Number(v) : fallback);
const engine = env.SIM_ENGINE?.toUpperCase() === "WEBJS" ? "WEBJS" : "NOWEB";

const sim = await startSimulator({
  port: num(env.SIM_PORT, 8790),
  host: env.SIM_HOST || "127.0.0.1",
  engine,
  version: env.SIM_VERSION || undefined,
  stateFile: env.SIM_STATE_FILE ?? ".wrangler/state/simulator.json",
  qrDelayMs: num(env.SIM_QR_DELAY_MS, 1000),
  startDelayMs: num(env.SIM_START_DELAY_MS, 1000),
  qrFirstMs: num(env.SIM_QR_FIRST_MS, 60_000),
  qrRefreshMs: num(env.SIM_QR_REFRESH_MS, 20_000),
  opDelayMs: num(env.SIM_OP_DELAY_MS, 3000),
  notWorkingWaitMs: num(env.SIM_WAIT_MS, 5000),
  log: (line) => console.warn(`[simulator] ${line}`), // only problems: failed webhooks, crashes
});
console.log(
  `WhatsApp simulator (WAHA API, ${engine}) on ${sim.url}, page ${sim.url}/__sim${env.SIM_API_KEY ? ", X-Api-Key required" : ""}`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void sim.close().then(() => process.exit(0)));
}
