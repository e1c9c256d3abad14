// The Calendar tab's loader and action (cookie session, form posts): the
// same services as the JSON API; failures come back as problems (message
// keys) that the screen shows in the reader's language.
import { decideWaiting } from "~/services/booking-link/owner.server";
import { data } from "@remix-run/cloudflare";
import type { Submission, SubmissionResult } from "@conform-to/react";
import { asc, eq } from "drizzle-orm";
import { schema, type Db } from "~db";
import type { BusinessRef } from "~/services/clients/clients.server";
import { listQuery, rangeQuery, SCREEN_PAGE } from "~/services/list-query.server";
import {
  BOOKING_PAGE_MAX,
  calendarRange,
  deleteBooking,
  getBooking,
  listBookings,
  type BookingView,
} from "~/services/bookings/bookings.server";
import { bookingBusiness, decideBooking } from "~/services/bookings/decide.server";
import { isTaken, outcomeError, type BookingBusiness, type BookingOutcome } from "~/services/bookings/outcome";
import type { Conflict } from "~/services/bookings/overlaps.server";
import type { TimeWarning } from "~/services/time/span";
import { localDate, localTime } from "~/utils/time-zone";
import { timeOffBetween } from "~/services/time/facts.server";
import { listTeam } from "~/services/team/team.server";
import { readHours } from "~/services/time/hours";
import { addDays } from "~/utils/dates";
import { formatPhone } from "~/utils/phone";
import { availability, type SalonTimeBusiness } from "~/services/time/salon-time.server";
import { AppError, caught, problem, type Problem } from "~/utils/problem";
import { AvailabilityQuery } from "~/validation/hours";
import { validate } from "~/validation/parse";
import {
  BookingEditForm,
  BookingForm,
  BookingPatch,
  type BookingInput,
  type BookingPatchInput,
} from "~/validation/bookings";
import { firstFormProblem, parseForm } from "~/validation/parse";
import type { ServiceContext } from "~/services/service-context";

export type BookingItem = BookingView & { client_phone_display: string };
/**
 * A failed action: the problem to show (the spec's alert), and for the conform
 * forms their field errors. `conflicts`: the time overlaps these bookings,
 * nothing was saved, and the screen asks "Book anyway" (`book_anyway=1`).
 */
export type BookingFailure = {
  ok: false;
  problem: Problem;
  reply?: SubmissionResult<Problem[]>;
  conflicts?: Conflict[];
};
/** A saved booking, with what it overlaps (booked anyway) and its hours warnings. */
export type BookingSaved = {
  ok: true;
  intent: "create" | "edit" | "update";
  booking: BookingItem;
  conflicts: Conflict[];
  warnings: TimeWarning[];
};
export type BookingActionResult = BookingSaved | { ok: true; intent: "delete"; id: string } | BookingFailure;

/** A service's failure thrown from the loader: an error page with the problem (a bad query string is a 400, not a crash). */
function screenError(error: unknown): never {
  if (error instanceof AppError) throw data({ problem: error.problem }, { status: error.status });
  throw error;
}

export type FreeTimes =
  | { kind: "free"; state: "free"; times: string[] }
  | { kind: "free"; state: "closed" }
  | { kind: "free"; state: "unknown-service" }
  | { kind: "free"; state: "invalid" };

/**
 * Add Booking's free times for one service on one day (`?free&service=&date=`,
 * `&member_id=` for one member's, `&except=` for an edit's own booking):
 * the same availability layer as GET /api/availability. Read through this
 * route, which the page has already discovered, like the calendar's ranges: a
 * route only a fetcher reaches is discovered mid-save and Remix's reload after
 * the save answers it "No route matches". A name not in the catalogue (the
 * owner may be typing a new one) is an answer, not an error.
 */
export async function freeTimes(
  db: Db,
  business: SalonTimeBusiness,
  params: URLSearchParams,
  now: number,
): Promise<FreeTimes> {
  const query = validate(AvailabilityQuery, {
    service: params.get("service") ?? undefined,
    from: params.get("date") ?? undefined,
    days: "1",
    member_id: params.get("member_id") || undefined,
  });
  // An edit's chips leave out the booking being edited (`except`, one of the business's ids; another's leaves out nothing).
  const except = params.get("except") || undefined;
  if (!query.ok || !query.value.from || (except && except.length > 100)) return { kind: "free", state: "invalid" };
  try {
    const found = await availability(db, business, { ...query.value, except }, now);
    if (found.closed.length) return { kind: "free", state: "closed" };
    return { kind: "free", state: "free", times: found.slots.map((s) => s.time) };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { kind: "free", state: "unknown-service" };
    throw error;
  }
}

/** The list's default window when the owner has not chosen dates: the last 30 days and the next 30. */
export const DEFAULT_WINDOW_DAYS = 30;

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

