// What a booking may be created or edited with: the Add Booking modal, the
// inline edit, the calendar's moves and status changes, and the JSON API share
// these schemas. Add Booking checks in the spec's order: every "required"
// first (name, phone, service, date, time), then the formats.
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import { ownerStatuses, type BookingStatus } from "~/services/bookings/status";
import { isRealDate } from "~/utils/dates";
import { checkPhoneInput } from "~/utils/phone-rule";
import { CLIENT_LIMITS, textOnly } from "./clients";
import { dateText, optionalText, requiredText, timeText } from "./fields";
import { inOrder, says } from "./parse";
import { durationMinutes } from "./services";
import { memberId } from "./team";

export const BOOKING_LIMITS = { service: 60, notes: 2000 } as const;

const service = textOnly("bookings.err.serviceText").pipe(
  requiredText("bookings.err.serviceRequired", BOOKING_LIMITS.service, "bookings.err.serviceTooLong"),
);
const date = textOnly("bookings.err.dateText").pipe(dateText("bookings.err.dateRequired", "bookings.err.dateFormat"));
const time = textOnly("bookings.err.timeText").pipe(timeText("bookings.err.timeRequired", "bookings.err.timeFormat"));
const notes = textOnly("bookings.err.notesText").pipe(optionalText(BOOKING_LIMITS.notes, "bookings.err.notesTooLong"));
/** The booking fields with their own texts; accepting a proposal corrects it with the same ones. */
export const bookingFields = { service, date, time, notes } as const;
const notesOrEmpty = notes.optional().transform((text) => text ?? "");
// An unknown status names the allowed ones (problem.fieldOneOf).
const status = z.enum(ownerStatuses).transform((s): BookingStatus => s);

const blank = (value: string | undefined) => !value;
const trimmed = (value: string | undefined) => value?.trim();

/**
 * A new booking (Add Booking, POST /api/bookings). The fields only trim and
 * check their type and length; the ordered checks give the spec's first error.
 */
export const BookingForm = z
  .object({
    name: textOnly("clients.err.nameText").optional().transform(trimmed),
    phone: textOnly("clients.err.phoneText").optional().transform(trimmed),
    service: textOnly("bookings.err.serviceText").optional().transform(trimmed),
    booking_date: textOnly("bookings.err.dateText").optional().transform(trimmed),
    booking_time: textOnly("bookings.err.timeText").optional().transform(trimmed),
    notes: notesOrEmpty,
    status: status.optional(),
    // Left out: the service's duration (60 when the catalogue has no such service).
    duration_minutes: durationMinutes.optional(),
    // Left out: the first member who does the service and is free (services/bookings/overlaps.server's placeBooking).
    member_id: memberId.optional(),
  })
  .superRefine(
    inOrder([
      { field: "name", fails: (v) => blank(v.name), key: "clients.err.nameRequired" },
      { field: "phone", fails: (v) => blank(v.phone), key: "clients.err.phoneRequired" },
      { field: "service", fails: (v) => blank(v.service), key: "bookings.err.serviceRequired" },
      { field: "booking_date", fails: (v) => blank(v.booking_date), key: "bookings.err.dateRequired" },
      { field: "booking_time", fails: (v) => blank(v.booking_time), key: "bookings.err.timeRequired" },
      {
        field: "phone",
        fails: (v) => checkPhoneInput(v.phone ?? "") === "clients.err.phoneRule",
        key: "clients.err.phoneRule",
      },
      {
        field: "phone",
        fails: (v) => checkPhoneInput(v.phone ?? "") === "clients.err.phoneTooLong",
        key: "clients.err.phoneTooLong",
      },
      { field: "booking_date", fails: (v) => !isRealDate(v.booking_date ?? ""), key: "bookings.err.dateFormat" },
      { field: "booking_time", fails: (v) => !time.safeParse(v.booking_time).success, key: "bookings.err.timeFormat" },
    ]),
  )
  .superRefine((v, ctx) => {
    // Lengths carry their limit, so they are checked here, after the spec's ordered checks.
    const limits = [
      ["name", v.name, CLIENT_LIMITS.name, "clients.err.nameTooLong"],
      ["service", v.service, BOOKING_LIMITS.service, "bookings.err.serviceTooLong"],
    ] as const;
    for (const [field, value, max, key] of limits) {
      if (value && value.length > max) ctx.addIssue({ code: "custom", path: [field], message: key, params: { max } });
    }
  })
  .transform((v) => ({
    name: v.name ?? "",
    phone: v.phone ?? "",
    service: v.service ?? "",
    booking_date: v.booking_date ?? "",
    booking_time: time.parse(v.booking_time),
    notes: v.notes,
    status: v.status ?? "scheduled",
    ...(v.duration_minutes !== undefined ? { duration_minutes: v.duration_minutes } : {}),
    ...(v.member_id !== undefined ? { member_id: v.member_id } : {}),
  }));
export type BookingInput = z.output<typeof BookingForm>;

/** The inline edit of a booking (service, date, time, notes), which sends every field. */
export const BookingEditForm = z.object({
  service,
  booking_date: date,
  booking_time: time,
  notes: notesOrEmpty,
  duration_minutes: durationMinutes.optional(),
  member_id: memberId.optional(),
});

/** PATCH /api/bookings/{id} and the screen's moves and status changes: only the fields sent change. */
export const BookingPatch = z
  .object({
    service: service.optional(),
    booking_date: date.optional(),
    booking_time: time.optional(),
    notes: notes.optional(),
    status: status.optional(),
    duration_minutes: durationMinutes.optional(),
    // Another member's calendar; null unassigns (the booking then occupies nobody's time).
    member_id: memberId.nullable().optional(),
  })
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), says("bookings.err.patchEmpty"));
export type BookingPatchInput = z.output<typeof BookingPatch>;

/** `if_free` beside a booking's fields (POST/PATCH /api/bookings, proposal accept): refuse with 409 instead of booking over another. */
export const IfFree = z.object({ if_free: z.boolean(says("timebook.err.ifFree")).optional() });
