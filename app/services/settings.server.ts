// Account and business settings: the spec's fields plus the business's time
// zone and daily send time, which the rule scheduler works from.
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { schema, type Db } from "~db";
import type { SettingsPatch } from "~/validation/accounts";
import { bookingsChanged } from "./booking-events.server";
import type { AuthedUser } from "./auth/session.server";

export type Settings = {
  name: string;
  email: string;
  business_name: string;
  phone: string;
  city: string;
  country: string;
  agree_terms: boolean;
  agree_updates: boolean;
  timezone: string;
  send_time: string;
  /** Stored WhatsApp messages older than this are purged (retention.server.ts). */
  message_retention_days: number;
};

export function settingsOf(user: AuthedUser["user"], business: AuthedUser["business"]): Settings {
  return {
    name: user.name,
    email: user.email,
    business_name: business.name,
    phone: business.phone,
    city: business.city,
    country: business.country,
    agree_terms: business.agreeTerms,
    agree_updates: business.agreeUpdates,
    timezone: business.timeZone,
    send_time: business.sendTime,
    message_retention_days: business.messageRetentionDays,
  };
}

/** Saves the fields that were sent (checked by their schema, validation/accounts.ts) and answers the new settings. */
export async function updateSettings(
  env: Env,
  authed: AuthedUser,
  patch: SettingsPatch,
  now: number,
): Promise<Settings> {
  const { db, user, business } = authed;
  const businessSet = {
    name: patch.business_name,
    phone: patch.phone,
    city: patch.city,
    country: patch.country,
    agreeTerms: patch.agree_terms,
    agreeUpdates: patch.agree_updates,
    timeZone: patch.timezone,
    sendTime: patch.send_time,
    messageRetentionDays: patch.message_retention_days,
  };
  const defined = Object.fromEntries(Object.entries(businessSet).filter(([, v]) => v !== undefined));
  const writes = [];
  if (patch.name !== undefined)
    writes.push(db.update(schema.users).set({ name: patch.name }).where(eq(schema.users.id, user.id)));
  if (Object.keys(defined).length)
    writes.push(db.update(schema.businesses).set(defined).where(eq(schema.businesses.id, business.id)));
  if (writes.length) await db.batch(writes as [(typeof writes)[number], ...typeof writes]);

  const next = { ...business, ...defined } as typeof business;
  // Pending rule messages were timed in the old zone or at the old hour.
  if (next.timeZone !== business.timeZone || next.sendTime !== business.sendTime)
    await retimePending(env, db, business.id, now);
  return settingsOf({ ...user, name: patch.name ?? user.name }, next);
}

async function retimePending(env: Env, db: Db, businessId: string, now: number) {
  const m = schema.scheduledMessages;
  const rows = await db
    .selectDistinct({ id: m.bookingId })
    .from(m)
    .where(and(eq(m.businessId, businessId), inArray(m.status, ["scheduled", "queued"]), isNotNull(m.ruleId)));
  const ids = rows.flatMap((r) => (r.id ? [r.id] : []));
  if (ids.length) await bookingsChanged(env, ids, now);
}
