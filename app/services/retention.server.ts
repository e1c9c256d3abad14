// Purges what is no longer needed, on every cron run, in bounded batches
// (each statement deletes at most PURGE_BATCH rows; a backlog clears over
// the following minutes): rate-limit windows that ended, used or expired
// codes and reset links, expired sessions, local outbox e-mails after a week,
// each business's stored WhatsApp messages older than its retention, and the
// ids of messages customers deleted once nothing can bring them back.
import { createDb } from "~db";
import { ACTIVE_MS } from "./whatsapp/backstop.server";
import { RATE_LIMITS } from "./auth/rate-limit.server";

export const PURGE_BATCH = 5000;
const DAY_MS = 86_400_000;
const OUTBOX_KEEP_MS = 7 * DAY_MS;
/**
 * A deleted message's id is kept so a late copy is not stored again: a retried
 * webhook comes within minutes, the backstop re-reads only the last
 * ACTIVE_MS (48 h). A week leaves a wide margin.
 */
export const REVOKED_KEEP_MS = Math.max(7 * DAY_MS, 3 * ACTIVE_MS);
/** A counter older than the longest window counts nothing any more. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(RATE_LIMITS).map((l) => l.windowMs));

export type Purged = {
  rateLimits: number;
  codes: number;
  sessions: number;
  outbox: number;
  messages: number;
  revoked: number;
};

export async function purgeOldRows({ env, now }: { env: Env; now: number }): Promise<Purged> {
  const d1 = createDb(env.DB).$client;
  const limited = (table: string, where: string) =>
    `DELETE FROM ${table} WHERE rowid IN (SELECT rowid FROM ${table} WHERE ${where} LIMIT ${PURGE_BATCH})`;
  const results = await d1.batch([
    d1.prepare(limited("rate_limits", "window_start <= ?1")).bind(now - LONGEST_WINDOW_MS),
    d1.prepare(limited("verifications", "used_at IS NOT NULL OR expires_at <= ?1")).bind(now),
    d1.prepare(limited("auth_sessions", "expires_at <= ?1")).bind(now),
    d1.prepare(limited("email_outbox", "created_at < ?1")).bind(now - OUTBOX_KEEP_MS),
    d1
      .prepare(
        `DELETE FROM wa_messages WHERE rowid IN (
         SELECT m.rowid FROM businesses b JOIN wa_messages m ON m.business_id = b.id
         WHERE m.timestamp < ?1 - b.message_retention_days * ${DAY_MS} LIMIT ${PURGE_BATCH})`,
      )
      .bind(now),
    d1.prepare(limited("wa_revoked", "revoked_at < ?1")).bind(now - REVOKED_KEEP_MS),
  ]);
  const [rateLimits, codes, sessions, outbox, messages, revoked] = results.map((r) => r.meta.changes ?? 0);
  return { rateLimits, codes, sessions, outbox, messages, revoked };
}
