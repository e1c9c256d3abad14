// The queue consumer: delivers each scheduled message at most once. The row
// is the source of truth; the queue only carries ids. A batch costs a fixed
// handful of D1 round trips (read, claim, record), whatever its size.
//
// The real world (WAHA-FIDELITY.md): while the business's WhatsApp is not
// WORKING (a reconnect blip answers 422, a stopped or lost session 404) or the
// gateway does not answer, a due message goes back to Scheduled without
// burning a retry, and the business's status is recorded so the cron sweep
// holds its messages until WhatsApp is back. Only errors the gateway itself
// answers (500, 429) count towards MAX_ATTEMPTS.
import type { ProviderErrorKind } from "~/providers/whatsapp/types";
import { quietHoursEnd } from "./quiet-hours";
import { REBOOKED_REASON } from "./rules/schedule";
import { storedReason } from "./rules/reasons";
import type { MessageLang } from "./replies/words";
import { renderRuleMessage } from "./safety/manual.server";
import { bookingInstant, localDate, localTime } from "~/utils/time-zone";
import { recordWaStatus } from "./whatsapp/status-mirror.server";
import { basisOf, consentColumns, isOptedOut, OPTED_OUT_REASON, type ConsentRow } from "./safety/consent.server";
import { ONE_OFF_KINDS, type MessageKind } from "~db/schema";
import { gapFor, type GapRange } from "./safety/pacing";
import { nextDaySend, overBudgetReason, takeBudget } from "./safety/budget.server";
import { sentWhilePausedSql } from "./outbox.server";

export type OutboundMessage = { id: string };

/** What delivery needs from the WhatsApp provider. */
export interface WhatsAppSender {
  sendText(session: string, chatId: string, text: string): Promise<{ id: string }>;
  getMessages?(
    session: string,
    chatId: string,
    limit: number,
  ): Promise<{ id: string; fromMe: boolean; body: string; timestamp: number }[]>;
  /** check-exists: the chat id WhatsApp really uses for a number (null when the number is not on WhatsApp). */
  checkNumber?(session: string, phoneDigits: string): Promise<{ exists: boolean; chatId: string | null }>;
}

export type DeliveryDeps = {
  env: Env;
  sender: WhatsAppSender;
  now: () => number;
  /** Asks the business's Durable Object to re-read the gateway (after the gateway said the session is not WORKING). */
  reconcile?: (businessId: string) => void;
  /**
   * Pacing: reserves the number's next send slot (the business's Durable
   * Object, shared by every queue consumer). Without one (unit tests) sends are not paced.
   */
  pacer?: Pacer;
  /** How a paced send waits for its slot (tests may speed it up). */
  sleep?: (ms: number) => Promise<void>;
};

/** The answer of BusinessSession.reserveSendSlot: wait this long, then send; or, not reserved, try again after it. */
type SendSlot = { waitMs: number; reserved: boolean };
export type Pacer = (businessId: string, gap: GapRange, maxWaitMs: number) => Promise<SendSlot>;

/** A send whose slot is further away than this goes back to the queue with that delay instead of sleeping. */
export const MAX_PACE_WAIT_MS = 15_000;
export { REBOOKED_REASON };

export const MAX_ATTEMPTS = 5;
// Reasons are stored as keys (rules/reasons.ts); a send's own error is stored as the gateway said it.
export const WAITING_REASON = storedReason("rules.reason.waiting");
export const NOT_ON_WHATSAPP = storedReason("rules.reason.notOnWhatsApp");
/** A row in 'sending' this recently is in a consumer's hands: a duplicate delivery waits instead of racing it. */
export const SENDING_LEASE_MS = 60_000;
export const RETRIES_EXHAUSTED = storedReason("rules.reason.retriesExhausted");
export const OFFER_ENDED = storedReason("rules.reason.offerEnded");

