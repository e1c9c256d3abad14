// Follows the chat as a conversation: proposals, offers with alternatives and the
// pick, confirmations, reschedules (the new slot replaces the old), declines
// (undo the last open proposal), cancellations and cancellations taken back. The
// state is a DialogueState (dialogue-state.ts); each rule is a named function
// (dialogue-rules.ts, dialogue-commit.ts); this file says in which order they apply.
import type { MessageAnalysis } from "./analyze";
import { commitSlots, fillFromContext, splitForGroup, statesBookedSet } from "./dialogue-commit";
import {
  applyCancellation,
  applyDecline,
  applyNegations,
  applyRestore,
  confirmProposal,
  dateForWaitingTimes,
  isBroadcast,
  mentionsSeveralPeople,
  pickAlternative,
  sameTimeAgain,
  swapService,
  withdrawOpenRequest,
} from "./dialogue-rules";
import {
  activeBookings,
  createDialogueState,
  otherParty,
  type Booking,
  type DialogueState,
  type ServiceVariants,
} from "./dialogue-state";
import { REQUEST_STEMS } from "./lexicon/dialogue";
import { OR_WORDS } from "./lexicon/grammar";
import { serviceOwners } from "./party";
import { buildSlots, isAlternatives, type Slot } from "./slots";
import { anyOf } from "./text";
import { chatTraits } from "./traits";

export type { DialogueState, ServiceVariants };

/** A time said this many messages after talk of a pick-up, without a service, is the pick-up. */
const PRODUCT_FOLLOW_UP_MESSAGES = 2;

const REQUEST = new RegExp(anyOf(REQUEST_STEMS), "iu");
const OPENS_WITH_OR = new RegExp(`^\\W*(?:${anyOf(OR_WORDS)})(?![\\p{L}])`, "iu");

/** Runs the whole chat through the dialogue. */
export function followDialogue(messages: MessageAnalysis[], variants: ServiceVariants): DialogueState {
  const state = createDialogueState(variants, chatTraits(messages));
  for (const message of messages) followMessage(state, message);
  return state;
}

/** One message: first what it does to earlier bookings, then the slots it states, or what it answers without one. */
export function followMessage(state: DialogueState, message: MessageAnalysis): void {
  if (message.cues.has("wrongNumber")) state.wrongNumber = true;
  if (mentionsSeveralPeople(message)) state.severalPeople = true;
  const walkInOnly = (message.cues.has("walkin") || message.cues.has("waitlist")) && !buildSlots(message).length;
  if (walkInOnly) {
    // "No appointments, just walk in": nothing offered stands, nor the customer's open request.
    state.pendingOffer = null;
    if (message.from === "business") withdrawOpenRequest(state, "customer");
    return rememberFocus(state, message);
  }
  const removedByNegation = applyNegations(state, message);
  const cancelled = message.cancelClauses.size ? applyCancellation(state, message) : [];
  if (!message.cancelClauses.size && message.cues.has("restore")) applyRestore(state);
  if (!removedByNegation && !cancelled.length && message.cues.has("decline")) applyDecline(state, message);
  const afterProductTalk =
    state.productMessage >= 0 && state.productMessage >= message.index - PRODUCT_FOLLOW_UP_MESSAGES;
  const slots = isBroadcast(state, message) ? [] : buildSlots(message, afterProductTalk);
  if (message.cues.has("product")) state.productMessage = message.index;
  for (const slot of slots) if (slot.sameDay && !slot.date) slot.date = state.focusDate;
  if (slots.length) followSlots(state, message, slots, cancelled);
  else followReplyWithoutSlots(state, message);
  rememberFocus(state, message);
}

/** A message with slots: a pick from the other side's options, more options, options of its own, or firm slots. */
function followSlots(state: DialogueState, message: MessageAnalysis, stated: Slot[], cancelled: Booking[]): void {
  const other = otherParty(message.from);
  const offer = state.pendingOffer;
  if (offer && offer.by === other) {
    const picked = pickAlternative(state, message, stated);
    state.pendingOffer = null;
    if (picked) return commitSlots(state, picked, offer.by, message, true);
  }
  fillFromContext(state, message, stated, cancelled);
  const slots = splitForGroup(state, message, stated);
  if (state.pendingOffer?.by === message.from && OPENS_WITH_OR.test(message.lower)) {
    state.pendingOffer.alternatives.push(...slots); // "Or Friday at 10:00" adds an option
    return;
  }
  if (!statesBookedSet(message) && isAlternatives(message, slots, state.severalPeople)) {
    withdrawOpenRequest(state, other, slots);
    state.pendingOffer = { alternatives: slots, by: message.from, message: message.index };
    return;
  }
  if (state.pendingOffer?.by === message.from) state.pendingOffer = null; // a firm slot replaces one's own options
  commitSlots(state, slots, message.from, message, message.from === "business" && message.cues.has("accept"));
}

/** A message without slots: a pick, a date for waiting times, "same time", a service swapped, or an acceptance. */
function followReplyWithoutSlots(state: DialogueState, message: MessageAnalysis): void {
  const offer = state.pendingOffer;
  if (offer && offer.by === otherParty(message.from)) {
    const picked = pickAlternative(state, message, []);
    if (picked) {
      state.pendingOffer = null;
      return commitSlots(state, picked, offer.by, message, true);
    }
  }
  if (dateForWaitingTimes(state, message) || sameTimeAgain(state, message) || swapService(state, message)) return;
  confirmProposal(state, message);
}

/** After each message: the date and services the conversation is now about, and who spoke when. */
export function rememberFocus(state: DialogueState, message: MessageAnalysis): void {
  const dates = message.dates.filter((date) => !date.negated && date.date);
  if (dates.length) {
    state.focusDate = dates[dates.length - 1].date;
    state.focusDateMessage = message.index;
  }
  const mentions = message.mentions.filter((mention) => !mention.inCancelClause);
  if (mentions.length) {
    // Of several services in one message, the requested ones ("need my roots done") count.
    const clauseStart = (clause: number) => message.segments.clauses.find((known) => known.id === clause)?.start ?? 0;
    const asked = mentions.filter((mention) =>
      REQUEST.test(message.lower.slice(clauseStart(mention.clause), mention.end)),
    );
    state.focusServices[message.from] = [
      ...new Set((asked.length ? asked : mentions).map((mention) => mention.service)),
    ];
    state.focusServiceFor = serviceOwners(message, mentions);
    state.focusServicesBy = message.from;
    state.focusServicesMessage = message.index;
  }
  if (message.cues.has("reschedule")) {
    state.rescheduleMessage = message.index;
    // "can we move the 23.3 to 24.3?": the booked days a moving clause names are the ones to move.
    const moving = message.dates
      .filter((date) => date.date && message.clauseCues.get(date.clause)?.has("reschedule"))
      .map((date) => date.date!);
    const booked = new Set(activeBookings(state).map((booking) => booking.date));
    const from = moving.slice(0, -1).filter((date) => booked.has(date));
    if (from.length) state.moveFrom = { dates: from, message: message.index };
  }
  if (message.cues.has("also")) state.alsoMessage = message.index;
  state.lastMessageBy[message.from] = message.index;
}
