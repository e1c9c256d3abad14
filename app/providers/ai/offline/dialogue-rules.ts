// What a message does to the bookings already made: negations ("19:00 is taken"),
// cancellations and taking them back, declines; and the replies that carry no
// time of their own: a pick from options, a date for a waiting time, "same time",
// a service swapped, an acceptance.
import { addDays } from "~/utils/dates";
import { weekdayOf, type DateSpec, type LocalDate } from "../calendar";
import type { MessageAnalysis, Party } from "./analyze";
import { assignGroupServices, commitSlots } from "./dialogue-commit";
import {
  activeBookings,
  otherParty,
  removeBooking,
  sameClockTime,
  undoProposal,
  type Booking,
  type DialogueState,
} from "./dialogue-state";
import { saysNextWeek } from "./dates";
import { PICK_WORDS, REPLACED_SERVICE } from "./lexicon/dialogue";
import { SECOND_PERSON_WORDS } from "./lexicon/people";
import { INSTEAD_OF } from "./lexicon/grammar";
import { NAMED, SELF } from "./people";
import type { Slot } from "./slots";
import { anyOf } from "./text";

/** How a reply scores an offered option: its time said, a bare hour, its date or weekday, its service, "the first/last one". */
const PICK_SCORE = { time: 2, bareHour: 1, date: 1, service: 1, position: 1 } as const;
/** A service this close after "instead of" is the one being replaced. */
const REPLACED_SERVICE_CHARS = 24;
const DAYS_IN_WEEK = 7;
/** "you" words among the customer's self words: the business's "you", not the speaker. */
const SECOND_PERSON = new Set(SECOND_PERSON_WORDS);

const PICK_FIRST = new RegExp(`(?<![\\p{L}])(?:${anyOf(PICK_WORDS.first)})(?![\\p{L}])`, "iu");
const PICK_LAST = new RegExp(`(?<![\\p{L}])(?:${anyOf(PICK_WORDS.last)})(?![\\p{L}])`, "iu");
const REPLACED_SERVICE_BEFORE = new RegExp(
  `(?:${anyOf([...INSTEAD_OF, ...REPLACED_SERVICE.extraWords])})\\s+(?:(?:${anyOf(REPLACED_SERVICE.spaced)})\\s+|${anyOf(REPLACED_SERVICE.glued)})?$`,
  "iu",
);

/** Several people: two relatives, me and a relative, or (from the customer) two first names. */
export function mentionsSeveralPeople(message: MessageAnalysis): boolean {
  const { persons } = message;
  const relatives = new Set(
    persons.filter((person) => !person.self && !person.key.startsWith(NAMED)).map((person) => person.key),
  );
  const names = new Set(persons.filter((person) => person.key.startsWith(NAMED)).map((person) => person.key));
  const selfAndRelative =
    persons.some((person) => person.self) &&
    persons.some((person) => !person.self && !person.key.startsWith(NAMED) && person.key !== "CHILD");
  return (
    message.cues.has("multi") ||
    relatives.size >= 2 ||
    selfAndRelative ||
    (message.from === "customer" && names.size >= 2)
  );
}

/** A promotion sent before the customer wrote anything is a broadcast, not an offer. */
export function isBroadcast(state: DialogueState, message: MessageAnalysis): boolean {
  return message.from === "business" && message.cues.has("promo") && state.lastMessageBy.customer < 0;
}

type DateReference = { date: LocalDate | null; spec: DateSpec };

/** A date reference matches a booking's date; a bare weekday matches any booking on that weekday. */
export function matchesDate(references: DateReference[], date: LocalDate | null): boolean {
  if (!date) return false;
  return references.some(
    (reference) =>
      reference.date === date || (reference.spec.kind === "weekday" && reference.spec.weekday === weekdayOf(date)),
  );
}

/** "19:00 is taken", "Wednesday is bad": drop the bookings and options those words point at. Returns whether any booking went. */
export function applyNegations(state: DialogueState, message: MessageAnalysis): boolean {
  let removedAny = false;
  const negatedTimes = message.times.filter((time) => time.negated && time.role === "slot");
  const clauses = new Set(
    [...message.dates.filter((date) => date.negated), ...negatedTimes].map((mention) => mention.clause),
  );
  for (const clause of clauses) {
    const dates = message.dates.filter((date) => date.negated && date.clause === clause && date.date);
    const times = negatedTimes.filter((time) => time.clause === clause);
    if (!dates.length && !times.length) continue;
    const isNegated = (slot: Slot) =>
      (!dates.length || matchesDate(dates, slot.date)) &&
      (!times.length || times.some((time) => sameClockTime(time, slot.time)));
    for (const booking of activeBookings(state).filter(isNegated)) {
      removeBooking(state, booking);
      removedAny = true;
    }
    if (state.pendingOffer) {
      state.pendingOffer.alternatives = state.pendingOffer.alternatives.filter((slot) => !isNegated(slot));
      if (!state.pendingOffer.alternatives.length) state.pendingOffer = null;
    }
  }
  return removedAny;
}

