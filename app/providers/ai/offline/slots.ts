// The slots a message proposes or agrees to: each bookable time with the date,
// service and person it goes with, and whether several of them are options.
import type { DateSpec, LocalDate } from "../calendar";
import { genderOf, type MessageAnalysis, type Person } from "./analyze";
import { AND_WORDS, OR_WORDS } from "./lexicon/grammar";
import { personsByTime } from "./party";
import { anyOf } from "./text";
import type { ClockTime } from "./times";

export type Slot = {
  date: LocalDate | null;
  sameDay: boolean;
  dateKind: DateSpec["kind"] | null; // how the date was written: "weekday", "monthDay", "numeric", "relative", ...
  time: ClockTime;
  service: string | null;
  explicitService: boolean;
  /** The message named the service with a who-word ("kids cut", "small groom"): kept as said. */
  saidQualifier?: boolean;
  person: string | null;
  personLabel: string | null;
  gender: "M" | "F" | null; // of the person it is for, when a word says so
  sourceMessage: number; // the message it was read from (its quote)
  position: number;
  expanded?: boolean; // one of several dates given one time ("26/1, 2/2 and 9/2 at 18:00")
};

/** An item just after a position counts as this much further than one just before ("Fri at 2": Fri is the date). */
const AFTER_PENALTY = 0.5;
/** A person this close before a time is whom it is for ("my son at 10"). */
const PERSON_BEFORE_TIME_CHARS = 40;
/** A list of dates starting this close after a time is that time's ("at 7:45: 16/2, 23/2, 2/3"). */
const LIST_AFTER_TIME_CHARS = 16;
/** A date this close before the first of several times is theirs ("Thursday: 17:00 or 18:30"). */
const DATE_BEFORE_TIMES_CHARS = 25;

const OR = new RegExp(`(?<![\\p{L}])(?:${anyOf(OR_WORDS)})(?![\\p{L}])`, "iu");
const AND_GAP = new RegExp(`^[\\s,]*(?:(?:${anyOf(AND_WORDS)})-?)?[\\s,-]*$`, "u");

type Located = { start?: number; end?: number; position?: number };

/** The item nearest to a position, by distance to its span; with `preferBefore`, one before it wins a tie. */
export function nearest<T extends Located>(items: T[], position: number, preferBefore = true): T | null {
  let best: T | null = null;
  let bestDistance = Infinity;
  for (const item of items) {
    const start = item.start ?? item.position ?? 0;
    const end = item.end ?? start;
    const gap = end <= position ? position - end : start >= position ? start - position : 0;
    const distance = gap + (start > position && preferBefore ? AFTER_PENALTY : 0);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = item;
    }
  }
  return best;
}

/** The time a service mention stands nearest to (one before it is a little further than one after: "cut at 10"). */
function nearestTime<T extends { start: number; end: number }>(
  times: T[],
  mention: { start: number; end: number },
): T | null {
  let best: T | null = null;
  let bestGap = Infinity;
  for (const time of times) {
    const gap =
      time.start >= mention.end
        ? time.start - mention.end
        : mention.start >= time.end
          ? mention.start - time.end + AFTER_PENALTY
          : 0;
    if (gap < bestGap) [best, bestGap] = [time, gap];
  }
  return best;
}

/** Clauses about walk-ins, waiting lists and pick-ups hold no bookable slot. */
function isProductClause(message: MessageAnalysis, clause: number): boolean {
  const cues = message.clauseCues.get(clause);
  return !!cues && (cues.has("product") || cues.has("walkin") || cues.has("waitlist"));
}

/** The person a time is for: paired by position, else one just before it, else one in its clause. */
function personFor(
  message: MessageAnalysis,
  time: { start: number; clause: number },
  byTime: Map<number, Person>,
): Person | null {
  const sentence = message.segments.sentence[time.start];
  const around = message.persons.filter(
    (person) => person.clause === time.clause || message.segments.sentence[person.position] === sentence,
  );
  const justBefore = around.filter(
    (person) => person.position < time.start && time.start - person.position < PERSON_BEFORE_TIME_CHARS,
  );
  return (
    byTime.get(time.start) ??
    nearest(justBefore, time.start) ??
    nearest(
      around.filter((person) => person.clause === time.clause),
      time.start,
    )
  );
}

/** "at 12 noon", "10:00? or is 10:00 too early?": one slot said twice is kept once. */
export function dropRepeatedSlots(slots: Slot[]): Slot[] {
  const same = (a: Slot, b: Slot) =>
    a.date === b.date &&
    a.time.hour === b.time.hour &&
    a.time.minute === b.time.minute &&
    a.service === b.service &&
    a.person === b.person;
  return slots.filter((slot, index) => !slots.slice(0, index).some((earlier) => same(earlier, slot)));
}

/** As many services as times ("a facial on Fri at 2 and a body scrub Sat at 11"): pair them in order. */
export function pairServicesInOrder(slots: Slot[], mentions: Array<{ start: number; service: string }>): void {
  const distinct = mentions.filter(
    (mention, index) => mentions.findIndex((other) => other.start === mention.start) === index,
  );
  if (
    slots.length < 2 ||
    distinct.length !== slots.length ||
    new Set(distinct.map((mention) => mention.service)).size <= 1
  )
    return;
  slots.forEach((slot, index) => {
    slot.service = distinct[index].service;
    slot.explicitService = true;
  });
}

/**
 * "26/1, 2/2 ו-9/2 ב-18:00", "Mondays at 7:45: 16/2, 23/2, 2/3": one time for a list of
 * dates (before it, or right after it) is one slot per date.
 */