type Row = ConsentRow & {
  id: string;
  business_id: string;
  status: string;
  attempts: number;
  failures: number;
  updated_at: number;
  send_at: number;
  kind: MessageKind;
  origin: "business" | "reply";
  body: string | null;
  /** The rule's (null for a one-off send). */
  template: string | null;
  rule_type: "followup" | "reminder" | null;
  ask_confirmation: number | null;
  custom_date: string | null;
  booking_status: string | null;
  booking_date: string | null;
  booking_time: string | null;
  service: string | null;
  /** The team member the booking is with ({staff}). */
  staff_name: string | null;
  client_name: string | null;
  client_phone: string | null;
  time_zone: string;
  chat_id: string | null;
  message_lang: MessageLang;
  pause_seconds: number;
  daily_message_budget: number;
  paused: number;
  /** Not an automatic message (the owner's own tap): goes out even while paused. */
  sent_while_paused: number;
  biz_send_time: string;
  quiet_start: string;
  quiet_end: string;
  rebooked: number;
  /** A freed-slot offer's end (its own, or when the slot was taken if sooner); null for any other message. */
  offer_ends_at: number | null;
};

// "paused": the owner paused automatic messages (back to Scheduled); "manual": no contact basis, waits for the
// owner's phone; "over-budget": today's budget is used, waits for tomorrow; "paced": its turn is later (a fresh queue message).
type DeliveryOutcome =
  | "sent"
  | "skipped"
  | "cancelled"
  | "retry"
  | "waiting"
  | "failed"
  | "quiet"
  | "paused"
  | "manual"
  | "over-budget"
  | "paced";
export type DeliveryResult = { outcome: DeliveryOutcome; delaySeconds?: number };

/** How a failed call must be handled; an error without a kind (a bug, a crash) is retried. */
function kindOf(error: unknown): ProviderErrorKind {
  const e = error as { kind?: ProviderErrorKind; transient?: boolean } | null;
  if (e?.kind) return e.kind;
  return e?.transient === false ? "permanent" : "retry";
}

/** The session status a "not WORKING" answer names (WAHA's 422 body), else what a 404 means. */
function statusFrom(error: unknown): string {
  const e = error as { status?: number; body?: { status?: unknown } } | null;
  if (e?.status === 404) return "no-session";
  return typeof e?.body?.status === "string" ? e.body.status : "STARTING";
}

/** 10 s, 20 s, 40 s... capped at 5 minutes. DELIVERY_RETRY_SECONDS changes the base (the benchmark shortens it). */
function backoffSeconds(attempt: number, env?: Env) {
  const base = Number((env as unknown as Record<string, string | undefined> | undefined)?.DELIVERY_RETRY_SECONDS) || 10;
  return Math.min(300, base * 2 ** Math.max(0, attempt - 1));
}

const isOneOff = (kind: MessageKind) => (ONE_OFF_KINDS as readonly MessageKind[]).includes(kind);

/** Why a message must not go out any more, if it must not. */
function cancelReason(row: Row, now: number): string | null {
  if (isOneOff(row.kind)) {
    // A one-off send carries its own text and recipient. The booking page's answer tells the customer
    // what became of the booking they just asked for (it goes even when that was a decline), and the
    // acknowledgement of a STOP is the last message an opted-out client gets; a drafted reply or an
    // offer never goes to a client who opted out.
    if (!row.client_phone) return storedReason("rules.reason.noPhone");
    if (row.kind !== "answer" && row.kind !== "stop_ack" && isOptedOut(row)) return OPTED_OUT_REASON;
    // An offer that has not gone out by the time it ended (taken by another client, 2 hours, the slot's start) never goes.
    if (row.offer_ends_at !== null && row.offer_ends_at <= now) return OFFER_ENDED;
    return null;
  }
  if (!row.booking_status) return storedReason("rules.reason.bookingDeleted");
  if (!row.client_phone) return storedReason("rules.reason.noPhone");
  // An acknowledgement answers the client's own message: it goes out even for the booking it cancelled.
  if (row.kind === "ack") return null;
  if (row.origin === "business" && isOptedOut(row)) return OPTED_OUT_REASON;
  if (row.booking_status === "cancelled" || row.booking_status === "no_show")
    return storedReason("rules.reason.bookingCancelled");
  if (row.rule_type === "followup" && row.rebooked) return REBOOKED_REASON;
  if (row.rule_type === "reminder" && bookingInstant(row.booking_date!, row.booking_time!, row.time_zone) <= now) {
    return storedReason("rules.reason.appointmentPassed");
  }
  return null;
}

