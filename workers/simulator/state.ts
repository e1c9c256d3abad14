// WAHA-like sessions in memory: lifecycle, QR rotation, chats, acks and send
// bookkeeping, as WAHA's NOWEB engine behaves (shared/whatsapp/WAHA-FIDELITY.md).
// Emits events through `emit`; delivery (webhooks) lives in webhooks.ts and
// the saved copy on disk in persist.ts.
import { randomBytes } from "node:crypto";

export type SimStatus = "STARTING" | "SCAN_QR_CODE" | "WORKING" | "STOPPED" | "FAILED";
export type SimEngine = "NOWEB" | "WEBJS";

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
  keyId: string; // the WhatsApp message id ("3EB0..." for API sends)
  chatId: string; // always the customer's chat ("<digits>@c.us" or "<id>@lid")
  timestamp: number; // seconds
  fromMe: boolean;
  source: "app" | "api";
  body: string;
  ack: number;
  pushName: string | null; // the sender's display name, when known
  /** The phone chat behind a `@lid` chat, when WhatsApp shares it (NOWEB: Baileys' key.remoteJidAlt). */
  pnAlt?: string | null;
  /** Reactions on this message: who reacted and with what ("" = removed). */
  reactions?: { from: string; text: string; timestamp: number }[];
}

/** A reaction, an edit or a revoke: its own WhatsApp message about an earlier one. */
export interface SimAddon {
  kind: "reaction" | "edit" | "revoke";
  keyId: string; // the addon message's own id
  chatId: string;
  fromMe: boolean;
  timestamp: number; // seconds
  target: SimMessage; // the message reacted to, edited or revoked (after the change)
  before?: SimMessage; // revoke: the message as it was
  text: string; // the reaction's emoji ("" removes it) or the edit's new text
}

export interface SentRecord {
  chatId: string;
  text: string;
  timestamp: number; // ms
  id: string; // the serialized message id, "true_<chatId>_<keyId>"
}

export interface SimSession {
  name: string;
  status: SimStatus;
  statuses: { status: SimStatus; timestamp: number }[];
  config: SessionConfig;
  me: { id: string; pushName: string } | null;
  qr: string | null; // the current QR payload while SCAN_QR_CODE
  qrCount: number; // QRs shown since the last start
  chats: Map<string, SimMessage[]>;
  lids: Map<string, string>; // "<id>@lid" -> "<digits>@c.us"
  sent: SentRecord[];
  sends: {
    accepted: number;
    failed: number;
    failRate: number;
    failNext: number;
    restrictNext: number;
    restricted: number;
  };
  /** Webhook events still to drop (POST /__sim/sessions/{s}/drop-webhooks), and how many were dropped. */
  drops: { next: number; dropped: number };
  /** The phone logged this linked device out: the credentials are revoked, so restarts end FAILED. */
  loggedOut: boolean;
  timers: Set<ReturnType<typeof setTimeout>>;
}

export interface StateOptions {
  qrDelayMs: number; // STARTING -> SCAN_QR_CODE when not logged in
  startDelayMs: number; // STARTING -> WORKING when still logged in
  qrFirstMs: number; // how long the first QR lives (WAHA: 60 s)
  qrRefreshMs: number; // how long each later QR lives (WAHA: 20 s)
  qrMax: number; // QRs before the session goes FAILED by itself (WAHA: 6)
  ackDelayMs: number; // sendText -> message.ack
  emit: (session: SimSession, event: string, payload: unknown) => void;
  changed?: () => void; // something worth saving happened
}

/** WAHA's rule for session names: letters, digits, "_" and "-", at most 54. */
export const SESSION_NAME = /^[a-zA-Z0-9_-]{1,54}$/;

/** WhatsApp ack levels as WAHA numbers them. */
const ACK = { ERROR: -1, PENDING: 0, SERVER: 1, DEVICE: 2, READ: 3, PLAYED: 4 } as const;
export const ackName = (ack: number) => Object.entries(ACK).find(([, v]) => v === ack)?.[0] ?? "UNKNOWN";

