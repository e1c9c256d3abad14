// What the route handlers share: the state, the webhook deliverer and QR images.
import type { IncomingMessage, ServerResponse } from "node:http";
import QRCode from "qrcode";
import type { SimSession, SimState } from "./state";
import type { createDeliverer } from "./webhooks";
import { HttpError } from "./http";

export interface SimContext {
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

export function mustGet(sim: SimContext, name: string): SimSession {
  const s = sim.state.get(name);
  if (!s) throw new HttpError(404, "Session not found");
  return s;
}

export function sessionInfo(s: SimSession) {
  return { name: s.name, status: s.status, engine: { engine: "NOWEB" }, config: s.config, me: s.me };
}

/** What the page and the control API show about a session. */
export function summary(sim: SimContext, s: SimSession) {
  return {
    name: s.name,
    status: s.status,
    me: s.me,
    sends: { ...s.sends },
    sentCount: s.sent.length,
    webhooks: sim.deliverer.stats.get(s.name) ?? { ok: 0, failed: 0, retries: 0 },
  };
}