export function expandDateList(
  message: MessageAnalysis,
  slot: Slot,
  dates: MessageAnalysis["dates"],
  window = { from: 0, to: Infinity },
): Slot[] | null {
  const explicit = dates.filter(
    (date) => date.explicit && date.date && date.start >= window.from && date.start < window.to,
  );
  const before = explicit.filter((date) => date.start < slot.position);
  const after = explicit.filter((date) => date.start > slot.position);
  const listAfterIsTheTime = after.length > 0 && after[0].start - slot.position <= LIST_AFTER_TIME_CHARS;
  for (const listed of listAfterIsTheTime ? [before, after] : [before]) {
    if (listed.length < 2) continue;
    const gaps = listed.slice(1).map((date, index) => message.lower.slice(listed[index].end, date.start));
    if (gaps.every((gap) => AND_GAP.test(gap)))
      return listed.map((date) => ({ ...slot, date: date.date, expanded: true }));
  }
  return null;
}

/**
 * Positive slots: times that are proposed or agreed (not limits, ranges, negated or
 * cancelled), each with the nearest date, person and service. `productContext`: right
 * after talk of a pick-up, a time with no service is the pick-up ("I'll swing by around 12").
 */
export function buildSlots(message: MessageAnalysis, productContext = false): Slot[] {
  const { segments } = message;
  const times = message.times.filter(
    (time) =>
      time.role === "slot" &&
      !time.negated &&
      !message.cancelClauses.has(time.clause) &&
      !isProductClause(message, time.clause),
  );
  const dates = message.dates.filter((date) => !date.negated);
  const mentions = message.mentions.filter((mention) => !mention.inCancelClause);
  const byTime = personsByTime(message, times);
  let slots: Slot[] = [];
  for (const time of times) {
    const sentence = segments.sentence[time.start];
    const date =
      nearest(
        dates.filter((candidate) => candidate.clause === time.clause),
        time.start,
      ) ??
      nearest(
        dates.filter((candidate) => segments.sentence[candidate.start] === sentence),
        time.start,
      ) ??
      nearest(
        dates.filter((candidate) => candidate.start < time.start),
        time.start,
      ) ??
      nearest(dates, time.start);
    const person = personFor(message, time, byTime);
    // Outside its own clause, a service said about someone else ("your son (kids cut)") is not this slot's.
    const isForThisPerson = (mention: { start: number }) => {
      if (!person) return true;
      const inSentence = message.persons.filter(
        (other) => segments.sentence[other.position] === segments.sentence[mention.start],
      );
      const owner = nearest(inSentence, mention.start, false);
      return !owner || owner.key === person.key;
    };
    // "Ivy 9:30 and your fringe at 10:00": a service said between this time and a nearer other one is that one's.
    const ownedHere = (candidate: { start: number; end: number }) => {
      const clause = segments.clause[candidate.start];
      const sameClause = times.filter((other) => other.clause === clause);
      const owner = nearestTime(sameClause.length ? sameClause : times, candidate);
      if (!owner || owner === time) return true;
      const between =
        (candidate.start > time.start && candidate.start < owner.start) ||
        (candidate.start < time.start && candidate.start > owner.start);
      return !between;
    };
    const mention =
      nearest(
        mentions.filter((candidate) => candidate.clause === time.clause && ownedHere(candidate)),
        time.start,
        false,
      ) ??
      nearest(
        mentions.filter(
          (candidate) =>
            segments.sentence[candidate.start] === sentence && isForThisPerson(candidate) && ownedHere(candidate),
        ),
        time.start,
        false,
      ) ??
      nearest(
        mentions.filter((candidate) => candidate.start < time.start && isForThisPerson(candidate)),
        time.start,
      );
    if (productContext && !mention) continue;
    slots.push({
      date: date?.date ?? null,
      sameDay: date?.spec.kind === "sameDay",
      dateKind: date?.spec.kind ?? null,
      time: { hour: time.hour, minute: time.minute, ambiguous: time.ambiguous },
      service: mention?.service ?? null,
      explicitService: !!mention,
      saidQualifier: !!mention?.qualified,
      person: person?.key ?? null,
      personLabel: person && !person.self ? person.label : null,
      gender: person ? genderOf(person.key, person.label) : null,
      sourceMessage: message.index,
      position: time.start,
    });
  }
  slots = dropRepeatedSlots(slots);
  pairServicesInOrder(slots, mentions);
  if (slots.length === 1) return expandDateList(message, slots[0], dates) ?? slots;
  // "Evaluation 9/21 at 7:00am, then sessions on 9/28 and 10/5 at 7:00am": each time takes the list between it and the time before.
  return slots.flatMap((slot, index) => {
    const window = { from: index ? slots[index - 1].position : 0, to: slots[index + 1]?.position ?? Infinity };
    const listed = expandDateList(message, slot, dates, window);
    return listed && listed.every((expanded) => expanded.date !== null) ? listed : [slot];
  });
}

/** Whether several slots of one message are options ("17:00 or 18:30") rather than a set. */
export function isAlternatives(message: MessageAnalysis, slots: Slot[], severalPeopleInChat: boolean): boolean {
  if (slots.length < 2 || slots.some((slot) => slot.expanded)) return false;
  const first = slots[0].position;
  const between = message.lower.slice(first, slots[slots.length - 1].position);
  const dateBefore = message.dates.find((date) => date.start < first && first - date.end < DATE_BEFORE_TIMES_CHARS);
  if (OR.test(between) || (dateBefore && OR.test(message.lower.slice(dateBefore.start, first)))) return true;
  const services = new Set(slots.map((slot) => slot.service).filter(Boolean));
  const people = new Set(slots.map((slot) => slot.person).filter(Boolean));
  if (services.size >= 2 || people.size >= 2) return false;
  return !severalPeopleInChat;
}
