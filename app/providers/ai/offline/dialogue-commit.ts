// How the slots of a message become bookings: what they take from the context
// (date, service, the version for a child or a husband), one slot for several
// people, which earlier booking a new slot replaces, and the commit itself.
import { addDays } from "~/utils/dates";
import type { MessageAnalysis, Party } from "./analyze";
import {
  activeBookings,
  focusedServices,
  sameClockTime,
  type Booking,
  type DialogueState,
  type Proposal,
} from "./dialogue-state";
import { BOOKED_MARKS, BOOKED_WORDS } from "./lexicon/dialogue";
import { OR_WORDS } from "./lexicon/grammar";
import { groupSize, serviceOwners } from "./party";
import { GROUP_MEMBER, KID_PERSONS, NAMED, SELF } from "./people";
import type { Slot } from "./slots";
import { anyOf, wordsRe } from "./text";
import { wantedFor } from "./traits";

const DAYS_IN_WEEK = 7;
/** More people than this in one slot is a class or an event, not salon bookings. */
const MAX_GROUP = 4;

const BOOKED = wordsRe(BOOKED_WORDS);
const BOOKED_MARK = new RegExp(anyOf(BOOKED_MARKS), "u");
const OPTION_WORDS = new RegExp(`(?<![\\p{L}])(?:${anyOf(OR_WORDS)})(?![\\p{L}])|\\?`, "iu");

/** The business writing "booked"/"רשמתי"/"✔" over several slots states a set, not options to pick from. */
export function statesBookedSet(message: MessageAnalysis): boolean {
  BOOKED.lastIndex = 0;
  const saysBooked = BOOKED.test(message.lower) || BOOKED_MARK.test(message.lower);
  return message.from === "business" && saysBooked && !OPTION_WORDS.test(message.lower);
}

/** A slot without a date takes the date of the same time booked, else of the latest booking, else the date talked about. */
function inheritDate(state: DialogueState, slot: Slot, same: Booking | undefined, latest: Booking | undefined): void {
  if (slot.date) return;
  if (same) slot.date = same.date;
  else if (latest && state.focusDateMessage <= latest.message) slot.date = latest.date;
  else slot.date = state.focusDate;
}

/** The service last said for a person ("ולשני הבנים תספורת"); for a child, the one said for any of the children. */
function serviceSaidFor(state: DialogueState, person: string): string | undefined {
  const own = state.focusServiceFor.get(person);
  if (own || !KID_PERSONS.has(person)) return own;
  return [...state.focusServiceFor].find(([other]) => KID_PERSONS.has(other))?.[1];
}

/**
 * A slot without a service takes it from the context: the same time booked, the one
 * booking just cancelled ("cancel ... can I do 5 instead?"), the person's own booking,
 * the services talked about (the one said for that person, a kids' one for a child),
 * else the latest booking's.
 */
function inheritService(
  state: DialogueState,
  message: MessageAnalysis,
  slot: Slot,
  index: number,
  context: { same?: Booking; latest?: Booking; live: Booking[]; cancelled: Booking[] },
): void {
  if (slot.service) return;
  const { same, latest, live, cancelled } = context;
  if (same) {
    slot.service = same.service;
    return;
  }
  if (cancelled.length === 1) {
    slot.service = cancelled[0].service;
    return;
  }
  // "Can you move my sister to 16:00?": her booking's service.
  // The customer's own counts too once the chat books for several people ("את ב-16:30 והבת ב-17:15").
  const severalBooked = new Set(live.map((booking) => booking.person).filter(Boolean)).size > 1;
  const theirs =
    slot.person && (slot.person !== SELF || severalBooked)
      ? live.filter((booking) => booking.person === slot.person).at(-1)
      : undefined;
  if (theirs && !message.mentions.length) {
    slot.service = theirs.service;
    slot.explicitService = true;
    return;
  }
  const services = focusedServices(state);
  const saidForThem = slot.person ? serviceSaidFor(state, slot.person) : undefined;
  if ((services.length || saidForThem) && (!latest || state.focusServicesMessage > latest.message)) {
    const isKids = (service: string) => state.variants.kidsServices.has(service);
    if (saidForThem) slot.service = saidForThem;
    else if (services.length === 1 || !state.severalPeople) slot.service = services[services.length - 1];
    else if (slot.person && KID_PERSONS.has(slot.person) && services.some(isKids))
      slot.service = services.find(isKids)!;
    else if (slot.person === SELF && services.some((service) => !isKids(service)))
      slot.service = services.find((service) => !isKids(service))!;
    else slot.service = services[Math.min(index, services.length - 1)];
    return;
  }
  if (latest) slot.service = latest.service;
  else if (state.lastCancelled.length) slot.service = state.lastCancelled[0].service;
}