const fromJson = (fields: string[]) =>
  `(SELECT ${fields.map((f) => `json_extract(value, '$.${f}') AS ${f}`).join(", ")} FROM json_each(?1)) AS j`;

/**
 * When a day-based message (a preset, or N days) is due inside the business's
 * quiet hours: the end of them. A custom date and time is the owner's explicit
 * choice, and an acknowledgement answers the client: neither waits.
 */
function quietUntil(row: Row, now: number): number | null {
  if (row.kind !== "rule" || row.custom_date) return null;
  return quietHoursEnd(now, row.time_zone, row.quiet_start, row.quiet_end);
}

/**
 * Each message with what sending it needs: its template, booking, client and
 * the client's known chat id. A one-off send has no rule: its own text, its
 * recipient's phone (to_phone) and the chat the customer wrote from.
 */
async function loadRows(d1: D1Database, ids: string[]): Promise<Map<string, Row>> {
  const { results } = await d1
    .prepare(
      `SELECT m.id, m.business_id, m.status, m.attempts, m.failures, m.updated_at, m.send_at, m.kind, m.origin, m.body,
              r.template, r.type AS rule_type, r.ask_confirmation, r.custom_date,
              b.status AS booking_status, b.booking_date, b.booking_time, b.service,
              (SELECT tm.name FROM members tm WHERE tm.id = b.member_id AND tm.business_id = b.business_id) AS staff_name,
              c.name AS client_name, coalesce(m.to_phone, c.phone) AS client_phone, biz.time_zone,
              biz.message_lang, biz.pause_seconds, biz.daily_message_budget, biz.paused, ${sentWhilePausedSql("m")} AS sent_while_paused,
              biz.send_time AS biz_send_time,
              biz.quiet_start, biz.quiet_end, ${consentColumns("cc")},
              (r.type = 'followup' AND EXISTS (
                SELECT 1 FROM bookings later WHERE later.business_id = m.business_id AND later.client_id = b.client_id
                  AND later.id <> b.id AND later.status NOT IN ('cancelled', 'no_show')
                  AND (later.booking_date || ' ' || later.booking_time) > (b.booking_date || ' ' || b.booking_time))) AS rebooked,
              coalesce(m.to_chat_id, (SELECT w.chat_id FROM wa_contacts w WHERE w.business_id = m.business_id AND w.phone = coalesce(m.to_phone, c.phone)
               ORDER BY w.chat_id LIKE '%@c.us' DESC LIMIT 1)) AS chat_id,
              (SELECT CASE WHEN op.taken_at IS NULL THEN o.ends_at ELSE min(o.ends_at, op.taken_at) END
               FROM opening_offers o JOIN openings op ON op.id = o.opening_id WHERE m.kind = 'offer' AND o.id = m.ref) AS offer_ends_at
       FROM scheduled_messages m
       LEFT JOIN rules r ON r.id = m.rule_id
       JOIN businesses biz ON biz.id = m.business_id
       LEFT JOIN bookings b ON b.id = m.booking_id AND b.business_id = m.business_id
       LEFT JOIN clients c ON c.id = b.client_id
       LEFT JOIN contact_consent cc ON cc.business_id = m.business_id AND cc.phone = coalesce(m.to_phone, c.phone)
       WHERE m.id IN (SELECT value FROM json_each(?1))`,
    )
    .bind(JSON.stringify(ids))
    .all<Row>();
  return new Map(results.map((r) => [r.id, r]));
}

