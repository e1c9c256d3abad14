// WAHA HTTP client (the gateway contract: docs/whatsapp-fidelity.md and the README's gateway section). Runs in Workers and
// Node: fetch + AbortSignal only. No retries here: callers decide, using
// ProviderError.transient, so a send is never repeated behind their back.
import {
  errorKind,
  ProviderError,
  type CreateSessionOptions,
  type ProviderMessage,
  type QrImage,
  type ServerVersion,
  type SessionInfo,
  type SessionMe,
  type WhatsAppProvider,
} from "./types";
import { base64ToBytes } from "~/utils/base64";

export interface WahaClientOptions {
  url: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

function parseSessionInfo(raw: unknown, fallbackName = ""): SessionInfo {
  const o = isObj(raw) ? raw : {};
  let me: SessionMe | null = null;
  if (isObj(o.me) && typeof o.me.id === "string") {
    me = { id: o.me.id };
    if (typeof o.me.pushName === "string") me.pushName = o.me.pushName;
    if (typeof o.me.verifiedName === "string") me.verifiedName = o.me.verifiedName;
    if (typeof o.me.isBusiness === "boolean") me.isBusiness = o.me.isBusiness;
  }
  return { name: str(o.name) ?? fallbackName, status: str(o.status) ?? "STOPPED", me, config: o.config };
}

/**
 * The events the product reads. Reactions, edits and deletions never arrive
 * in message.any: each has its own event (docs/whatsapp-fidelity.md).
 */
export const WEBHOOK_EVENTS = [
  "message.any",
  "message.ack",
  "message.reaction",
  "message.edited",
  "message.revoked",
  "session.status",
];

/** The config the product needs on its session (PROVIDER.md's corrected create body). */
export function sessionConfig(name: string, { webhookUrl, hmacKey }: CreateSessionOptions) {
  return {
    // markOnline false: the owner's phone keeps its notifications (WAHA-FIDELITY.md).
    noweb: { store: { enabled: true, fullSync: false }, markOnline: false },
    // WEBJS sends message.ack (and so ERROR acks) only when asked to.
    webjs: { tagsEventsOn: true },
    metadata: { "business.id": name },
    ignore: { groups: true, status: true, channels: true, broadcast: true },
    webhooks: [
      {
        url: webhookUrl,
        events: [...WEBHOOK_EVENTS],
        hmac: { key: hmacKey },
        retries: { policy: "exponential", delaySeconds: 2, attempts: 5 },
      },
    ],
  };
}

/** True when the gateway's config already carries what sessionConfig asks for. */
export function configMatches(held: unknown, wanted: ReturnType<typeof sessionConfig>): boolean {
  if (!isObj(held)) return false;
  const hook =
    Array.isArray(held.webhooks) && held.webhooks.length === 1 && isObj(held.webhooks[0]) ? held.webhooks[0] : null;
  const want = wanted.webhooks[0];
  const events = hook && Array.isArray(hook.events) ? [...hook.events].sort().join() : "";
  const noweb = isObj(held.noweb) ? held.noweb : {};
  const store = isObj(noweb.store) ? noweb.store : {};
  const webjs = isObj(held.webjs) ? held.webjs : {};
  return (
    hook !== null &&
    hook.url === want.url &&
    isObj(hook.hmac) &&
    hook.hmac.key === want.hmac.key &&
    events === [...want.events].sort().join() &&
    store.enabled === true &&
    noweb.markOnline === false &&
    webjs.tagsEventsOn === true
  );
}

/** "4917...@s.whatsapp.net" (Baileys) -> "4917...@c.us" (WAHA's chat ids). */
const toChatId = (jid: string) => jid.replace(/@s\.whatsapp\.net$/, "@c.us");

/** The chat of a serialized id "<fromMe>_<chatId>_<key id>", if it is one. */
function chatOfSerialized(id: string): string | undefined {
  const m = /^(?:true|false)_([^_]+@[^_]+)_/.exec(id);
  return m ? m[1] : undefined;
}

/**
 * The customer's chat of a message, whoever wrote it. NOWEB sends an owner's
 * message with `from` = the chat and no `to`; WEBJS with `from` = the owner.
 * So: the Baileys key, then the serialized id, and `from`/`to` only last.
 */
export function messageChatId(raw: Json): string {
  const data = isObj(raw._data) ? raw._data : {};
  const key = isObj(data.key) ? data.key : isObj(raw.key) ? raw.key : null;
  if (key && typeof key.remoteJid === "string") return toChatId(key.remoteJid);
  if (isObj(data.id) && typeof data.id.remote === "string") return data.id.remote;
  const fromId = typeof raw.id === "string" ? chatOfSerialized(raw.id) : undefined;
  if (fromId) return fromId;
  const from = str(raw.from) ?? "";
  const to = str(raw.to) ?? "";
  return raw.fromMe === true && to ? to : from;
}

/**
 * The serialized id of a message in any engine's answer: WEBJS `id._serialized`,
 * GOWS/others a string `id`, NOWEB (sendText) only the Baileys key, which
 * becomes "true_<chat>_<key id>" as WAHA names it in webhooks and acks.
 */
export function readMessageId(raw: unknown): string | undefined {
  if (!isObj(raw)) return undefined;
  if (typeof raw.id === "string") return raw.id;
  if (isObj(raw.id) && typeof raw.id._serialized === "string") return raw.id._serialized;
  if (isObj(raw.key) && typeof raw.key.id === "string" && typeof raw.key.remoteJid === "string") {
    return `${raw.key.fromMe === false ? "false" : "true"}_${toChatId(raw.key.remoteJid)}_${raw.key.id}`;
  }
  return undefined;
}

function parseMessage(raw: unknown): ProviderMessage | null {
  if (!isObj(raw)) return null;
  const id = readMessageId(raw);
  if (!id) return null;
  return {
    id,
    chatId: messageChatId(raw),
    timestamp: typeof raw.timestamp === "number" ? raw.timestamp : Number(raw.timestamp) || 0,
    fromMe: raw.fromMe === true,
    body: str(raw.body) ?? "",
    hasMedia: raw.hasMedia === true,
  };
}

export function createWahaClient(opts: WahaClientOptions): WhatsAppProvider {
  const base = opts.url.replace(/\/+$/, "");
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = opts.timeoutMs ?? 10_000;
  // DELETE, restart and PUT stop an engine: WAHA takes 3 s or more.
  const slowTimeoutMs = Math.max(timeoutMs, 30_000);
  const seg = encodeURIComponent;

  async function call(
    method: string,
    path: string,
    init: { body?: unknown; accept?: string; allow?: number[]; slow?: boolean } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {
      "X-Api-Key": opts.apiKey,
      Accept: init.accept ?? "application/json",
    };
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    let res: Response;
    try {
      res = await doFetch(base + path, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(init.slow ? slowTimeoutMs : timeoutMs),
      });
    } catch (err) {
      // Refused connection, DNS failure, timeout: the gateway may come back.
      const what = err instanceof Error && err.name === "TimeoutError" ? "timed out" : "unreachable";
      throw new ProviderError(`WhatsApp gateway ${what}: ${method} ${path}`, { kind: "unreachable", cause: err });
    }
    if (res.ok || init.allow?.includes(res.status)) return res;
    const text = await res.text().catch(() => "");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    // NestJS bodies carry `message`; WAHA's 422 for a session that is not WORKING carries `error` and `status`.
    const detail = isObj(body)
      ? (body.message ?? (body.error && body.status ? `${body.error} (status ${body.status})` : body.error))
      : text;
    const message = Array.isArray(detail) ? detail.join("; ") : String(detail || res.statusText);
    throw new ProviderError(`WhatsApp gateway ${res.status} on ${method} ${path}: ${message.slice(0, 300)}`, {
      status: res.status,
      kind: errorKind(res.status, body),
      body,
    });
  }

