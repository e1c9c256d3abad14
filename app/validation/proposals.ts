// The proposals' schemas: the correction that may come with an accept, and an
// extractor's booking as a proposal keeps it. Both use the booking fields'
// own rules and texts (validation/bookings.ts).
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import { BOOKING_LIMITS, bookingFields } from "./bookings";
import { says } from "./parse";
import { memberId } from "./team";

/**
 * POST /api/proposals/{id}/accept: an optional correction of the proposal
 * before it becomes a booking. Only the fields sent change: a service that is
 * not blank (at most 60 characters), a real YYYY-MM-DD date, an HH:MM time
 * (HH:MM:SS is kept as HH:MM), notes of at most 2000 characters ("" or null
 * clears them). Other fields are ignored.
 */
export const ProposalCorrection = z.object({
  service: bookingFields.service.optional(),
  date: bookingFields.date.optional(),
  time: bookingFields.time.optional(),
  notes: bookingFields.notes.optional(),
  // Whose calendar (default: the first free member who does the service).
  member_id: memberId.optional(),
});
export type ProposalCorrectionInput = z.output<typeof ProposalCorrection>;

/** POST /api/proposals/{id}/accept of a change (reschedule, late, cancel): `ack` false sends the customer no answer (default true). */
export const ProposalAck = z.object({ ack: z.boolean(says("proposals.err.ack")).optional() });

export const PROPOSAL_QUOTE_MAX = 500;

const clipped = (max: number) =>
  z
    .string()
    .nullish()
    .transform((text) => (text ?? "").trim().slice(0, max));

/**
 * An extractor's booking as a proposal keeps it: service, date and time by
 * the booking fields' own rules (a booking that breaks one is not proposed),
 * notes and quote trimmed and cut to their limits.
 */
export const ProposedBooking = z.object({
  service: bookingFields.service,
  date: bookingFields.date,
  time: bookingFields.time,
  notes: clipped(BOOKING_LIMITS.notes),
  quote: clipped(PROPOSAL_QUOTE_MAX),
});

/**
 * The Sync tab's Edit of a proposal: every field sent (the card's form), with
 * the booking fields' texts; Save accepts the proposal corrected this way.
 */
export const ProposalEditForm = z.object({
  id: z.string().max(200),
  service: bookingFields.service,
  date: bookingFields.date,
  time: bookingFields.time,
  notes: bookingFields.notes,
  // Left empty: the first free member who does the service.
  member_id: memberId.optional(),
});

/** The Sync tab's Accept and Dismiss: the proposal's id. */
export const ProposalIdForm = z.object({ id: z.string().max(200) });