/** The message as the client reads it. */
function messageText(row: Row): string {
  if (row.kind !== "rule") return row.body ?? "";
  return renderRuleMessage(row.template ?? "", row.ask_confirmation === 1, row.message_lang, {
    name: row.client_name || "",
    service: row.service || "",
    date: row.booking_date!,
    staff: row.staff_name || "",
  });
}

export async function deliverOne(deps: DeliveryDeps, id: string): Promise<DeliveryResult> {
  return (await deliverMany(deps, [id])).get(id)!;
}

export async function deliverMany(deps: DeliveryDeps, requested: string[]): Promise<Map<string, DeliveryResult>> {
  const d1 = deps.env.DB;
  const ids = [...new Set(requested)];
  const results = new Map<string, DeliveryResult>();
  const byId = await loadRows(d1, ids);

  const now = deps.now();
  const cancels: { id: string; reason: string }[] = [];
  const quiet: { id: string; send_at: number; send_date: string; send_time: string }[] = [];
  const held: string[] = [];
  const manual: string[] = [];
  const candidates: Row[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || (row.status !== "queued" && row.status !== "sending")) {
      results.set(id, { outcome: "skipped" });
    } else if (row.status === "sending" && now - row.updated_at < SENDING_LEASE_MS) {
      // Another delivery of this id is sending right now (or crashed moments ago): look again after its lease.
      results.set(id, {
        outcome: "retry",
        delaySeconds: Math.ceil((SENDING_LEASE_MS - (now - row.updated_at)) / 1000) + 1,
      });
    } else {
      const reason = cancelReason(row, now);
      const until = reason ? null : quietUntil(row, now);
      if (reason) {
        cancels.push({ id, reason });
        results.set(id, { outcome: "cancelled" });
      } else if (row.paused && !row.sent_while_paused) {
        // Paused by the owner: every automatic message stays Scheduled (the sweep holds them until the switch is off);
        // the owner's own sends (a draft they tapped Send on) are no automatic message and go.
        held.push(id);
        results.set(id, { outcome: "paused" });
      } else if (row.origin === "business" && basisOf(row).basis === "none") {
        // Nobody ever wrote in this chat: the owner sends it from the phone ("Send from your phone").
        manual.push(id);
        results.set(id, { outcome: "manual" });
      } else if (until !== null) {
        // Quiet hours: back to Scheduled, planned for their end (the rule's details show the new time).
        quiet.push({
          id,
          send_at: until,
          send_date: localDate(until, row.time_zone),
          send_time: localTime(until, row.time_zone),
        });
        results.set(id, { outcome: "quiet" });
      } else candidates.push(row);
    }
  }
  if (quiet.length) {
    await d1
      .prepare(
        `UPDATE scheduled_messages SET status = 'scheduled', send_at = j.send_at, send_date = j.send_date, send_time = j.send_time, updated_at = ?2
         FROM ${fromJson(["id", "send_at", "send_date", "send_time"])}
         WHERE scheduled_messages.id = j.id AND scheduled_messages.status IN ('queued', 'sending')`,
      )
      .bind(JSON.stringify(quiet), now)
      .run();
  }
  if (held.length || manual.length) {
    await d1.batch(
      [
        [held, "scheduled"],
        [manual, "manual"],
      ]
        .filter(([ids]) => ids.length)
        .map(([ids, status]) =>
          d1
            .prepare(
              `UPDATE scheduled_messages SET status = ?3, updated_at = ?2
               WHERE id IN (SELECT value FROM json_each(?1)) AND status IN ('queued', 'sending')`,
            )
            .bind(JSON.stringify(ids), now, status),
        ),
    );
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
      .bind(
        JSON.stringify(
          candidates.map(({ id, status, attempts, updated_at }) => ({ id, status, attempts, updated_at })),
        ),
        now,
      )
      .all<{ id: string }>();
    const winners = new Set(won.map((w) => w.id));
    // The daily budget: business-started messages each take a place of today's (replies do not count).
    const asks = candidates.filter((r) => winners.has(r.id) && r.origin === "business");
    const placed = await takeBudget(
      d1,
      asks.map((r) => ({
        id: r.id,
        business_id: r.business_id,
        budget: r.daily_message_budget,
        time_zone: r.time_zone,
      })),
      now,
    );
    const over: { id: string; send_at: number; send_date: string; send_time: string; reason: string }[] = [];
    for (const row of candidates) {
      if (!winners.has(row.id)) results.set(row.id, { outcome: "skipped" });
      else if (row.origin === "business" && !placed.has(row.id)) {
        over.push({
          id: row.id,
          ...nextDaySend(now, row.time_zone, row.biz_send_time),
          reason: overBudgetReason(row.daily_message_budget),
        });
        results.set(row.id, { outcome: "over-budget" });
      } else claimed.push(row);
    }
    if (over.length) {
      // Not sent, and this claim does not count: back to Scheduled for the next day's send time.
      await d1
        .prepare(
          `UPDATE scheduled_messages SET status = 'scheduled', attempts = max(0, scheduled_messages.attempts - 1), send_at = j.send_at,
             send_date = j.send_date, send_time = j.send_time, last_error = j.reason, updated_at = ?2
           FROM ${fromJson(["id", "send_at", "send_date", "send_time", "reason"])}
           WHERE scheduled_messages.id = j.id AND scheduled_messages.status = 'sending'`,
        )
        .bind(JSON.stringify(over), now)
        .run();
    }
  }

  const sent: { id: string; provider_id: string }[] = [];
  const retried: { id: string; reason: string }[] = [];
  const failed: { id: string; reason: string }[] = [];
  const waiting: { id: string; unsent: number }[] = [];
  const paced: string[] = [];
  const away = new Map<string, string>(); // business -> the status WhatsApp is in
  const learnt: { business_id: string; phone: string; chat_id: string }[] = [];
  await Promise.all(
    claimed.map(async (row) => {
      const text = messageText(row);
      let calledSend = false;
      try {
        const chatId = row.chat_id ?? (await firstChatId(deps, row, learnt));
        if (!chatId) {
          failed.push({ id: row.id, reason: NOT_ON_WHATSAPP });
          results.set(row.id, { outcome: "failed" });
          return;
        }
        // An earlier attempt may have reached the gateway before it failed or
        // crashed (a timeout, a lost answer): look in the chat before sending
        // again. If the chat cannot be read, nothing is sent (never fail open).
        const already =
          row.attempts > 0 ? await findAlreadySent(deps, row.business_id, chatId, text, row.send_at) : null;
        if (!already && deps.pacer) {
          // Human pacing across every consumer: a business-started message waits a random gap of the
          // pause to three times it after the number's previous send; a reply keeps the short gap (safety/pacing.ts).
          const slot = await deps.pacer(row.business_id, gapFor(row.origin, row.pause_seconds), MAX_PACE_WAIT_MS);
          if (!slot.reserved) {
            paced.push(row.id);
            results.set(row.id, { outcome: "paced", delaySeconds: Math.max(1, Math.ceil(slot.waitMs / 1000)) });
            return;
          }
          if (slot.waitMs > 0) await (deps.sleep ?? sleep)(slot.waitMs);
        }
        calledSend = !already;
        const providerId = already ?? (await deps.sender.sendText(row.business_id, chatId, text)).id;
        sent.push({ id: row.id, provider_id: providerId });
        results.set(row.id, { outcome: "sent" });
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
        const kind = kindOf(error);
        if (kind === "not-working" || kind === "unreachable") {
          // WhatsApp or the gateway is away: wait as Scheduled, no retry burnt.
          // A "not WORKING" answer means nothing went out, so this claim does not count;
          // after no answer at all the next attempt looks in the chat first.
          away.set(row.business_id, kind === "unreachable" ? "unreachable" : statusFrom(error));
          waiting.push({ id: row.id, unsent: kind === "not-working" || !calledSend ? 1 : 0 });
          results.set(row.id, { outcome: "waiting" });
        } else if (kind === "retry" && row.failures + 1 < MAX_ATTEMPTS) {
          retried.push({ id: row.id, reason });
          results.set(row.id, { outcome: "retry", delaySeconds: backoffSeconds(row.failures + 1, deps.env) });
        } else {
          failed.push({ id: row.id, reason });
          results.set(row.id, { outcome: "failed" });
        }
      }
    }),
  );

  const at = deps.now();
  const writes: D1PreparedStatement[] = [];
  if (sent.length) writes.push(markSent(d1, sent, at));
  if (retried.length) {
    writes.push(
      d1
        .prepare(
          `UPDATE scheduled_messages SET status = 'queued', failures = scheduled_messages.failures + 1, last_error = j.reason, updated_at = ?2
       FROM ${fromJson(["id", "reason"])} WHERE scheduled_messages.id = j.id AND scheduled_messages.status = 'sending'`,
        )
        .bind(JSON.stringify(retried), at),
    );
  }
  if (waiting.length) {
    writes.push(
      d1
        .prepare(
          `UPDATE scheduled_messages SET status = 'scheduled', attempts = max(0, scheduled_messages.attempts - j.unsent), last_error = ?3, updated_at = ?2
       FROM ${fromJson(["id", "unsent"])} WHERE scheduled_messages.id = j.id AND scheduled_messages.status = 'sending'`,
        )
        .bind(JSON.stringify(waiting), at, WAITING_REASON),
    );
  }
  if (paced.length) {
    // Not sent: its turn is later. Back to the queue, and this claim does not count.
    writes.push(
      d1
        .prepare(
          `UPDATE scheduled_messages SET status = 'queued', attempts = max(0, attempts - 1), updated_at = ?2
       WHERE id IN (SELECT value FROM json_each(?1)) AND status = 'sending'`,
        )
        .bind(JSON.stringify(paced), at),
    );
  }
  if (learnt.length) {
    writes.push(
      d1
        .prepare(
          `INSERT INTO wa_contacts (id, business_id, chat_id, phone, name, last_message_at, created_at)
       SELECT lower(hex(randomblob(16))), j.business_id, j.chat_id, j.phone, '', 0, ?2 FROM ${fromJson(["business_id", "phone", "chat_id"])}
       WHERE true ON CONFLICT (business_id, chat_id) DO NOTHING`,
        )
        .bind(JSON.stringify(learnt), at),
    );
  }
  if (failed.length) writes.push(markFailed(d1, failed, at));
  if (writes.length) await d1.batch(writes);
  for (const [businessId, status] of away) {
    await recordWaStatus(deps.env, businessId, status, at);
    deps.reconcile?.(businessId);
  }
  return results;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Before the first message to a number: the chat id WhatsApp uses for it (check-exists), or null if it has none. */
