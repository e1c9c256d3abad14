// The queue consumer: delivers one scheduled message per queue message, at
// most once. The row is the source of truth; the queue only carries its id.
import { formatDateGB, renderTemplate } from "./templates";
import { bookingInstant } from "./time";

export type OutboundMessage = { id: string };

/** What delivery needs from the WhatsApp provider. */
export interface WhatsAppSender {
  sendText(session: string, chatId: string, text: string): Promise<{ id: string }>;
  getMessages?(session: string, chatId: string, limit: number): Promise<{ id: string; fromMe: boolean; body: string; timestamp: number }[]>;
}

export type DeliveryDeps = { env: Env; sender: WhatsAppSender; now: () => number };

export const MAX_ATTEMPTS = 5;
/** A row in 'sending' this recently is in a consumer's hands: a duplicate delivery waits instead of racing it. */
export const SENDING_LEASE_MS = 60_000;

type Row = {
  id: string; business_id: string; status: string; attempts: number; updated_at: number; send_at: number;
  template: string; rule_type: "followup" | "reminder";
  booking_status: string | null; booking_date: string | null; booking_time: string | null; service: string | null;
  client_name: string | null; client_phone: string | null; time_zone: string;
};

export type DeliveryOutcome = "sent" | "skipped" | "cancelled" | "retry" | "failed";

function isTransient(error: unknown): boolean {
  const e = error as { transient?: boolean } | null;
  return e?.transient !== false;
}

/** 10 s, 20 s, 40 s... capped at 5 minutes. DELIVERY_RETRY_SECONDS changes the base (the benchmark shortens it). */
export function backoffSeconds(attempt: number, env?: Env) {
  const base = Number((env as unknown as Record<string, string | undefined> | undefined)?.DELIVERY_RETRY_SECONDS) || 10;
  return Math.min(300, base * 2 ** Math.max(0, attempt - 1));
}

export async function deliverOne(deps: DeliveryDeps, id: string): Promise<{ outcome: DeliveryOutcome; delaySeconds?: number }> {
  const d1 = deps.env.DB;
  const row = await d1
    .prepare(
      `SELECT m.id, m.business_id, m.status, m.attempts, m.updated_at, m.send_at, r.template, r.type AS rule_type,
              b.status AS booking_status, b.booking_date, b.booking_time, b.service,
              c.name AS client_name, c.phone AS client_phone, biz.time_zone
       FROM scheduled_messages m
       JOIN rules r ON r.id = m.rule_id
       JOIN businesses biz ON biz.id = m.business_id
       LEFT JOIN bookings b ON b.id = m.booking_id AND b.business_id = m.business_id
       LEFT JOIN clients c ON c.id = b.client_id
       WHERE m.id = ?1`,
    )
    .bind(id)
    .first<Row>();
  if (!row) return { outcome: "skipped" };
  if (row.status !== "queued" && row.status !== "sending") return { outcome: "skipped" };

  const now = deps.now();
  if (row.status === "sending" && now - row.updated_at < SENDING_LEASE_MS) {
    // Another delivery of this id is sending right now (or crashed moments ago): look again after its lease.
    return { outcome: "retry", delaySeconds: Math.ceil((SENDING_LEASE_MS - (now - row.updated_at)) / 1000) + 1 };
  }
  const cancel = async (reason: string) => {
    await d1
      .prepare(`UPDATE scheduled_messages SET status = 'cancelled', last_error = ?2, updated_at = ?3 WHERE id = ?1 AND status IN ('queued','sending')`)
      .bind(id, reason, now)
      .run();
    return { outcome: "cancelled" as const };
  };
  if (!row.booking_status) return cancel("The booking was deleted.");
  if (row.booking_status === "cancelled" || row.booking_status === "no_show") return cancel("The booking was cancelled.");
  if (!row.client_phone) return cancel("The client has no phone number.");
  if (row.rule_type === "reminder" && bookingInstant(row.booking_date!, row.booking_time!, row.time_zone) <= now) {
    return cancel("The appointment has already passed.");
  }

  // Claim it: of two deliveries of the same id, exactly one wins this update.
  const attempt = row.attempts + 1;
  const claim = await d1
    .prepare(
      `UPDATE scheduled_messages SET status = 'sending', attempts = ?2, updated_at = ?3
       WHERE id = ?1 AND status = ?4 AND attempts = ?5 AND updated_at = ?6`,
    )
    .bind(id, attempt, now, row.status, row.attempts, row.updated_at)
    .run();
  if ((claim.meta.changes ?? 0) === 0) return { outcome: "skipped" };

  const text = renderTemplate(row.template, {
    name: row.client_name || "",
    service: row.service || "",
    date: formatDateGB(row.booking_date!),
  });
  const chatId = `${row.client_phone}@c.us`;

  if (row.attempts > 0) {
    // An earlier attempt may have reached the gateway before it failed or
    // crashed (a timeout, a lost answer): look in the chat before sending again.
    const found = await findAlreadySent(deps, row.business_id, chatId, text, row.send_at);
    if (found) {
      await markSent(d1, id, found, deps.now());
      return { outcome: "sent" };
    }
  }

  try {
    const sent = await deps.sender.sendText(row.business_id, chatId, text);
    await markSent(d1, id, sent.id, deps.now());
    return { outcome: "sent" };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (isTransient(error) && attempt < MAX_ATTEMPTS) {
      await d1
        .prepare(`UPDATE scheduled_messages SET status = 'queued', last_error = ?2, updated_at = ?3 WHERE id = ?1 AND status = 'sending'`)
        .bind(id, reason, deps.now())
        .run();
      return { outcome: "retry", delaySeconds: backoffSeconds(attempt, deps.env) };
    }
    await markFailed(d1, id, reason, deps.now());
    return { outcome: "failed" };
  }
}

