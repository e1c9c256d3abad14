// The texts the product writes to clients itself (the confirmation line and
// the acknowledgements), and how a client's answer to a confirmation request
// is read. Pure: shared by delivery, the webhook, the wizard's preview and tests.
import type { Lang } from "~/i18n/define";

export type MessageLang = Lang;

/** Appended (after a blank line) to a message whose rule asks the client to confirm. */
export const CONFIRMATION_LINE: Record<MessageLang, string> = {
  en: "Reply 1 to confirm or 2 to cancel.",
  he: "השיבו 1 לאישור או 2 לביטול.",
};

export function withConfirmationLine(text: string, ask: boolean, lang: MessageLang): string {
  return ask ? `${text}\n\n${CONFIRMATION_LINE[lang]}` : text;
}

export type ReplyIntent = "confirm" | "cancel" | "unclear";

/** The acknowledgement the client gets: "Thank you! Your Haircut on 25/11 at 10:00 is confirmed." */
export function acknowledgement(
  lang: MessageLang,
  action: "confirmed" | "cancelled",
  b: { service: string; date: string; time: string },
): string {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(b.date);
  const day = m ? `${m[2]}/${m[1]}` : b.date;
  const time = b.time.slice(0, 5);
  if (lang === "he") {
    return `תודה! התור שלך ל${b.service} ב-${day} בשעה ${time} ${action === "confirmed" ? "אושר" : "בוטל"}.`;
  }
  return `Thank you! Your ${b.service} on ${day} at ${time} is ${action}.`;
}

/** Words (after lower-casing and dropping punctuation) that confirm. */
const CONFIRM_WORDS = [
  "1",
  "yes",
  "y",
  "yeah",
  "yep",
  "yup",
  "sure",
  "confirm",
  "confirmed",
  "confirming",
  "ok",
  "okay",
  "k",
  "fine",
  "perfect",
  "great",
  "👍",
  "✅",
  "👌",
  "כן",
  "מאשר",
  "מאשרת",
  "מאשרים",
  "מאושר",
  "אישור",
  "אשר",
  "בסדר",
  "סגור",
  "אוקיי",
  "אוקי",
  "בטח",
  "מגיע",
  "מגיעה",
] as const;

/** Words that cancel. */
const CANCEL_WORDS = [
  "2",
  "no",
  "nope",
  "cancel",
  "cancelled",
  "canceled",
  "cancelling",
  "canceling",
  "cant",
  "👎",
  "❌",
  "לא",
  "בטל",
  "בטלי",
  "בטלו",
  "ביטול",
  "לבטל",
  "מבטל",
  "מבטלת",
  "מבטלים",
] as const;

/** Phrases that contain a cancel word but agree. */
const AGREEING_PHRASES = [/\bno problem\b/g, /\bno worries\b/g, /אין בעיה/g, /לא בעיה/g];

/** Phrases that contain a cancel word but cancel nothing ("Can't wait!", "can't wait to see you"): read as if absent. */
const NEUTRAL_PHRASES = [/\bcan(?:['’`]?t| ?not) wait\b/g];

/** Longer messages are conversation, not an answer: the owner reads them. */
const MAX_ANSWER_WORDS = 6;

const confirmSet = new Set<string>(CONFIRM_WORDS);
const cancelSet = new Set<string>(CANCEL_WORDS);

/**
 * "1", "yes", "ok", a thumbs-up, "כן", "מאשרת"... confirm; "2", "no",
 * "cancel please", "לא", "ביטול"... cancel. A number counts only on its own
 * ("make it 2pm" is not an answer); a question, a long message, or one with
 * both kinds of word is unclear.
 */
export function readReply(body: string): ReplyIntent {
  let text = body.normalize("NFKC").toLowerCase().trim();
  if (!text || text.includes("?")) return "unclear";
  // Skin tones and variation selectors do not change a thumbs-up.
  text = text.replace(/\p{Emoji_Modifier}|\uFE0F|\u200D/gu, "");
  for (const phrase of AGREEING_PHRASES) text = text.replace(phrase, " ok ");
  for (const phrase of NEUTRAL_PHRASES) text = text.replace(phrase, " ");
  text = text.replace(/['’`׳]/g, "");
  text = text.replace(/(\p{Extended_Pictographic})/gu, " $1 ");
  const words = text.split(/[^\p{L}\p{N}\p{Extended_Pictographic}]+/u).filter(Boolean);
  if (words.length === 0 || words.length > MAX_ANSWER_WORDS) return "unclear";
  if (words.length === 1 && (words[0] === "1" || words[0] === "2")) return words[0] === "1" ? "confirm" : "cancel";
  const confirms = words.some((w) => w !== "1" && confirmSet.has(w));
  const cancels = words.some((w) => w !== "2" && cancelSet.has(w));
  if (confirms === cancels) return "unclear";
  return confirms ? "confirm" : "cancel";
}
