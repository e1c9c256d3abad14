// WAHA-compatible WhatsApp simulator: node:http, state in memory. Nothing here
// knows about the product; it only speaks WAHA (see shared/whatsapp/PROVIDER.md).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createQrRenderer, type SimContext } from "./context";
import { handleControl } from "./control";
import { HttpError, sendError, sendJson } from "./http";
import { SimState, type SimEngine } from "./state";
import { createSaver, loadSessions } from "./persist";
import { handleApi } from "./waha-api";
import { createDeliverer } from "./webhooks";

export interface SimulatorOptions {
  port: number; // 0 = any free port
  host?: string; // default 127.0.0.1
  log?: (line: string) => void;
  qrDelayMs?: number; // STARTING -> SCAN_QR_CODE (default 1000)
  startDelayMs?: number; // STARTING -> WORKING for a session still logged in (default 1000)
  qrFirstMs?: number; // the first QR lives this long (default 60000, as WAHA)
  qrRefreshMs?: number; // each later QR lives this long, each one a session.status event (default 20000)
  qrMax?: number; // QRs shown before the session goes FAILED by itself (default 6)
  opDelayMs?: number; // DELETE, restart and PUT take this long (default 3000, as WAHA; 0 in unit tests)
  notWorkingWaitMs?: number; // calls on a session that is not WORKING wait this long, then 422 (default 5000)
  ackDelayMs?: number; // sendText -> its message.ack (default 300)
  engine?: SimEngine; // the shapes to speak (default NOWEB)
  version?: string; // GET /api/server/version (default 2026.7.1)
  tier?: string; // CORE or PLUS (default CORE)
  stateFile?: string; // keep sessions here across restarts; unset = memory only
  apiKey?: string; // X-Api-Key required on /api/*; default env SIM_API_KEY; unset/empty = any key
}

export interface Simulator {
  url: string;
  close(): Promise<void>;
  state: SimState;
}

export async function startSimulator(opts: SimulatorOptions): Promise<Simulator> {
  const apiKey = opts.apiKey ?? process.env.SIM_API_KEY ?? "";
  const engine = opts.engine ?? "NOWEB";
  const version = opts.version ?? "2026.7.1";
  const tier = opts.tier ?? "CORE";
  const deliverer = createDeliverer({ engine, version, tier, log: opts.log });
  const saver = opts.stateFile ? createSaver(opts.stateFile, () => state.sessions.values()) : null;
  const state = new SimState({
    qrDelayMs: opts.qrDelayMs ?? 1000,
    startDelayMs: opts.startDelayMs ?? 1000,
    qrFirstMs: opts.qrFirstMs ?? 60_000,
    qrRefreshMs: opts.qrRefreshMs ?? 20_000,
    qrMax: opts.qrMax ?? 6,
    ackDelayMs: opts.ackDelayMs ?? 300,
    emit: (session, event, payload) => deliverer.deliver(session, event, payload),
    changed: () => saver?.changed(),
  });
  if (opts.stateFile) for (const s of loadSessions(opts.stateFile)) state.resume(s);
  const sim: SimContext = {
    engine,
    version,
    tier,
    opDelayMs: opts.opDelayMs ?? 3000,
    notWorkingWaitMs: opts.notWorkingWaitMs ?? 5000,
    state,
    deliverer,
    qrPng: createQrRenderer(),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://simulator");
    let parts: string[];
    try {
      parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    } catch {
      throw new HttpError(400, "Malformed URL");
    }
    if (url.pathname === "/health") return sendJson(res, 200, { status: "ok" });
    if (url.pathname === "/ping") return sendJson(res, 200, { message: "pong" });
    if (parts[0] === "api") {
      if (sim.down) return void req.socket.destroy();
      if (apiKey && req.headers["x-api-key"] !== apiKey) return sendError(res, 401, "Unauthorized");
      if (await handleApi({ req, res, url, parts, sim })) return;
    } else if (parts[0] === "__sim") {
      if (await handleControl({ req, res, url, parts, sim })) return;
    } else if (url.pathname === "/") {
      res.writeHead(302, { Location: "/__sim" }).end();
      return;
    }
    sendError(res, 404, `Cannot ${req.method} ${url.pathname}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      if (!(err instanceof HttpError))
        opts.log?.(`simulator error on ${req.method} ${req.url}: ${String(err?.stack ?? err)}`);
      if (res.headersSent) return void res.end();
      if (err instanceof HttpError && err.body) sendJson(res, err.status, err.body);
      else if (err instanceof HttpError) sendError(res, err.status, err.message);
      else sendError(res, 500, "Internal simulator error");
    });
  });
  // Idle kept-alive connections are left for the client to close (Node's fetch after 4 s, workerd's
  // sooner): a server closing one as a request goes out on it makes that request fail (ECONNRESET).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const host = opts.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;

  return {
    url: `http://${shownHost}:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        state.closeAll();
        saver?.flush();
        deliverer.close();
        server.close(() => resolve());
        server.closeAllConnections(); // keep-alive sockets would hold close() open
      }),
  };
}
