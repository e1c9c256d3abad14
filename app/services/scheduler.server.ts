// The cron sweep: claims due scheduled messages and queues their ids. It never
// sends; the queue consumer does (delivery.server.ts). Messages of a business
// whose WhatsApp is not WORKING (businesses.wa_status) stay Scheduled until it
// is, within the grace window; so do the messages of a business whose owner
// paused automatic messages (businesses.paused), until the switch is off
// (the owner's own sends go meanwhile: outbox.server.ts, sentWhilePausedSql).
import { SENDING_STATUSES } from "./whatsapp/status-mirror.server";
import { sentWhilePausedSql } from "./outbox.server";
import { storedReason } from "./rules/reasons";
/**
 * The grace window: after missed cron runs, messages due up to this long ago
 * still go out at the next run; older ones are not sent late but marked failed
 * with MISSED_REASON, so the owner sees it.
 */
export const GRACE_MS = 6 * 60 * 60 * 1000;
export const MISSED_REASON = storedReason("rules.reason.missed");
/** A queued or sending row untouched this long was lost by the queue: queue it again. */
const STALE_MS = 15 * 60 * 1000;
const CLAIM_CHUNK = 500;
const SEND_BATCH = 100;

export type SweepResult = { queued: number; missed: number; requeued: number };

export async function sweepDueMessages({ env, now }: { env: Env; now: number }): Promise<SweepResult> {
  const d1 = env.DB;
  const result: SweepResult = { queued: 0, missed: 0, requeued: 0 };

  const missed = await d1
    .prepare(
      `UPDATE scheduled_messages SET status = 'failed', last_error = ?3, updated_at = ?1
       WHERE status = 'scheduled' AND send_at < ?2`,
    )
    .bind(now, now - GRACE_MS, MISSED_REASON)
    .run();
  result.missed = missed.meta.changes ?? 0;

  // One conditional UPDATE per chunk: two overlapping sweeps can never claim the same row.
  const claimed: { id: string; business_id: string }[] = [];
  for (let round = 0; round < 40; round++) {
    const chunk = await d1
      .prepare(
        `UPDATE scheduled_messages SET status = 'queued', updated_at = ?1
         WHERE id IN (SELECT m.id FROM scheduled_messages m JOIN businesses b ON b.id = m.business_id
                      WHERE m.status = 'scheduled' AND m.send_at <= ?1
                        AND b.wa_status IN (SELECT value FROM json_each(?2))
                        AND (b.paused = 0 OR ${sentWhilePausedSql("m")})
                      ORDER BY m.send_at LIMIT ${CLAIM_CHUNK})
           AND status = 'scheduled'
         RETURNING id, business_id`,
      )
      .bind(now, JSON.stringify(SENDING_STATUSES))
      .all<{ id: string; business_id: string }>();
    claimed.push(...chunk.results);
    if (chunk.results.length < CLAIM_CHUNK) break;
  }
  // Interleaved over everything claimed, so each queue batch holds many numbers (pacing spaces one number's sends).
  const ids = interleaveByBusiness(claimed);
  let enqueued = 0;
  try {
    for (let i = 0; i < ids.length; i += SEND_BATCH) {
      await enqueue(env, ids.slice(i, i + SEND_BATCH));
      enqueued = Math.min(ids.length, i + SEND_BATCH);
    }
  } catch (error) {
    // Give the rest back so the next sweep tries again instead of losing them.
    await d1
      .prepare(
        `UPDATE scheduled_messages SET status = 'scheduled' WHERE status = 'queued' AND id IN (SELECT value FROM json_each(?1))`,
      )
      .bind(JSON.stringify(ids.slice(enqueued)))
      .run();
    throw error;
  }
  result.queued += ids.length;

  const stale = await d1
    .prepare(
      `UPDATE scheduled_messages SET updated_at = ?1
       WHERE status IN ('queued', 'sending') AND updated_at < ?2
       RETURNING id`,
    )
    .bind(now, now - STALE_MS)
    .all<{ id: string }>();
  if (stale.results.length) {
    await enqueue(
      env,
      stale.results.map((r) => r.id),
    );
    result.requeued = stale.results.length;
  }
  return result;
}

/**
 * One business's messages spread across batches (round robin): a batch then
 * holds many numbers, each of which may send at once, instead of one number
 * whose sends pacing spaces 3 s or more apart.
 */
export function interleaveByBusiness(rows: { id: string; business_id: string }[]): string[] {
  const byBusiness = new Map<string, string[]>();
  for (const r of rows) byBusiness.set(r.business_id, [...(byBusiness.get(r.business_id) ?? []), r.id]);
  const lists = [...byBusiness.values()];
  const out: string[] = [];
  for (let i = 0; out.length < rows.length; i++) for (const list of lists) if (i < list.length) out.push(list[i]);
  return out;
}

async function enqueue(env: Env, ids: string[]) {
  for (let i = 0; i < ids.length; i += SEND_BATCH) {
    await env.OUTBOUND.sendBatch(ids.slice(i, i + SEND_BATCH).map((id) => ({ body: { id } })));
  }
}
