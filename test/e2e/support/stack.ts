// Serves the built product for browser tests: `wrangler dev --local` on free
// ports with a fresh D1 (migrations applied) and, when asked, the WhatsApp
// simulator beside it.
import { freePort, localD1, startWranglerDev } from "../../support/local-server";

export { freePort };

export type Stack = {
  appUrl: string;
  simUrl: string | null;
  /** Reads the stack's local D1 directly (for asserting what was stored). */
  query<T = Record<string, unknown>>(sql: string): T[];
  /** POSTs to the simulator's control API, e.g. sim(`${businessId}/scan`, {phone}). */
  sim(path: string, body?: unknown): Promise<void>;
  stop(): Promise<void>;
};

/** `vars`: more `--var NAME:value` for wrangler dev (e.g. the VAPID keys, whatever .dev.vars holds). */
export async function startStack({ simulator = false, vars = {} as Record<string, string> } = {}): Promise<Stack> {
  const d1 = localD1("chatbook-e2e-");
  let sim: { url: string; close(): Promise<void> } | null = null;
  let server: Awaited<ReturnType<typeof startWranglerDev>>;
  try {
    if (simulator) {
      const { startSimulator } = await import("../../../workers/simulator/server");
      sim = await startSimulator({ port: await freePort(), host: "127.0.0.1", log: () => {} });
    }
    server = await startWranglerDev({ persist: d1.persist, vars: { ...(sim && { WAHA_URL: sim.url }), ...vars } });
  } catch (error) {
    await sim?.close();
    d1.remove();
    throw error;
  }

  return {
    appUrl: server.url,
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
    query<T>(sql: string) {
      return d1.query<T>(sql);
    },
    async stop() {
      await server.stop();
      await sim?.close();
      d1.remove();
    },
  };
}
