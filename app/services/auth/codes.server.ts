// One-time secrets in the verifications table: 6-digit sign-up codes and
// password-reset link tokens. Only keyed hashes are stored; a newer secret for
// the same address and purpose ends the older one; each works once.
import type { Db } from "../../../db";
import { randomToken, sha256Hex, timingSafeEqual, toBase64Url, utf8 } from "~/utils/encoding";

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const RESET_TTL_MS = 60 * 60_000;

export type Purpose = "signup" | "reset";

/** HMAC with the server secret: a 6-digit code's plain SHA-256 is reversed by trying a million values. */
async function keyedHash(secret: string, text: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", utf8(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return toBase64Url(await crypto.subtle.sign("HMAC", key, utf8(text)));
}

function sixDigits(): string {
  const buf = new Uint32Array(1);
  // Rejection sampling keeps every code equally likely.
  for (;;) {
    crypto.getRandomValues(buf);
    if (buf[0] < 4_294_000_000) return String(buf[0] % 1_000_000).padStart(6, "0");
  }
}

async function replaceLive(db: Db, id: string, target: string, purpose: Purpose, codeHash: string, ttl: number, now: number) {
  const d1 = db.$client;
  await d1.batch([
    d1.prepare("UPDATE verifications SET used_at = ?1 WHERE target = ?2 AND purpose = ?3 AND used_at IS NULL").bind(now, target, purpose),
    d1
      .prepare("INSERT INTO verifications (id, target, purpose, code_hash, expires_at, attempts, created_at) VALUES (?1, ?2, ?3, ?4, ?5, 0, ?6)")
      .bind(id, target, purpose, codeHash, now + ttl, now),
  ]);
}

/** A new 6-digit code for `target`; any earlier live code for the same purpose stops working. */
export async function issueCode(db: Db, secret: string, target: string, purpose: Purpose, now: number): Promise<string> {
  const code = sixDigits();
  await replaceLive(db, crypto.randomUUID(), target, purpose, await keyedHash(secret, `${purpose}:${target}:${code}`), CODE_TTL_MS, now);
  return code;
}

/** True while a code for `target` can still be entered (not used, not expired, tries left). */
export async function hasLiveCode(db: Db, target: string, purpose: Purpose, now: number): Promise<boolean> {
  const row = await db.$client
    .prepare("SELECT 1 AS live FROM verifications WHERE target = ?1 AND purpose = ?2 AND used_at IS NULL AND expires_at > ?3 AND attempts < ?4 LIMIT 1")
    .bind(target, purpose, now, CODE_MAX_ATTEMPTS)
    .first<{ live: number }>();
  return Boolean(row);
}

export type CodeCheck = { ok: true } | { ok: false; reason: "wrong" | "dead" };

/**
 * Checks a code. A guess is counted before it is compared, with a conditional
 * UPDATE, so even parallel guesses get no more than five tries per code.
 */
export async function checkCode(db: Db, secret: string, target: string, purpose: Purpose, code: string, now: number): Promise<CodeCheck> {
  const d1 = db.$client;
  const live = await d1
    .prepare(
      `UPDATE verifications SET attempts = attempts + 1
       WHERE id = (SELECT id FROM verifications WHERE target = ?1 AND purpose = ?2 AND used_at IS NULL ORDER BY created_at DESC LIMIT 1)
         AND expires_at > ?3 AND attempts < ?4
       RETURNING id, code_hash, attempts`,
    )
    .bind(target, purpose, now, CODE_MAX_ATTEMPTS)
    .first<{ id: string; code_hash: string; attempts: number }>();
  if (!live) return { ok: false, reason: "dead" };
  const given = await keyedHash(secret, `${purpose}:${target}:${code.trim()}`);
  if (!timingSafeEqual(given, live.code_hash)) return { ok: false, reason: live.attempts >= CODE_MAX_ATTEMPTS ? "dead" : "wrong" };
  const used = await d1.prepare("UPDATE verifications SET used_at = ?1 WHERE id = ?2 AND used_at IS NULL RETURNING id").bind(now, live.id).first();
  return used ? { ok: true } : { ok: false, reason: "dead" };
}

/**
 * A reset link token for a user. The row's id is the token's SHA-256, so the
 * token finds its row without a scan and the table alone cannot rebuild links.
 */
export async function issueResetToken(db: Db, secret: string, userId: string, now: number): Promise<string> {
  const token = randomToken(32);
  await replaceLive(db, await sha256Hex(`reset:${token}`), userId, "reset", await keyedHash(secret, `reset:${userId}:${token}`), RESET_TTL_MS, now);
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
