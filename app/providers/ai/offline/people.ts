// Who a slot is for: relatives, "me/you", and capitalised first names (English chats),
// so "cancel my mum's" or "Pepper's nails" can be tied to the right booking.
import { ENGLISH_ENDINGS } from "./lexicon/grammar";
import { HEBREW_YOU, NAME_FOLLOWERS, NOT_NAME_WORDS, PERSON_KINDS } from "./lexicon/people";
import { anyOf, normalizeToken, type Token } from "./text";

/** Normalised person word -> kind ("mum" -> MOM, "בעלי" -> HUSBAND). */
export const PERSON_WORDS: Record<string, string> = {};
for (const [kind, words] of Object.entries(PERSON_KINDS))
  for (const word of words) PERSON_WORDS[normalizeToken(word)] = kind;

/** Person keys: the customer (or "you" from the business), a first name ("N:max"), one of a group ("G:2"). */
export const SELF = "SELF";
export const NAMED = "N:";
export const GROUP_MEMBER = "G:";

export const KID_PERSONS = new Set(["SON", "DAUGHTER", "CHILD"]);

/** Whose gender a person word tells ("your husband" -> a men's cut); SELF is told by Hebrew את/אתה. */
const MALE = new Set(["DAD", "SON", "HUSBAND", "BROTHER"]);
const FEMALE = new Set(["MOM", "DAUGHTER", "WIFE", "SISTER"]);
const SELF_FEMALE = new Set(HEBREW_YOU.female);
const SELF_MALE = new Set(HEBREW_YOU.male);
const GLUED_BEFORE_YOU = new RegExp(
  `^(?:${anyOf(HEBREW_YOU.gluedPrefixes)})+(?=${anyOf([...HEBREW_YOU.female, ...HEBREW_YOU.male])})`,
  "u",
);
const NOT_NAMES = new Set(NOT_NAME_WORDS);
const NAME_FOLLOWER_SET = new Set(NAME_FOLLOWERS);
const NAME_SHAPE = /^[A-Z][a-z]{2,}$/;

export function genderOf(person: string, label: string | null): "M" | "F" | null {
  if (MALE.has(person)) return "M";
  if (FEMALE.has(person)) return "F";
  if (person !== "SELF" || !label) return null;
  const word = label.replace(GLUED_BEFORE_YOU, "");
  return SELF_FEMALE.has(word) ? "F" : SELF_MALE.has(word) ? "M" : null;
}

/**
 * A capitalised Latin token that is probably someone's first name ("Max", "Eli"): not a
 * common word, and at a sentence start only when a name-like word follows ("Max is ...").
 */
export function isNameToken(token: Token, next: Token | undefined, sentenceStart: boolean): boolean {
  const { possessive } = ENGLISH_ENDINGS;
  const raw = token.raw.endsWith(possessive) ? token.raw.slice(0, -possessive.length) : token.raw;
  if (!NAME_SHAPE.test(raw) || NOT_NAMES.has(token.norm) || NOT_NAMES.has(raw.toLowerCase())) return false;
  if (!sentenceStart) return true;
  return !!next && NAME_FOLLOWER_SET.has(next.raw.toLowerCase());
}