/**
 * "your son at 10:30" with a haircut inherited: the kids' version of it; "your husband at
 * 18:30" after "a cut for me": the men's. Then, for any slot whose service was not said
 * with a who-word, the catalogue's version that fits who it is for by meaning: "a trim"
 * for Millie, who is 7, is the kids' cut; a groom for a 70 lb golden is the large one.
 */
export function fitServiceToPerson(state: DialogueState, slot: Slot): void {
  const { variants } = state;
  if (!slot.service || slot.saidQualifier) return;
  if (!slot.explicitService && slot.person) {
    const child = KID_PERSONS.has(slot.person);
    if (child) slot.service = variants.kidsVersion(slot.service) ?? slot.service;
    else if (!slot.person.startsWith(NAMED)) slot.service = variants.adultVersion(slot.service) ?? slot.service;
    if (slot.gender && !child) slot.service = variants.genderVersion(slot.service, slot.gender) ?? slot.service;
  }
  slot.service = variants.fitTo(slot.service, wantedFor(state.traits, slot)) ?? slot.service;
}

/**
 * "Next week Wednesday at 17:45" ... "Booked, Wednesday at 17:45": a bare weekday that
 * restates the day talked about (a week after the nearest such weekday) means that day.
 */
function keepRestatedWeekday(state: DialogueState, slot: Slot, live: Booking[]): void {
  if (slot.dateKind !== "weekday" || !slot.date) return;
  const aWeekLater = addDays(slot.date, DAYS_IN_WEEK);
  const talkedAbout = [state.focusDate, ...live.map((booking) => booking.date)];
  if (talkedAbout.includes(aWeekLater) && !talkedAbout.includes(slot.date)) slot.date = aWeekLater;
}

/** Fills what the slots of a message leave out from what the conversation said before. */
export function fillFromContext(
  state: DialogueState,
  message: MessageAnalysis,
  slots: Slot[],
  cancelled: Booking[],
): void {
  const live = activeBookings(state, message.index);
  const latest = live[live.length - 1];
  for (const slot of slots) keepRestatedWeekday(state, slot, live);
  slots.forEach((slot, index) => {
    const same = live.find(
      (booking) => sameClockTime(booking.time, slot.time) && (!slot.date || booking.date === slot.date),
    );
    inheritDate(state, slot, same, latest);
    inheritService(state, message, slot, index, { same, latest, live, cancelled });
  });
  for (const slot of slots) fitServiceToPerson(state, slot);
}

/**
 * "Sure, see you tomorrow at 17:00 both of you": one slot said for several people
 * becomes one slot each, with the services asked for (a haircut for me, a manicure
 * for my daughter), or the same service for each.
 */
