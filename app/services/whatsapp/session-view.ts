// WhatsApp session statuses as the Connect tab sees them.
import type { SessionMe } from "~/providers/whatsapp/types";

/** Gateway statuses plus the product's own: no-session, disconnected, connecting (while creating). */
export type WaStatus = string;

/** A Connect refusal the screen explains in the owner's language (an i18n key and its values). */
export type GatewayProblem = { key: "connect.err.tooOld"; params: { version: string; minimum: string } };

/** Why a Connect action failed (the spec's texts, as keys): the Durable Object throws these as its error's message. */
const SESSION_ACTION_ERRORS = [
  "connect.err.createFailed",
  "connect.err.startFailed",
  "connect.err.restartFailed",
  "connect.err.deleteFailed",
  "connect.err.logoutFailed",
] as const;
export type SessionActionError = (typeof SESSION_ACTION_ERRORS)[number];

/** connect: create (if missing) and start, as POST /api/sessions; start: the same, as POST .../start. */
export type SessionAction = "connect" | "start" | "restart" | "cancel" | "logout";

/** The spec's text for an action's failure the Durable Object did not name (or a request that never arrived). */
export const ACTION_FAILED: Record<SessionAction, SessionActionError> = {
  connect: "connect.err.createFailed",
  start: "connect.err.startFailed",
  restart: "connect.err.restartFailed",
  cancel: "connect.err.deleteFailed",
  logout: "connect.err.logoutFailed",
};

export function isSessionActionError(value: unknown): value is SessionActionError {
  return (SESSION_ACTION_ERRORS as readonly unknown[]).includes(value);
}

/** phone: the connected number formatted for people (on the server, so the page ships no phone library). */
export type WaView = {
  status: WaStatus;
  me: SessionMe | null;
  phone: string | null;
  hasQr: boolean;
  qrVersion: number;
};

const SETTLED = new Set(["WORKING", "STOPPED", "FAILED", "no-session", "disconnected"]);

/** Settled statuses are not polled; every other one is (STARTING, SCAN_QR_CODE, connecting, unknown). */
export function isSettled(status: WaStatus): boolean {
  return SETTLED.has(status);
}

/** The spec's labels (Connected, Starting, Scan QR, Stopped, Failed, Disconnected), by name: `connect.label.<name>`. */
export type StatusLabel = "connected" | "starting" | "scanQr" | "stopped" | "failed" | "disconnected";

export function statusLabel(status: WaStatus): StatusLabel {
  switch (status) {
    case "WORKING":
      return "connected";
    case "STARTING":
      return "starting";
    case "SCAN_QR_CODE":
      return "scanQr";
    case "STOPPED":
      return "stopped";
    case "FAILED":
      return "failed";
    default:
      return "disconnected";
  }
}

/** The oldest WAHA that serves named sessions, signed webhooks and envelope timestamps (WAHA-FIDELITY.md). */
const MIN_WAHA = { CORE: "2026.6.1", PLUS: "2025.3.1" } as const;

const versionParts = (v: string) => /^(\d{4})\.(\d{1,2})\.(\d{1,3})/.exec(v.trim())?.slice(1).map(Number) ?? null;

/** Null when the gateway is new enough; else what to tell the owner. */
export function gatewayTooOld(
  server: { version: string; tier: string } | null,
): { version: string; minimum: string } | null {
  const minimum = server?.tier?.toUpperCase() === "PLUS" ? MIN_WAHA.PLUS : MIN_WAHA.CORE;
  const have = server ? versionParts(server.version) : null;
  const need = versionParts(minimum)!;
  if (!have) return { version: server?.version || "?", minimum };
  for (let i = 0; i < 3; i++)
    if (have[i] !== need[i]) return have[i] > need[i] ? null : { version: server!.version, minimum };
  return null;
}
