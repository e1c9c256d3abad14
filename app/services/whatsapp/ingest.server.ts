// Webhook events from the gateway: verified, mapped to their business, and
// stored once (duplicates and concurrent replays are absorbed by unique keys).
import { z } from "zod";
import { verifyWebhookSignature } from "~/providers/whatsapp/webhook-signature";
import { webhookKeyFor } from "./webhook-key.server";
import { businessSession } from "./session.server";
import { storedReason } from "../rules/reasons";
import { recordAck } from "../safety/health.server";
import { keyIdOf, MessagePayload, takeMessage, type Defer } from "./messages.server";
import {
  EditedPayload,
  likeEscape,
  ReactionPayload,
  RevokedPayload,
  takeEdit,
  takeReaction,
  takeRevoke,
} from "./addons.server";

const MAX_AGE_MS = 5 * 60 * 1000;

const Envelope = z.object({
  event: z.string(),
  session: z.string().min(1).max(200),
  timestamp: z.number().optional(),
  me: z.object({ id: z.string(), pushName: z.string().optional() }).nullish(),
  payload: z.unknown(),
});

/** message.ack: ack -1 (ERROR) means WhatsApp refused a message the gateway had accepted. */
const AckPayload = z
  .object({
    id: z.string().min(1).max(300),
    fromMe: z.boolean().optional(),
    ack: z.number(),
    error: z
      .object({ code: z.coerce.number().optional(), reason: z.string().max(200).optional() })
      .passthrough()
      .nullish(),
    _data: z
      .object({
        update: z
          .object({ messageStubParameters: z.array(z.unknown()).nullish() })
          .passthrough()
          .nullish(),
      })
      .passthrough()
      .nullish(),
  })
  .passthrough();

const StatusPayload = z.object({ status: z.string().max(64) });

const ACK_ERROR = -1;

/** The events whose payload is checked; any other event is ignored. */
export type KnownEvent =
  "session.status" | "message.any" | "message.reaction" | "message.edited" | "message.revoked" | "message.ack";

/**
 * What became of an event, for the route to answer in HTTP: taken (with what
 * taking it did), ignored (a session or event not ours), or refused (not
 * JSON, not an event, a payload its event does not accept, a bad signature or
 * a stale event). A body over the webhook's limit never gets here: the
 * request guard answers it 413 (security/guard.server.ts).
 */
export type WebhookOutcome =
  | { kind: "accepted"; event: KnownEvent; result: Record<string, unknown> }
  | { kind: "ignored"; reason: "unknown-session" }
  | { kind: "ignored"; reason: "unknown-event"; event: string }
  | { kind: "unauthorized"; reason: "signature" | "stale" }
  | { kind: "malformed"; reason: "json" | "envelope" }
  | { kind: "malformed"; reason: "payload"; event: KnownEvent };

export type { Defer };

