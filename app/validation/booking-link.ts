// The booking link: its settings (PATCH /api/settings) and what the public
// page sends (POST /api/public/{slug}/bookings), with the spec's messages.
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import { isSlug } from "~/services/booking-link/slug";
import { bookingFields, BOOKING_LIMITS } from "./bookings";
import { ClientForm, textOnly } from "./clients";
import { optionalText } from "./fields";
import { says } from "./parse";

export const HOLD_MINUTES = { min: 10, max: 120, default: 30 } as const;

const slug = z
  .union([z.string(says("booklink.err.slug")), z.null()], says("booklink.err.slug"))
  .transform((v) => (v === null ? "" : v.trim().toLowerCase()))
  .refine((v) => v === "" || isSlug(v), says("booklink.err.slug"));

/** PATCH /api/settings: the booking link's fields, when sent ("" or null clears the slug, which turns the page off). */
export const BookingLinkPatch = z.object({
  booking_slug: slug.optional(),
  booking_page_enabled: z.boolean(says("booklink.err.enabled")).optional(),
  booking_hold_minutes: z
    .number(says("booklink.err.holdMinutes"))
    .int(says("booklink.err.holdMinutes"))
    .min(HOLD_MINUTES.min, says("booklink.err.holdMinutes"))
    .max(HOLD_MINUTES.max, says("booklink.err.holdMinutes"))
    .optional(),
  booking_owner_confirms: z.boolean(says("booklink.err.ownerConfirms")).optional(),
});
export type BookingLinkPatchInput = z.output<typeof BookingLinkPatch>;

/**
 * A booking from the public page: the service, the date and the time with
 * Add Booking's messages, then the name and the phone with Add Client's (the
 * spec's rules), an optional note, the hidden field people leave empty, and
 * with a team the member chosen (404 unless one of the business's).
 */
export const PublicBookingForm = z.object({
  service: bookingFields.service,
  date: bookingFields.date,
  time: bookingFields.time,
  name: ClientForm.shape.name,
  phone: ClientForm.shape.phone,
  notes: textOnly("bookings.err.notesText")
    .pipe(optionalText(BOOKING_LIMITS.notes, "bookings.err.notesTooLong"))
    .optional()
    .transform((text) => text ?? ""),
  website: z.unknown().optional(),
  /** With a team, whose calendar ("" or absent: anyone free who does the service). */
  member_id: z
    .string(says("team.err.memberId"))
    .trim()
    .max(100, says("team.err.memberId"))
    .optional()
    .transform((id) => id || undefined),
});
export type PublicBookingInput = z.output<typeof PublicBookingForm>;