export function splitForGroup(state: DialogueState, message: MessageAnalysis, slots: Slot[]): Slot[] {
  if (!slots.length || slots.some((slot) => slot.expanded)) return slots;
  const first = slots[0];
  if (slots.some((slot) => slot.date !== first.date || !sameClockTime(slot.time, first.time))) return slots;
  const size = groupSize(message);
  if (size < 2 || size <= slots.length || size > MAX_GROUP) return slots;
  const said = message.mentions.filter((mention) => !mention.inCancelClause);
  const ownerOf = (service: string, owners: Map<string, string>) =>
    [...owners].find(([, owned]) => owned === service)?.[0] ?? null;
  let members: Array<{ service: string | null; person: string | null; explicit: boolean }>;
  if (said.length === size) {
    const owners = serviceOwners(message, said);
    members = said.map((mention) => ({
      service: mention.service,
      person: ownerOf(mention.service, owners),
      explicit: true,
    }));
  } else if (!said.length && focusedServices(state).length === size) {
    members = focusedServices(state).map((service) => ({
      service,
      person: ownerOf(service, state.focusServiceFor),
      explicit: true,
    }));
  } else {
    // "me and my dad at 10": the people named, in order; else one unnamed person each.
    const people = [
      ...new Set(message.persons.filter((person) => !person.key.startsWith(NAMED)).map((person) => person.key)),
    ];
    if (people.length === 1 && people[0] !== SELF && size === 2) people.push(SELF);
    members = Array.from({ length: size }, (_, index) => ({
      service: first.service,
      person: people.length === size ? people[index] : null,
      explicit: first.explicitService,
    }));
  }
  const taken = new Set<string>();
  return members.map((member, index) => {
    let person = member.person ?? (index === 0 ? first.person : null);
    if (!person || taken.has(person)) person = `${GROUP_MEMBER}${index + 1}`;
    taken.add(person);
    return {
      ...first,
      service: member.service ?? first.service,
      explicitService: member.explicit,
      person,
      personLabel: index === 0 ? first.personLabel : null,
    };
  });
}

/** "Yes! swedish for me and deep tissue for him" after one slot offered to two: each gets theirs. */
export function assignGroupServices(message: MessageAnalysis, proposal: Proposal): void {
  const group = proposal.added.filter((booking) => booking.status === "active");
  const said = message.mentions.filter((mention) => !mention.inCancelClause);
  if (group.length < 2 || said.length !== group.length || new Set(said.map((mention) => mention.service)).size < 2)
    return;
  if (group.some((booking) => booking.date !== group[0].date || !sameClockTime(booking.time, group[0].time))) return;
  group.forEach((booking, index) => {
    booking.service = said[index].service;
    booking.explicitService = true;
  });
}

/** A slot for someone none of the live bookings is for ("10:30 for your dad") adds a booking. */
export function isNewPerson(slot: Slot, live: Booking[]): boolean {
  if (!slot.person || slot.person === SELF) return false;
  return (
    live.some((booking) => booking.person && !booking.person.startsWith(GROUP_MEMBER)) &&
    !live.some((booking) => booking.person === slot.person)
  );
}

/**
 * The earlier bookings a new slot replaces (a reschedule): the same date and time, the
 * same person's, the same service's, or the only one; none when the message adds
 * ("also", someone new) rather than moves.
 */
export function replacedBookings(
  state: DialogueState,
  message: MessageAnalysis,
  slot: Slot,
  slots: Slot[],
  absorbed: ReadonlySet<Booking>,
): Booking[] {
  const live = activeBookings(state, message.index).filter((booking) => !absorbed.has(booking));
  if (!live.length) return [];
  const rescheduling =
    message.cues.has("reschedule") || state.rescheduleMessage >= Math.max(...live.map((booking) => booking.message));
  // "can you lock me in for the 31st too?" ... "Dec 31 I got 10am or 11:30am" ... "10": still adding.
  const adding = message.cues.has("also") || state.alsoMessage > Math.max(...live.map((booking) => booking.message));
  if (adding && !rescheduling) return [];
  if (isNewPerson(slot, live) && !rescheduling) return [];
  const exact = live.find((booking) => booking.date === slot.date && sameClockTime(booking.time, slot.time));
  if (exact && slots.length === 1) return [exact];
  const { moveFrom } = state;
  if (
    rescheduling &&
    moveFrom &&
    moveFrom.message >= Math.max(...live.map((booking) => booking.message)) &&
    !moveFrom.dates.includes(slot.date!)
  ) {
    const named = live.filter(
      (booking) =>
        moveFrom.dates.includes(booking.date!) && (!slot.explicitService || booking.service === slot.service),
    );
    if (named.length === 1) return named;
  }
  if (slot.person && slot.person !== SELF) {
    const theirs = live.filter((booking) => booking.person === slot.person);
    if (theirs.length) return [theirs[theirs.length - 1]];
  }
  const sameService = live.filter((booking) => booking.service === slot.service);
  if (slot.explicitService) {
    if (sameService.length) {
      const slotsOfService = slots.filter((other) => other.service === slot.service);
      if (slotsOfService.length <= 1) return [sameService[sameService.length - 1]];
      return slotsOfService[0] === slot ? sameService : [];
    }
    return live.length === 1 && rescheduling ? [live[0]] : [];
  }
  if (live.length === 1) return [live[0]];
  return [sameService[sameService.length - 1] ?? live[live.length - 1]];
}

