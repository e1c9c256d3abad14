// The WhatsApp status mirrored in D1 (businesses.wa_status), written by the
// business's Durable Object and by delivery when the gateway says the session
// is not WORKING. The cron sweep reads it to hold due messages, and the screens
// to say that messages are waiting.

/** Statuses under which due messages are handed to the queue; everything else holds them as Scheduled. */
export const SENDING_STATUSES = ["WORKING", "unknown"] as const;

/** Records what was learnt about the business's session; reaching WORKING ends an outage's e-mail alert. */
export async function recordWaStatus(env: Env, businessId: string, status: string, at: number): Promise<void> {
  await env.DB.prepare(
    `UPDATE businesses SET wa_status = ?2, wa_status_at = ?3,
       wa_alert_at = CASE WHEN ?2 = 'WORKING' THEN NULL ELSE wa_alert_at END
     WHERE id = ?1`,
  )
    .bind(businessId, status.slice(0, 40), at)
    .run();
}

/** How many of the business's messages are due but held because WhatsApp is not WORKING. */
export async function waitingMessages(env: Env, businessId: string, now: number): Promise<number> {
  const row = await env.DB.prepare(
    `SELECT count(*) AS n FROM scheduled_messages m JOIN businesses b ON b.id = m.business_id
     WHERE m.business_id = ?1 AND m.status = 'scheduled' AND m.send_at <= ?2
       AND b.wa_status NOT IN ('WORKING', 'unknown')`,
  )
    .bind(businessId, now)
    .first<{ n: number }>();
  return row?.n ?? 0;
}
