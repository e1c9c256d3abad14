// Who a slot is for: relatives, "me/you", and capitalised first names (English chats),
// so "cancel my mum's" or "Pepper's nails" can be tied to the right booking.
import { ENGLISH_ENDINGS } from "./lexicon/grammar";
import { HEBREW_YOU, NAME_FOLLOWERS, NOT_NAME_WORDS, PERSON_KINDS } from "./lexicon/people";
import { anyOf, normTok, type Token } from "./text";

export const PERSON_WORDS: Record<string, string> = {};
for (const [kind, words] of Object.entries(PERSON_KINDS)) for (const word of words) PERSON_WORDS[normTok(word)] = kind;

export const KID_PERSONS = new Set(["SON", "DAUGHTER", "CHILD"]);

/** Whose gender a person word tells ("your husband" -> a men's cut); SELF is told by Hebrew את/אתה. */
const MALE = new Set(["DAD", "SON", "HUSBAND", "BROTHER"]);
const FEMALE = new Set(["MOM", "DAUGHTER", "WIFE", "SISTER"]);
const SELF_FEMALE = new Set(HEBREW_YOU.female);
const SELF_MALE = new Set(HEBREW_YOU.male);
const GLUED_BEFORE_YOU = new RegExp(`^(?:${anyOf(HEBREW_YOU.gluedPrefixes)})+(?=${anyOf([...HEBREW_YOU.female, ...HEBREW_YOU.male])})`, "u");
const NOT_NAMES = new Set(NOT_NAME_WORDS);
const NAME_FOLLOWER_SET = new Set(NAME_FOLLOWERS);

export function genderOf(person: string, label: string | null): "M" | "F" | null {
  if (MALE.has(person)) return "M";
  if (FEMALE.has(person)) return "F";
  if (person !== "SELF" || !label) return null;
  const word = label.replace(GLUED_BEFORE_YOU, "");
  return SELF_FEMALE.has(word) ? "F" : SELF_MALE.has(word) ? "M" : null;
}

/** A capitalised Latin token that is probably someone's first name ("Max", "Eli"). */
export function isNameToken(tk: Token, next: Token | undefined, sentStart: boolean): boolean {
  const raw = tk.raw.endsWith(ENGLISH_ENDINGS.possessive) ? tk.raw.slice(0, -ENGLISH_ENDINGS.possessive.length) : tk.raw;
  if (!/^[A-Z][a-z]{2,}$/.test(raw) || NOT_NAMES.has(tk.t) || NOT_NAMES.has(raw.toLowerCase())) return false;
  if (!sentStart) return true;
  return !!next && NAME_FOLLOWER_SET.has(next.raw.toLowerCase());
}
