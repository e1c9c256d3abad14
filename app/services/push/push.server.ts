// Web Push for the owner's phones: the VAPID configuration, the stored
// subscriptions (one row per browser, in the language it subscribed in), and
// sending to them. A dead subscription (404/410 from its push service) is
// deleted; other failures are logged. Every query is scoped to one business.
import { and, count, eq } from "drizzle-orm";
import { schema, type Db } from "~db";
import { sendPush, type PushTarget, type VapidKeys } from "~/providers/push/web-push.server";
import { configIsDevelopment, isLocalHost } from "~/security/config.server";
import type { Lang } from "~/i18n";
import { AppError } from "~/utils/problem";
import type { PushSubscriptionValue } from "~/validation/push";

const { pushSubscriptions } = schema;

export type PushRow = typeof pushSubscriptions.$inferSelect;
export type PushPayload = { title: string; body: string; url: string; tag: string };

/** About a day: a request still unread by then is stale. */
const PUSH_TTL_SECONDS = 24 * 3600 - 60;

/** The VAPID keys, or null when push is not configured (then nothing is sent and the switch says so). */
export function pushConfig(env: Env): VapidKeys | null {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  const subject = env.VAPID_SUBJECT?.trim();
  if (!publicKey || !privateKey || !subject || !/^(mailto:|https:)/.test(subject)) return null;
  return { publicKey, privateKey, subject };
}

/** Each send gives up after this long: a push service that never answers must not hold the sender. */
export const PUSH_TIMEOUT_MS = 10_000;
/** Devices (browsers) that get a business's notifications. */
export const MAX_SUBSCRIPTIONS = 10;

/**
 * The push services browsers subscribe with: Chrome and Android (FCM), Firefox
 * (Mozilla), Safari (Apple) and Edge (Windows). A host is allowed when it is
 * one of these or under one of them; nothing else is ever fetched.
 */
const PUSH_SERVICES = [
  { host: "fcm.googleapis.com", name: "google" },
  { host: "android.googleapis.com", name: "google" },
  { host: "push.services.mozilla.com", name: "mozilla" },
  { host: "push.apple.com", name: "apple" },
  { host: "notify.windows.com", name: "windows" },
] as const;
export type PushService = (typeof PUSH_SERVICES)[number]["name"] | "local";

/**
 * Which push service an endpoint belongs to, or null when it is not allowed:
 * https on the default port at one of the push services. The override: while
 * the deploy itself is local (APP_URL on localhost, the tests), an endpoint
 * on this machine (the tests' local push endpoint) is allowed, http included.
 */
export function pushServiceOf(env: Env, endpoint: string): PushService | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (configIsDevelopment(env) && isLocalHost(url.hostname) && (url.protocol === "http:" || url.protocol === "https:"))
    return "local";
  if (url.protocol !== "https:" || url.port) return null;
  const host = url.hostname.toLowerCase();
  return PUSH_SERVICES.find((s) => host === s.host || host.endsWith(`.${s.host}`))?.name ?? null;
}

function endpointAllowed(env: Env, endpoint: string): boolean {
  return pushServiceOf(env, endpoint) !== null;
}

function requireConfig(env: Env): VapidKeys {
  const keys = pushConfig(env);
  if (!keys) throw new AppError(409, "push.err.notConfigured");
  return keys;
}

/**
 * Stores this browser's subscription for the business. The endpoint is the
 * browser's own: subscribing again updates it. An endpoint another business
 * holds is never moved (it would end that owner's notifications): the other
 * account turns it off first. A business gets at most MAX_SUBSCRIPTIONS.
 */
export async function saveSubscription(
  db: Db,
  env: Env,
  businessId: string,
  sub: PushSubscriptionValue,
  now: number,
  sessionHash: string | null = null,
): Promise<void> {
  requireConfig(env);
  if (!endpointAllowed(env, sub.endpoint)) throw new AppError(400, "push.err.endpoint");
  const [held] = await db
    .select({ businessId: pushSubscriptions.businessId })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, sub.endpoint));
  if (held && held.businessId !== businessId) throw new AppError(409, "access.push.elsewhere");
  if (!held) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.businessId, businessId));
    if (n >= MAX_SUBSCRIPTIONS) throw new AppError(409, "access.push.tooMany", { max: MAX_SUBSCRIPTIONS });
  }
  await db
    .insert(pushSubscriptions)
    .values({
      id: crypto.randomUUID(),
      businessId,
      endpoint: sub.endpoint,
      p256dh: sub.p256dh,
      auth: sub.auth,
      lang: sub.lang,
      sessionHash,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { p256dh: sub.p256dh, auth: sub.auth, lang: sub.lang, sessionHash, createdAt: now },
      // Only the business's own row: a row another business took meanwhile stays where it is.
      setWhere: eq(pushSubscriptions.businessId, businessId),
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

/** Removes one of the business's devices by its row id (Settings' device list). Answers whether one was removed. */
export async function removeDevice(db: Db, businessId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.businessId, businessId), eq(pushSubscriptions.id, id)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}

export type PushDevice = { id: string; service: PushService | "other"; endpoint: string; since: number };

/** The devices that get the business's notifications, oldest first, for Settings. */
export async function devicesOf(db: Db, env: Env, businessId: string): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.businessId, businessId))
    .orderBy(pushSubscriptions.createdAt);
  return rows.map((r) => ({
    id: r.id,
    service: pushServiceOf(env, r.endpoint) ?? "other",
    endpoint: r.endpoint,
    since: r.createdAt,
  }));
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
    const { status, text } = await sendPush(target, payload, keys, {
      ttl: PUSH_TTL_SECONDS,
      urgency: "high",
      timeoutMs: PUSH_TIMEOUT_MS,
    });
    if (status === 404 || status === 410) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, row.id), eq(pushSubscriptions.businessId, row.businessId)));
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
export async function sendTestNotification(
  db: Db,
  env: Env,
  businessId: string,
  endpoint: string,
  text: (lang: Lang) => PushPayload,
): Promise<void> {
  const keys = requireConfig(env);
  const [row] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.businessId, businessId), eq(pushSubscriptions.endpoint, endpoint)));
  if (!row) throw new AppError(404, "push.err.notSubscribed");
  const status = await pushTo(db, env, keys, row, text(row.lang));
  if (status === 404 || status === 410) throw new AppError(404, "push.err.notSubscribed");
  // Delivered or not, nothing more: what a push service answered is not the owner's to read.
  if (status < 200 || status >= 300) throw new AppError(409, "push.err.testFailed");
}

/** The business's "Booking proposals" switch. */
export async function setProposalsEnabled(db: Db, businessId: string, enabled: boolean): Promise<void> {
  await db.update(schema.businesses).set({ proposalsEnabled: enabled }).where(eq(schema.businesses.id, businessId));
}