/** A message from us with this exact text in the chat since the planned moment. */
async function findAlreadySent(deps: DeliveryDeps, session: string, chatId: string, text: string, since: number) {
  if (!deps.sender.getMessages) return null;
  try {
    const recent = await deps.sender.getMessages(session, chatId, 20);
    const match = recent.find((m) => m.fromMe && m.body === text && m.timestamp * 1000 >= since - 60_000);
    return match?.id ?? null;
  } catch {
    return null;
  }
}

async function markSent(d1: D1Database, id: string, providerId: string, now: number) {
  await d1
    .prepare(
      `UPDATE scheduled_messages SET status = 'sent', provider_message_id = ?2, sent_at = ?3, last_error = NULL, updated_at = ?3
       WHERE id = ?1 AND status IN ('sending','queued')`,
    )
    .bind(id, providerId, now)
    .run();
}

async function markFailed(d1: D1Database, id: string, reason: string, now: number) {
  await d1
    .prepare(`UPDATE scheduled_messages SET status = 'failed', last_error = ?2, updated_at = ?3 WHERE id = ?1 AND status IN ('queued','sending')`)
    .bind(id, reason, now)
    .run();
}

/** The messages of a batch are independent rows: deliver them side by side. */
export async function processOutboundBatch(batch: MessageBatch<OutboundMessage>, deps: DeliveryDeps) {
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        const result = await deliverOne(deps, message.body.id);
        if (result.outcome === "retry") message.retry({ delaySeconds: result.delaySeconds });
        else message.ack();
      } catch (error) {
        console.error("delivery failed", message.body.id, error);
        message.retry({ delaySeconds: 30 });
      }
    }),
  );
}

/** Messages the queue gave up on: record the failure so the owner sees it. */
export async function processDeadLetters(batch: MessageBatch<OutboundMessage>, env: Env, now: number) {
  for (const message of batch.messages) {
    await markFailed(env.DB, message.body.id, "delivery retries exhausted", now);
    message.ack();
  }
}
