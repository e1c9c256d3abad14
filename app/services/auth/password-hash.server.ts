// Passwords: PBKDF2-SHA256 through WebCrypto. 100,000 iterations is the most
// Workers allow in production (above it deriveBits throws NotSupportedError).
// The algorithm and iteration count are stored with each hash so they can be
// raised later without locking anyone out.
import { base64UrlDecodeOrNull, base64UrlEncode } from "~/utils/base64";
import { utf8 } from "~/utils/encoding";

export const PBKDF2_ITERATIONS = 100_000;
const ALGORITHM = "pbkdf2-sha256";

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", utf8(password), "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
  return new Uint8Array(bits);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const hash = await derive(password, salt, PBKDF2_ITERATIONS);
  return `${ALGORITHM}$${PBKDF2_ITERATIONS}$${base64UrlEncode(salt)}$${base64UrlEncode(hash)}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) return false;
  const [algorithm, iterText, saltText, hashText] = stored.split("$");
  const iterations = Number(iterText);
  const salt = base64UrlDecodeOrNull(saltText ?? "");
  const expected = base64UrlDecodeOrNull(hashText ?? "");
  if (
    algorithm !== ALGORITHM ||
    !Number.isInteger(iterations) ||
    iterations < 1 ||
    iterations > PBKDF2_ITERATIONS ||
    !salt ||
    !expected
  ) {
    return false;
  }
  const actual = await derive(password, salt, iterations);
  let diff = actual.length ^ expected.length;
  for (let i = 0; i < actual.length; i++) diff |= actual[i] ^ (expected[i] ?? 0);
  return diff === 0;
}
