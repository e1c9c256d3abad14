// The phrases the Workers AI model copies out of a chat ("next week Thursday",
// "5pm", "מחרתיים") read with the offline extractor's scanners and anchored by
// the calendar code. Kept apart from calendar.ts so that the calendar does not
// import the scanners that produce its date specs.
import { isRealDate } from "~/utils/dates";
import { localDate } from "~/utils/time-zone";
import { resolveDateSpec, type LocalDate } from "./calendar";
import { scanDates } from "./offline/dates";
import { pickTime, scanTimes } from "./offline/times";

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;
const pad = (n: number) => String(n).padStart(2, "0");

/**
 * Resolves a date phrase ("tomorrow", "next week Thursday", "12/3", "March 12th",
 * "מחרתיים", "20 декабря") against the local date of the message instant.
 */
export function resolveDatePhrase(phrase: string, messageInstantMs: number, timeZone: string): LocalDate | null {
  const iso = ISO_DATE.exec(phrase);
  if (iso && isRealDate(iso[0])) return iso[0];
  const base = localDate(messageInstantMs, timeZone);
  for (const mention of scanDates(phrase)) {
    const resolved = resolveDateSpec(mention.spec, base, timeZone);
    if (resolved) return resolved;
  }
  return null;
}

/** Resolves a time phrase ("5pm", "17:00", "ב-10 בבוקר", "6 المسا", "15:30 Uhr") to HH:MM. */
export function resolveTimePhrase(phrase: string): string | null {
  const time = pickTime(scanTimes(phrase, { loose: true }));
  return time ? `${pad(time.hour)}:${pad(time.minute)}` : null;
}