/** The restriction WhatsApp reports in an ERROR ack (Baileys' MessageAccountRestriction). */
const RESTRICTED = { code: 463, reason: "account_restricted" } as const;

const hex = (bytes: number) => randomBytes(bytes).toString("hex").toUpperCase();

/** Phone digits or a full chat id -> chat id ("+49 176..." -> "49176...@c.us"). */
export function toChatId(input: string): string | null {
  const s = String(input ?? "")
    .trim()
    .replace(/@s\.whatsapp\.net$/, "@c.us");
  if (s.includes("@")) return s;
  const digits = s.replace(/[\s\-().+]/g, "");
  return /^\d{3,20}$/.test(digits) ? `${digits}@c.us` : null;
}

/** "<fromMe>_<chatId>_<keyId>": how WAHA serializes message ids. */
export const serializedId = (m: Pick<SimMessage, "fromMe" | "chatId" | "keyId">) =>
  `${m.fromMe}_${m.chatId}_${m.keyId}`;

function isIgnored(config: SessionConfig, chatId: string): boolean {
  const ignore = (config.ignore ?? {}) as Record<string, unknown>;
  if (chatId.endsWith("@g.us")) return ignore.groups === true;
  if (chatId.endsWith("@newsletter")) return ignore.channels === true;
  if (chatId === "status@broadcast") return ignore.status === true;
  if (chatId.endsWith("@broadcast")) return ignore.broadcast === true;
  return false;
}

export function newSession(name: string, config: SessionConfig): SimSession {
  return {
    name,
    status: "STOPPED",
    statuses: [{ status: "STOPPED", timestamp: Date.now() }],
    config,
    me: null,
    qr: null,
    qrCount: 0,
    chats: new Map(),
    lids: new Map(),
    sent: [],
    sends: { accepted: 0, failed: 0, failRate: 0, failNext: 0, restrictNext: 0, restricted: 0 },
    drops: { next: 0, dropped: 0 },
    loggedOut: false,
    timers: new Set(),
  };
}

export class SimState {
  readonly sessions = new Map<string, SimSession>();

  constructor(private readonly opts: StateOptions) {}

  get(name: string): SimSession | undefined {
    return this.sessions.get(name);
  }

  create(name: string, config: SessionConfig, start: boolean): SimSession {
    const s = newSession(name, config);
    this.sessions.set(name, s);
    if (start) this.boot(s);
    this.opts.changed?.();
    return s;
  }

  /** PUT /api/sessions/{name}: a new config; a running session restarts with it. */
  update(s: SimSession, config: SessionConfig): void {
    s.config = config;
    if (s.status !== "STOPPED") this.boot(s);
    this.opts.changed?.();
  }

  /** Only a STOPPED session starts; on any other (FAILED included) start is a no-op, as in WAHA. */
  start(s: SimSession): void {
    if (s.status === "STOPPED") this.boot(s);
  }

  /** Restart recovers any status, FAILED included. */
  restart(s: SimSession): void {
    this.boot(s);
  }

  stop(s: SimSession): void {
    this.clearTimers(s);
    this.setStatus(s, "STOPPED");
  }

  /** Logout forgets the phone; a running session restarts to a new QR (it is not stopped), a STOPPED one stays STOPPED. */
  logout(s: SimSession): void {
    s.me = null;
    s.loggedOut = false;
    if (s.status === "STOPPED") this.opts.changed?.();
    else this.boot(s);
  }

  /**
   * -> FAILED. `loggedOut`: the phone logged this linked device out (Linked
   * devices -> Log out, or 14 days offline); WAHA's NOWEB then ends FAILED on
   * every restart, as the revoked credentials are refused again.
   */
  fail(s: SimSession, loggedOut = false): void {
    this.clearTimers(s);
    if (loggedOut) s.loggedOut = true;
    this.setStatus(s, "FAILED");
  }

