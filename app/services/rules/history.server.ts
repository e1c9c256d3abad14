import type { ReminderHistory } from "./catch-up";

/** Per booking: is another reminder still to go out, and when was one last sent. */
export async function reminderHistory(
  d1: D1Database,
  businessId: string,
  bookingIds: string[],
  excludeMessageIds: string[] = [],
): Promise<Map<string, ReminderHistory>> {
  const { results } = await d1
    .prepare(
      `SELECT m.booking_id, max(m.status IN ('scheduled', 'queued', 'sending')) AS pending,
              max(CASE WHEN m.status = 'sent' THEN m.sent_at END) AS last_sent_at
       FROM scheduled_messages m JOIN rules r ON r.id = m.rule_id
       WHERE m.business_id = ?1 AND r.type = 'reminder' AND m.kind = 'rule'
         AND m.booking_id IN (SELECT value FROM json_each(?2))
         AND m.id NOT IN (SELECT value FROM json_each(?3))
       GROUP BY m.booking_id`,
    )
    .bind(businessId, JSON.stringify(bookingIds), JSON.stringify(excludeMessageIds))
    .all<{ booking_id: string; pending: number; last_sent_at: number | null }>();
  return new Map(results.map((r) => [r.booking_id, { pending: r.pending === 1, lastSentAt: r.last_sent_at }]));
}
