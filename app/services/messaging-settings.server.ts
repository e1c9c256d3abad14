// Settings for the WhatsApp messages the product sends: the language of its
// own texts (the confirmation line, acknowledgements), the pause between two
// messages of the number, and quiet hours. Kept apart from the profile
// settings: the Settings screen and /api/settings add these fields.
import type { MessagingPatch } from "~/validation/accounts";
import { DEFAULT_QUIET } from "./quiet-hours";

export type MessagingSettings = {
  message_language: "en" | "he";
  pause_between_messages: number;
  quiet_hours_start: string;
  quiet_hours_end: string;
};

type BusinessRow = { id: string; messageLang: "en" | "he"; pauseSeconds: number; quietStart: string; quietEnd: string };

export function messagingOf(business: BusinessRow): MessagingSettings {
  return {
    message_language: business.messageLang === "he" ? "he" : "en",
    pause_between_messages: business.pauseSeconds,
    quiet_hours_start: business.quietStart || DEFAULT_QUIET.start,
    quiet_hours_end: business.quietEnd || DEFAULT_QUIET.end,
  };
}

/** Saves the fields that were sent (checked by their schema, validation/accounts.ts) and answers the new settings. */
export async function updateMessagingSettings(
  d1: D1Database,
  business: BusinessRow,
  p: MessagingPatch,
): Promise<MessagingSettings> {
  const set: Partial<Omit<BusinessRow, "id">> = {};
  if (p.message_language !== undefined) set.messageLang = p.message_language;
  if (p.pause_between_messages !== undefined) set.pauseSeconds = p.pause_between_messages;
  if (p.quiet_hours_start !== undefined) set.quietStart = p.quiet_hours_start;
  if (p.quiet_hours_end !== undefined) set.quietEnd = p.quiet_hours_end;
  const next = { ...business, ...set };
  if (Object.keys(set).length) {
    await d1
      .prepare(
        `UPDATE businesses SET message_lang = ?2, pause_seconds = ?3, quiet_start = ?4, quiet_end = ?5 WHERE id = ?1`,
      )
      .bind(business.id, next.messageLang, next.pauseSeconds, next.quietStart, next.quietEnd)
      .run();
  }
  return messagingOf(next);
}
