// The bundled WAHA simulator as tests drive it: a connected session, the
// phone's side (/__sim), and webhook envelopes signed as WAHA signs them.
import { env, SELF } from "cloudflare:test";
import { signWebhook } from "../../app/providers/whatsapp/webhook-signature";
import { webhookKeyFor } from "../../app/services/whatsapp/webhook-key.server";
import type { summary } from "../../workers/simulator/context";

/** A session as the simulator's control API shows it (GET /__sim/sessions/{name}, and the answer to scan, disconnect, restrict...). */
export type SimSessionSummary = ReturnType<typeof summary>;

export const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** POST (or GET without a body) to the simulator's control API; `T` is the answer's shape (null when it is not JSON). */
export async function simControl<T = unknown>(path: string, body?: unknown, base = env.WAHA_URL) {
  const res = await fetch(`${base}/__sim/sessions/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

export async function until<T>(fn: () => Promise<T | null | undefined | false>, what: string, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await wait(50);
  }
}

/** A session at the gateway, logged in as `phone` (created straight through WAHA's API, as another tool would). */
export async function connectedSession(
  name: string,
  { phone = "972500000001", base = env.WAHA_URL, config = {} } = {},
) {
  const res = await fetch(`${base}/api/sessions`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Api-Key": env.WAHA_API_KEY },
    body: JSON.stringify({ name, start: true, config }),
  });
  if (res.status !== 201) throw new Error(`create session: ${res.status} ${await res.text()}`);
  await until(
    async () => (await simControl<SimSessionSummary | null>(name, undefined, base)).body?.status === "SCAN_QR_CODE",
    "the QR",
  );
  const scanned = await simControl(`${name}/scan`, { phone, pushName: "Dana's Salon" }, base);
  if (scanned.status !== 200) throw new Error(`scan: ${scanned.status}`);
  return { me: { id: `${phone}@c.us`, pushName: "Dana's Salon" } };
}

/** Wraps a payload the gateway produced in WAHA's envelope, signs it with the business's key and posts it to the webhook. */
export async function postEvent(businessId: string, event: string, payload: unknown, engine = "NOWEB") {
  const raw = JSON.stringify({
    id: `evt_${crypto.randomUUID()}`,
    timestamp: Date.now(),
    event,
    session: businessId,
    me: { id: "972500000001@c.us", pushName: "Dana's Salon" },
    payload,
    engine,
  });
  return SELF.fetch("http://localhost/api/webhook", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Webhook-Hmac": await signWebhook(raw, await webhookKeyFor(env, businessId)),
    },
    body: raw,
  });
}
