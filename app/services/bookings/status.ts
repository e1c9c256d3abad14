// Booking statuses for the screens (the schema holds the same list; this copy
// keeps drizzle out of the browser bundle, and the type check below keeps them equal).
import type { BookingStatus as SchemaStatus } from "~db/schema";

/** What an owner may set (the API, the status control); "pending" is only ever made by the booking page. */
export const ownerStatuses = ["scheduled", "confirmed", "completed", "cancelled", "no_show"] as const;
export const bookingStatuses = [...ownerStatuses, "pending"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const statusesMatchSchema: Same<BookingStatus, SchemaStatus> = true;
void statusesMatchSchema;

/** Badge colour: scheduled green, confirmed (by the client's reply) teal, completed blue, cancelled red, pending (booked online, not yet confirmed on WhatsApp) amber, anything else (no-show) grey. */
export function statusTone(status: string): "green" | "teal" | "blue" | "red" | "amber" | "grey" {
  if (status === "scheduled") return "green";
  if (status === "pending") return "amber";
  if (status === "confirmed") return "teal";
  if (status === "completed") return "blue";
  if (status === "cancelled") return "red";
  return "grey";
}
