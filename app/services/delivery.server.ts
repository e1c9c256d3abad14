// The queue consumer: delivers each scheduled message at most once. The row
// is the source of truth; the queue only carries ids. A batch costs a fixed
// handful of D1 round trips (read, claim, record), whatever its size.
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
export const RETRIES_EXHAUSTED = "delivery retries exhausted";

type Row = {
  id: string; business_id: string; status: string; attempts: number; updated_at: number; send_at: number;
  template: string; rule_type: "followup" | "reminder";
  booking_status: string | null; booking_date: string | null; booking_time: string | null; service: string | null;
  client_name: string | null; client_phone: string | null; time_zone: string;
};

export type DeliveryOutcome = "sent" | "skipped" | "cancelled" | "retry" | "failed";
export type DeliveryResult = { outcome: DeliveryOutcome; delaySeconds?: number };

function isTransient(error: unknown): boolean {
  const e = error as { transient?: boolean } | null;
  return e?.transient !== false;
}

/** 10 s, 20 s, 40 s... capped at 5 minutes. DELIVERY_RETRY_SECONDS changes the base (the benchmark shortens it). */
export function backoffSeconds(attempt: number, env?: Env) {
  const base = Number((env as unknown as Record<string, string | undefined> | undefined)?.DELIVERY_RETRY_SECONDS) || 10;
  return Math.min(300, base * 2 ** Math.max(0, attempt - 1));
}

/** Why a message must not go out any more, if it must not. */
function cancelReason(row: Row, now: number): string | null {
  if (!row.booking_status) return "The booking was deleted.";
  if (row.booking_status === "cancelled" || row.booking_status === "no_show") return "The booking was cancelled.";
  if (!row.client_phone) return "The client has no phone number.";
  if (row.rule_type === "reminder" && bookingInstant(row.booking_date!, row.booking_time!, row.time_zone) <= now) {
    return "The appointment has already passed.";
  }
  return null;
}

const fromJson = (fields: string[]) =>
  `(SELECT ${fields.map((f) => `json_extract(value, '$.${f}') AS ${f}`).join(", ")} FROM json_each(?1)) AS j`;

export async function deliverOne(deps: DeliveryDeps, id: string): Promise<DeliveryResult> {
  return (await deliverMany(deps, [id])).get(id)!;
}

