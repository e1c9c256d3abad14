// One message -> dates, times, service mentions, people and cues per clause. The
// slots a message proposes are read from this in slots.ts.
import { localDate as localDateOf } from "~/utils/time-zone";
import { resolveDateSpec, type LocalDate } from "../calendar";
import type { ChatMessage } from "../types";
import { finishClauseCues, messageCues, type Cue } from "./cues";
import { scanDates, type DateMention } from "./dates";
import { CANCELLATION_POLICY } from "./lexicon/dialogue";
import { CHILD_AGE, HEBREW_MY, HEBREW_NOT_TIME_SUBJECTS, HEBREW_YOU_BEFORE_TIME } from "./lexicon/people";
import { WEIGHT_UNITS } from "./lexicon/services";
import { genderOf, isNameToken, NAMED, PERSON_WORDS } from "./people";
import { CONCEPT, findMentions, mapKey, type Bags, type Catalogue, type ServiceMention } from "./services";
import { anyOf, HEBREW, lowerKeep, segment, tokenize, type Segments, type Token } from "./text";
import { scanTimes, type TimeMention } from "./times";
import { candidates, isKnownWord, unitsOf, type Unit } from "./vocab";

export { genderOf };

export type Party = "business" | "customer";

/** Who a slot is for: a relative ("HUSBAND"), the customer ("SELF"), a first name ("N:max"), or one of a group ("G:2"). */
export type Person = { key: string; position: number; clause: number; self: boolean; label: string };

export type MessageAnalysis = {
  index: number; // in the chat, oldest first
  from: Party;
  localDate: LocalDate;
  text: string;
  lower: string; // lowerKeep(text)
  tokens: Token[];
  segments: Segments;
  units: Unit[];
  dates: Array<DateMention & { date: LocalDate | null; clause: number; negated: boolean }>;
  times: Array<TimeMention & { clause: number; negated: boolean }>;
  mentions: Array<ServiceMention & { clause: number; inCancelClause: boolean }>;
  persons: Person[];
  cues: Set<Cue>;
  clauseCues: Map<number, Set<Cue>>;
  cancelClauses: Set<number>;
  bareNumbers: number[]; // 1-23 in a short reply ("5?"): maybe an hour picked from an offer
  names: Map<string, number[]>; // lowercased name -> token indices
};

/** Bookings live in short chat lines; a pasted wall of text is cut to keep the cost bounded. */
const MAX_CHARS = 1000;
const MAX_MENTIONS = 24;
/** A policy word this far after a cancel word still makes it about the rules ("cancel within 24h"). */
const POLICY_AFTER_CANCEL_CHARS = 12;
/** A reply this short may answer with a bare number ("5?", "ok 6"). */
const SHORT_REPLY_TOKENS = 6;
const BARE_HOURS = { first: 1, last: 23 };
/** Up to this age a child's age makes a booking a kids' one. */
const MAX_CHILD_AGE = 12;
/** Dog sizes by weight: small below 10 kg, medium up to 25 kg, large above. */
const DOG_KG = { smallBelow: 10, mediumUpTo: 25 };
/** Service words this many tokens from a name are what that person has ("Max: puppy cut"). */
const NAME_BAG_TOKENS = 5;
/** A name this close after a service may still be whom it is for ("a cut for Max"). */
const NAME_AFTER_CHARS = 15;