  remove(name: string): void {
    const s = this.sessions.get(name);
    if (!s) return;
    this.clearTimers(s);
    if (s.status !== "STOPPED") this.setStatus(s, "STOPPED");
    this.sessions.delete(name);
    this.opts.changed?.();
  }

  /** The gateway loses the session with no event (a WAHA restarted without its volume). */
  forget(name: string): void {
    const s = this.sessions.get(name);
    if (!s) return;
    this.clearTimers(s);
    this.sessions.delete(name);
    this.opts.changed?.();
  }

  /** The phone's connection drops: STARTING for `ms`, then WORKING again (NOWEB reconnects by itself). */
  disconnect(s: SimSession, ms: number): void {
    this.clearTimers(s);
    this.setStatus(s, "STARTING");
    this.later(s, ms, () => this.setStatus(s, s.me ? "WORKING" : "STOPPED"));
  }

  /** The phone scanned the QR: logged in as `phone`. */
  scan(s: SimSession, phone: string, pushName: string): void {
    this.clearTimers(s);
    s.me = { id: `${phone}@c.us`, pushName };
    s.loggedOut = false;
    this.setStatus(s, "WORKING");
  }

  /** Store a message in its chat and announce it (message.any; message too when incoming). */
  addMessage(
    s: SimSession,
    m: { chatId: string; fromMe: boolean; source: "app" | "api"; body: string; pushName?: string },
  ): SimMessage {
    const msg: SimMessage = {
      // Ids sent from the API start 3EB0, as WhatsApp Web's do.
      keyId: m.source === "api" ? `3EB0${hex(8)}` : hex(10),
      chatId: m.chatId,
      timestamp: Math.floor(Date.now() / 1000),
      fromMe: m.fromMe,
      source: m.source,
      body: m.body,
      ack: m.fromMe ? (m.source === "api" ? ACK.PENDING : ACK.SERVER) : ACK.DEVICE,
      pushName: m.pushName ?? (m.fromMe ? (s.me?.pushName ?? null) : null),
      pnAlt: m.chatId.endsWith("@lid") ? (s.lids.get(m.chatId) ?? null) : null,
    };
    const chat = s.chats.get(m.chatId) ?? [];
    chat.push(msg);
    s.chats.set(m.chatId, chat);
    this.opts.changed?.();
    if (isIgnored(s.config, m.chatId)) return msg; // WAHA's config.ignore: stored, not announced
    if (!m.fromMe) this.opts.emit(s, "message", msg);
    this.opts.emit(s, "message.any", msg);
    return msg;
  }

  /** A message we sent changes ack: SERVER/DEVICE when delivered, ERROR when WhatsApp refused it. */
  ack(s: SimSession, msg: SimMessage, ack: number, error?: { code: number; reason: string }): void {
    msg.ack = ack;
    this.opts.emit(s, "message.ack", { message: msg, error });
  }

  /** The customer reacts to the newest message the business sent to the chat; null when it sent none. */
  react(s: SimSession, chatId: string, text: string): SimAddon | null {
    const target = [...(s.chats.get(chatId) ?? [])].reverse().find((m) => m.fromMe);
    if (!target) return null;
    const timestamp = Math.floor(Date.now() / 1000);
    target.reactions = [
      ...(target.reactions ?? []).filter((r) => r.from !== chatId),
      ...(text ? [{ from: chatId, text, timestamp }] : []),
    ];
    this.opts.changed?.();
    return this.emitAddon(s, { kind: "reaction", keyId: hex(10), chatId, fromMe: false, timestamp, target, text });
  }

  /** The customer edits their newest message in the chat; null when they wrote none. */
  edit(s: SimSession, chatId: string, body: string): SimAddon | null {
    const target = [...(s.chats.get(chatId) ?? [])].reverse().find((m) => !m.fromMe);
    if (!target) return null;
    target.body = body;
    this.opts.changed?.();
    return this.emitAddon(s, {
      kind: "edit",
      keyId: hex(10),
      chatId,
      fromMe: false,
      timestamp: Math.floor(Date.now() / 1000),
      target,
      text: body,
    });
  }

