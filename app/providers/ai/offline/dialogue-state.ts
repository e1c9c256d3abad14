// What the dialogue knows after each message: the bookings so far and what the
// conversation is about. The rules (dialogue-rules.ts, dialogue-commit.ts) read
// and change one DialogueState as the chat goes on (dialogue.ts).
import type { LocalDate } from "../calendar";
import type { Party } from "./analyze";
import type { Slot } from "./slots";
import type { ChatTraits, Wanted } from "./traits";
import type { ClockTime } from "./times";

type BookingStatus = "active" | "cancelled" | "replaced" | "undone";

export type Booking = Slot & {
  id: number;
  by: Party; // who proposed it
  message: number; // the message that made it
  status: BookingStatus;
  confirmed: boolean; // the other side agreed
};

/** What one message did: the bookings it added and the ones they replaced (so a decline can undo it). */
export type Proposal = { by: Party; message: number; added: Booking[]; replaced: Booking[] };

/** Options offered and not yet picked from ("Thursday 17:00 or 18:30"). */
type PendingOffer = { alternatives: Slot[]; by: Party; message: number };

/** The catalogue's versions of a service for someone else: the kids', the adults', the other gender's. */
export type ServiceVariants = {
  /** The entry with the same service words whose who-words (kids, gender, size) fit the person best; null when none fits better. */
  fitTo(service: string, wanted: Wanted): string | null;
  kidsServices: ReadonlySet<string>;
  kidsVersion(service: string): string | null;
  adultVersion(service: string): string | null;
  genderVersion(service: string, gender: "M" | "F"): string | null;
};

export type DialogueState = {
  variants: ServiceVariants;
  /** Who the chat's people and animals are (a child, a dog's size), from the whole chat. */
  traits: ChatTraits;
  bookings: Booking[];
  proposals: Proposal[];
  pendingOffer: PendingOffer | null;
  /** The date the conversation is about ("Sunday instead? Same time"), and the message that said it. */
  focusDate: LocalDate | null;
  focusDateMessage: number;
  /** The services each side last asked for or offered, who spoke last about services, and when. */
  focusServices: Record<Party, string[]>;
  focusServicesBy: Party;
  focusServicesMessage: number;
  /** Person key -> the service said for them ("a cut for me and a manicure for my daughter"). */
  focusServiceFor: Map<string, string>;
  /** What the last cancellation cancelled, so "keep it after all" can bring it back. */
  lastCancelled: Booking[];
  /** The message that made the last cancellation. */
  lastCancelMessage: number;
  rescheduleMessage: number;
  /** The booked days a request to move named ("move the 23.3 to the 24.3"), and when. */
  moveFrom: { dates: LocalDate[]; message: number } | null;
  /** The last message asking for another booking besides ("also", "too"): slots after it add rather than move. */
  alsoMessage: number;
  /** The last message about a product pick-up. */
  productMessage: number;
  /** Times said without a date, waiting for one ("5pm?" ... "Tomorrow?"). */
  datelessSlots: Slot[];
  /** The chat is about several people: then options for one person are not picked by default. */
  severalPeople: boolean;
  lastMessageBy: Record<Party, number>;
  lastBookingId: number;
  /** The customer wrote to the wrong business: nothing in the chat is a booking. */
  wrongNumber: boolean;
};

const NO_MESSAGE = -1;

export function createDialogueState(
  variants: ServiceVariants,
  traits: ChatTraits = { byPerson: new Map(), soleSize: null },
): DialogueState {
  return {
    variants,
    traits,
    bookings: [],
    proposals: [],
    pendingOffer: null,
    focusDate: null,
    focusDateMessage: NO_MESSAGE,
    focusServices: { business: [], customer: [] },
    focusServicesBy: "customer",
    focusServicesMessage: NO_MESSAGE,
    focusServiceFor: new Map(),
    lastCancelled: [],
    lastCancelMessage: NO_MESSAGE,
    rescheduleMessage: NO_MESSAGE,
    moveFrom: null,
    alsoMessage: NO_MESSAGE,
    productMessage: NO_MESSAGE,
    datelessSlots: [],
    severalPeople: false,
    lastMessageBy: { business: NO_MESSAGE, customer: NO_MESSAGE },
    lastBookingId: 0,
    wrongNumber: false,
  };
}

export const otherParty = (party: Party): Party => (party === "business" ? "customer" : "business");

/** Two times are the same slot; an hour said without am/pm matches either ("5" and "17:00"). */
export function sameClockTime(a: ClockTime, b: ClockTime): boolean {
  return a.minute === b.minute && (a.hour === b.hour || ((a.ambiguous || b.ambiguous) && a.hour % 12 === b.hour % 12));
}

/** Bookings still standing, made before message `before`. */
export function activeBookings(state: DialogueState, before = Infinity): Booking[] {
  return state.bookings.filter((booking) => booking.status === "active" && booking.message < before);
}

/** Takes a proposal back: what it added is undone, what it replaced (if agreed) stands again. */
export function undoProposal(state: DialogueState, proposal: Proposal): void {
  for (const booking of proposal.added) if (booking.status === "active") booking.status = "undone";
  for (const booking of proposal.replaced)
    if (booking.status === "replaced" && booking.confirmed) booking.status = "active";
  state.proposals = state.proposals.filter((known) => known !== proposal);
}

/** Drops a booking: undoes it when it is the latest proposal, else cancels it. */
export function removeBooking(state: DialogueState, booking: Booking): void {
  const proposal = state.proposals.find((known) => known.added.includes(booking));
  if (proposal && proposal === state.proposals[state.proposals.length - 1]) {
    undoProposal(state, proposal);
  } else {
    booking.status = "cancelled";
    state.lastCancelled = [booking];
  }
}

/** The services the conversation last asked for: the latest side's, unless that is a list (prices) and the other side named one. */
export function focusedServices(state: DialogueState): string[] {
  const { business, customer } = state.focusServices;
  const [recent, older] = state.focusServicesBy === "business" ? [business, customer] : [customer, business];
  return recent.length === 1 || !older.length ? recent : older.length === 1 ? older : recent;
}