/**
 * "I need to cancel Thursday", "cancel my mum's": cancels the bookings the cancel clauses
 * point at (date, time, service, person), or the only one when they point at nothing.
 * A cancellation that names a booking already cancelled cancels nothing more.
 */
export function applyCancellation(state: DialogueState, message: MessageAnalysis): Booking[] {
  const inCancelClause = <T extends { clause: number }>(items: T[]) =>
    items.filter((item) => message.cancelClauses.has(item.clause));
  const dates = inCancelClause(message.dates).filter((date) => date.date);
  const times = inCancelClause(message.times).filter((time) => time.role === "slot" || time.role === "old");
  const services = inCancelClause(message.mentions).map((mention) => mention.service);
  let people = inCancelClause(message.persons)
    .filter((person) => !person.self)
    .map((person) => person.key);
  const pointsInClause = dates.length + times.length + services.length + people.length > 0;
  if (!pointsInClause) {
    // "אני לא אגיע, רק הבנים" (I won't come, only the boys): the speaker's own booking, when there is one.
    const speakerCancels = inCancelClause(message.persons).some(
      (person) => person.self && !SECOND_PERSON.has(person.label.toLowerCase()),
    );
    const own = activeBookings(state).some((booking) => booking.person === SELF);
    people =
      speakerCancels && own ? [SELF] : message.persons.filter((person) => !person.self).map((person) => person.key);
  }
  const pointsAtSomething = dates.length + times.length + services.length + people.length > 0;
  // "Cancel just hers?" ... "Done, I've cancelled hers": the other side's cancellation, acknowledged.
  const other = otherParty(message.from);
  if (!pointsAtSomething && state.lastCancelMessage >= 0 && state.lastCancelMessage === state.lastMessageBy[other]) {
    state.pendingOffer = null;
    return [];
  }
  const isTarget = (booking: Booking) =>
    (!dates.length || matchesDate(dates, booking.date)) &&
    (!times.length || times.some((time) => sameClockTime(time, booking.time))) &&
    (!services.length || services.includes(booking.service ?? "")) &&
    (!people.length || people.includes(booking.person ?? ""));
  // "Can you cancel his one?" (all cancelled, for want of a pointer) ... "Done, cancelled the 10:00": the business's precise word narrows it.
  if (pointsInClause && state.lastCancelMessage >= 0 && state.lastCancelMessage === state.lastMessageBy[other]) {
    const pointed = state.lastCancelled.filter((booking) => booking.status === "cancelled" && isTarget(booking));
    const spared = state.lastCancelled.filter((booking) => booking.status === "cancelled" && !isTarget(booking));
    if (pointed.length && spared.length) for (const booking of spared) booking.status = "active";
  }
  const live = activeBookings(state);
  let targets = live;
  if (pointsAtSomething) {
    const pointed = state.bookings.filter(
      (booking) => (booking.status === "active" || booking.status === "cancelled") && isTarget(booking),
    );
    targets = pointed.length
      ? pointed.filter((booking) => booking.status === "active")
      : live.length === 1 && !people.length
        ? live
        : [];
  }
  for (const booking of targets) booking.status = "cancelled";
  if (targets.length) {
    state.lastCancelled = targets;
    state.lastCancelMessage = message.index;
  }
  state.pendingOffer = null;
  return targets;
}

/** "Actually I can make it after all": the last cancellation is taken back. */
export function applyRestore(state: DialogueState): void {
  const restored = state.lastCancelled.filter((booking) => booking.status === "cancelled");
  for (const booking of restored) {
    booking.status = "active";
    booking.confirmed = true;
  }
  if (restored.length) state.lastCancelled = [];
}

/** "No, that doesn't work": the other side's latest unconfirmed proposal and open options lapse. */
export function applyDecline(state: DialogueState, message: MessageAnalysis): void {
  const other = otherParty(message.from);
  const latest = state.proposals[state.proposals.length - 1];
  const unanswered = latest && latest.by === other && latest.message > state.lastMessageBy[message.from];
  if (unanswered && !latest.added.some((booking) => booking.confirmed)) undoProposal(state, latest);
  if (state.pendingOffer?.by === other) state.pendingOffer = null;
}

/** The other side answered with something else: `party`'s open, unconfirmed request lapses (unless it is among `offered`). */
export function withdrawOpenRequest(state: DialogueState, party: Party, offered: Slot[] = []): void {
  const proposal = [...state.proposals].reverse().find((known) => known.by === party);
  if (!proposal || proposal.added.some((booking) => booking.confirmed)) return;
  if (
    proposal.added.some((booking) =>
      offered.some((slot) => slot.date === booking.date && sameClockTime(slot.time, booking.time)),
    )
  )
    return;
  undoProposal(state, proposal);
}

/**
 * Which of the offered options a reply picks: the one whose time it says (on a date that
 * agrees), or else its bare hour, date, weekday or service, or "the first/later one".
 * Null when the reply picks none, or fits all of several equally.
 */
