// Creating or moving a booking, with what its time collides with. Every path
// that books or moves (Add Booking, the list's edit, a calendar drag, the API,
// and what books from outside: the booking link, a client's "1" to a freed-slot
// offer, its "offer" task) goes through `decideBooking`:
// - without `ifFree` the booking is written and the overlapping bookings and
//   hours warnings are reported beside it (owners double-book on purpose);
// - with `ifFree` a time that overlaps another booking is refused (nothing is
//   written) and the overlaps are answered. That decision runs inside the
//   business's Durable Object, one at a time (`BusinessSession.decideBooking`),
//   so two requests can never both see the slot free and both book it, on
//   any member's calendar (every member of the business shares that object).
// A booking is on one member's calendar; overlaps, hours and time off are that
// member's (overlaps.server's placeBooking chooses one when none is sent).
import { and, eq } from "drizzle-orm";
import { createDb, schema } from "~db";
import { FREEING_STATUSES } from "~/services/time/span";
import { businessSession } from "~/services/whatsapp/session.server";
import { AppError, problem } from "~/utils/problem";
import { serviceKey } from "~/utils/service-name";
import type { BookingInput, BookingPatchInput } from "~/validation/bookings";
import type { ProposalCorrectionInput } from "~/validation/proposals";
import { acceptProposal, findProposal } from "~/services/proposals/proposals.server";
import { acceptChange } from "~/services/proposals/changes.server";
import { serviceFrom, serviceQuery } from "~/services/catalogue/services.server";
import type { BookingBusiness, BookingOutcome } from "./outcome";
import {
  createBooking,
  getBooking,
  snapshotFrom,
  snapshotOf,
  updateBooking,
  type BookingSource,
} from "./bookings.server";
import { listTeam, teamOf, teamQuery } from "~/services/team/team.server";
import { answerOffer, type OfferTask } from "~/services/openings/offers.server";
import {
  chairOf,
  conflictsIn,
  dayFacts,
  factsOf,
  factsQueries,
  namedConflicts,
  placeBooking,
  reportForBookings,
  warningsIn,
  type Conflict,
} from "./overlaps.server";

export type BookingTask =
  | {
      kind: "create";
      business: BookingBusiness;
      input: BookingInput;
      source: BookingSource;
      ifFree: boolean;
      now: number;
    }
  | { kind: "update"; business: BookingBusiness; id: string; patch: BookingPatchInput; ifFree: boolean; now: number }
  | {
      kind: "accept";
      business: BookingBusiness;
      proposalId: string;
      corrections: ProposalCorrectionInput;
      ifFree: boolean;
      now: number;
      /** A change proposal: send the customer a short answer (default on). */
      ack?: boolean;
    }
  // A client's "1" to a freed-slot offer (services/openings/offers.server): always one at a time.
  | OfferTask;

/** The business's fields the decision reads, from its row. */
export const bookingBusiness = (b: BookingBusiness): BookingBusiness => ({
  id: b.id,
  country: b.country,
  timeZone: b.timeZone,
  workingHours: b.workingHours,
});

/** Books or moves; with `ifFree`, one decision at a time per business (in its Durable Object). */
export async function decideBooking(env: Env, task: BookingTask): Promise<BookingOutcome> {
  if (!task.ifFree) return runBookingTask(env, task);
  return businessSession(env, task.business.id).decideBooking(task);
}

/** The decision itself: where it runs is decideBooking's choice. */
export async function runBookingTask(env: Env, task: BookingTask): Promise<BookingOutcome> {
  try {
    if (task.kind === "create") return await create(env, task);
    if (task.kind === "update") return await update(env, task);
    if (task.kind === "offer")
      return await answerOffer(env, task, (input) =>
        create(env, { kind: "create", business: task.business, input, source: "sync", ifFree: true, now: task.now }),
      );
    return await accept(env, task);
  } catch (error) {
    // Thrown across the Durable Object's RPC an AppError would lose its status: answer it as data.
    if (error instanceof AppError) return { ok: false, status: error.status, problem: error.problem, conflicts: [] };
    throw error;
  }
}

const refused = (conflicts: Conflict[]): BookingOutcome => ({
  ok: false,
  status: 409,
  problem: problem("timebook.notFree"),
  conflicts,
});

async function create(env: Env, task: Extract<BookingTask, { kind: "create" }>): Promise<BookingOutcome> {
  const db = createDb(env.DB);
  const { business, input } = task;
  // Everything the decision reads, in one round trip.
  const [service, members, busy, off] = await db.batch([
    serviceQuery(db, business.id, input.service),
    teamQuery(db, business.id),
    ...factsQueries(db, business.id, [input.booking_date]),
  ]);
  const snapshot = snapshotFrom(serviceFrom(service), input.duration_minutes);
  const [team, facts] = [teamOf(members, business), factsOf([busy, off])];
  const occupies = !FREEING_STATUSES.includes(input.status);
  const timing = {
    date: input.booking_date,
    time: input.booking_time,
    durationMinutes: snapshot.durationMinutes,
    bufferMinutes: snapshot.bufferMinutes,
  };
  const placed = placeBooking(team, facts, business, timing, input.service, input.member_id);
  const found = occupies ? placed.conflicts : [];
  // Only the bookings in the way are named: a refusal reads their names, a create reads them beside its writes.
  if (task.ifFree && found.length) return refused(await namedConflicts(db, business.id, found));
  const [booking, conflicts] = await Promise.all([
    createBooking(
      { db, env, now: task.now },
      business,
      { ...input, member_id: placed.member?.id },
      task.source,
      snapshot,
    ),
    namedConflicts(db, business.id, found),
  ]);
  return { ok: true, booking, conflicts, warnings: occupies ? placed.warnings : [] };
}