const POLICY = new RegExp(
  `${anyOf([...CANCELLATION_POLICY.nouns, ...CANCELLATION_POLICY.stems])}|(?:${anyOf(CANCELLATION_POLICY.words)})(?![\\p{L}])`,
  "iu",
);
const POLICY_NOUN = new RegExp(anyOf(CANCELLATION_POLICY.nouns));
const AGE_BEFORE = new Set(CHILD_AGE.before);
const AGE_AFTER = new Set(CHILD_AGE.after);
const WEIGHT_TOKEN = new RegExp(`^(\\d{1,3})(${anyOf(WEIGHT_UNITS.glued)})?$`);
const WEIGHT_WORDS = new Set(WEIGHT_UNITS.words);
const POUNDS_TOKEN = new RegExp(`^(\\d{1,3})(${anyOf(WEIGHT_UNITS.poundsGlued)})?$`);
const POUND_WORDS = new Set(WEIGHT_UNITS.poundWords);
const KG_PER_POUND = 0.4536;
const YOU_BEFORE_TIME = new Set(HEBREW_YOU_BEFORE_TIME.words);
const AT_BEFORE_TIME = new Set(HEBREW_YOU_BEFORE_TIME.atWords);
const NOT_SUBJECTS = new Set(HEBREW_NOT_TIME_SUBJECTS);
const HEBREW_SUBJECT_PREFIXES = ["ו", "ה"];
/** Shortest Hebrew name left after a glued prefix. */
const MIN_NAME_LETTERS = 2;
/** Different words before times in one sentence needed to read them as whom the times are for. */
const MIN_TIME_SUBJECTS = 2;
const BARE_NUMBER = /(?<![\d:./])(\d{1,2})(?![\d:./])/g;

/**
 * The clauses that really cancel: a cancel word not about the rules ("24h notice to
 * cancel", "if you cancel there is a fee" are policies, not cancellations).
 */
export function cancellingClauses(
  lower: string,
  segments: Segments,
  clauseCues: Map<number, Set<Cue>>,
  cancelPosition: Map<number, number>,
): Set<number> {
  const clauses = new Set<number>();
  for (const clause of segments.clauses) {
    if (!clauseCues.get(clause.id)!.has("cancel")) continue;
    const text = lower.slice(clause.start, clause.end);
    const cancelAt = (cancelPosition.get(clause.id) ?? clause.start) - clause.start;
    if (POLICY.test(text.slice(0, cancelAt + POLICY_AFTER_CANCEL_CHARS)) || POLICY_NOUN.test(text)) continue;
    clauses.add(clause.id);
  }
  return clauses;
}

/** "my 6 year old", "בת 10": a child's age is a kids hint; "20kg", "8 kilo", "70 lb": a dog's weight is a size hint. */
export function ageAndWeightHints(tokens: Token[]): Unit[] {
  const hints: Unit[] = [];
  tokens.forEach((token, index) => {
    const hint = {
      token: index,
      tokenEnd: index + 1,
      start: token.start,
      end: token.end,
      hint: true,
      afterGluedAnd: false,
    };
    const age = /^\d{1,2}$/.test(token.norm) ? +token.norm : NaN;
    const next = tokens[index + 1]?.norm ?? "";
    const previous = tokens[index - 1]?.norm ?? "";
    if (age <= MAX_CHILD_AGE && (AGE_AFTER.has(next) || AGE_BEFORE.has(previous)))
      hints.push({ key: `${CONCEPT}KIDS`, ...hint });
    const weight = WEIGHT_TOKEN.exec(token.norm);
    const pounds = POUNDS_TOKEN.exec(token.norm);
    let kilos = NaN;
    if (weight && (weight[2] || WEIGHT_WORDS.has(next))) kilos = +weight[1];
    else if (pounds && (pounds[2] || POUND_WORDS.has(next))) kilos = +pounds[1] * KG_PER_POUND;
    if (Number.isNaN(kilos)) return;
    const size = kilos < DOG_KG.smallBelow ? "SMALL" : kilos <= DOG_KG.mediumUpTo ? "MEDIUM" : "LARGE";
    hints.push({ key: `${CONCEPT}${size}`, ...hint });
  });
  return hints;
}

/**
 * The people a message names: relatives and "me/you" by their words (Hebrew "הבן שלי" = my
 * son, "את ב-16:30" = you (f.) at 16:30), and capitalised first names.
 */