async function firstChatId(
  deps: DeliveryDeps,
  row: Row,
  learnt: { business_id: string; phone: string; chat_id: string }[],
) {
  const phone = row.client_phone!;
  if (!deps.sender.checkNumber) return `${phone}@c.us`;
  const found = await deps.sender.checkNumber(row.business_id, phone);
  if (!found.exists) return null;
  const chatId = found.chatId ?? `${phone}@c.us`;
  learnt.push({ business_id: row.business_id, phone, chat_id: chatId });
  return chatId;
}

/** A message from us with this exact text in the chat since the planned moment. Throws when the chat cannot be read. */
async function findAlreadySent(
  deps: Pick<DeliveryDeps, "sender">,
  session: string,
  chatId: string,
  text: string,
  since: number,
) {
  if (!deps.sender.getMessages) return null;
  const recent = await deps.sender.getMessages(session, chatId, 20);
  const match = recent.find((m) => m.fromMe && m.body === text && m.timestamp * 1000 >= since - 60_000);
  return match?.id ?? null;
}

function markSent(d1: D1Database, sent: { id: string; provider_id: string }[], now: number) {
  return d1
    .prepare(
      `UPDATE scheduled_messages SET status = 'sent', provider_message_id = j.provider_id, sent_at = ?2, last_error = NULL, updated_at = ?2
       FROM ${fromJson(["id", "provider_id"])} WHERE scheduled_messages.id = j.id AND scheduled_messages.status IN ('sending', 'queued')`,
    )
    .bind(JSON.stringify(sent), now);
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
    results = await deliverMany(
      deps,
      batch.messages.map((m) => m.body.id),
    );
  } catch (error) {
    console.error("delivery batch failed", error);
    for (const message of batch.messages) message.retry({ delaySeconds: 30 });
    return;
  }
  const handled = new Set<string>();
  for (const message of batch.messages) {
    const result = results.get(message.body.id);
    const first = !handled.has(message.body.id);
    handled.add(message.body.id);
    // A second copy of an id in the same batch is acked: the first carries it.
    if (first && result?.outcome === "paced") {
      // Its turn at the number is later: a fresh queue message with that delay, so waiting never uses up the queue's retries.
      try {
        await deps.env.OUTBOUND.send({ id: message.body.id }, { delaySeconds: result.delaySeconds });
        message.ack();
      } catch {
        message.retry({ delaySeconds: result.delaySeconds });
      }
    } else if (first && result?.outcome === "retry") message.retry({ delaySeconds: result.delaySeconds });
    else message.ack();
  }
}

