// What deciding a booking answers (services/bookings/decide.server): the
// booking with what its time collides with, or a refusal with its problem.
// Apart from the decision itself, so the paths it runs (a freed-slot offer,
// a change asked in the chat) can name these without importing it back.
import type { BusinessRef } from "~/services/clients/clients.server";
import type { TimeWarning, WorkingHours } from "~/services/time/span";
import { AppError, isMessageKey, type Problem } from "~/utils/problem";
import type { BookingView } from "./bookings.server";
import type { Conflict } from "./overlaps.server";

/** What the decision needs of the business (plain data: it crosses into the Durable Object). */
export type BookingBusiness = BusinessRef & { workingHours: WorkingHours };

export type BookingOutcome =
  | { ok: true; booking: BookingView; conflicts: Conflict[]; warnings: TimeWarning[] }
  | { ok: false; status: number; problem: Problem; conflicts: Conflict[] };

/** A refusal because the time is taken (not, say, a proposal accepted already): it names the bookings in the way. */
export const isTaken = (outcome: BookingOutcome): outcome is Extract<BookingOutcome, { ok: false }> =>
  !outcome.ok && outcome.problem.key === "timebook.notFree";

/** An outcome's failure as the service error the screens and API already answer. */
export function outcomeError(outcome: Extract<BookingOutcome, { ok: false }>): AppError {
  const key = isMessageKey(outcome.problem.key) ? outcome.problem.key : "problem.invalid";
  return new AppError(outcome.status, key, outcome.problem.params);
}