function findPersons(
  tokens: Token[],
  segments: Segments,
  catalogue: Catalogue,
): { persons: Person[]; names: Map<string, number[]> } {
  const persons: Person[] = [];
  const names = new Map<string, number[]>();
  tokens.forEach((token, index) => {
    const next = tokens[index + 1]?.norm ?? "";
    const forms = candidates(token.norm);
    let kind = token.norm === HEBREW_MY.word ? undefined : forms.map((form) => PERSON_WORDS[form]).find(Boolean);
    if (next === HEBREW_MY.word) kind = forms.map((form) => HEBREW_MY.persons[form]).find(Boolean) ?? kind;
    // "את ב-16:30", "את בצבע ב-16:00": "you" right before a time, or before a glued-ב word and a time.
    const afterNext = tokens[index + 2]?.norm ?? "";
    const timeAfter = (word: string) => AT_BEFORE_TIME.has(word) || /^\d/.test(word);
    const gluedAt = [...AT_BEFORE_TIME].some((at) => next.startsWith(at) && next.length > at.length + 1);
    if (forms.some((form) => YOU_BEFORE_TIME.has(form)) && (timeAfter(next) || (gluedAt && timeAfter(afterNext))))
      kind = "SELF";
    const sentenceStart = index === 0 || segments.sentence[tokens[index - 1].end] !== segments.sentence[token.start];
    const clause = segments.clause[token.start];
    if (kind) {
      persons.push({ key: kind, position: token.start, clause, self: kind === "SELF", label: token.raw });
    } else if (
      isNameToken(token, tokens[index + 1], sentenceStart) &&
      !isKnownWord(token.norm) &&
      !catalogue.rawKeys.has(token.norm)
    ) {
      persons.push({ key: `N:${token.norm}`, position: token.start, clause, self: false, label: token.raw });
      names.set(token.norm, [...(names.get(token.norm) ?? []), index]);
    }
  });
  return { persons, names };
}

/** Numbers 1-23 in a short reply, outside dates and times: maybe an hour picked from an offer ("5 please"). */
export function bareNumbers(lower: string, tokens: Token[], spans: Array<{ start: number; end: number }>): number[] {
  const numbers: number[] = [];
  if (tokens.length > SHORT_REPLY_TOKENS) return numbers;
  for (const match of lower.matchAll(BARE_NUMBER)) {
    if (spans.some((span) => match.index! >= span.start && match.index! < span.end)) continue;
    const number = +match[1];
    if (number >= BARE_HOURS.first && number <= BARE_HOURS.last) numbers.push(number);
  }
  return numbers;
}

/** Pass 1: everything a message says on its own (service mentions come in pass 2, attachMentions). */
export function analyzeMessage(
  message: ChatMessage,
  index: number,
  timeZone: string,
  catalogue: Catalogue,
): MessageAnalysis {
  const text = (message.body ?? "").slice(0, MAX_CHARS);
  const lower = lowerKeep(text);
  const localDate = localDateOf(message.timestamp, timeZone);
  const foundDates = scanDates(text, lower).slice(0, MAX_MENTIONS);
  const dateSpans = foundDates.map((date) => [date.start, date.end] as [number, number]);
  const foundTimes = scanTimes(text, { lower, exclude: dateSpans }).slice(0, MAX_MENTIONS);
  const segments = segment(
    lower,
    [...foundDates, ...foundTimes].map((span) => [span.start, span.end] as [number, number]),
  );
  const tokens = tokenize(text);
  const found = messageCues(
    tokens,
    lower,
    segments.clause,
    segments.clauses.map((clause) => clause.id),
  );
  const clauseCues = found.byClause;
  const cues = new Set<Cue>();
  for (const clause of segments.clauses) {
    for (const cue of finishClauseCues(clauseCues.get(clause.id)!, lower.slice(clause.start, clause.end)))
      cues.add(cue);
  }
  const cancelClauses = cancellingClauses(lower, segments, clauseCues, found.cancelPosition);
  if (!cancelClauses.size) cues.delete("cancel");
  const clauseHas = (position: number, cue: Cue) => clauseCues.get(segments.clause[position])?.has(cue) ?? false;
  // "My last appointment was on the 3rd at 2": dates and times about the past are not proposals.
  const dates = foundDates
    .filter((date) => !clauseHas(date.start, "past"))
    .map((date) => ({
      ...date,
      date: resolveDateSpec(date.spec, localDate, timeZone),
      clause: segments.clause[date.start],
      negated: clauseHas(date.start, "neg"),
    }));
  const times = foundTimes
    .filter((time) => !clauseHas(time.start, "past"))
    .map((time) => ({ ...time, clause: segments.clause[time.start], negated: clauseHas(time.start, "neg") }));
  const units = [...unitsOf(tokens, catalogue.rawKeys), ...ageAndWeightHints(tokens)].sort((a, b) => a.token - b.token);
  const { persons, names } = findPersons(tokens, segments, catalogue);
  addTimeSubjects(tokens, units, foundTimes, foundDates, persons, names, segments);
  return {
    index,
    from: message.fromMe ? "business" : "customer",
    localDate,
    text,
    lower,
    tokens,
    segments,
    units,
    dates,
    times,
    mentions: [],
    persons,
    cues,
    clauseCues,
    cancelClauses,
    bareNumbers: bareNumbers(lower, tokens, [...foundDates, ...foundTimes]),
    names,
  };
}

