// In-memory WAHA-like sessions: lifecycle, QR, chats and send bookkeeping.
// Emits events through `emit`; delivery (webhooks) lives in webhooks.ts.
import { randomBytes } from "node:crypto";

export type SimStatus = "STARTING" | "SCAN_QR_CODE" | "WORKING" | "STOPPED" | "FAILED";

export interface WebhookConfig {
  url: string;
  events?: string[];
  hmac?: { key?: string | null } | null;
  retries?: { policy?: string; delaySeconds?: number; attempts?: number } | null;
  customHeaders?: { name: string; value: string }[] | null;
}

export interface SessionConfig {
  webhooks?: WebhookConfig[];
  metadata?: Record<string, string>;
  [key: string]: unknown;
}

export interface SimMessage {
  id: string;
  timestamp: number; // seconds
  from: string;
  to: string;
  fromMe: boolean;
  source: "app" | "api";
  body: string;
  hasMedia: false;
  ack: number;
  ackName: string;
  pushName: string | null; // the sender's display name, when known
}

export interface SentRecord {
  chatId: string;
  text: string;
  timestamp: number; // ms
}

export interface SimSession {
  name: string;
  status: SimStatus;
  statuses: { status: SimStatus; timestamp: number }[];
  config: SessionConfig;
  me: { id: string; pushName: string } | null;
  qr: string | null; // the current QR payload while SCAN_QR_CODE
  chats: Map<string, SimMessage[]>;
  sent: SentRecord[];
  sends: { accepted: number; failed: number; failRate: number; failNext: number };
  timers: Set<ReturnType<typeof setTimeout>>;
}

export interface StateOptions {
  qrDelayMs: number; // STARTING -> SCAN_QR_CODE when not logged in
  startDelayMs: number; // STARTING -> WORKING when still logged in
  qrRefreshMs: number; // a new QR (and a session.status event) this often
  emit: (session: SimSession, event: string, payload: unknown) => void;
}

const hex = (bytes: number) => randomBytes(bytes).toString("hex").toUpperCase();

/** Phone digits or a full chat id -> chat id ("+49 176..." -> "49176...@c.us"). */
export function toChatId(input: string): string | null {
  const s = String(input ?? "").trim();
  if (s.includes("@")) return s;
  const digits = s.replace(/[\s\-().+]/g, "");
  return /^\d{3,20}$/.test(digits) ? `${digits}@c.us` : null;
}

function isIgnored(config: SessionConfig, chatId: string): boolean {
  const ignore = (config.ignore ?? {}) as Record<string, unknown>;
  if (chatId.endsWith("@g.us")) return ignore.groups === true;
  if (chatId.endsWith("@newsletter")) return ignore.channels === true;
  if (chatId === "status@broadcast") return ignore.status === true;
  if (chatId.endsWith("@broadcast")) return ignore.broadcast === true;
  return false;
}

export class SimState {
  readonly sessions = new Map<string, SimSession>();

  constructor(private readonly opts: StateOptions) {}

  get(name: string): SimSession | undefined {
    return this.sessions.get(name);
  }

  create(name: string, config: SessionConfig, start: boolean): SimSession {
    const s: SimSession = {
      name,
      status: "STOPPED",
      statuses: [{ status: "STOPPED", timestamp: Date.now() }],
      config,
      me: null,
      qr: null,
      chats: new Map(),
      sent: [],
      sends: { accepted: 0, failed: 0, failRate: 0, failNext: 0 },
      timers: new Set(),
    };
    this.sessions.set(name, s);
    if (start) this.start(s);
    return s;
  }

  /** Repeatable: a session already running is left alone, as WAHA does. */
  start(s: SimSession): void {
    if (s.status !== "STOPPED" && s.status !== "FAILED") return;
    this.boot(s);
  }

  restart(s: SimSession): void {
    this.boot(s);
  }

  stop(s: SimSession): void {
    this.clearTimers(s);
    this.setStatus(s, "STOPPED");
  }

