// Account and business settings: the spec's fields plus the business's time
// zone and daily send time, which the rule scheduler works from.
import { and, eq, inArray } from "drizzle-orm";
import { schema, type Db } from "../../db";
import type { MessageKey } from "~/i18n";
import { bookingsChanged } from "./booking-events.server";
import { resolveCountry } from "./countries";
import { isValidTimeZone } from "~/utils/time-zone";
import type { AuthedUser } from "./auth/session.server";
import { LIMITS, normalizeEmail, SEND_TIME_PATTERN } from "./auth/validation";
import { RETENTION_DAYS } from "./retention";

export type Settings = {
  name: string; email: string; business_name: string; phone: string; city: string; country: string;
  agree_terms: boolean; agree_updates: boolean; timezone: string; send_time: string;
  /** Stored WhatsApp messages older than this are purged (retention.server.ts). */
  message_retention_days: number;
};

export type SettingsPatch = Partial<Settings>;

export function settingsOf(user: AuthedUser["user"], business: AuthedUser["business"]): Settings {
  return {
    name: user.name, email: user.email, business_name: business.name, phone: business.phone, city: business.city,
    country: business.country, agree_terms: business.agreeTerms, agree_updates: business.agreeUpdates,
    timezone: business.timeZone, send_time: business.sendTime, message_retention_days: business.messageRetentionDays,
  };
}

/** The fields that were sent, checked in the registration form's order and words. */
function problemIn(p: SettingsPatch, email: string): MessageKey | null {
  if (p.email !== undefined && normalizeEmail(p.email) !== email) return "settings.emailFixed";
  if (p.name !== undefined && !p.name.trim()) return "validate.name";
  if (p.business_name !== undefined && !p.business_name.trim()) return "validate.business";
  if (p.country !== undefined && !p.country.trim()) return "validate.country";
  if (p.country !== undefined && !resolveCountry(p.country)) return "validate.countryUnknown";
  if (p.phone !== undefined && !p.phone.trim()) return "validate.phone";
  if (p.phone !== undefined && !/^\d+$/.test(p.phone.trim())) return "validate.phoneDigits";
  if ((p.name ?? "").trim().length > LIMITS.name) return "validate.nameLong";
  if ((p.business_name ?? "").trim().length > LIMITS.business) return "validate.businessLong";
  if ((p.city ?? "").trim().length > LIMITS.city) return "validate.cityLong";
  if ((p.phone ?? "").trim().length > LIMITS.phone) return "validate.phoneLong";
  if (p.timezone !== undefined && (p.timezone.length > 100 || !isValidTimeZone(p.timezone.trim()))) return "validate.timezone";
  if (p.send_time !== undefined && !SEND_TIME_PATTERN.test(p.send_time.trim())) return "settings.badSendTime";
  const days = p.message_retention_days;
  if (days !== undefined && (!Number.isInteger(days) || days < RETENTION_DAYS.min || days > RETENTION_DAYS.max)) return "settings.badRetention";
  return null;
}

export type SettingsResult = { ok: true; settings: Settings } | { ok: false; key: MessageKey };

export async function updateSettings(env: Env, authed: AuthedUser, patch: SettingsPatch, now: number): Promise<SettingsResult> {
  const { db, user, business } = authed;
  const problem = problemIn(patch, user.email);
  if (problem) return { ok: false, key: problem };
  const trim = (v: string | undefined) => (v === undefined ? undefined : v.trim());
  const businessSet = {
    name: trim(patch.business_name), phone: trim(patch.phone), city: trim(patch.city),
    country: patch.country === undefined ? undefined : resolveCountry(patch.country)!,
    agreeTerms: patch.agree_terms, agreeUpdates: patch.agree_updates,
    timeZone: trim(patch.timezone), sendTime: trim(patch.send_time), messageRetentionDays: patch.message_retention_days,
  };
  const defined = Object.fromEntries(Object.entries(businessSet).filter(([, v]) => v !== undefined));
  const writes = [];
  if (patch.name !== undefined) writes.push(db.update(schema.users).set({ name: patch.name.trim() }).where(eq(schema.users.id, user.id)));
  if (Object.keys(defined).length) writes.push(db.update(schema.businesses).set(defined).where(eq(schema.businesses.id, business.id)));
  if (writes.length) await db.batch(writes as [(typeof writes)[number], ...typeof writes]);

  const next = { ...business, ...defined } as typeof business;
  // Pending rule messages were timed in the old zone or at the old hour.
  if (next.timeZone !== business.timeZone || next.sendTime !== business.sendTime) await retimePending(env, db, business.id, now);
  return { ok: true, settings: settingsOf({ ...user, name: patch.name?.trim() ?? user.name }, next) };
}

async function retimePending(env: Env, db: Db, businessId: string, now: number) {
  const m = schema.scheduledMessages;
  const rows = await db.selectDistinct({ id: m.bookingId }).from(m)
    .where(and(eq(m.businessId, businessId), inArray(m.status, ["scheduled", "queued"])));
  if (rows.length) await bookingsChanged(env, rows.map((r) => r.id), now);
}
