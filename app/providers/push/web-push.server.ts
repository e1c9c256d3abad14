// Web Push on WebCrypto alone (it runs in the Worker): the payload encrypted
// as RFC 8291 asks (aes128gcm, RFC 8188, one record) and the request signed
// with VAPID (RFC 8292: an ES256 JWT plus the server's public key). No
// library: the two on npm that run on Workers refuse every http:// endpoint,
// and the local push endpoint of the tests is http (README, dependencies).
import { base64UrlDecode, base64UrlEncode } from "~/utils/base64";

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type VapidKeys = { publicKey: string; privateKey: string; subject: string };
/** `timeoutMs`: give up (AbortError) when the push service has not answered by then. */
export type PushOptions = {
  ttl: number;
  urgency?: "very-low" | "low" | "normal" | "high";
  now?: number;
  timeoutMs?: number;
};
export type PushRequest = { url: string; headers: Record<string, string>; body: Uint8Array<ArrayBuffer> };

const enc = new TextEncoder();

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

async function hmac(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const k = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, data));
}

/** HKDF-SHA-256 with one expand block (every length here is at most 32). */
async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  length: number,
) {
  const prk = await hmac(salt, ikm);
  return (await hmac(prk, concat(info, new Uint8Array([1])))).slice(0, length);
}

/** A P-256 public key as the browser hands it out: 65 bytes, uncompressed. */
function isP256Point(bytes: Uint8Array): boolean {
  return bytes.byteLength === 65 && bytes[0] === 4;
}

/**
 * RFC 8291: encrypts `plaintext` for the subscriber's key and auth secret.
 * `local` and `salt` are fresh per message; tests may pass their own.
 */
export async function encryptPayload(
  target: Pick<PushTarget, "p256dh" | "auth">,
  plaintext: Uint8Array<ArrayBuffer>,
  fixed?: { local?: CryptoKeyPair; salt?: Uint8Array<ArrayBuffer> },
): Promise<Uint8Array<ArrayBuffer>> {
  const uaPublic = base64UrlDecode(target.p256dh);
  const authSecret = base64UrlDecode(target.auth);
  if (!isP256Point(uaPublic)) throw new Error("p256dh is not a P-256 public key");
  if (authSecret.byteLength !== 16) throw new Error("auth is not 16 bytes");
  const local =
    fixed?.local ??
    ((await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair);
  const salt = fixed?.salt ?? crypto.getRandomValues(new Uint8Array(16));
  const asPublic = new Uint8Array((await crypto.subtle.exportKey("raw", local.publicKey)) as ArrayBuffer);
  const uaKey = await crypto.subtle.importKey("raw", uaPublic, { name: "ECDH", namedCurve: "P-256" }, false, []);
  const shared = new Uint8Array(await crypto.subtle.deriveBits({ name: "ECDH", public: uaKey }, local.privateKey, 256));

  const keyInfo = concat(enc.encode("WebPush: info\0"), uaPublic, asPublic);
  const ikm = await hkdf(authSecret, shared, keyInfo, 32);
  const cek = await hkdf(salt, ikm, enc.encode("Content-Encoding: aes128gcm\0"), 16);
  const nonce = await hkdf(salt, ikm, enc.encode("Content-Encoding: nonce\0"), 12);

  // One record: the plaintext, then the last-record delimiter 0x02.
  const record = concat(plaintext, new Uint8Array([2]));
  const key = await crypto.subtle.importKey("raw", cek, "AES-GCM", false, ["encrypt"]);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv: nonce }, key, record));
  const recordSize = record.byteLength + 16;
  const header = new Uint8Array(16 + 4 + 1);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, recordSize);
  header[20] = asPublic.byteLength;
  return concat(header, asPublic, sealed);
}

/** The VAPID signing key from the configured public (65-byte point) and private (32-byte scalar) keys, base64url. */
async function vapidSigningKey(keys: Pick<VapidKeys, "publicKey" | "privateKey">): Promise<CryptoKey> {
  const pub = base64UrlDecode(keys.publicKey);
  const d = base64UrlDecode(keys.privateKey);
  if (!isP256Point(pub)) throw new Error("VAPID_PUBLIC_KEY is not a P-256 public key (65 bytes, base64url)");
  if (d.byteLength !== 32) throw new Error("VAPID_PRIVATE_KEY is not a P-256 private key (32 bytes, base64url)");
  const jwk: JsonWebKey = {
    kty: "EC",
    crv: "P-256",
    x: base64UrlEncode(pub.slice(1, 33)),
    y: base64UrlEncode(pub.slice(33, 65)),
    d: base64UrlEncode(d),
    ext: false,
  };
  // importKey checks that the private scalar belongs to the public point's curve.
  return crypto.subtle.importKey("jwk", jwk, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT for the endpoint's origin, valid 12 hours. */
async function vapidAuthorization(endpoint: string, keys: VapidKeys, now = Date.now()): Promise<string> {
  const header = base64UrlEncode(enc.encode(JSON.stringify({ typ: "JWT", alg: "ES256" })));
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: keys.subject };
  const body = base64UrlEncode(enc.encode(JSON.stringify(claims)));
  const signingInput = `${header}.${body}`;
  const key = await vapidSigningKey(keys);
  // WebCrypto's ECDSA signature is already the JWS form (r || s, 64 bytes).
  const signature = new Uint8Array(
    await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, enc.encode(signingInput)),
  );
  return `vapid t=${signingInput}.${base64UrlEncode(signature)}, k=${keys.publicKey}`;
}

/** The whole push request for one subscription and one JSON payload. */
export async function buildPushRequest(
  target: PushTarget,
  payload: unknown,
  keys: VapidKeys,
  options: PushOptions,
): Promise<PushRequest> {
  const body = await encryptPayload(target, enc.encode(JSON.stringify(payload)));
  const headers: Record<string, string> = {
    Authorization: await vapidAuthorization(target.endpoint, keys, options.now),
    "Content-Encoding": "aes128gcm",
    "Content-Type": "application/octet-stream",
    TTL: String(Math.max(0, Math.floor(options.ttl))),
  };
  if (options.urgency) headers.Urgency = options.urgency;
  return { url: target.endpoint, headers, body };
}

/** Sends one push message; answers the push service's status (201 is delivered, 404/410 a dead subscription). */
export async function sendPush(
  target: PushTarget,
  payload: unknown,
  keys: VapidKeys,
  options: PushOptions,
): Promise<{ status: number; text: string }> {
  const req = await buildPushRequest(target, payload, keys, options);
  const signal = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
  const res = await fetch(req.url, {
    method: "POST",
    headers: req.headers,
    body: req.body,
    redirect: "manual",
    signal,
  });
  const text = res.ok ? "" : (await res.text().catch(() => "")).slice(0, 300);
  return { status: res.status, text };
}