/** "ולוקה" -> "לוקה": a Hebrew word without the glued "and" (and "the" after it: "והלברדור" -> "לברדור"). */
function withoutGluedAnd(word: string): string {
  let stripped = word;
  for (const prefix of HEBREW_SUBJECT_PREFIXES)
    if (stripped.startsWith(prefix) && stripped.length - prefix.length >= MIN_NAME_LETTERS)
      stripped = stripped.slice(prefix.length);
  return stripped;
}

/**
 * "שוקו ב-9:00 ולוקה ב-11:00", "היורקשייר ב-9:00 והלברדור ב-10:00": Hebrew names carry no
 * capital, but two or more different words each right before "ב-<time>" in one sentence are
 * whom those times are for (a name, a breed), unless they are little words or services.
 */
function addTimeSubjects(
  tokens: Token[],
  units: Unit[],
  times: TimeMention[],
  dates: Array<{ start: number; end: number }>,
  persons: Person[],
  names: Map<string, number[]>,
  segments: Segments,
): void {
  const timeStarts = new Set(times.map((time) => time.start));
  const serviceTokens = new Set(
    units
      .filter((unit) => !unit.hint)
      .flatMap((unit) => Array.from({ length: unit.tokenEnd - unit.token }, (_, offset) => unit.token + offset)),
  );
  const found: Array<{ index: number; word: string }> = [];
  tokens.forEach((token, index) => {
    const at = tokens[index + 1];
    const number = tokens[index + 2];
    if (!at || !number || !AT_BEFORE_TIME.has(at.norm) || !timeStarts.has(number.start) || !HEBREW.test(token.raw))
      return;
    const word = withoutGluedAnd(token.norm);
    const inDate = dates.some((date) => token.start < date.end && date.start < token.end);
    if (
      inDate ||
      serviceTokens.has(index) ||
      NOT_SUBJECTS.has(word) ||
      NOT_SUBJECTS.has(token.norm) ||
      persons.some((person) => person.position === token.start)
    )
      return;
    found.push({ index, word });
  });
  const bySentence = new Map<number, typeof found>();
  for (const subject of found) {
    const sentence = segments.sentence[tokens[subject.index].start];
    bySentence.set(sentence, [...(bySentence.get(sentence) ?? []), subject]);
  }
  for (const subjects of bySentence.values()) {
    if (new Set(subjects.map((subject) => subject.word)).size < MIN_TIME_SUBJECTS) continue;
    for (const { index, word } of subjects) {
      const token = tokens[index];
      persons.push({
        key: `${NAMED}${word}`,
        position: token.start,
        clause: segments.clause[token.start],
        self: false,
        label: token.raw,
      });
      names.set(word, [...(names.get(word) ?? []), index]);
    }
  }
}

