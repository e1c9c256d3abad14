// A client's own "stop" and "start", read like the 1/2 answers (replies/words.ts):
// the word alone or in a short message made only of it and a few filler words
// ("please stop", "stop messaging me", "הסירו אותי בבקשה"), never inside a
// longer sentence about something else ("I can't stop by tomorrow"). Pure:
// shared by the webhook, the list in docs/decisions/048-opt-out.md and the tests.
import type { MessageLang } from "../replies/words";

/** Single words that opt out. */
const STOP_WORDS = [
  "stop",
  "stopp",
  "unsubscribe",
  "optout",
  "הסר",
  "הסירו",
  "הסירי",
  "להסיר",
  "עצור",
  "עצרו",
  "עצרי",
  "די",
  "הפסק",
  "הפסיקו",
  "תפסיקו",
  "תפסיק",
] as const;

/** Phrases (after lower-casing, apostrophes dropped) that opt out. */
const STOP_PHRASES = [
  "opt out",
  "remove me",
  "dont message me",
  "do not message me",
  "dont text me",
  "do not text me",
  "no more messages",
  "leave me alone",
  "אל תשלחו לי",
  "אל תשלחו",
  "אל תשלח לי",
  "תורידו אותי",
  "לא לשלוח",
] as const;

/** Words that undo an opt-out. */
const START_WORDS = ["start", "unstop", "resume", "התחל", "התחילו", "התחילי", "חזרה", "חזור"] as const;

/** Words that may stand beside a stop or start word without making it a sentence about something else. */
const FILLER_WORDS = [
  "please",
  "pls",
  "plz",
  "me",
  "my",
  "now",
  "all",
  "again",
  "message",
  "messages",
  "messaging",
  "texts",
  "texting",
  "sending",
  "whatsapp",
  "thanks",
  "thank",
  "you",
  "from",
  "this",
  "number",
  "list",
  "it",
  "to",
  "the",
  "אותי",
  "בבקשה",
  "תודה",
  "כבר",
  "יותר",
  "לי",
  "הודעות",
  "את",
  "מהרשימה",
  "עכשיו",
  "שוב",
] as const;

/** Longer messages are conversation, as for the 1/2 answers. */
const MAX_OPT_WORDS = 6;

export type OptIntent = "stop" | "start" | null;

const stopSet = new Set<string>(STOP_WORDS);
const startSet = new Set<string>(START_WORDS);
const fillerSet = new Set<string>(FILLER_WORDS);
const MARK_STOP = "\u0001stop";

function words(body: string): string[] | null {
  let text = body.normalize("NFKC").toLowerCase().trim();
  if (!text || text.includes("?")) return null;
  text = text.replace(/['’`׳]/g, "");
  text = ` ${text
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" ")} `;
  for (const phrase of STOP_PHRASES) text = text.replaceAll(` ${phrase} `, ` ${MARK_STOP} `);
  const list = text.split(" ").filter(Boolean);
  return list.length === 0 || list.length > MAX_OPT_WORDS ? null : list;
}

/** "STOP", "please unsubscribe", "הסירו אותי" -> stop; "START", "התחל", "חזרה" -> start; anything else -> null. */
export function readOptWord(body: string): OptIntent {
  const list = words(body);
  if (!list) return null;
  const stops = list.filter((w) => w === MARK_STOP || stopSet.has(w)).length;
  const starts = list.filter((w) => startSet.has(w)).length;
  const others = list.length - stops - starts - list.filter((w) => fillerSet.has(w)).length;
  if (others > 0 || stops > 0 === starts > 0) return null;
  return stops > 0 ? "stop" : "start";
}

/** The one acknowledgement of an opt-out, in the business's message language. */
export const OPT_OUT_NOTICE: Record<MessageLang, string> = {
  en: "Done: you will get no more automatic messages from this number. To get them again, write START.",
  he: "בוצע: לא יישלחו אליך עוד הודעות אוטומטיות ממספר זה. כדי לקבל אותן שוב, כתבו START או התחל.",
};
