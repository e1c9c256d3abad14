// Several people in one chat: how many people one slot is for ("both of you at
// 17:00", "me and my mum", "two lash lifts"), and which person a time belongs to
// when one message gives several ("you at 9:00, your husband at 9:30").
import type { MessageAnalysis, Person } from "./analyze";
import { FOR_PERSON } from "./lexicon/dialogue";
import { GLUED_AND } from "./lexicon/grammar";
import {
  COUNT_WORDS,
  GREETINGS,
  GROUP_GLUED_PREFIXES,
  GROUP_SIZE,
  PERSON_TIME_GLUE,
  SELF_PAIR,
} from "./lexicon/people";
import { NAMED } from "./people";
import { anyOf, wordsRe } from "./text";

/** How far before "both" a greeting makes it the people greeted ("Hi both!"). */
const GREETING_CHARS = 16;
/** How far after a relative "and I" may follow ("my husband and I"). */
const AND_I_CHARS = 8;
/** Count words this many tokens before a service ("two lash lifts", "two of the lash lifts"). */
const COUNT_TOKENS_BEFORE = [1, 2];
/** A person after their time ("ב-17:00 הבן") pairs more weakly than one before it. */
const PERSON_AFTER_TIME_PENALTY = 0.5;
/** A person joined by "and" ("ובעלך") starts the next pair rather than ending this one. */
const JOINED_BY_AND_PENALTY = 2;
const PAIR = 2;
/** How far before a person "for" may stand ("for my husband"). */
const FOR_PERSON_CHARS = 16;

const GROUP_WORDS = GROUP_SIZE.map(
  ([size, words]) => [size, wordsRe(words, `(?:${anyOf(GROUP_GLUED_PREFIXES)}){0,2}`)] as const,
);
const AFTER_GREETING = new RegExp(`(?:^|[^\\p{L}])(?:${anyOf(GREETINGS)})\\s*,?\\s*$`, "iu");
/** "me and my mum", "לי ולבעלי", "אני ואחותי": the customer and someone else, side by side. */
const SELF_PAIR_GAP = new RegExp(
  `^\\s*(?:${anyOf(SELF_PAIR.joiners)})?\\s*(?:${anyOf(SELF_PAIR.possessives)})?\\s*$`,
  "iu",
);
const SELF_PAIR_JOINER = new RegExp(anyOf(SELF_PAIR.joiners));
const AND_I = new RegExp(`^\\s+(?:${anyOf(SELF_PAIR.andI)})(?![\\p{L}])`, "iu");
const PERSON_TIME_GAP = new RegExp(`^(?:\\s|${anyOf(PERSON_TIME_GLUE)})*$`, "iu");
const FOR_BEFORE = new RegExp(`(?:${anyOf(FOR_PERSON.words)})\\s+(?:(?:${anyOf(FOR_PERSON.determiners)})\\s+)?$`, "iu");
const GLUED_FOR = new RegExp(`^(?:${anyOf(FOR_PERSON.glued)})`, "u");
const startsWithGluedAnd = (text: string, position: number) => GLUED_AND.some((and) => text.startsWith(and, position));
const tokenEndAt = (message: MessageAnalysis, position: number) =>
  message.tokens.find((token) => token.start === position)?.end ?? position;

/** How many people the message's slot is for; 0 when it does not say. */
export function groupSize(message: MessageAnalysis): number {
  for (const [size, words] of GROUP_WORDS) {
    for (const match of message.lower.matchAll(words)) {
      if (!AFTER_GREETING.test(message.lower.slice(Math.max(0, match.index! - GREETING_CHARS), match.index!)))
        return size;
    }
  }
  return Math.max(countBeforeService(message), selfPairSize(message));
}

/** "two lash lifts", "3 manicures": a count right before a service mention. */
export function countBeforeService(message: MessageAnalysis): number {
  for (const mention of message.mentions) {
    const at = message.tokens.findIndex((token) => token.start >= mention.start);
    for (const back of COUNT_TOKENS_BEFORE) {
      const token = message.tokens[at - back];
      if (!token || message.times.some((time) => token.start >= time.start && token.start < time.end)) continue;
      const count = COUNT_WORDS[token.norm];
      if (count) return count;
    }
  }
  return 0;
}