/** A name used anywhere in the chat is a name everywhere: a capitalised one also at a sentence start, a Hebrew one also with a glued "and". */
function spreadNames(messages: MessageAnalysis[]): void {
  const known = new Set(messages.flatMap((message) => [...message.names.keys()]));
  for (const message of messages) {
    message.tokens.forEach((token, index) => {
      const hebrew = HEBREW.test(token.raw);
      const name = hebrew ? withoutGluedAnd(token.norm) : token.norm;
      if (!known.has(name) || !(hebrew || /^[A-Z]/.test(token.raw)) || message.names.get(name)?.includes(index)) return;
      if (message.persons.some((person) => person.position === token.start)) return;
      message.names.set(name, [...(message.names.get(name) ?? []), index]);
      message.persons.push({
        key: `N:${name}`,
        position: token.start,
        clause: message.segments.clause[token.start],
        self: false,
        label: token.raw,
      });
    });
  }
}

/**
 * Tie-break bags for a mention at `position`, nearest first: its clause, the person it is
 * for (the nearest name before it in the sentence, else one right after), its sentence,
 * the message, the whole chat.
 */
function bagsAround(
  message: MessageAnalysis,
  mapped: Unit[],
  position: number,
  nameBags: Map<string, Set<string>>,
  chatKeys: Set<string>,
): Bags {
  const { segments, tokens, names } = message;
  const clause = segments.clause[position];
  const sentence = segments.sentence[position];
  const keysWhere = (keep: (unit: Unit) => boolean) => new Set(mapped.filter(keep).map((unit) => unit.key));
  let name: string | null = null;
  let nearestStart = -1;
  for (const [candidate, indices] of names) {
    for (const index of indices) {
      const start = tokens[index].start;
      if (start < position && start > nearestStart && segments.sentence[start] === sentence) {
        nearestStart = start;
        name = candidate;
      }
    }
  }
  if (!name) {
    for (const [candidate, indices] of names) {
      if (indices.some((index) => tokens[index].start > position && tokens[index].start - position <= NAME_AFTER_CHARS))
        name = candidate;
    }
  }
  return [
    { keys: keysWhere((unit) => segments.clause[unit.start] === clause), local: true },
    { keys: (name && nameBags.get(name)) || new Set<string>(), local: false },
    { keys: keysWhere((unit) => segments.sentence[unit.start] === sentence), local: false },
    { keys: keysWhere(() => true), local: false },
    { keys: chatKeys, local: false },
  ];
}

/** Pass 2: service mentions, with tie-break bags built from the whole chat. */
export function attachMentions(messages: MessageAnalysis[], catalogue: Catalogue): void {
  spreadNames(messages);
  const chatKeys = new Set<string>();
  const nameBags = new Map<string, Set<string>>();
  const catalogueKey = (unit: Unit) => mapKey(unit.key, catalogue) ?? unit.key;
  for (const message of messages) {
    for (const unit of message.units) chatKeys.add(catalogueKey(unit));
    for (const [name, indices] of message.names) {
      const bag = nameBags.get(name) ?? new Set<string>();
      for (const index of indices) {
        for (const unit of message.units)
          if (Math.abs(unit.token - index) <= NAME_BAG_TOKENS) bag.add(catalogueKey(unit));
      }
      nameBags.set(name, bag);
    }
  }
  for (const message of messages) {
    const mapped = message.units
      .map((unit) => ({ ...unit, key: unit.hint ? unit.key : (mapKey(unit.key, catalogue) ?? "") }))
      .filter((unit) => unit.key);
    const { segments } = message;
    const found = findMentions(
      message.tokens,
      mapped,
      (position) => segments.sentence[position],
      catalogue,
      (position) => bagsAround(message, mapped, position, nameBags, chatKeys),
    );
    message.mentions = found.map((mention) => ({
      ...mention,
      clause: segments.clause[mention.start],
      inCancelClause: message.cancelClauses.has(segments.clause[mention.start]),
    }));
  }
}