/**
 * Makes the slots bookings proposed by `by`. A slot already booked (same date and time)
 * confirms that booking instead; each new one replaces what replacedBookings says.
 */
export function commitSlots(
  state: DialogueState,
  slots: Slot[],
  by: Party,
  message: MessageAnalysis,
  confirmed: boolean,
): void {
  const proposal: Proposal = { by, message: message.index, added: [], replaced: [] };
  state.datelessSlots = slots.filter((slot) => !slot.date && slot.service);
  // Each booking answers for one slot of a message: "both of you at 17:00" keeps one and adds one.
  const absorbed = new Set<Booking>();
  for (const slot of slots) {
    if (!slot.date || !slot.service) continue;
    const sameSlot = activeBookings(state).filter(
      (booking) =>
        !absorbed.has(booking) &&
        booking.message !== message.index &&
        booking.date === slot.date &&
        sameClockTime(booking.time, slot.time) &&
        (booking.service === slot.service ||
          !slot.explicitService ||
          (slots.length === 1 && booking.message < message.index && !booking.explicitService)),
    );
    const same =
      sameSlot.find((booking) => slot.person && booking.person === slot.person) ??
      sameSlot.find((booking) => booking.service === slot.service) ??
      sameSlot[0];
    if (same) {
      absorbed.add(same);
      confirmBooking(same, slot, message.from, confirmed);
      refitForPerson(state, same);
      continue;
    }
    // "Isla has a cut Saturday at 11. Could Isla's move to 12?": a move in the same message replaces that person's slot said before it.
    const movedInMessage = movesEarlierSlot(message, slot)
      ? proposal.added.filter((booking) => booking.status === "active" && booking.person === slot.person)
      : [];
    for (const replaced of [...movedInMessage, ...replacedBookings(state, message, slot, slots, absorbed)]) {
      replaced.status = "replaced";
      proposal.replaced.push(replaced);
      absorbed.add(replaced);
    }
    const booking: Booking = {
      ...slot,
      id: ++state.lastBookingId,
      by,
      message: message.index,
      status: "active",
      confirmed,
    };
    proposal.added.push(booking);
    state.bookings.push(booking);
  }
  if (proposal.added.length) state.proposals.push(proposal);
}

/** "10:00am and 10:30am, one each" ... "your son 10:00am": once a booking's person is known, its service fits them. */
function refitForPerson(state: DialogueState, booking: Booking): void {
  if (!booking.person || booking.explicitService) return;
  const slot: Slot = { ...booking };
  fitServiceToPerson(state, slot);
  booking.service = slot.service;
}

/** A slot for a named person or relative in a clause that asks to move: it moves whatever that person had earlier in the message. */
function movesEarlierSlot(message: MessageAnalysis, slot: Slot): boolean {
  if (!slot.person || slot.person === SELF || slot.person.startsWith(GROUP_MEMBER)) return false;
  return message.clauseCues.get(message.segments.clause[slot.position])?.has("reschedule") ?? false;
}

/** A slot said again: the other side saying it agrees; a service or am/pm said now is kept; the quote is the latest. */
function confirmBooking(booking: Booking, slot: Slot, from: Party, confirmed: boolean): void {
  if (slot.sourceMessage > booking.sourceMessage) {
    booking.sourceMessage = slot.sourceMessage;
    booking.position = slot.position;
  }
  if (booking.by !== from || confirmed) booking.confirmed = true;
  if (slot.explicitService && !booking.explicitService) {
    booking.service = slot.service;
    booking.explicitService = true;
  }
  if (booking.time.ambiguous && !slot.time.ambiguous) booking.time = slot.time;
  booking.person ??= slot.person;
  booking.personLabel ??= slot.personLabel;
}
