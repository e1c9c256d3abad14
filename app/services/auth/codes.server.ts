// One-time secrets in the verifications table: 6-digit sign-up codes and
// password-reset link tokens. Only keyed hashes are stored; each works once.
// A sign-up code carries its own registration (payload) and confirms only
// that one: a newer code of the same registration ends the older one, while
// someone else's sign-up of the address has codes of its own. For other
// purposes a newer secret for the address ends the older one.
import type { Db } from "~db";
import { base64UrlEncode } from "~/utils/base64";
import { randomToken, sha256Hex, timingSafeEqual, utf8 } from "~/utils/encoding";

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESET_TTL_MS = 60 * 60_000;

export type Purpose = "signup" | "reset";

/** HMAC with the server secret: a 6-digit code's plain SHA-256 is reversed by trying a million values. */
async function keyedHash(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", utf8(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return base64UrlEncode(await crypto.subtle.sign("HMAC", key, utf8(text)));
}

function sixDigits(): string {
  const buf = new Uint32Array(1);
  // Rejection sampling keeps every code equally likely.
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0] < 4_294_000_000) return String(buf[0] % 1_000_000).padStart(6, "0");
  }
}

async function replaceLive(
  db: Db,
  id: string,
  target: string,
  purpose: Purpose,
  codeHash: string,
  ttl: number,
  now: number,
) {
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare("UPDATE verifications SET used_at = ?1 WHERE target = ?2 AND purpose = ?3 AND used_at IS NULL")
      .bind(now, target, purpose),
    d1
      .prepare(
        "INSERT INTO verifications (id, target, purpose, code_hash, expires_at, attempts, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6)",
      )
      .bind(id, target, purpose, codeHash, now + ttl, now),
  ]);
}

/** A new 6-digit code for `target`; any earlier live code for the same purpose stops working. */
export async function issueCode(
  db: Db,
  secret: string,
  target: string,
  purpose: Purpose,
  now: number,
): Promise<string> {
  const code = sixDigits();
  await replaceLive(
    db,
    crypto.randomUUID(),
    target,
    purpose,
    await keyedHash(secret, `${purpose}:${target}:${code}`),
    CODE_TTL_MS,
    now,
  );
  return code;
}

/**
 * A new sign-up code bound to its registration (`payload`, JSON with a
 * `registration` id): the same registration's earlier codes end; other
 * registrations' codes for the address stay as they are.
 */
export async function issueSignupCode(
  db: Db,
  secret: string,
  target: string,
  registration: string,
  payload: string,
  now: number,
): Promise<string> {
  const code = sixDigits();
  const d1 = db.$client;
  await d1.batch([
    d1
      .prepare(
        "UPDATE verifications SET used_at = ?1 WHERE target = ?2 AND purpose = 'signup' AND used_at IS NULL AND json_extract(payload, '$.registration') = ?3",
      )
      .bind(now, target, registration),
    d1
      .prepare(
        "INSERT INTO verifications (id, target, purpose, code_hash, expires_at, attempts, payload, created_at) VALUES (?1, ?2, 'signup', ?3, ?4, 0, ?5, ?6)",
      )
      .bind(
        crypto.randomUUID(),
        target,
        await keyedHash(secret, `signup:${target}:${code}`),
        now + CODE_TTL_MS,
        payload,
        now,
      ),
  ]);
  return code;
}

export type CodeCheck = { ok: true; payload: string | null } | { ok: false; reason: "wrong" | "dead" };

/**
 * Checks a code against every live code of the address and purpose (one per
 * pending registration). A guess is counted on each before it is compared,
 * with a conditional UPDATE, so even parallel guesses get no more than five
 * tries per code. Answers the matching code's payload (its registration).
 */
export async function checkCode(
  db: Db,
  secret: string,
  target: string,
  purpose: Purpose,
  code: string,
  now: number,
): Promise<CodeCheck> {
  const d1 = db.$client;
  const { results: live } = await d1
    .prepare(
      `UPDATE verifications SET attempts = attempts + 1
       WHERE target = ?1 AND purpose = ?2 AND used_at IS NULL AND expires_at > ?3 AND attempts < ?4
       RETURNING id, code_hash, attempts, payload, created_at`,
    )
    .bind(target, purpose, now, CODE_MAX_ATTEMPTS)
    .all<{ id: string; code_hash: string; attempts: number; payload: string | null; created_at: number }>();
  if (!live.length) return { ok: false, reason: "dead" };
  const given = await keyedHash(secret, `${purpose}:${target}:${code.trim()}`);
  const match = live.sort((a, b) => b.created_at - a.created_at).find((row) => timingSafeEqual(given, row.code_hash));
  if (!match) return { ok: false, reason: live.every((row) => row.attempts >= CODE_MAX_ATTEMPTS) ? "dead" : "wrong" };
  const used = await d1
    .prepare("UPDATE verifications SET used_at = ?1 WHERE id = ?2 AND used_at IS NULL RETURNING id")
    .bind(now, match.id)
    .first();
  return used ? { ok: true, payload: match.payload } : { ok: false, reason: "dead" };
}

/**
 * A reset link token for a user. The row's id is the token's SHA-256, so the
 * token finds its row without a scan and the table alone cannot rebuild links.
 */
export async function issueResetToken(db: Db, secret: string, userId: string, now: number): Promise<string> {
  const token = randomToken(32);
  await replaceLive(
    db,
    await sha256Hex(`reset:${token}`),
    userId,
    "reset",
    await keyedHash(secret, `reset:${userId}:${token}`),
    RESET_TTL_MS,
    now,
  );
  return token;
}

/** Uses up a reset token; the user's id when it was live, else null. */
export async function consumeResetToken(db: Db, secret: string, token: string, now: number): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = await db.$client
    .prepare(
      `UPDATE verifications SET used_at = ?2
       WHERE id = ?1 AND purpose = 'reset' AND used_at IS NULL AND expires_at > ?2
       RETURNING target, code_hash`,
    )
    .bind(await sha256Hex(`reset:${token}`), now)
    .first<{ target: string; code_hash: string }>();
  if (!row) return null;
  const expected = await keyedHash(secret, `reset:${row.target}:${token}`);
  return timingSafeEqual(expected, row.code_hash) ? row.target : null;
}
