// Who a slot is for: relatives, "me/you", and capitalised first names (English chats),
// so "cancel my mum's" or "Pepper's nails" can be tied to the right booking.
import { normTok, type Token } from "./text";

const GROUPS: Record<string, string[]> = {
  MOM: ["mom", "mum", "mother", "mama", "mommy", "mummy", "אמא", "אמך", "мама", "маму", "маме", "ماما", "امي", "mutter"],
  DAD: ["dad", "father", "papa", "daddy", "אבא", "папа", "بابا", "ابوي", "vater"],
  SON: ["son", "lad", "הבן", "בני", "בנך", "сын", "сына", "сыну", "ابني", "sohn"],
  DAUGHTER: ["daughter", "הבת", "בתי", "בתך", "дочь", "дочка", "дочке", "дочки", "дочку", "بنتي", "tochter"],
  CHILD: ["הקטנה", "הקטן", "הילדים", "הבנים", "הבנות", "boys", "girls", "kid", "child", "ребенок", "ребёнок", "kind"],
  HUSBAND: ["husband", "hubby", "בעלי", "בעלך", "בעלה", "муж", "мужа", "мужу", "زوجي"],
  WIFE: ["wife", "אשתי", "אשתך", "жена", "жену", "زوجتي"],
  SISTER: ["sister", "אחותי", "אחותך", "сестра", "сестру", "اختي", "schwester"],
  BROTHER: ["brother", "брат", "брата", "اخوي", "bruder"],
  FRIEND: ["friend", "חברה", "подруга", "подруги", "подругу", "друг", "صاحبتي", "صاحبي", "freundin", "freund"],
  SELF: ["me", "myself", "you", "לי", "אני", "אתה", "мне", "меня", "вам", "вас", "я", "انا", "الك", "ich", "mich", "mir"],
};

export const PERSON_WORDS: Record<string, string> = {};
for (const [k, ws] of Object.entries(GROUPS)) for (const w of ws) PERSON_WORDS[normTok(w)] = k;

export const KID_PERSONS = new Set(["SON", "DAUGHTER", "CHILD"]);

/** Whose gender a person word tells ("your husband" -> a men's cut); SELF is told by Hebrew את/אתה. */
const MALE = new Set(["DAD", "SON", "HUSBAND", "BROTHER"]);
const FEMALE = new Set(["MOM", "DAUGHTER", "WIFE", "SISTER"]);
const SELF_FEMALE = new Set(["את"]);
const SELF_MALE = new Set(["אתה"]);

export function genderOf(person: string, label: string | null): "M" | "F" | null {
  if (MALE.has(person)) return "M";
  if (FEMALE.has(person)) return "F";
  if (person !== "SELF" || !label) return null;
  const word = label.replace(/^[ובל]+(?=את)/u, "");
  return SELF_FEMALE.has(word) ? "F" : SELF_MALE.has(word) ? "M" : null;
}

// Capitalised words that start sentences or are common in chats but are not names.
const NOT_NAMES = new Set(
  ("hi hey hello thanks thank yes yep yeah no nope ok okay sure perfect great booked done sorry morning evening " +
    "afternoon dear love please the this that these those see can could would will just also any still and but " +
    "what when where which who how why is are was were do does did have has had i i'm it's its we we're you're " +
    "they my your our their his her him she he it there here then so if or not all both one two three " +
    "amazing lovely brilliant awesome cool nice good bad happy merry new next last first tomorrow today tonight " +
    "confirmed confirming reminder booking appointment session sat sun mon tue wed thu fri dr mr mrs ms miss sir " +
    "bro mate wow oh ah haha lol omg yay aww hope cheers bye ciao shalom super danke hallo guten gute " +
    "jan feb mar apr jun jul aug sep sept oct nov dec insta instagram google whatsapp facebook zoom " +
    "monday tuesday wednesday thursday friday saturday sunday january february march april may june july " +
    "august september october november december let i'll i've i'd we'll don't can't won't unfortunately " +
    "quick question also actually maybe only same free busy closed open available").split(" "),
);

/** A capitalised Latin token that is probably someone's first name ("Max", "Eli"). */
export function isNameToken(tk: Token, next: Token | undefined, sentStart: boolean): boolean {
  const raw = tk.raw.replace(/'s$/, "");
  if (!/^[A-Z][a-z]{2,}$/.test(raw) || NOT_NAMES.has(tk.t) || NOT_NAMES.has(raw.toLowerCase())) return false;
  if (!sentStart) return true;
  return !!next && /^(at|and|needs|is|'s|s|will|wants|would|can|for|has)$/i.test(next.raw);
}
