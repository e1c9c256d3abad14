// WhatsApp session statuses as the Connect tab sees them.
import type { SessionMe } from "~/providers/whatsapp/types";

/** Gateway statuses plus the product's own: no-session, disconnected, connecting (while creating). */
export type WaStatus = string;

/** A Connect refusal the screen explains in the owner's language (an i18n key and its values). */
export type GatewayProblem = { key: "connect.err.tooOld"; params: { version: string; minimum: string } };

/** phone: the connected number formatted for people (on the server, so the page ships no phone library). */
export type WaView = { status: WaStatus; me: SessionMe | null; phone: string | null; hasQr: boolean; qrVersion: number };

const SETTLED = new Set(["WORKING", "STOPPED", "FAILED", "no-session", "disconnected"]);

/** Settled statuses are not polled; every other one is (STARTING, SCAN_QR_CODE, connecting, unknown). */
export function isSettled(status: WaStatus): boolean {
  return SETTLED.has(status);
}

export type StatusLabel = "Connected" | "Starting" | "Scan QR" | "Stopped" | "Failed" | "Disconnected";

export function statusLabel(status: WaStatus): StatusLabel {
  switch (status) {
    case "WORKING": return "Connected";
    case "STARTING": return "Starting";
    case "SCAN_QR_CODE": return "Scan QR";
    case "STOPPED": return "Stopped";
    case "FAILED": return "Failed";
    default: return "Disconnected";
  }
}

/** The oldest WAHA that serves named sessions, signed webhooks and envelope timestamps (WAHA-FIDELITY.md). */
export const MIN_WAHA = { CORE: "2026.6.1", PLUS: "2025.3.1" } as const;

const versionParts = (v: string) => /^(\d{4})\.(\d{1,2})\.(\d{1,3})/.exec(v.trim())?.slice(1).map(Number) ?? null;

/** Null when the gateway is new enough; else what to tell the owner. */
export function gatewayTooOld(server: { version: string; tier: string } | null): { version: string; minimum: string } | null {
  const minimum = server?.tier?.toUpperCase() === "PLUS" ? MIN_WAHA.PLUS : MIN_WAHA.CORE;
  const have = server ? versionParts(server.version) : null;
  const need = versionParts(minimum)!;
  if (!have) return { version: server?.version || "?", minimum };
  for (let i = 0; i < 3; i++) if (have[i] !== need[i]) return have[i] > need[i] ? null : { version: server!.version, minimum };
  return null;
}
