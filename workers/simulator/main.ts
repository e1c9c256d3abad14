// `npx tsx workers/simulator/main.ts`: the WhatsApp simulator for local runs.
// Env: SIM_PORT (default 8790), SIM_HOST (default 127.0.0.1), SIM_API_KEY
// (X-Api-Key to require; unset = any key), SIM_QR_DELAY_MS, SIM_START_DELAY_MS.
import { startSimulator } from "./server";

const num = (v: string | undefined, fallback: number) => (v && Number.isFinite(Number(v)) ? Number(v) : fallback);

const sim = await startSimulator({
  port: num(process.env.SIM_PORT, 8790),
  host: process.env.SIM_HOST || "127.0.0.1",
  qrDelayMs: num(process.env.SIM_QR_DELAY_MS, 1000),
  startDelayMs: num(process.env.SIM_START_DELAY_MS, 1000),
  log: (line) => console.warn(`[simulator] ${line}`), // only problems: failed webhooks, crashes
});
console.log(`WhatsApp simulator (WAHA API) on ${sim.url}, page ${sim.url}/__sim${process.env.SIM_API_KEY ? ", X-Api-Key required" : ""}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void sim.close().then(() => process.exit(0)));
}