export function pickAlternative(state: DialogueState, message: MessageAnalysis, slots: Slot[]): Slot[] | null {
  const alternatives = state.pendingOffer!.alternatives;
  if (slots.length && !slots.some((slot) => alternatives.some((option) => sameClockTime(slot.time, option.time))))
    return null;
  const said = message.dates.filter((date) => !date.negated && date.date);
  const saidDates = said.map((date) => date.date);
  const saidWeekdays = said
    .map((date) => (date.spec.kind === "weekday" ? date.spec.weekday : -1))
    .filter((weekday) => weekday >= 0);
  const saidServices = message.mentions.map((mention) => mention.service);
  const servicesDiffer = new Set(alternatives.map((option) => option.service)).size > 1;
  const scores = alternatives.map((option, index) => {
    let score = 0;
    for (const slot of slots) {
      if (!sameClockTime(slot.time, option.time)) continue;
      const sameDay =
        slot.dateKind === "weekday"
          ? option.date && weekdayOf(option.date) === weekdayOf(slot.date!)
          : slot.date === option.date;
      if (slot.date && option.date && !sameDay) return -1;
      score += PICK_SCORE.time;
    }
    if (!slots.length)
      for (const number of message.bareNumbers) if (number % 12 === option.time.hour % 12) score += PICK_SCORE.bareHour;
    if (option.date && (saidDates.includes(option.date) || saidWeekdays.includes(weekdayOf(option.date))))
      score += PICK_SCORE.date;
    if (servicesDiffer && option.service && saidServices.includes(option.service)) score += PICK_SCORE.service;
    if (!slots.length && index === 0 && PICK_FIRST.test(message.lower)) score += PICK_SCORE.position;
    if (!slots.length && index === alternatives.length - 1 && PICK_LAST.test(message.lower))
      score += PICK_SCORE.position;
    return score;
  });
  const best = Math.max(...scores);
  if (best <= 0) return null;
  const picked = alternatives.filter((_, index) => scores[index] === best);
  if (picked.length === alternatives.length && alternatives.length > 1 && !slots.length) return null;
  // "5pm" picks "5": the reply's am/pm is kept.
  return picked.map((option) => {
    const slot = slots.find((candidate) => sameClockTime(candidate.time, option.time));
    return slot && option.time.ambiguous && !slot.time.ambiguous ? { ...option, time: slot.time } : option;
  });
}

/** "5pm?" ... "Tomorrow?": times that waited for a date get the one date a reply names. */
export function dateForWaitingTimes(state: DialogueState, message: MessageAnalysis): boolean {
  const dates = message.dates.filter((date) => !date.negated && date.date);
  if (!state.datelessSlots.length || new Set(dates.map((date) => date.date)).size !== 1 || message.cues.has("decline"))
    return false;
  const date = dates[dates.length - 1].date;
  commitSlots(
    state,
    state.datelessSlots.map((slot) => ({ ...slot, date })),
    message.from,
    message,
    false,
  );
  return true;
}

/** "Sunday instead? Same time", "same time next week": the latest booking's time on the new date. */
export function sameTimeAgain(state: DialogueState, message: MessageAnalysis): boolean {
  const live = activeBookings(state);
  if (!message.cues.has("sameTime") || !live.length) return false;
  const latest = live[live.length - 1];
  const said = message.dates.filter((date) => !date.negated && date.date).at(-1);
  const date = said?.date ?? (latest.date && saysNextWeek(message.lower) ? addDays(latest.date, DAYS_IN_WEEK) : null);
  if (!date) return false;
  const slot: Slot = {
    ...latest,
    date,
    sameDay: false,
    sourceMessage: message.index,
    position: said?.start ?? 0,
    expanded: false,
  };
  commitSlots(state, [slot], message.from, message, false);
  return true;
}

/** "Could I do highlights instead of a full colour?": the one booking keeps its slot and takes the new service. */
export function swapService(state: DialogueState, message: MessageAnalysis): boolean {
  const live = activeBookings(state);
  const saysDate = message.dates.some((date) => !date.negated && date.date);
  const fresh = message.mentions.filter(
    (mention) =>
      !mention.inCancelClause &&
      !REPLACED_SERVICE_BEFORE.test(
        message.lower.slice(Math.max(0, mention.start - REPLACED_SERVICE_CHARS), mention.start),
      ),
  );
  const services = [...new Set(fresh.map((mention) => mention.service))];
  if (!message.cues.has("reschedule") || message.cues.has("decline") || services.length !== 1 || live.length !== 1)
    return false;
  if (live[0].service === services[0] || saysDate) return false;
  live[0].service = services[0];
  live[0].explicitService = true;
  return true;
}

/** "Yes, perfect": the other side's latest proposal is agreed (and a group's services assigned when named). */
export function confirmProposal(state: DialogueState, message: MessageAnalysis): void {
  if (!message.cues.has("accept") || message.cues.has("decline")) return;
  const latest = state.proposals[state.proposals.length - 1];
  if (!latest || latest.by !== otherParty(message.from)) return;
  for (const booking of latest.added) booking.confirmed = true;
  assignGroupServices(message, latest);
}
