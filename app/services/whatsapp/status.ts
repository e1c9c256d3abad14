// WhatsApp session statuses as the Connect tab sees them.
import type { SessionMe } from "~/providers/whatsapp/types";

/** Gateway statuses plus the product's own: no-session, disconnected, connecting (while creating). */
export type WaStatus = string;

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
