// What a booking may be created or edited with (the Add Booking modal, the
// inline edit, the calendar and the JSON API share these checks).
import { bookingStatuses, type BookingStatus } from "./status";
import { checkPhoneInput } from "~/utils/phone-rule";
import { checked, dateField, InputError, requireFilled, text, timeField, type Raw } from "~/utils/input";
import { CLIENT_LIMITS } from "../clients/client-input";

export const BOOKING_LIMITS = { service: 60, notes: 2000 } as const;

export type BookingCreate = {
  name: string; phone: string; service: string; booking_date: string; booking_time: string; notes: string; status: BookingStatus;
};
export type BookingPatch = Partial<Pick<BookingCreate, "service" | "booking_date" | "booking_time" | "notes" | "status">>;

function service(raw: Raw): string | undefined {
  const value = text(raw, "service", 10_000, "Service");
  if (value !== undefined && value.length > BOOKING_LIMITS.service) throw new InputError(`Service name too long (max ${BOOKING_LIMITS.service}).`);
  return value;
}

function status(raw: Raw): BookingStatus | undefined {
  const value = raw.status;
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string" || !(bookingStatuses as readonly string[]).includes(value)) {
    throw new InputError(`status must be one of ${bookingStatuses.join(", ")}.`);
  }
  return value as BookingStatus;
}

export function validateBookingCreate(raw: Raw) {
  return checked<BookingCreate>(() => {
    requireFilled(raw, [
      ["name", "Name is required"], ["phone", "Phone is required"], ["service", "Service is required"],
      ["booking_date", "Date is required"], ["booking_time", "Time is required"],
    ]);
    const name = text(raw, "name", CLIENT_LIMITS.name, "Name")!;
    const phone = text(raw, "phone", 200, "Phone")!;
    const problem = checkPhoneInput(phone);
    if (problem) throw new InputError(problem);
    return {
      name, phone, service: service(raw)!,
      booking_date: dateField(raw, "booking_date", "Date")!,
      booking_time: timeField(raw, "booking_time", "Time")!,
      notes: text(raw, "notes", BOOKING_LIMITS.notes, "Notes") ?? "",
      status: status(raw) ?? "scheduled",
    };
  });
}

/** Only the fields sent change: service, date, time, notes (the spec's edit) and status. */
export function validateBookingPatch(raw: Raw) {
  return checked<BookingPatch>(() => {
    const patch: BookingPatch = {};
    if ("service" in raw) {
      const value = service(raw);
      if (!value) throw new InputError("Service is required");
      patch.service = value;
    }
    if ("booking_date" in raw) {
      const value = dateField(raw, "booking_date", "Date");
      if (!value) throw new InputError("Date is required");
      patch.booking_date = value;
    }
    if ("booking_time" in raw) {
      const value = timeField(raw, "booking_time", "Time");
      if (!value) throw new InputError("Time is required");
      patch.booking_time = value;
    }
    if ("notes" in raw) patch.notes = text(raw, "notes", BOOKING_LIMITS.notes, "Notes") ?? "";
    if ("status" in raw) {
      const value = status(raw);
      if (!value) throw new InputError(`status must be one of ${bookingStatuses.join(", ")}.`);
      patch.status = value;
    }
    if (Object.keys(patch).length === 0) throw new InputError("Send at least one of service, booking_date, booking_time, notes, status.");
    return patch;
  });
}