  /** The customer deletes their newest message for everyone: it leaves the chat (WAHA's store keeps no content); null when none. */
  revoke(s: SimSession, chatId: string): SimAddon | null {
    const chat = s.chats.get(chatId) ?? [];
    const index = chat.map((m) => !m.fromMe).lastIndexOf(true);
    if (index < 0) return null;
    const [before] = chat.splice(index, 1);
    this.opts.changed?.();
    const target = { ...before, body: "" };
    return this.emitAddon(s, {
      kind: "revoke",
      keyId: hex(10),
      chatId,
      fromMe: false,
      timestamp: Math.floor(Date.now() / 1000),
      target,
      before,
      text: "",
    });
  }

  private emitAddon(s: SimSession, addon: SimAddon): SimAddon {
    if (isIgnored(s.config, addon.chatId)) return addon;
    const event =
      addon.kind === "reaction" ? "message.reaction" : addon.kind === "edit" ? "message.edited" : "message.revoked";
    this.opts.emit(s, event, addon);
    return addon;
  }

  /** sendText was accepted: record it, then report its fate as WhatsApp would, a moment later. */
  accepted(s: SimSession, chatId: string, text: string): SimMessage {
    const restricted = s.sends.restrictNext > 0;
    if (restricted) {
      s.sends.restrictNext--;
      s.sends.restricted++;
    }
    s.sends.accepted++;
    const msg = this.addMessage(s, { chatId, fromMe: true, source: "api", body: text });
    s.sent.push({ chatId, text, timestamp: Date.now(), id: serializedId(msg) });
    this.later(s, this.opts.ackDelayMs, () =>
      restricted ? this.ack(s, msg, ACK.ERROR, RESTRICTED) : this.ack(s, msg, ACK.DEVICE),
    );
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

  /** After a restart of the simulator: running sessions come back as a restarted WAHA brings them back. */
  resume(s: SimSession): void {
    this.sessions.set(s.name, s);
    if (s.status !== "STOPPED" && s.status !== "FAILED") this.boot(s);
  }

  private boot(s: SimSession): void {
    this.clearTimers(s);
    s.qrCount = 0;
    this.setStatus(s, "STARTING", true);
    // Revoked credentials: WhatsApp closes the connection as logged out, and NOWEB gives up (FAILED).
    if (s.loggedOut) return this.later(s, this.opts.startDelayMs, () => this.setStatus(s, "FAILED"));
    // A session still logged in reconnects; otherwise it needs a QR scan.
    if (s.me) this.later(s, this.opts.startDelayMs, () => this.setStatus(s, "WORKING"));
    else this.later(s, this.opts.qrDelayMs, () => this.showQr(s));
  }

  /** A new QR: the first lives qrFirstMs, later ones qrRefreshMs; after qrMax the session FAILS by itself. */
  private showQr(s: SimSession): void {
    if (s.qrCount >= this.opts.qrMax) return this.setStatus(s, "FAILED");
    s.qrCount++;
    s.qr = `2@${randomBytes(24).toString("base64")},${randomBytes(32).toString("base64")},${randomBytes(16).toString("base64")}`;
    this.setStatus(s, "SCAN_QR_CODE", true);
    this.later(s, s.qrCount === 1 ? this.opts.qrFirstMs : this.opts.qrRefreshMs, () => this.showQr(s));
  }

  private setStatus(s: SimSession, status: SimStatus, force = false): void {
    if (s.status === status && !force) return;
    if (status !== "SCAN_QR_CODE") s.qr = null;
    s.status = status;
    s.statuses.push({ status, timestamp: Date.now() });
    if (s.statuses.length > 3) s.statuses.splice(0, s.statuses.length - 3);
    this.opts.changed?.();
    // `data` carries extra info for a few statuses (passkeys on GOWS); null for the rest.
    this.opts.emit(s, "session.status", { name: s.name, status, statuses: [...s.statuses], data: null });
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