export async function deliverMany(deps: DeliveryDeps, requested: string[]): Promise<Map<string, DeliveryResult>> {
  const d1 = deps.env.DB;
  const ids = [...new Set(requested)];
  const results = new Map<string, DeliveryResult>();
  const { results: rows } = await d1
    .prepare(
      `SELECT m.id, m.business_id, m.status, m.attempts, m.updated_at, m.send_at, r.template, r.type AS rule_type,
              b.status AS booking_status, b.booking_date, b.booking_time, b.service,
              c.name AS client_name, c.phone AS client_phone, biz.time_zone
       FROM scheduled_messages m
       JOIN rules r ON r.id = m.rule_id
       JOIN businesses biz ON biz.id = m.business_id
       LEFT JOIN bookings b ON b.id = m.booking_id AND b.business_id = m.business_id
       LEFT JOIN clients c ON c.id = b.client_id
       WHERE m.id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(ids))
    .all<Row>();
  const byId = new Map(rows.map((r) => [r.id, r]));

  const now = deps.now();
  const cancels: { id: string; reason: string }[] = [];
  const candidates: Row[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || (row.status !== "queued" && row.status !== "sending")) {
      results.set(id, { outcome: "skipped" });
    } else if (row.status === "sending" && now - row.updated_at < SENDING_LEASE_MS) {
      // Another delivery of this id is sending right now (or crashed moments ago): look again after its lease.
      results.set(id, { outcome: "retry", delaySeconds: Math.ceil((SENDING_LEASE_MS - (now - row.updated_at)) / 1000) + 1 });
    } else {
      const reason = cancelReason(row, now);
      if (reason) {
        cancels.push({ id, reason });
        results.set(id, { outcome: "cancelled" });
      } else candidates.push(row);
    }
  }
  if (cancels.length) {
    await d1
      .prepare(
        `UPDATE scheduled_messages SET status = 'cancelled', last_error = j.reason, updated_at = ?2 FROM ${fromJson(["id", "reason"])}
         WHERE scheduled_messages.id = j.id AND scheduled_messages.status IN ('queued', 'sending')`,
      )
      .bind(JSON.stringify(cancels), now)
      .run();
  }

  // Claim: of two deliveries of the same id, exactly one wins this update.
  const claimed: Row[] = [];
  if (candidates.length) {
    const { results: won } = await d1
      .prepare(
        `UPDATE scheduled_messages SET status = 'sending', attempts = scheduled_messages.attempts + 1, updated_at = ?2
         FROM ${fromJson(["id", "status", "attempts", "updated_at"])}
         WHERE scheduled_messages.id = j.id AND scheduled_messages.status = j.status
           AND scheduled_messages.attempts = j.attempts AND scheduled_messages.updated_at = j.updated_at
         RETURNING id`,
      )
      .bind(JSON.stringify(candidates.map(({ id, status, attempts, updated_at }) => ({ id, status, attempts, updated_at }))), now)
      .all<{ id: string }>();
    const winners = new Set(won.map((w) => w.id));
    for (const row of candidates) {
      if (winners.has(row.id)) claimed.push(row);
      else results.set(row.id, { outcome: "skipped" });
    }
  }

  const sent: { id: string; provider_id: string }[] = [];
  const retried: { id: string; reason: string }[] = [];
  const failed: { id: string; reason: string }[] = [];
  await Promise.all(
    claimed.map(async (row) => {
      const attempt = row.attempts + 1;
      const text = renderTemplate(row.template, {
        name: row.client_name || "",
        service: row.service || "",
        date: formatDateGB(row.booking_date!),
      });
      const chatId = `${row.client_phone}@c.us`;
      try {
        // An earlier attempt may have reached the gateway before it failed or
        // crashed (a timeout, a lost answer): look in the chat before sending again.
        const already = row.attempts > 0 ? await findAlreadySent(deps, row.business_id, chatId, text, row.send_at) : null;
        const providerId = already ?? (await deps.sender.sendText(row.business_id, chatId, text)).id;
        sent.push({ id: row.id, provider_id: providerId });
        results.set(row.id, { outcome: "sent" });
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        if (isTransient(error) && attempt < MAX_ATTEMPTS) {
          retried.push({ id: row.id, reason });
          results.set(row.id, { outcome: "retry", delaySeconds: backoffSeconds(attempt, deps.env) });
        } else {
          failed.push({ id: row.id, reason });
          results.set(row.id, { outcome: "failed" });
        }
      }
    }),
  );

  const at = deps.now();
  const writes: D1PreparedStatement[] = [];
  if (sent.length) {
    writes.push(d1.prepare(
      `UPDATE scheduled_messages SET status = 'sent', provider_message_id = j.provider_id, sent_at = ?2, last_error = NULL, updated_at = ?2
       FROM ${fromJson(["id", "provider_id"])} WHERE scheduled_messages.id = j.id AND scheduled_messages.status IN ('sending', 'queued')`,
    ).bind(JSON.stringify(sent), at));
  }
  if (retried.length) {
    writes.push(d1.prepare(
      `UPDATE scheduled_messages SET status = 'queued', last_error = j.reason, updated_at = ?2
       FROM ${fromJson(["id", "reason"])} WHERE scheduled_messages.id = j.id AND scheduled_messages.status = 'sending'`,
    ).bind(JSON.stringify(retried), at));
  }
  if (failed.length) writes.push(markFailed(d1, failed, at));
  if (writes.length) await d1.batch(writes);
  return results;
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

function markFailed(d1: D1Database, failed: { id: string; reason: string }[], now: number) {
  return d1
    .prepare(
      `UPDATE scheduled_messages SET status = 'failed', last_error = j.reason, updated_at = ?2
       FROM ${fromJson(["id", "reason"])} WHERE scheduled_messages.id = j.id AND scheduled_messages.status IN ('queued', 'sending')`,
    )
    .bind(JSON.stringify(failed), now);
}

/** One pass over the whole batch; each queue message is acked or retried by its row's outcome. */
export async function processOutboundBatch(batch: MessageBatch<OutboundMessage>, deps: DeliveryDeps) {
  let results: Map<string, DeliveryResult>;
  try {
    results = await deliverMany(deps, batch.messages.map((m) => m.body.id));
  } catch (error) {
    console.error("delivery batch failed", error);
    for (const message of batch.messages) message.retry({ delaySeconds: 30 });
    return;
  }
  const handled = new Set<string>();
  for (const message of batch.messages) {
    const result = results.get(message.body.id);
    // A second copy of an id in the same batch is acked: the first carries it.
    if (result?.outcome === "retry" && !handled.has(message.body.id)) message.retry({ delaySeconds: result.delaySeconds });
    else message.ack();
    handled.add(message.body.id);
  }
}

/** Messages the queue gave up on: record the failure so the owner sees it. */
export async function processDeadLetters(batch: MessageBatch<OutboundMessage>, env: Env, now: number) {
  const failed = batch.messages.map((m) => ({ id: m.body.id, reason: RETRIES_EXHAUSTED }));
  if (failed.length) await markFailed(env.DB, failed, now).run();
  batch.ackAll();
}
