// How the API answers a booking written (or refused) with its time checked:
// as before, plus the overlapping bookings (`conflicts`) and `warnings`
// (outside_hours, time_off); an `if_free` refusal is 409 {success: false, detail, conflicts}.
import { isTaken, type BookingOutcome } from "~/services/bookings/outcome";
import { apiProblem, json } from "~/utils/http.server";

export function outcomeAnswer(outcome: BookingOutcome, detail: string, status = 200): Response {
  if (!outcome.ok)
    return apiProblem(outcome.status, outcome.problem, isTaken(outcome) ? { conflicts: outcome.conflicts } : {});
  return json(
    { success: true, detail, booking: outcome.booking, conflicts: outcome.conflicts, warnings: outcome.warnings },
    status,
  );
}