  logout(s: SimSession): void {
    this.clearTimers(s);
    s.me = null;
    this.setStatus(s, "STOPPED");
  }

  fail(s: SimSession): void {
    this.clearTimers(s);
    this.setStatus(s, "FAILED");
  }

  remove(name: string): void {
    const s = this.sessions.get(name);
    if (!s) return;
    this.clearTimers(s);
    if (s.status !== "STOPPED") this.setStatus(s, "STOPPED");
    this.sessions.delete(name);
  }

  /** The phone scanned the QR: logged in as `phone`. */
  scan(s: SimSession, phone: string, pushName: string): void {
    this.clearTimers(s);
    s.me = { id: `${phone}@c.us`, pushName };
    this.setStatus(s, "WORKING");
  }

  /** Store a message in its chat and announce it (message.any; message too when incoming). */
  addMessage(s: SimSession, m: { chatId: string; fromMe: boolean; source: "app" | "api"; body: string; pushName?: string }): SimMessage {
    const me = s.me?.id ?? "";
    const msg: SimMessage = {
      // NOWEB ids: "<fromMe>_<chatId>_<message id>"; ids sent from the API start 3EB0.
      id: `${m.fromMe}_${m.chatId}_${m.source === "api" ? "3EB0" : ""}${hex(m.source === "api" ? 8 : 10)}`,
      timestamp: Math.floor(Date.now() / 1000),
      from: m.fromMe ? me : m.chatId,
      to: m.fromMe ? m.chatId : me,
      fromMe: m.fromMe,
      source: m.source,
      body: m.body,
      hasMedia: false,
      ack: m.fromMe ? 1 : 2,
      ackName: m.fromMe ? "SERVER" : "DEVICE",
      pushName: m.pushName ?? (m.fromMe ? (s.me?.pushName ?? null) : null),
    };
    const chat = s.chats.get(m.chatId) ?? [];
    chat.push(msg);
    s.chats.set(m.chatId, chat);
    if (isIgnored(s.config, m.chatId)) return msg; // WAHA's config.ignore: stored, not announced
    if (!m.fromMe) this.opts.emit(s, "message", msg);
    this.opts.emit(s, "message.any", msg);
    return msg;
  }

  /** Failure injection for sendText: the next N calls, else a random fraction. */
  takeSendFailure(s: SimSession): boolean {
    if (s.sends.failNext > 0) {
      s.sends.failNext--;
      return true;
    }
    return s.sends.failRate > 0 && Math.random() < s.sends.failRate;
  }

  closeAll(): void {
    for (const s of this.sessions.values()) this.clearTimers(s);
  }

  private boot(s: SimSession): void {
    this.clearTimers(s);
    this.setStatus(s, "STARTING");
    // A session still logged in reconnects; otherwise it needs a QR scan.
    if (s.me) this.later(s, this.opts.startDelayMs, () => this.setStatus(s, "WORKING"));
    else this.later(s, this.opts.qrDelayMs, () => this.showQr(s));
  }

  private showQr(s: SimSession): void {
    s.qr = `2@${randomBytes(24).toString("base64")},${randomBytes(32).toString("base64")},${randomBytes(16).toString("base64")}`;
    this.setStatus(s, "SCAN_QR_CODE", true);
    this.later(s, this.opts.qrRefreshMs, () => this.showQr(s));
  }

  private setStatus(s: SimSession, status: SimStatus, force = false): void {
    if (s.status === status && !force) return;
    if (status !== "SCAN_QR_CODE") s.qr = null;
    s.status = status;
    s.statuses.push({ status, timestamp: Date.now() });
    if (s.statuses.length > 5) s.statuses.splice(0, s.statuses.length - 5);
    this.opts.emit(s, "session.status", { name: s.name, status, statuses: [...s.statuses] });
  }

  private later(s: SimSession, ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      s.timers.delete(t);
      if (this.sessions.get(s.name) === s) fn();
    }, ms);
    s.timers.add(t);
  }

  private clearTimers(s: SimSession): void {
    for (const t of s.timers) clearTimeout(t);
    s.timers.clear();
  }
}
