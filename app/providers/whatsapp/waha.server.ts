// WAHA HTTP client (see /work/shared/whatsapp/PROVIDER.md). Runs in Workers and
// Node: fetch + AbortSignal only. No retries here: callers decide, using
// ProviderError.transient, so a send is never repeated behind their back.
import {
  isTransientStatus,
  ProviderError,
  type ProviderMessage,
  type QrImage,
  type SessionInfo,
  type SessionMe,
  type WhatsAppProvider,
} from "./types";

export interface WahaClientOptions {
  url: string;
  apiKey: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

export function parseSessionInfo(raw: unknown, fallbackName = ""): SessionInfo {
  const o = isObj(raw) ? raw : {};
  let me: SessionMe | null = null;
  if (isObj(o.me) && typeof o.me.id === "string") {
    me = { id: o.me.id };
    if (typeof o.me.pushName === "string") me.pushName = o.me.pushName;
    if (typeof o.me.verifiedName === "string") me.verifiedName = o.me.verifiedName;
    if (typeof o.me.isBusiness === "boolean") me.isBusiness = o.me.isBusiness;
  }
  return { name: str(o.name) ?? fallbackName, status: str(o.status) ?? "STOPPED", me };
}

/** WEBJS ids are objects with _serialized; NOWEB returns a Baileys key. */
function readMessageId(raw: unknown): string | undefined {
  if (!isObj(raw)) return undefined;
  if (typeof raw.id === "string") return raw.id;
  if (isObj(raw.id) && typeof raw.id._serialized === "string") return raw.id._serialized;
  if (isObj(raw.key) && typeof raw.key.id === "string") return raw.key.id;
  return undefined;
}

function parseMessage(raw: unknown): ProviderMessage | null {
  if (!isObj(raw)) return null;
  const id = readMessageId(raw);
  if (!id) return null;
  return {
    id,
    timestamp: typeof raw.timestamp === "number" ? raw.timestamp : Number(raw.timestamp) || 0,
    from: str(raw.from) ?? "",
    to: str(raw.to) ?? "",
    fromMe: raw.fromMe === true,
    body: str(raw.body) ?? "",
    hasMedia: raw.hasMedia === true,
  };
}

function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function createWahaClient(opts: WahaClientOptions): WhatsAppProvider {
  const base = opts.url.replace(/\/+$/, "");
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const seg = encodeURIComponent;

  async function call(
    method: string,
    path: string,
    init: { body?: unknown; accept?: string; allow?: number[] } = {},
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
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      // Refused connection, DNS failure, timeout: the gateway may come back.
      const what = err instanceof Error && err.name === "TimeoutError" ? "timed out" : "unreachable";
      throw new ProviderError(`WhatsApp gateway ${what}: ${method} ${path}`, { transient: true, cause: err });
    }
    if (res.ok || init.allow?.includes(res.status)) return res;
    const text = await res.text().catch(() => "");
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: keep the text */
    }
    const detail = isObj(body) ? body.message : text;
    const message = Array.isArray(detail) ? detail.join("; ") : String(detail || res.statusText);
    throw new ProviderError(`WhatsApp gateway ${res.status} on ${method} ${path}: ${message.slice(0, 300)}`, {
      status: res.status,
      transient: isTransientStatus(res.status),
      body,
    });
  }

  async function json(res: Response): Promise<unknown> {
    const text = await res.text();
    if (!text) return null;
    try {
      return JSON.parse(text);
    } catch {
      throw new ProviderError("WhatsApp gateway answered invalid JSON", { status: res.status, transient: false });
    }
  }

  const post = async (path: string, body?: unknown) => {
    const res = await call("POST", path, { body });
    await res.body?.cancel();
  };

  return {
    async createSession(name, { webhookUrl, hmacKey }) {
      // Corrected body: config.store is not a WAHA field, noweb.store is.
      const res = await call("POST", "/api/sessions", {
        body: {
          name,
          start: false,
          config: {
            noweb: { store: { enabled: true, fullSync: false } },
            metadata: { "business.id": name },
            ignore: { groups: true, status: true, channels: true, broadcast: true },
            webhooks: [
              {
                url: webhookUrl,
                events: ["message.any", "session.status"],
                hmac: { key: hmacKey },
                retries: { policy: "exponential", delaySeconds: 2, attempts: 5 },
              },
            ],
          },
        },
      });
      return parseSessionInfo(await json(res), name);
    },
    startSession: (name) => post(`/api/sessions/${seg(name)}/start`),
    restartSession: (name) => post(`/api/sessions/${seg(name)}/restart`),
    logoutSession: (name) => post(`/api/sessions/${seg(name)}/logout`),
    async deleteSession(name) {
      const res = await call("DELETE", `/api/sessions/${seg(name)}`, { allow: [404] });
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
      const res = await call("GET", `/api/${seg(name)}/auth/qr?format=image`, {
        accept: "image/png",
        allow: [422],
      });
      if (res.status === 422) {
        await res.body?.cancel();
        return null;
      }
      const type = res.headers.get("content-type") ?? "";
      if (type.includes("json")) {
        // Some WAHA versions answer JSON even when asked for an image.
        const o = await json(res);
        if (!isObj(o) || typeof o.data !== "string") {
          throw new ProviderError("WhatsApp gateway sent no QR data", { status: res.status, transient: true });
        }
        return { mimetype: str(o.mimetype) ?? "image/png", data: base64ToBytes(o.data) };
      }
      return { mimetype: type.split(";")[0].trim() || "image/png", data: new Uint8Array(await res.arrayBuffer()) };
    },
    async sendText(name, chatId, text) {
      const res = await call("POST", "/api/sendText", { body: { session: name, chatId, text } });
      const id = readMessageId(await json(res));
      // Accepted but unreadable: not transient, a retry would send it twice.
      if (!id) throw new ProviderError("WhatsApp gateway returned no message id", { status: res.status, transient: false });
      return { id };
    },
    async getMessages(name, chatId, limit) {
      const q = new URLSearchParams({ limit: String(limit), downloadMedia: "false" });
      const res = await call("GET", `/api/${seg(name)}/chats/${seg(chatId)}/messages?${q}`);
      const list = await json(res);
      if (!Array.isArray(list)) return [];
      return list.map(parseMessage).filter((m): m is ProviderMessage => m !== null);
    },
    async checkNumber(name, phoneDigits) {
      const q = new URLSearchParams({ phone: phoneDigits, session: name });
      const o = await json(await call("GET", `/api/contacts/check-exists?${q}`));
      const exists = isObj(o) && o.numberExists === true;
      return { exists, chatId: exists && isObj(o) ? (str(o.chatId) ?? null) : null };
    },
  };
}
