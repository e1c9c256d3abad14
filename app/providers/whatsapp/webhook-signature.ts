// WAHA webhook signing: X-Webhook-Hmac = hex HMAC-SHA512 of the raw body bytes.
// WebCrypto only, so it runs in Workers and Node alike.

const encoder = new TextEncoder();

function toBytes(data: string | Uint8Array): Uint8Array<ArrayBuffer> {
  // Copy into a fresh ArrayBuffer-backed view: WebCrypto typings reject shared buffers.
  return typeof data === "string" ? encoder.encode(data) : new Uint8Array(data);
}

async function hmacSha512(body: string | Uint8Array, key: string): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey("raw", toBytes(key), { name: "HMAC", hash: "SHA-512" }, false, [
    "sign",
  ]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, toBytes(body)));
}

function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

function fromHex(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export async function signWebhook(rawBody: string | Uint8Array, key: string): Promise<string> {
  return toHex(await hmacSha512(rawBody, key));
}

/**
 * True only when headerHex is the HMAC of exactly these bytes. Verify before
 * parsing JSON: re-serialised JSON does not match. Comparison is constant-time.
 */
export async function verifyWebhookSignature(
  rawBody: string | Uint8Array,
  key: string,
  headerHex: string | null | undefined,
): Promise<boolean> {
  if (!headerHex || !key) return false;
  const given = fromHex(headerHex.trim());
  const expected = await hmacSha512(rawBody, key);
  if (!given || given.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < expected.length; i++) diff |= expected[i] ^ given[i];
  return diff === 0;
}
