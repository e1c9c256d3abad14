// A local Web Push endpoint for tests (no push service is reachable here). It
// plays the push service AND the phone: it checks each POST as a push service
// would (the VAPID Authorization of RFC 8292: an ES256 JWT signed by the
// configured public key, aud = this origin, exp in the future and at most 24
// hours away, sub a mailto: or https: contact; TTL; aes128gcm), then decrypts
// the body with the subscriber keys it made (RFC 8291, with http_ece) and keeps
// the payload. GET /__received answers what arrived (JSON), so a test inside
// workerd can read it too.
//
//   const push = await startPushEndpoint({ vapidPublicKey });
//   const sub = push.subscriber();          // { endpoint, p256dh, auth }
//   ... the app sends ...
//   await push.waitFor((r) => r.length === 1);
import type { Page } from "playwright-core";
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import ece from "http_ece";

export type Subscriber = { endpoint: string; p256dh: string; auth: string };
type Received = {
  endpoint: string;
  payload: unknown;
  ttl: number;
  urgency: string | null;
  jwt: Record<string, unknown>;
};
type Rejected = { endpoint: string; status: number; reason: string };

export type PushEndpoint = {
  url: string;
  /** A new browser subscription at this endpoint: its keys are known only here. */
  subscriber(): Subscriber;
  /** From now on this subscription answers 410 Gone (the browser unsubscribed). */
  gone(endpoint: string): void;
  received: Received[];
  rejected: Rejected[];
  waitFor(done: (received: Received[]) => boolean, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
};

type Keys = { ecdh: ECDH; auth: Buffer };

const b64u = (b: Buffer) => b.toString("base64url");

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** RFC 8292 checks; answers the JWT's claims or throws why the push service would refuse. */
export function checkVapid(
  authorization: string | undefined,
  vapidPublicKey: string,
  origin: string,
  now = Date.now(),
): Record<string, unknown> {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? "");
  if (!m) throw new Error(`no vapid Authorization header: ${authorization}`);
  const [, token, k] = m;
  if (k !== vapidPublicKey) throw new Error("k is not the application server's public key");
  const [h, p, s] = token.split(".");
  const header = JSON.parse(Buffer.from(h, "base64url").toString());
  if (header.alg !== "ES256") throw new Error(`alg ${header.alg}`);
  const point = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(s, "base64url"),
  );
  if (!ok) throw new Error("JWT signature does not verify");
  const claims = JSON.parse(Buffer.from(p, "base64url").toString());
  if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
  const seconds = now / 1000;
  if (typeof claims.exp !== "number" || claims.exp <= seconds || claims.exp > seconds + 24 * 3600)
    throw new Error(`exp ${claims.exp}`);
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
  return claims;
}

export async function startPushEndpoint({ vapidPublicKey }: { vapidPublicKey: string }): Promise<PushEndpoint> {
  const subscribers = new Map<string, Keys>();
  const goneSet = new Set<string>();
  const received: Received[] = [];
  const rejected: Rejected[] = [];
  let origin = "";

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? "/";
    if (req.method === "GET" && path === "/__received") {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ received, rejected }));
      return;
    }
    const endpoint = origin + path;
    const refuse = (status: number, reason: string) => {
      rejected.push({ endpoint, status, reason });
      res.writeHead(status, { "Content-Type": "text/plain" });
      res.end(reason);
    };
    if (req.method !== "POST") return refuse(405, "POST only");
    const body = await readBody(req);
    const keys = subscribers.get(endpoint);
    if (!keys || goneSet.has(endpoint)) return refuse(410, "push subscription has unsubscribed or expired");
    let jwt: Record<string, unknown>;
    try {
      jwt = checkVapid(req.headers.authorization, vapidPublicKey, origin);
    } catch (e) {
      return refuse(403, (e as Error).message);
    }
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, "TTL header missing");
    if (req.headers["content-encoding"] !== "aes128gcm") return refuse(415, "Content-Encoding must be aes128gcm");
    let payload: unknown;
    try {
      const plain = ece.decrypt(body, { version: "aes128gcm", privateKey: keys.ecdh, authSecret: b64u(keys.auth) });
      payload = JSON.parse(plain.toString("utf8"));
    } catch (e) {
      return refuse(400, `cannot decrypt: ${(e as Error).message}`);
    }
    received.push({ endpoint, payload, ttl, urgency: (req.headers.urgency as string | undefined) ?? null, jwt });
    res.writeHead(201, { Location: `${endpoint}/message/${received.length}` });
    res.end();
  };
  // Node does not wait for a handler's promise: a request whose body never arrives whole answers 500
  // instead of rejecting with nobody listening.
  const server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      res.writeHead(500, { "Content-Type": "text/plain" });
      res.end(e.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: origin,
    subscriber() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${b64u(randomBytes(12))}`;
      subscribers.set(endpoint, { ecdh, auth });
      return { endpoint, p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) };
    },
    gone(endpoint) {
      goneSet.add(endpoint);
    },
    received,
    rejected,
    async waitFor(done, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (!done(received)) {
        if (Date.now() > deadline)
          throw new Error(
            `push endpoint: not received in time (got ${JSON.stringify(received)}, refused ${JSON.stringify(rejected)})`,
          );
        await new Promise((r) => setTimeout(r, 100));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** PushManager answers with this subscription (kept across reloads in localStorage), as a browser would after subscribe(). */
export async function stubPushManager(page: Page, sub: Subscriber) {
  await page.addInitScript((s: Subscriber) => {
    const KEY = "test-push-subscribed";
    const make = () => ({
      endpoint: s.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      toJSON: () => ({ endpoint: s.endpoint, expirationTime: null, keys: { p256dh: s.p256dh, auth: s.auth } }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEY, "1");
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(KEY) ? make() : null) as unknown as PushSubscription | null;
    };
  }, sub);
}
