// Delivers WAHA-shaped webhook events to the URLs of a session's config,
// signed like WAHA (hex HMAC-SHA512 of the raw body), retried with backoff.
// Signing uses node:crypto on purpose: an independent check of the product's
// WebCrypto verifier.
import { createHmac, randomBytes } from "node:crypto";
import type { SimAddon, SimEngine, SimMessage, SimSession, WebhookConfig } from "./state";
import { ackPayload, addonPayload, messagePayload } from "./shapes";

const CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz";

/** ULID-like ids ("evt_01j..."): time-ordered, 26 chars. */
function eventId(prefix = "evt_"): string {
  let time = Date.now();
  let t = "";
  for (let i = 0; i < 10; i++) {
    t = CROCKFORD[time % 32] + t;
    time = Math.floor(time / 32);
  }
  let r = "";
  for (const b of randomBytes(16)) r += CROCKFORD[b % 32];
  return prefix + t + r;
}

export interface DeliveryStats {
  ok: number;
  failed: number; // deliveries given up after the last retry
  retries: number;
}

export function createDeliverer(opts: {
  engine: SimEngine;
  version: string;
  tier: string;
  log?: (line: string) => void;
}) {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const aborts = new Set<AbortController>();
  const stats = new Map<string, DeliveryStats>();
  let closed = false;

  const statFor = (session: string) => {
    let s = stats.get(session);
    if (!s) stats.set(session, (s = { ok: 0, failed: 0, retries: 0 }));
    return s;
  };

  async function attempt(hook: WebhookConfig, session: string, body: string, requestId: string, n: number) {
    if (closed) return;
    const attempts = Math.max(1, Math.min(hook.retries?.attempts ?? 3, 15));
    const headers: Record<string, string> = {
      "Content-Type": "application/json",
      "X-Webhook-Request-Id": requestId,
      "X-Webhook-Timestamp": String(Date.now()),
    };
    const key = hook.hmac?.key;
    if (key) {
      headers["X-Webhook-Hmac"] = createHmac("sha512", key).update(body, "utf8").digest("hex");
      headers["X-Webhook-Hmac-Algorithm"] = "sha512";
    }
    for (const h of hook.customHeaders ?? []) headers[h.name] = h.value;
    const ac = new AbortController();
    aborts.add(ac);
    const timer = setTimeout(() => ac.abort(), 10_000);
    let problem: string;
    try {
      const res = await fetch(hook.url, { method: "POST", headers, body, signal: ac.signal });
      await res.arrayBuffer().catch(() => undefined);
      if (res.ok) {
        statFor(session).ok++;
        return;
      }
      problem = `HTTP ${res.status}`;
    } catch (err) {
      // A refused connection or timeout must never take the simulator down.
      problem = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    } finally {
      clearTimeout(timer);
      aborts.delete(ac);
    }
    if (closed) return;
    if (n >= attempts) {
      statFor(session).failed++;
      opts.log?.(`webhook to ${hook.url} failed after ${n} attempt(s): ${problem}`);
      return;
    }
    statFor(session).retries++;
    const d = (hook.retries?.delaySeconds ?? 2) * 1000;
    const policy = hook.retries?.policy ?? "exponential";
    const delay = policy === "constant" ? d : policy === "linear" ? d * n : d * 2 ** (n - 1);
    const t = setTimeout(() => {
      timers.delete(t);
      void attempt(hook, session, body, requestId, n + 1);
    }, delay);
    timers.add(t);
  }

  function toPayload(session: SimSession, event: string, payload: unknown) {
    if (event === "message.ack") {
      const { message, error } = payload as { message: SimMessage; error?: { code: number; reason: string } };
      return ackPayload(opts.engine, session, message, error);
    }
    if (event === "message.reaction" || event === "message.edited" || event === "message.revoked")
      return addonPayload(opts.engine, session, payload as SimAddon);
    if (event.startsWith("message")) return messagePayload(opts.engine, session, payload as SimMessage);
    return payload;
  }

  return {
    stats,
    /** Fan one event out to every webhook of the session subscribed to it. */
    deliver(session: SimSession, event: string, payload: unknown): void {
      if (closed) return;
      // WEBJS emits message.ack only when the session asks for it (config.webjs.tagsEventsOn).
      const webjs = (session.config.webjs ?? {}) as { tagsEventsOn?: unknown };
      if (event === "message.ack" && opts.engine === "WEBJS" && webjs.tagsEventsOn !== true) return;
      const hooks = (session.config.webhooks ?? []).filter(
        (h) => h && typeof h.url === "string" && (h.events ?? []).some((e) => e === event || e === "*"),
      );
      if (hooks.length === 0) return;
      // POST /__sim/sessions/{s}/drop-webhooks: the event is lost, as when the receiver was down past WAHA's retries.
      if (session.drops.next > 0) {
        session.drops.next--;
        session.drops.dropped++;
        return;
      }
      const envelope: Record<string, unknown> = {
        id: eventId(),
        timestamp: Date.now(),
        event,
        session: session.name,
        metadata: session.config.metadata ?? {},
        me: session.me,
        payload: toPayload(session, event, payload),
        engine: opts.engine,
        environment: { version: opts.version, engine: opts.engine, tier: opts.tier, browser: null },
      };
      const body = JSON.stringify(envelope);
      for (const hook of hooks) void attempt(hook, session.name, body, eventId("req_"), 1);
    },
    close(): void {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      for (const ac of aborts) ac.abort();
    },
  };
}
