// The small interface the product uses to talk to a WhatsApp gateway (WAHA,
// Evolution, Cloud API, or the bundled simulator). Keep it engine-neutral.

/** Known WAHA statuses; unknown strings must be treated as "Disconnected". */
export type SessionStatus =
  | "STARTING"
  | "SCAN_QR_CODE"
  | "WORKING"
  | "STOPPED"
  | "FAILED"
  | (string & {});

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
}

export interface ProviderMessage {
  id: string;
  timestamp: number; // unix seconds
  from: string;
  to: string;
  fromMe: boolean;
  body: string;
  hasMedia: boolean;
}

export interface CreateSessionOptions {
  webhookUrl: string;
  hmacKey: string;
}

export interface QrImage {
  mimetype: string;
  data: Uint8Array;
}

export interface WhatsAppProvider {
  createSession(name: string, opts: CreateSessionOptions): Promise<SessionInfo>;
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
}

/**
 * A failed provider call. `transient` tells the caller whether a retry may
 * succeed (network error, timeout, 5xx, 429) or not (other 4xx).
 */
export class ProviderError extends Error {
  status?: number;
  transient: boolean;
  body?: unknown;

  constructor(message: string, opts: { status?: number; transient: boolean; body?: unknown; cause?: unknown }) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = "ProviderError";
    this.status = opts.status;
    this.transient = opts.transient;
    this.body = opts.body;
  }
}

/** Which HTTP statuses are worth retrying. */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}
