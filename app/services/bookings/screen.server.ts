// The Calendar tab's loader and action logic (cookie session, form posts);
// the same services as the JSON API.
import { data } from "@remix-run/cloudflare";
import { asc, eq } from "drizzle-orm";
import { schema, type Db } from "../../../db";
import { badRequestOnServiceError } from "~/services/clients/screen.server";
import type { BusinessRef } from "~/services/clients/clients.server";
import { ServiceError } from "~/services/service-error";
import { listQuery, rangeQuery } from "~/services/list-query.server";
import { localDate, localTime } from "~/utils/time-zone";
import { addDays } from "~/utils/dates";
import { formatPhone } from "~/utils/phone";
import { validateBookingCreate, validateBookingPatch } from "./booking-input";
import { BOOKING_PAGE_MAX, bookingsInRange, createBooking, deleteBooking, listBookings, updateBooking, type BookingView } from "./bookings.server";

export type BookingItem = BookingView & { client_phone_display: string };
export type BookingActionResult =
  | { ok: true; intent: "create" | "update"; booking: BookingItem }
  | { ok: true; intent: "delete"; id: string }
  | { ok: false; message: string };

/** The list's default window when the owner has not chosen dates: the last 30 days and the next 30. */
export const DEFAULT_WINDOW_DAYS = 30;

/** Cards a phone shows at once; "Load more" fetches the next ones. */
export const SCREEN_PAGE = 30;

/** Formats each distinct phone once: a calendar month can hold thousands of bookings of far fewer clients. */
function displayer() {
  const seen = new Map<string, string>();
  return (b: BookingView): BookingItem => {
    let display = seen.get(b.client_phone);
    if (display === undefined) seen.set(b.client_phone, (display = formatPhone(b.client_phone)));
    return { ...b, client_phone_display: display };
  };
}
const withDisplay = (b: BookingView) => displayer()(b);

export async function bookingsScreen(db: Db, business: BusinessRef, params: URLSearchParams, now: number) {
  const today = localDate(now, business.timeZone);
  try {
    if (params.has("start")) {
      const range = await bookingsInRange(db, business.id, rangeQuery(params));
      return { kind: "range" as const, bookings: range.bookings.map(displayer()), truncated: range.truncated };
    }
    const view = params.get("view") === "calendar" ? ("calendar" as const) : ("list" as const);
    // An absent date means the default window; a date sent empty means no bound.
    const windowed = new URLSearchParams(params);
    if (!params.has("from")) windowed.set("from", addDays(today, -DEFAULT_WINDOW_DAYS));
    if (!params.has("to")) windowed.set("to", addDays(today, DEFAULT_WINDOW_DAYS));
    if (!params.has("limit")) windowed.set("limit", String(SCREEN_PAGE));
    const options = listQuery(windowed, BOOKING_PAGE_MAX);
    const page = view === "list" ? await listBookings(db, business.id, options) : null;
    const services = await db.select({ name: schema.services.name }).from(schema.services)
      .where(eq(schema.services.businessId, business.id)).orderBy(asc(schema.services.nameKey)).limit(200);
    return {
      kind: "screen" as const, view, today, timeZone: business.timeZone, nowLocal: `${today}T${localTime(now, business.timeZone)}`,
      filters: { q: options.q, from: options.from ?? "", to: options.to ?? "" },
      bookings: page ? page.bookings.map(displayer()) : [], next_cursor: page?.next_cursor ?? null,
      services: services.map((s) => s.name),
    };
  } catch (error) {
    badRequestOnServiceError(error);
  }
}

const fields = (form: FormData, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => form.has(k)).map((k) => [k, form.get(k)])) as Record<string, unknown>;

export async function bookingsAction(deps: { db: Db; env: Env; now: number }, business: BusinessRef, form: FormData) {
  const fail = (message: string, status: number) => data<BookingActionResult>({ ok: false, message }, { status });
  try {
    const intent = String(form.get("intent") ?? "");
    const id = String(form.get("id") ?? "");
    if (intent === "create") {
      const input = validateBookingCreate(fields(form, ["name", "phone", "service", "booking_date", "booking_time", "notes"]));
      if (!input.ok) return fail(input.message, 400);
      return data<BookingActionResult>({ ok: true, intent, booking: withDisplay(await createBooking(deps, business, input.value)) });
    }
    if (intent === "update") {
      const patch = validateBookingPatch(fields(form, ["service", "booking_date", "booking_time", "notes", "status"]));
      if (!patch.ok) return fail(patch.message, 400);
      return data<BookingActionResult>({ ok: true, intent, booking: withDisplay(await updateBooking(deps, business.id, id, patch.value)) });
    }
    if (intent === "delete") {
      await deleteBooking(deps, business.id, id);
      return data<BookingActionResult>({ ok: true, intent, id });
    }
    return fail("Unknown action.", 400);
  } catch (error) {
    if (error instanceof ServiceError) return fail(error.message, error.status);
    throw error;
  }
}
