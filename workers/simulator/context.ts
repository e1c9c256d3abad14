// What the route handlers share: the state, the webhook deliverer and QR images.
import type { IncomingMessage, ServerResponse } from "node:http";
import QRCode from "qrcode";
import type { SimEngine, SimSession, SimState } from "./state";
import type { createDeliverer } from "./webhooks";
import { HttpError } from "./http";

export interface SimContext {
  engine: SimEngine;
  version: string; // what GET /api/server/version answers
  tier: string;
  /** POST /__sim/gateway {down: true}: the WAHA API drops every connection, as a gateway that is not there. */
  down?: boolean;
  opDelayMs: number; // DELETE, restart and PUT take this long (WAHA: 3 s or more)
  notWorkingWaitMs: number; // a call on a session that is not WORKING waits this long, then 422 (WAHA: 5 s)
  state: SimState;
  deliverer: ReturnType<typeof createDeliverer>;
  qrPng(s: SimSession): Promise<Buffer | null>;
}

export interface Route {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  parts: string[]; // decoded path segments
  sim: SimContext;
}

/** Renders the session's current QR as a real, scannable PNG (cached per QR value). */
export function createQrRenderer(): (s: SimSession) => Promise<Buffer | null> {
  const cache = new Map<string, Buffer>();
  return async (s) => {
    const value = s.qr;
    if (!value) return null;
    let png = cache.get(value);
    if (!png) {
      png = await QRCode.toBuffer(value, { type: "png", errorCorrectionLevel: "L", margin: 2, width: 264 });
      if (cache.size > 50) cache.clear(); // old QRs are never shown again
      cache.set(value, png);
    }
    return png;
  };
}

/** GET/DELETE /api/sessions/{name}: the session, whatever its status; 404 when missing. */
export function mustGet(sim: SimContext, name: string): SimSession {
  const s = sim.state.get(name);
  if (!s) throw new HttpError(404, "Session not found");
  return s;
}

/** QR, send and read calls: a STOPPED or missing session answers WAHA's 404. */
export function mustRun(sim: SimContext, name: string): SimSession {
  const s = sim.state.get(name);
  if (!s || s.status === "STOPPED") {
    throw new HttpError(
      404,
      `We didn't find a session with name '${name}'.\nPlease start it first by using POST /api/sessions/${name}/start request`,
    );
  }
  return s;
}

/** What the page and the control API show about a session. */
export function summary(sim: SimContext, s: SimSession) {
  return {
    name: s.name,
    status: s.status,
    me: s.me,
    sends: { ...s.sends },
    sentCount: s.sent.length,
    loggedOut: s.loggedOut,
    drops: { ...s.drops },
    webhooks: sim.deliverer.stats.get(s.name) ?? { ok: 0, failed: 0, retries: 0 },
  };
}
