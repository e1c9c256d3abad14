// Settings for the WhatsApp messages the product sends: the language of its
// own texts (the confirmation line, acknowledgements), the pause between two
// messages of the number, and quiet hours. Kept apart from the profile
// settings: the Settings screen and /api/settings add these fields.
import { z } from "zod";
import type { MessageKey } from "~/i18n";
import { DEFAULT_QUIET } from "./quiet-hours";

export const PAUSE_MIN_SECONDS = 3;
export const PAUSE_MAX_SECONDS = 60;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export type MessagingSettings = {
  message_language: "en" | "he";
  pause_between_messages: number;
  quiet_hours_start: string;
  quiet_hours_end: string;
};

type BusinessRow = { id: string; messageLang: "en" | "he"; sendGapSeconds: number; quietStart: string; quietEnd: string };

export function messagingOf(business: BusinessRow): MessagingSettings {
  return {
    message_language: business.messageLang === "he" ? "he" : "en",
    pause_between_messages: business.sendGapSeconds,
    quiet_hours_start: business.quietStart || DEFAULT_QUIET.start,
    quiet_hours_end: business.quietEnd || DEFAULT_QUIET.end,
  };
}

/** The fields of a PATCH /api/settings body this module owns (any subset). */
export const MessagingPatchFields = {
  message_language: z.string().max(10).optional(),
  pause_between_messages: z.union([z.number(), z.string().max(10)]).optional(),
  quiet_hours_start: z.string().max(10).optional(),
  quiet_hours_end: z.string().max(10).optional(),
};
export type MessagingPatch = { message_language?: string; pause_between_messages?: number | string; quiet_hours_start?: string; quiet_hours_end?: string };

type Checked = { ok: true; set: Partial<Omit<BusinessRow, "id">> } | { ok: false; key: MessageKey };

export function checkMessagingPatch(p: MessagingPatch): Checked {
  const set: Partial<Omit<BusinessRow, "id">> = {};
  if (p.message_language !== undefined) {
    const lang = p.message_language.trim();
    if (lang !== "en" && lang !== "he") return { ok: false, key: "messaging.err.language" };
    set.messageLang = lang;
  }
  if (p.pause_between_messages !== undefined) {
    const raw = typeof p.pause_between_messages === "number" ? p.pause_between_messages : p.pause_between_messages.trim();
    const n = typeof raw === "number" ? raw : raw === "" ? NaN : Number(raw);
    if (!Number.isInteger(n) || n < PAUSE_MIN_SECONDS || n > PAUSE_MAX_SECONDS) return { ok: false, key: "messaging.err.pause" };
    set.sendGapSeconds = n;
  }
  for (const [field, column] of [["quiet_hours_start", "quietStart"], ["quiet_hours_end", "quietEnd"]] as const) {
    const v = p[field];
    if (v === undefined) continue;
    if (!HHMM.test(v.trim())) return { ok: false, key: "messaging.err.quiet" };
    set[column] = v.trim();
  }
  return { ok: true, set };
}

export async function updateMessagingSettings(d1: D1Database, business: BusinessRow, p: MessagingPatch, { dryRun = false } = {}):
  Promise<{ ok: true; settings: MessagingSettings } | { ok: false; key: MessageKey }> {
  const checked = checkMessagingPatch(p);
  if (!checked.ok) return checked;
  const next = { ...business, ...checked.set };
  if (!dryRun && Object.keys(checked.set).length) {
    await d1
      .prepare(`UPDATE businesses SET message_lang = ?2, send_gap_seconds = ?3, quiet_start = ?4, quiet_end = ?5 WHERE id = ?1`)
      .bind(business.id, next.messageLang, next.sendGapSeconds, next.quietStart, next.quietEnd)
      .run();
  }
  return { ok: true, settings: messagingOf(next) };
}