async function update(env: Env, task: Extract<BookingTask, { kind: "update" }>): Promise<BookingOutcome> {
  const db = createDb(env.DB);
  const { business, id, patch } = task;
  const b = schema.bookings;
  const [current] = await db
    .select({
      service: b.service,
      date: b.bookingDate,
      time: b.bookingTime,
      durationMinutes: b.durationMinutes,
      bufferMinutes: b.bufferMinutes,
      status: b.status,
      memberId: b.memberId,
    })
    .from(b)
    .where(and(eq(b.businessId, business.id), eq(b.id, id)))
    .limit(1);
  if (!current) throw new AppError(404, "bookings.err.notFound");
  // The time the booking will take: a new service brings its own duration and buffer.
  const newService = patch.service !== undefined && serviceKey(patch.service) !== serviceKey(current.service);
  const snapshot = newService ? await snapshotOf(db, business.id, patch.service!, patch.duration_minutes) : null;
  const next = {
    date: patch.booking_date ?? current.date,
    time: patch.booking_time ?? current.time,
    durationMinutes: snapshot?.durationMinutes ?? patch.duration_minutes ?? current.durationMinutes,
    bufferMinutes: snapshot?.bufferMinutes ?? current.bufferMinutes,
  };
  const status = patch.status ?? current.status;
  const team = await listTeam(db, business);
  const chair = chairOf(team, patch.member_id !== undefined ? patch.member_id : current.memberId);
  const moved =
    (chair?.id ?? null) !== current.memberId ||
    next.date !== current.date ||
    next.time.slice(0, 5) !== current.time.slice(0, 5) ||
    next.durationMinutes !== current.durationMinutes ||
    next.bufferMinutes !== current.bufferMinutes ||
    FREEING_STATUSES.includes(current.status);
  // Only a move (or a cancelled booking taken back) can newly overlap; a status change or a note does not.
  const check = moved && !FREEING_STATUSES.includes(status);
  const facts = check ? await dayFacts(db, business.id, next.date) : null;
  const found = facts ? conflictsIn(facts, business.timeZone, next, chair, id) : [];
  if (task.ifFree && found.length) return refused(await namedConflicts(db, business.id, found));
  const [booking, conflicts] = await Promise.all([
    updateBooking({ db, env, now: task.now }, business.id, id, patch),
    namedConflicts(db, business.id, found),
  ]);
  return { ok: true, booking, conflicts, warnings: facts ? warningsIn(facts, business, next, chair) : [] };
}

/**
 * A proposal accepted (Sync's save code makes the booking), refused instead when ifFree and its time is taken.
 * A change proposal (reschedule, late, cancel) is applied to its booking by this file's update.
 */
async function accept(env: Env, task: Extract<BookingTask, { kind: "accept" }>): Promise<BookingOutcome> {
  const db = createDb(env.DB);
  const { business, corrections } = task;
  const ctx = { db, env, now: task.now };
  const row = await findProposal(db, business.id, task.proposalId);
  if (row && row.status === "open" && row.kind !== "booking") {
    const options = { ack: task.ack ?? true, corrections, now: task.now };
    return await acceptChange(env, db, business, row, options, (id, patch) =>
      update(env, { kind: "update", business, id, patch, ifFree: task.ifFree, now: task.now }),
    );
  }
  let memberId: string | undefined;
  if (row && row.status === "open") {
    const service = corrections.service ?? row.service;
    const timing = {
      date: corrections.date ?? row.date,
      time: corrections.time ?? row.time,
      ...(await snapshotOf(db, business.id, service)),
    };
    const [team, facts] = await Promise.all([listTeam(db, business), dayFacts(db, business.id, timing.date)]);
    const placed = placeBooking(team, facts, business, timing, service, corrections.member_id);
    memberId = placed.member?.id;
    if (task.ifFree && placed.conflicts.length) return refused(await namedConflicts(db, business.id, placed.conflicts));
  }
  // Not found or no longer open: acceptProposal answers why.
  const { bookingId } = await acceptProposal(ctx, business, task.proposalId, corrections, memberId);
  const booking = await getBooking(db, business.id, bookingId);
  if (!booking) throw new AppError(404, "bookings.err.notFound");
  return { ok: true, booking, ...(await reportForBookings(db, business, [bookingId])) };
}
