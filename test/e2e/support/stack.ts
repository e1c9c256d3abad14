// Serves the built product for browser tests: `wrangler dev --local` on free
// ports with a fresh D1 (migrations applied) and, when asked, the WhatsApp
// simulator beside it. One such stack serves every browser test file
// (shared-stack.ts starts it once); a file that needs settings of its own
// starts its own.
import { request } from "node:http";
import path from "node:path";
import { freePort, localD1, startWranglerDev } from "../../support/local-server";
import { serverRows } from "./sql";

export { freePort };

/** Where a stack's server writes what it prints (beside its D1, removed with it). */
export const serverLog = (persist: string) => path.join(persist, "server.log");

/** Where a running stack is: enough for another process to use it (see attachStack). */
export type StackAddress = { appUrl: string; simUrl: string | null; persist: string };

/** A message the business's WhatsApp sent, as the simulator recorded it. */
type Sent = { chatId: string; text: string };

export type Stack = StackAddress & {
  /** Runs SQL on the stack's D1 (through the server: ./sql.ts) and returns its rows, for asserting what was stored or setting a row up. */
  query<T = Record<string, unknown>>(sql: string): T[];
  /** Runs the cron trigger once (wrangler's /__scheduled) and fails unless it answered 200. */
  cron(): Promise<void>;
  /** POSTs to the simulator's control API, e.g. sim(`${businessId}/scan`, {phone}). */
  sim(path: string, body?: unknown): Promise<void>;
  /** What the simulator's phone sent for a business (its session), oldest first. */
  sent(businessId: string): Promise<Sent[]>;
  /** The session's status at the simulated gateway (e.g. SCAN_QR_CODE, WORKING; 404 answers no-session). */
  simStatus(businessId: string): Promise<string>;
  stop(): Promise<void>;
};

/**
 * `vars`: more `--var NAME:value` for wrangler dev (e.g. the VAPID keys, whatever .dev.vars holds).
 * `prebuilt`: serve ./build as it is (the browser tests build once, in shared-stack.ts) rather than build it first.
 */
export async function startStack({
  simulator = false,
  vars = {} as Record<string, string>,
  prebuilt = false,
} = {}): Promise<Stack> {
  const d1 = localD1("chatbook-e2e-");
  let sim: { url: string; close(): Promise<void> } | null = null;
  let server: Awaited<ReturnType<typeof startWranglerDev>>;
  try {
    if (simulator) {
      const { startSimulator } = await import("../../../workers/simulator/server");
      sim = await startSimulator({ port: await freePort(), host: "127.0.0.1", log: () => {} });
    }
    // What wrangler prints (requests, queue batches, a Worker's exceptions) goes to serverLog(persist): a failed
    // browser test prints the part written while it ran. E2E_WRANGLER_LOG=file keeps it after the run as well.
    server = await startWranglerDev({
      persist: d1.persist,
      // E2E_SQL opens POST /__dev/sql, through which stack.query reads and writes the served D1.
      vars: { ...(sim && { WAHA_URL: sim.url }), E2E_SQL: "1", ...vars },
      logFiles: [serverLog(d1.persist), process.env.E2E_WRANGLER_LOG].filter((f): f is string => !!f),
      prebuilt,
    });
  } catch (error) {
    await sim?.close();
    d1.remove();
    throw error;
  }

  const stop = async () => {
    await server.stop();
    await sim?.close();
    d1.remove();
  };
  return { ...attachStack({ appUrl: server.url, simUrl: sim?.url ?? null, persist: d1.persist }), stop };
}

/** A stack started elsewhere (the shared one), used from this process; stopping it is its starter's job. */
export function attachStack(address: StackAddress): Omit<Stack, "stop"> {
  return {
    ...address,
    cron: () => runCron(address.appUrl),
    async sim(path: string, body: unknown = {}) {
      if (!address.simUrl) throw new Error("this stack runs without the simulator");
      const res = await requestOnce("POST", `${address.simUrl}/__sim/sessions/${path}`, body);
      if (res.status < 200 || res.status >= 300) throw new Error(`simulator ${path}: ${res.status} ${res.text}`);
    },
    async sent(businessId: string) {
      const res = await simGet(address, `${businessId}/sent`);
      return res.status === 404 ? [] : (JSON.parse(res.text) as Sent[]);
    },
    async simStatus(businessId: string) {
      const res = await simGet(address, businessId);
      return res.status === 404 ? "no-session" : (JSON.parse(res.text) as { status: string }).status;
    },
    query<T>(sql: string) {
      return serverRows<T>(address.appUrl, sql);
    },
  };
}

async function simGet(address: StackAddress, path: string) {
  if (!address.simUrl) throw new Error("this stack runs without the simulator");
  const res = await requestOnce("GET", `${address.simUrl}/__sim/sessions/${path}`);
  if (res.status >= 300 && res.status !== 404) throw new Error(`simulator ${path}: ${res.status} ${res.text}`);
  return res;
}

/**
 * One request on a connection of its own. Node's fetch would reuse a
 * kept-alive socket, and one the server closed while idle fails the request
 * with "other side closed" before it was ever read (seen on the simulator's
 * control posts and the app's /__scheduled under load).
 */
function requestOnce(method: "GET" | "POST", url: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers =
      payload === undefined ? {} : { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) };
    const req = request(url, { method, agent: false, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end(payload);
  });
}

async function runCron(appUrl: string): Promise<void> {
  const res = await requestOnce("GET", `${appUrl}/__scheduled?cron=*+*+*+*+*`);
  if (res.status !== 200) throw new Error(`/__scheduled answered ${res.status}: ${res.text}`);
}
