// The small interface the product uses to talk to a WhatsApp gateway (WAHA,
// Evolution, Cloud API, or the bundled simulator). Keep it engine-neutral.

/** Known WAHA statuses; unknown strings must be treated as "Disconnected". */
type SessionStatus = "STARTING" | "SCAN_QR_CODE" | "WORKING" | "STOPPED" | "FAILED" | (string & {});

export interface SessionMe {
  id: string; // "<digits>@c.us"
  pushName?: string;
  // Named in the spec but absent from WAHA: present only if a provider has them.
  verifiedName?: string;
  isBusiness?: boolean;
}

export interface SessionInfo {
  name: string;
  status: SessionStatus;
  me: SessionMe | null;
  /** The session's config as the gateway holds it (to spot a stale webhook URL or key). */
  config?: unknown;
}

export interface ProviderMessage {
  id: string; // serialized: "<fromMe>_<chatId>_<key id>"
  chatId: string; // the customer's chat, whichever side wrote
  timestamp: number; // unix seconds
  fromMe: boolean;
  body: string;
  hasMedia: boolean;
}

export interface CreateSessionOptions {
  webhookUrl: string;
  hmacKey: string;
}

export interface ServerVersion {
  version: string; // "2026.7.1"
  engine: string; // NOWEB, WEBJS, GOWS
  tier: string; // CORE or PLUS
}

export interface QrImage {
  mimetype: string;
  data: Uint8Array;
}

export interface WhatsAppProvider {
  /** GET /api/server/version: null when the gateway has no such call (too old to know). */
  getVersion(): Promise<ServerVersion | null>;
  createSession(name: string, opts: CreateSessionOptions): Promise<SessionInfo>;
  /** PUT the config the product needs onto an existing session (a new URL, key or events). */
  updateSession(name: string, opts: CreateSessionOptions): Promise<void>;
  startSession(name: string): Promise<void>;
  restartSession(name: string): Promise<void>;
  logoutSession(name: string): Promise<void>;
  /** Idempotent: deleting a missing session is not an error. */
  deleteSession(name: string): Promise<void>;
  /** null when the session does not exist (404). */
  getSession(name: string): Promise<SessionInfo | null>;
  /** null when no QR is on offer (422: status is not SCAN_QR_CODE). */
  getQr(name: string): Promise<QrImage | null>;
  sendText(name: string, chatId: string, text: string): Promise<{ id: string }>;
  getMessages(name: string, chatId: string, limit: number): Promise<ProviderMessage[]>;
  checkNumber(name: string, phoneDigits: string): Promise<{ exists: boolean; chatId: string | null }>;
  /**
   * GET /api/{s}/chats/overview: chats with their last message, the most
   * recent first (`lastAt` in unix seconds, 0 when the chat shows none;
   * `lastId` the last message's serialized id).
   */
  getChatsOverview(
    name: string,
    limit: number,
    offset: number,
  ): Promise<{ chatId: string; lastAt: number; lastId: string | null }[]>;
  /**
   * A chat's messages written at or after `sinceSeconds`, newest first, as
   * the gateway's raw payloads (the same shape as its message.any webhooks).
   */
  getRawMessagesSince(
    name: string,
    chatId: string,
    sinceSeconds: number,
    limit: number,
  ): Promise<Record<string, unknown>[]>;
  /** The phone behind a hidden "<id>@lid" chat, as "<digits>@c.us"; null when WhatsApp does not share it. */
  resolveLid(name: string, lid: string): Promise<string | null>;
}

/**
 * Why a call failed, as the caller must act on it:
 * - "not-working": the session is not WORKING (WAHA's 422 "Session status is
 *   not as expected", a reconnect blip) or not running at all (404): wait for
 *   WhatsApp to come back; nothing was sent.
 * - "unreachable": no answer (refused, timed out, 502/503/504 from a proxy):
 *   wait for the gateway; a send may or may not have gone out.
 * - "retry": the gateway answered an error worth retrying (500, 429, 408).
 * - "permanent": any other 4xx; retrying will not help.
 */
export type ProviderErrorKind = "not-working" | "unreachable" | "retry" | "permanent";

export class ProviderError extends Error {
  status?: number;
  kind: ProviderErrorKind;
  body?: unknown;

  constructor(message: string, opts: { status?: number; kind: ProviderErrorKind; body?: unknown; cause?: unknown }) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = "ProviderError";
    this.status = opts.status;
    this.kind = opts.kind;
    this.body = opts.body;
  }

  /** Whether trying again later may succeed. */
  get transient(): boolean {
    return this.kind !== "permanent";
  }
}

/** The kind of a gateway's error answer. */
export function errorKind(status: number, body: unknown): ProviderErrorKind {
  const o = typeof body === "object" && body !== null ? (body as { error?: unknown; message?: unknown }) : {};
  if (status === 422 && /not as expected/i.test(String(o.error ?? ""))) return "not-working";
  // WAHA's "We didn't find a session with name ..." (missing or STOPPED session).
  if (status === 404 && /session/i.test(String(o.message ?? ""))) return "not-working";
  if (status === 502 || status === 503 || status === 504) return "unreachable";
  if (status >= 500 || status === 429 || status === 408) return "retry";
  return "permanent";
}
