// Fixed-window counters in D1 (table rate_limits). One statement per hit, so
// concurrent requests cannot both read the same count.
import type { Db } from "~db";

export const RATE_LIMITS = {
  /** Sign-in and verification requests per IP (Supabase: 30 per 5 minutes). */
  ipAuth: { max: 30, windowMs: 5 * 60_000 },
  /** Registration, reset requests and resets per IP: each may send an e-mail. */
  ipMail: { max: 30, windowMs: 5 * 60_000 },
  /** Failed sign-ins and wrong codes per account (OWASP ASVS: at most 100 an hour). */
  accountFailures: { max: 100, windowMs: 60 * 60_000 },
  /** E-mails to one address (Supabase: one a minute). */
  emailPerAddress: { max: 1, windowMs: 60_000 },
} as const;

type Limit = { max: number; windowMs: number };

/** Counts one more event under `key` and returns the count in the current window. */
export async function hit(db: Db, key: string, limit: Limit, now: number): Promise<number> {
  const start = now - limit.windowMs;
  const row = await db.$client
    .prepare(
      `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
       ON CONFLICT(key) DO UPDATE SET
         count = CASE WHEN window_start <= ?3 THEN 1 ELSE count + 1 END,
         window_start = CASE WHEN window_start <= ?3 THEN ?2 ELSE window_start END
       RETURNING count`,
    )
    .bind(key, now, start)
    .first<{ count: number }>();
  return row?.count ?? 1;
}

/** True when `key` has already reached its limit in the current window. */
export async function isOverLimit(db: Db, key: string, limit: Limit, now: number): Promise<boolean> {
  const row = await db.$client
    .prepare("SELECT count FROM rate_limits WHERE key = ?1 AND window_start > ?2")
    .bind(key, now - limit.windowMs)
    .first<{ count: number }>();
  return (row?.count ?? 0) >= limit.max;
}

/** Counts a hit; true when it goes over the limit. */
export async function exceeds(db: Db, key: string, limit: Limit, now: number): Promise<boolean> {
  return (await hit(db, key, limit, now)) > limit.max;
}

export async function clear(db: Db, key: string) {
  await db.$client.prepare("DELETE FROM rate_limits WHERE key = ?1").bind(key).run();
}

/** The caller's address as Cloudflare reports it (clients cannot set this header through Cloudflare). */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