/**
 * Messages the queue gave up on. One that an earlier attempt did send (the
 * chat shows it) is Sent; one whose chat cannot be read now waits as
 * Scheduled for the next sweep; the rest are Failed, so the owner sees it.
 */
export async function processDeadLetters(
  batch: MessageBatch<OutboundMessage>,
  deps: Pick<DeliveryDeps, "env" | "sender">,
  now: number,
) {
  const d1 = deps.env.DB;
  const rows = await loadRows(d1, [...new Set(batch.messages.map((m) => m.body.id))]);
  const sent: { id: string; provider_id: string }[] = [];
  const failed: { id: string; reason: string }[] = [];
  const waiting: string[] = [];
  await Promise.all(
    [...rows.values()].map(async (row) => {
      if (row.status !== "queued" && row.status !== "sending") return;
      if (row.attempts === 0 || !row.client_phone) return void failed.push({ id: row.id, reason: RETRIES_EXHAUSTED });
      try {
        const chatId = row.chat_id ?? `${row.client_phone}@c.us`;
        const already = await findAlreadySent(deps, row.business_id, chatId, messageText(row), row.send_at);
        if (already) sent.push({ id: row.id, provider_id: already });
        else failed.push({ id: row.id, reason: RETRIES_EXHAUSTED });
      } catch {
        waiting.push(row.id);
      }
    }),
  );
  const writes: D1PreparedStatement[] = [];
  if (sent.length) writes.push(markSent(d1, sent, now));
  if (waiting.length) {
    writes.push(
      d1
        .prepare(
          `UPDATE scheduled_messages SET status = 'scheduled', last_error = ?3, updated_at = ?2
       WHERE id IN (SELECT value FROM json_each(?1)) AND status IN ('sending', 'queued')`,
        )
        .bind(JSON.stringify(waiting), now, WAITING_REASON),
    );
  }
  if (failed.length) writes.push(markFailed(d1, failed, now));
  if (writes.length) await d1.batch(writes);
  batch.ackAll();
}
