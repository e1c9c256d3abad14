// Web Push for the owner's phones: the VAPID configuration, the stored
// subscriptions (one row per browser, in the language it subscribed in), and
// sending to them. A dead subscription (404/410 from its push service) is
// deleted; other failures are logged. Every query is scoped to one business.
import { and, eq } from "drizzle-orm";
import { schema, type Db } from "../../../db";
import { sendPush, type PushTarget, type VapidKeys } from "~/providers/push/web-push.server";
import { configIsDevelopment } from "~/security/config.server";
import type { Lang } from "~/i18n";
import { AppError } from "~/utils/problem";
import type { PushSubscriptionValue } from "~/validation/push";

const { pushSubscriptions } = schema;

export type PushRow = typeof pushSubscriptions.$inferSelect;
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** About a day: a request still unread by then is stale. */
export const PUSH_TTL_SECONDS = 24 * 3600 - 60;

/** The VAPID keys, or null when push is not configured (then nothing is sent and the switch says so). */
export function pushConfig(env: Env): VapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  const subject = env.VAPID_SUBJECT?.trim();
  if (!publicKey || !privateKey || !subject || !/^(mailto:|https:)/.test(subject)) return null;
  return { publicKey, privateKey, subject };
}

/**
 * Push endpoints are https, so the Worker cannot be pointed at any host's
 * plain-http service; http only when the deploy itself is local (the tests'
 * local push endpoint).
 */
export function endpointAllowed(env: Env, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && configIsDevelopment(env);
}

function requireConfig(env: Env): VapidKeys {
  const keys = pushConfig(env);
  if (!keys) throw new AppError(409, "push.err.notConfigured");
  return keys;
}

/**
 * Stores this browser's subscription for the business. The endpoint is the
 * browser's own: subscribing again updates it, and a browser now signed in to
 * another business moves to that business.
 */
export async function saveSubscription(db: Db, env: Env, businessId: string, sub: PushSubscriptionValue, now: number): Promise<void> {
  requireConfig(env);
  if (!endpointAllowed(env, sub.endpoint)) throw new AppError(400, "push.err.endpoint");
  await db
    .insert(pushSubscriptions)
    .values({ id: crypto.randomUUID(), businessId, endpoint: sub.endpoint, p256dh: sub.p256dh, auth: sub.auth, lang: sub.lang, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { businessId, p256dh: sub.p256dh, auth: sub.auth, lang: sub.lang, createdAt: now },
    });
}

/** Forgets this browser's subscription; only the business's own row is touched. Answers whether one was deleted. */
export async function deleteSubscription(db: Db, businessId: string, endpoint: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.businessId, businessId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export function subscriptionsOf(db: Db, businessId: string): Promise<PushRow[]> {
  return db.select().from(pushSubscriptions).where(eq(pushSubscriptions.businessId, businessId));
}

/** Sends one notification to one subscription; a dead one is deleted. Answers the push service's status (0: no answer). */
export async function pushTo(db: Db, env: Env, keys: VapidKeys, row: PushRow, payload: PushPayload): Promise<number> {
  if (!endpointAllowed(env, row.endpoint)) {
    console.warn(`push: endpoint not allowed, subscription ${row.id} skipped`);
    return 0;
  }
  const target: PushTarget = { endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth };
  try {
    const { status, text } = await sendPush(target, payload, keys, { ttl: PUSH_TTL_SECONDS, urgency: "high" });
    if (status === 404 || status === 410) {
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.businessId, row.businessId)));
    } else if (status < 200 || status >= 300) {
      console.warn(`push: subscription ${row.id} answered ${status}: ${text}`);
    }
    return status;
  } catch (error) {
    console.warn(`push: subscription ${row.id} failed: ${error instanceof Error ? error.message : String(error)}`);
    return 0;
  }
}

/** "Send a test notification": to this browser's subscription of this business, in its language. */
export async function sendTestNotification(db: Db, env: Env, businessId: string, endpoint: string, text: (lang: Lang) => PushPayload): Promise<void> {
  const keys = requireConfig(env);
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.businessId, businessId), eq(pushSubscriptions.endpoint, endpoint)));
  if (!row) throw new AppError(404, "push.err.notSubscribed");
  const status = await pushTo(db, env, keys, row, text(row.lang));
  if (status === 404 || status === 410) throw new AppError(404, "push.err.notSubscribed");
  if (status < 200 || status >= 300) throw new AppError(409, "push.err.testFailed", { status: status || "-" });
}

/** The business's "Booking proposals" switch. */
export async function setProposalsEnabled(db: Db, businessId: string, enabled: boolean): Promise<void> {
  await db.update(schema.businesses).set({ proposalsEnabled: enabled }).where(eq(schema.businesses.id, businessId));
}