/** "me and my dad", "my husband and I", "לי ולבעלי": self plus one relative in a row. */
export function selfPairSize(message: MessageAnalysis): number {
  const persons = [...message.persons].sort((a, b) => a.position - b.position);
  for (let index = 0; index < persons.length; index++) {
    const first = persons[index];
    const firstEnd = tokenEndAt(message, first.position);
    if (!first.self && !first.key.startsWith("N:") && AND_I.test(message.text.slice(firstEnd, firstEnd + AND_I_CHARS)))
      return PAIR;
    const second = persons[index + 1];
    if (!second || first.self === second.self) continue;
    if (message.segments.sentence[first.position] !== message.segments.sentence[second.position]) continue;
    const gap = message.lower.slice(firstEnd, second.position);
    if (SELF_PAIR_GAP.test(gap) && (startsWithGluedAnd(message.lower, second.position) || SELF_PAIR_JOINER.test(gap)))
      return PAIR;
  }
  return 0;
}

/**
 * With several times and people in one sentence, each person goes with the time
 * that only little words separate it from (the nearer one, and the one after it on a tie).
 */
export function personsByTime(
  message: MessageAnalysis,
  times: Array<{ start: number; end: number }>,
): Map<number, Person> {
  const paired = new Map<number, Person>();
  if (times.length < 2 || message.persons.length < 2) return paired;
  const closest = new Map<number, { person: Person; distance: number }>();
  for (const person of message.persons) {
    const end = tokenEndAt(message, person.position);
    let pick: { timeStart: number; distance: number } | null = null;
    for (const time of times) {
      if (message.segments.sentence[time.start] !== message.segments.sentence[person.position]) continue;
      const forward = time.start >= end;
      const gap = forward
        ? message.lower.slice(end, time.start)
        : time.end <= person.position
          ? message.lower.slice(time.end, person.position)
          : null;
      if (gap === null || !PERSON_TIME_GAP.test(gap)) continue;
      // "ב-17:00 ולבת שלי תספורת ב-17:45": "and for my daughter" starts the next pair when a time follows.
      const timeFollows = times.some(
        (other) =>
          other.start >= end && message.segments.sentence[other.start] === message.segments.sentence[person.position],
      );
      if (!forward && startsWithGluedAnd(message.lower, person.position) && timeFollows) continue;
      const penalty = forward
        ? 0
        : PERSON_AFTER_TIME_PENALTY + (startsWithGluedAnd(message.lower, person.position) ? JOINED_BY_AND_PENALTY : 0);
      const distance = gap.replace(/\s+/g, "").length + penalty;
      if (!pick || distance < pick.distance) pick = { timeStart: time.start, distance };
    }
    if (!pick) continue;
    const held = closest.get(pick.timeStart);
    if (!held || pick.distance < held.distance) closest.set(pick.timeStart, { person, distance: pick.distance });
  }
  for (const [timeStart, { person }] of closest) paired.set(timeStart, person);
  return paired;
}

/**
 * Who each service is for: "X for me and Y for my husband", "לי X ולבעלי Y", "меня на X и
 * мужа на Y". A person after the service with "for" (Hebrew ל glued: "X לאחותי") owns it,
 * else the person just before it; each person owns the first service found for them.
 */
export function serviceOwners(
  message: MessageAnalysis,
  mentions: Array<{ start: number; end: number; service: string }>,
): Map<string, string> {
  const owners = new Map<string, string>();
  const sorted = [...mentions].sort((a, b) => a.start - b.start);
  // A glued "for" is looked for before a name, not in it ("ולוקה" is "and Luka", "ללוקה" is "for Luka").
  const gluedPrefix = (person: Person) =>
    person.key.startsWith(NAMED) && person.label.endsWith(person.key.slice(NAMED.length))
      ? person.label.slice(0, person.label.length - person.key.length + NAMED.length)
      : person.label;
  const isForPerson = (person: Person) =>
    FOR_BEFORE.test(message.lower.slice(Math.max(0, person.position - FOR_PERSON_CHARS), person.position)) ||
    GLUED_FOR.test(gluedPrefix(person));
  sorted.forEach((mention, index) => {
    const sentence = message.segments.sentence[mention.start];
    const inSentence = message.persons.filter((person) => message.segments.sentence[person.position] === sentence);
    const nextStart = sorted[index + 1]?.start ?? Infinity;
    const previousEnd = sorted[index - 1]?.end ?? -1;
    const after = inSentence.find(
      (person) => person.position > mention.end && person.position < nextStart && isForPerson(person),
    );
    const before = inSentence
      .filter((person) => person.position < mention.start && person.position > previousEnd)
      .at(-1);
    // "לי פדיקור ולבת שלי מניקור": a "for me" before the service (not already another's) wins over the "and for my daughter" after it.
    const owner = before && isForPerson(before) && !owners.has(before.key) ? before : (after ?? before);
    if (owner && !owners.has(owner.key)) owners.set(owner.key, mention.service);
  });
  return owners;
}
