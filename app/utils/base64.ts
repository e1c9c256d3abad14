// Base64 (RFC 4648 section 4) and base64url (section 5) for bytes, in the
// browser and the Worker alike (no Node Buffer): tokens, password hashes,
// cursors, Web Push keys, QR images. The one place these are written.

/** Bytes as base64, in chunks (a QR image is too big for one String.fromCharCode call). */
export function bytesToBase64(bytes: Uint8Array): string {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/** Base64 as bytes; throws on anything that is not base64. */
export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** Bytes as base64url without padding. */
export function base64UrlEncode(bytes: Uint8Array | ArrayBuffer): string {
  return bytesToBase64(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** Base64url (padding optional) as bytes; throws on anything else. */
export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) throw new Error("not base64url");
  const b64 = text.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  return base64ToBytes(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
}

/** base64UrlDecode for text from outside (a token, a stored hash): null instead of throwing. */
export function base64UrlDecodeOrNull(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return base64UrlDecode(text);
  } catch {
    return null;
  }
}
