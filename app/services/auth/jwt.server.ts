// Bearer tokens for the JSON API: HS256 JWTs whose only claim that matters is
// the server-side session id (sid), so logout and password changes revoke them.
import { base64UrlDecodeOrNull, base64UrlEncode } from "~/utils/base64";
import { utf8 } from "~/utils/encoding";

const HEADER = base64UrlEncode(utf8(JSON.stringify({ alg: "HS256", typ: "JWT" })));

async function hmacKey(secret: string) {
  return crypto.subtle.importKey("raw", utf8(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
}

export type TokenClaims = { sid: string; sub: string; iat: number; exp: number };

export async function signToken(claims: TokenClaims, secret: string): Promise<string> {
  const body = base64UrlEncode(utf8(JSON.stringify(claims)));
  const sig = await crypto.subtle.sign("HMAC", await hmacKey(secret), utf8(`${HEADER}.${body}`));
  return `${HEADER}.${body}.${base64UrlEncode(sig)}`;
}

/** The claims of a valid, unexpired token; null for anything else (alg none, other algs, bad signature). */
export async function verifyToken(token: string, secret: string, nowMs: number): Promise<TokenClaims | null> {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [head, body, sig] = parts;
  let header: { alg?: unknown; typ?: unknown };
  try {
    header = JSON.parse(new TextDecoder().decode(base64UrlDecodeOrNull(head) ?? new Uint8Array()));
  } catch {
    return null;
  }
  if (header.alg !== "HS256") return null;
  const signature = base64UrlDecodeOrNull(sig);
  if (!signature) return null;
  const ok = await crypto.subtle.verify("HMAC", await hmacKey(secret), signature, utf8(`${head}.${body}`));
  if (!ok) return null;
  try {
    const claims = JSON.parse(new TextDecoder().decode(base64UrlDecodeOrNull(body)!)) as TokenClaims;
    if (typeof claims.sid !== "string" || typeof claims.exp !== "number" || claims.exp * 1000 <= nowMs) return null;
    return claims;
  } catch {
    return null;
  }
}
