// The number's health for the Connect tab: the last 7 days of automatic
// messages as WhatsApp reported them (acks), refusals, opt-outs and the
// messages waiting for the owner's phone, and a warning when refusals or
// opt-outs rise (WhatsApp restricts, then bans, numbers people report).

const DAY_MS = 86_400_000;
const HEALTH_DAYS = 7;
/** This many refusals, or opt-outs, within a day is a warning: pause, and look at who gets messages. */
const WARN_PER_DAY = 3;

/** WAHA's ack levels: -1 ERROR (refused), 0 pending, 1 server, 2 device (delivered), 3 read, 4 played. */
const ACK = { error: -1, delivered: 2, read: 3 } as const;

/** A message.ack event: the message's highest ack so far (a refusal stays a refusal). */
export async function recordAck(d1: D1Database, businessId: string, providerId: string, ack: number): Promise<void> {
  if (!Number.isInteger(ack)) return;
  await d1
    .prepare(
      `UPDATE scheduled_messages SET ack = CASE WHEN ?3 = -1 OR ack = -1 THEN -1 ELSE max(coalesce(ack, 0), ?3) END
       WHERE business_id = ?1 AND provider_message_id = ?2`,
    )
    .bind(businessId, providerId, ack)
    .run();
}

export type NumberHealth = {
  days: number;
  sent: number;
  delivered: number;
  read: number;
  refused: number;
  opted_out: number;
  /** Clients with a message waiting for "Send from your phone". */
  manual_clients: number;
  /** Refusals and opt-outs within the last 24 hours. */
  refused_today: number;
  opted_out_today: number;
  /** Refusals or opt-outs are rising: the tab suggests pausing. */
  warning: "refusals" | "opt_outs" | null;
};

export async function numberHealth(d1: D1Database, businessId: string, now: number): Promise<NumberHealth> {
  const since = now - HEALTH_DAYS * DAY_MS;
  const dayAgo = now - DAY_MS;
  const [sends, optOuts, manual] = await d1.batch<Record<string, number | null>>([
    d1
      .prepare(
        `SELECT count(*) AS sent, sum(coalesce(ack, 0) >= ${ACK.delivered}) AS delivered, sum(coalesce(ack, 0) >= ${ACK.read}) AS read,
                sum(ack = ${ACK.error}) AS refused, sum(ack = ${ACK.error} AND sent_at >= ?3) AS refused_today
         FROM scheduled_messages WHERE business_id = ?1 AND sent_at >= ?2`,
      )
      .bind(businessId, since, dayAgo),
    d1
      .prepare(
        `SELECT count(*) AS opted_out, sum(opted_out_at >= ?3) AS opted_out_today FROM contact_consent WHERE business_id = ?1 AND opted_out_at >= ?2`,
      )
      .bind(businessId, since, dayAgo),
    d1
      .prepare(
        `SELECT count(DISTINCT b.client_id) AS manual_clients FROM scheduled_messages m JOIN bookings b ON b.id = m.booking_id
         WHERE m.business_id = ?1 AND m.status = 'manual'`,
      )
      .bind(businessId),
  ]);
  const n = (v: number | null | undefined) => Number(v ?? 0);
  const s = sends.results[0] ?? {};
  const o = optOuts.results[0] ?? {};
  const refusedToday = n(s.refused_today);
  const optedOutToday = n(o.opted_out_today);
  return {
    days: HEALTH_DAYS,
    sent: n(s.sent),
    delivered: n(s.delivered),
    read: n(s.read),
    refused: n(s.refused),
    opted_out: n(o.opted_out),
    manual_clients: n(manual.results[0]?.manual_clients),
    refused_today: refusedToday,
    opted_out_today: optedOutToday,
    warning: refusedToday >= WARN_PER_DAY ? "refusals" : optedOutToday >= WARN_PER_DAY ? "opt_outs" : null,
  };
}