export async function bookingsScreen(
  db: Db,
  business: BusinessRef & { workingHours?: unknown },
  params: URLSearchParams,
  now: number,
) {
  const today = localDate(now, business.timeZone);
  try {
    if (params.has("start")) {
      const range = rangeQuery(params);
      // Time off in view (end exclusive), read beside the bookings: the week and day views show it.
      const [events, timeOff] = await Promise.all([
        calendarRange(db, business.id, range),
        timeOffBetween(db, business.id, range.start, addDays(range.end, -1)),
      ]);
      return { kind: "range" as const, ...events, timeOff };
    }
    // The calendar ships compact events; what an opened event shows (phone, notes...) comes one booking at a time.
    if (params.has("booking")) {
      const booking = await getBooking(db, business.id, params.get("booking") ?? "");
      // Returned, not thrown: the calendar's fetcher shows the problem in the panel (a thrown one would replace the screen).
      if (!booking)
        return data(
          { kind: "booking" as const, booking: null, problem: problem("bookings.err.notFound") },
          { status: 404 },
        );
      return { kind: "booking" as const, booking: withDisplay(booking), problem: null };
    }
    const view = params.get("view") === "calendar" ? ("calendar" as const) : ("list" as const);
    // An absent date means the default window; a date sent empty means no bound.
    const windowed = new URLSearchParams(params);
    if (!params.has("from")) windowed.set("from", addDays(today, -DEFAULT_WINDOW_DAYS));
    if (!params.has("to")) windowed.set("to", addDays(today, DEFAULT_WINDOW_DAYS));
    const options = listQuery(windowed, BOOKING_PAGE_MAX);
    const [page, services, team] = await Promise.all([
      view === "list" ? listBookings(db, business.id, { ...options, limit: options.limit ?? SCREEN_PAGE }) : null,
      db
        .select({ name: schema.services.name })
        .from(schema.services)
        .where(eq(schema.services.businessId, business.id))
        .orderBy(asc(schema.services.nameKey))
        .limit(200),
      listTeam(db, business),
    ]);
    return {
      kind: "screen" as const,
      view,
      today,
      timeZone: business.timeZone,
      workingHours: readHours(business.workingHours),
      nowLocal: `${today}T${localTime(now, business.timeZone)}`,
      filters: { q: options.q, from: options.from ?? "", to: options.to ?? "" },
      bookings: page ? page.bookings.map(displayer()) : [],
      next_cursor: page?.next_cursor ?? null,
      services: services.map((s) => s.name),
      members: team.map((m) => ({ id: m.id, name: m.name, color: m.color })),
    };
  } catch (error) {
    screenError(error);
  }
}

/**
 * A failed post. A form its schema refuses answers 400; a service's refusal
 * (a duplicate, a row gone meanwhile...) answers 200 with the problem, as the
 * screens' convention has it (browsers log every 4xx answer to a fetch).
 */
const failure = (status: 200 | 400, found: Problem, reply?: SubmissionResult<Problem[]>) =>
  data<BookingActionResult>(reply ? { ok: false, problem: found, reply } : { ok: false, problem: found }, { status });

type Deps = ServiceContext & { defer?: (work: Promise<unknown>) => void };

/** Checks a form post and saves it; problems of the fields, of the write (not found...) or of a phone come back as problems. */
async function save<V>(
  deps: Deps,
  business: BusinessRef,
  intent: "create" | "edit" | "update",
  id: string,
  submission: Submission<unknown, Problem[], V>,
  write: (value: V) => Promise<BookingOutcome>,
) {
  if (submission.status !== "success") {
    // An unknown id is a 404 whatever the fields say.
    if (intent !== "create" && !(await getBooking(deps.db, business.id, id))) {
      return failure(
        200,
        problem("bookings.err.notFound"),
        submission.reply({ formErrors: [problem("bookings.err.notFound")] }),
      );
    }
    return failure(400, firstFormProblem(submission.error), submission.reply());
  }
  try {
    const outcome = await write(submission.value);
    if (isTaken(outcome))
      return data<BookingActionResult>({
        ok: false,
        problem: outcome.problem,
        conflicts: outcome.conflicts,
        reply: submission.reply(),
      });
    if (!outcome.ok) throw outcomeError(outcome);
    const { booking, conflicts, warnings } = outcome;
    return data<BookingActionResult>({ ok: true, intent, booking: withDisplay(booking), conflicts, warnings });
  } catch (error) {
    const refusal = caught(error);
    // A phone the rule refuses belongs to its field; anything else (not found...) to the form.
    const onPhone = intent === "create" && refusal.status === 400;
    return failure(
      200,
      refusal.problem,
      submission.reply(onPhone ? { fieldErrors: { phone: [refusal.problem] } } : { formErrors: [refusal.problem] }),
    );
  }
}

/**
 * Add Booking, the inline edit (which sends every field), and moves or status
 * changes (only what changes). A time that overlaps another booking is not
 * saved until the form comes back with `book_anyway=1` ("Book anyway").
 */
export async function bookingsAction(deps: Deps, business: BookingBusiness, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const task = { business: bookingBusiness(business), ifFree: form.get("book_anyway") !== "1", now: deps.now };
  const create = (input: BookingInput) => decideBooking(deps.env, { ...task, kind: "create", input, source: "manual" });
  const update = (patch: BookingPatchInput) => decideBooking(deps.env, { ...task, kind: "update", id, patch });
  if (intent === "create") return save(deps, business, intent, id, parseForm(form, BookingForm), create);
  if (intent === "edit") return save(deps, business, intent, id, parseForm(form, BookingEditForm), update);
  if (intent === "update") return save(deps, business, intent, id, parseForm(form, BookingPatch), update);
  if (intent === "accept" || intent === "decline") {
    // An online booking waiting for the owner: Accept or Decline (services/booking-link/owner.server.ts).
    try {
      await decideWaiting(deps.env, business.id, id, intent, deps.now, deps.defer ?? (() => {}));
      const booking = await getBooking(deps.db, business.id, id);
      if (!booking) return failure(200, problem("bookings.err.notFound"));
      return data<BookingActionResult>({
        ok: true,
        intent: "update",
        booking: withDisplay(booking),
        conflicts: [],
        warnings: [],
      });
    } catch (error) {
      return failure(200, caught(error).problem);
    }
  }
  if (intent === "delete") {
    try {
      await deleteBooking(deps, business.id, id);
      return data<BookingActionResult>({ ok: true, intent, id });
    } catch (error) {
      return failure(200, caught(error).problem);
    }
  }
  return failure(400, problem("problem.unknownAction"));
}