export async function ingestWebhook(
  env: Env,
  raw: string,
  signature: string | null,
  now: number,
  defer: Defer = () => {},
): Promise<WebhookOutcome> {
  let parsedJson: unknown;
  try {
    parsedJson = JSON.parse(raw);
  } catch {
    return { kind: "malformed", reason: "json" };
  }
  const envelope = Envelope.safeParse(parsedJson);
  if (!envelope.success) return { kind: "malformed", reason: "envelope" };
  const { session: businessId, event } = envelope.data;

  // The signature covers the raw bytes; nothing is trusted before it checks out.
  const key = await webhookKeyFor(env, businessId);
  if (!signature || !(await verifyWebhookSignature(raw, key, signature))) {
    return { kind: "unauthorized", reason: "signature" };
  }
  const sentAt = envelope.data.timestamp;
  if (typeof sentAt !== "number" || Math.abs(now - sentAt) > MAX_AGE_MS) {
    return { kind: "unauthorized", reason: "stale" };
  }
  const business = await env.DB.prepare("SELECT id, proposals_enabled FROM businesses WHERE id = ?")
    .bind(businessId)
    .first<{ proposals_enabled: number }>();
  if (!business) return { kind: "ignored", reason: "unknown-session" };

  const malformed = (e: KnownEvent): WebhookOutcome => ({ kind: "malformed", reason: "payload", event: e });
  const accepted = (e: KnownEvent, result: Record<string, unknown> = {}): WebhookOutcome => ({
    kind: "accepted",
    event: e,
    result,
  });
  if (event === "session.status") {
    const payload = StatusPayload.safeParse(envelope.data.payload);
    if (!payload.success) return malformed(event);
    const me = envelope.data.me ? { id: envelope.data.me.id, pushName: envelope.data.me.pushName } : null;
    await businessSession(env, businessId).onStatusEvent(businessId, payload.data.status, me);
    return accepted(event);
  }
  const proposals = business.proposals_enabled === 1;
  if (event === "message.any") {
    const payload = MessagePayload.safeParse(envelope.data.payload);
    if (!payload.success) return malformed(event);
    // Stored once; acted on once (a stored message not yet acted on is taken again by a retry or the backstop).
    const taken = await takeMessage(env, businessId, payload.data, now, defer, proposals);
    return accepted(event, { stored: taken.stored });
  }
  if (event === "message.reaction") {
    const payload = ReactionPayload.safeParse(envelope.data.payload);
    if (!payload.success) return malformed(event);
    const outcome = await takeReaction(env, businessId, payload.data, now, defer);
    return accepted(event, { handled: outcome.handled });
  }
  if (event === "message.edited") {
    const payload = EditedPayload.safeParse(envelope.data.payload);
    if (!payload.success) return malformed(event);
    return accepted(event, { edit: await takeEdit(env, businessId, payload.data, now, defer, proposals) });
  }
  if (event === "message.revoked") {
    const payload = RevokedPayload.safeParse(envelope.data.payload);
    if (!payload.success) return malformed(event);
    return accepted(event, { revoke: await takeRevoke(env, businessId, payload.data, now) });
  }
  if (event === "message.ack") {
    const payload = AckPayload.safeParse(envelope.data.payload);
    if (!payload.success) return malformed(event);
    const failed =
      payload.data.ack === ACK_ERROR ? await failRefusedMessage(env.DB, businessId, payload.data, now) : false;
    await recordAck(env.DB, businessId, payload.data.id, payload.data.ack);
    return accepted(event, { failed });
  }
  return { kind: "ignored", reason: "unknown-event", event };
}

/** WhatsApp's error code on an ERROR ack: `error.code`, or Baileys' stub parameter. */
function ackErrorCode(p: z.infer<typeof AckPayload>): number | null {
  const code = p.error?.code ?? Number(p._data?.update?.messageStubParameters?.[0]);
  return Number.isFinite(code) && code ? code : null;
}

/** The owner-facing reason (stored as a key) for a message WhatsApp refused after accepting it. */
function refusedReason(code: number | null): string {
  if (code === 463) return storedReason("rules.reason.restricted");
  return code ? storedReason("rules.reason.refusedCode", { code }) : storedReason("rules.reason.refused");
}

/**
 * An ERROR ack turns the Sent reminder or follow-up it is about into Failed,
 * with the reason. The ack may name the chat by its @c.us or its @lid form:
 * the message's key id is the same in both.
 */
async function failRefusedMessage(d1: D1Database, businessId: string, p: z.infer<typeof AckPayload>, now: number) {
  const res = await d1
    .prepare(
      `UPDATE scheduled_messages SET status = 'failed', last_error = ?3, updated_at = ?4
       WHERE business_id = ?1 AND status = 'sent' AND (provider_message_id = ?2 OR provider_message_id LIKE ?5 ESCAPE '\\')`,
    )
    .bind(businessId, p.id, refusedReason(ackErrorCode(p)), now, `true\\_%\\_${likeEscape(keyIdOf(p.id))}`)
    .run();
  return (res.meta.changes ?? 0) > 0;
}