  async function json(res: Response): Promise<unknown> {
    const text = await res.text();
    if (!text) return null;
    try {
      return JSON.parse(text);
    } catch {
      throw new ProviderError("WhatsApp gateway answered invalid JSON", { status: res.status, kind: "permanent" });
    }
  }

  const post = async (path: string, slow = false) => {
    const res = await call("POST", path, { slow });
    await res.body?.cancel();
  };

  return {
    async getVersion(): Promise<ServerVersion | null> {
      const res = await call("GET", "/api/server/version", { allow: [404] });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      const o = await json(res);
      if (!isObj(o) || typeof o.version !== "string") return null;
      return { version: o.version, engine: str(o.engine) ?? "", tier: str(o.tier) ?? "" };
    },
    async createSession(name, opts) {
      // Corrected body: config.store is not a WAHA field, noweb.store is.
      const res = await call("POST", "/api/sessions", {
        body: { name, start: false, config: sessionConfig(name, opts) },
      });
      return parseSessionInfo(await json(res), name);
    },
    async updateSession(name, opts) {
      const res = await call("PUT", `/api/sessions/${seg(name)}`, {
        body: { name, config: sessionConfig(name, opts) },
        slow: true,
      });
      await res.body?.cancel();
    },
    startSession: (name) => post(`/api/sessions/${seg(name)}/start`),
    restartSession: (name) => post(`/api/sessions/${seg(name)}/restart`, true),
    logoutSession: (name) => post(`/api/sessions/${seg(name)}/logout`, true),
    async deleteSession(name) {
      const res = await call("DELETE", `/api/sessions/${seg(name)}`, { allow: [404], slow: true });
      await res.body?.cancel();
    },
    async getSession(name) {
      const res = await call("GET", `/api/sessions/${seg(name)}`, { allow: [404] });
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      return parseSessionInfo(await json(res), name);
    },
    async getQr(name): Promise<QrImage | null> {
      // 422: not (yet) SCAN_QR_CODE; 404: the session is STOPPED or gone.
      const res = await call("GET", `/api/${seg(name)}/auth/qr?format=image`, {
        accept: "image/png",
        allow: [404, 422],
      });
      if (res.status === 422 || res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      const type = res.headers.get("content-type") ?? "";
      if (type.includes("json")) {
        // Some WAHA versions answer JSON even when asked for an image.
        const o = await json(res);
        if (!isObj(o) || typeof o.data !== "string") {
          throw new ProviderError("WhatsApp gateway sent no QR data", { status: res.status, kind: "retry" });
        }
        return { mimetype: str(o.mimetype) ?? "image/png", data: base64ToBytes(o.data) };
      }
      return { mimetype: type.split(";")[0].trim() || "image/png", data: new Uint8Array(await res.arrayBuffer()) };
    },
    async sendText(name, chatId, text) {
      const res = await call("POST", "/api/sendText", { body: { session: name, chatId, text } });
      const id = readMessageId(await json(res));
      // Accepted but unreadable (one WEBJS release answers an empty 201): not
      // retried blindly; the caller looks in the chat before any new attempt.
      if (!id)
        throw new ProviderError("WhatsApp gateway returned no message id", { status: res.status, kind: "unreachable" });
      return { id };
    },
    async getMessages(name, chatId, limit) {
      const q = new URLSearchParams({ limit: String(limit), downloadMedia: "false" });
      const res = await call("GET", `/api/${seg(name)}/chats/${seg(chatId)}/messages?${q}`);
      const list = await json(res);
      if (!Array.isArray(list)) return [];
      return list.map(parseMessage).filter((m): m is ProviderMessage => m !== null);
    },
    async getChatsOverview(name, limit, offset) {
      const q = new URLSearchParams({ limit: String(limit), offset: String(offset) });
      const list = await json(await call("GET", `/api/${seg(name)}/chats/overview?${q}`));
      if (!Array.isArray(list)) return [];
      return list.filter(isObj).flatMap((c) => {
        const chatId = str(c.id);
        if (!chatId) return [];
        const last = isObj(c.lastMessage) ? Number(c.lastMessage.timestamp) : NaN;
        const lastId = isObj(c.lastMessage) ? (readMessageId(c.lastMessage) ?? null) : null;
        return [{ chatId: toChatId(chatId), lastAt: Number.isFinite(last) ? last : 0, lastId }];
      });
    },
    async getRawMessagesSince(name, chatId, sinceSeconds, limit) {
      const q = new URLSearchParams({
        limit: String(limit),
        downloadMedia: "false",
        "filter.timestamp.gte": String(Math.floor(sinceSeconds)),
      });
      const list = await json(await call("GET", `/api/${seg(name)}/chats/${seg(chatId)}/messages?${q}`));
      return Array.isArray(list) ? list.filter(isObj) : [];
    },
    async checkNumber(name, phoneDigits) {
      const q = new URLSearchParams({ phone: phoneDigits, session: name });
      const o = await json(await call("GET", `/api/contacts/check-exists?${q}`));
      const exists = isObj(o) && o.numberExists === true;
      return { exists, chatId: exists && isObj(o) ? (str(o.chatId) ?? null) : null };
    },
    async resolveLid(name, lid) {
      const o = await json(await call("GET", `/api/${seg(name)}/lids/${seg(lid)}`));
      return isObj(o) && typeof o.pn === "string" && o.pn ? toChatId(o.pn) : null;
    },
  };
}
