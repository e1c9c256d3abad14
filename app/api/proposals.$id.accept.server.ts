import { requireApiUser } from "~/security/signed-in.server";
import { bookingBusiness, decideBooking } from "~/services/bookings/decide.server";
import { isTaken } from "~/services/bookings/outcome";
import { findProposal } from "~/services/proposals/proposals.server";
import { apiError, apiProblem, json, JsonObject, methodNotAllowed, readJson } from "~/utils/http.server";
import { IfFree } from "~/validation/bookings";
import { validate } from "~/validation/parse";
import { ProposalAck, ProposalCorrection } from "~/validation/proposals";
import type { ApiHandler } from "./router.server";

/**
 * POST /api/proposals/{id}/accept, optional body {service, date, time, notes,
 * if_free} correcting the proposal first -> {success, booking_id, conflicts,
 * warnings}. 404 for another business's proposal, 409 once accepted or
 * dismissed, and 409 with the conflicts when if_free and the time is taken.
 * A change (reschedule, late, cancel) is applied to its booking (`booking_id`);
 * `ack: false` sends the customer no short answer (default: sent). 409 when
 * that booking is gone or already cancelled.
 */
export const action: ApiHandler = async ({ request, params, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { db, business } = await requireApiUser(request, env);
  const id = params.id ?? "";
  const body = await readJson(request, JsonObject);
  const corrections = validate(ProposalCorrection, body);
  const flag = validate(IfFree, body);
  const ack = validate(ProposalAck, body);
  if (!corrections.ok || !flag.ok || !ack.ok) {
    // An unknown id is a 404 whatever the body says.
    if (!(await findProposal(db, business.id, id))) return apiError(404, "proposals.err.notFound");
    return apiProblem(
      400,
      !corrections.ok
        ? corrections.problem
        : !flag.ok
          ? flag.problem
          : !ack.ok
            ? ack.problem
            : { key: "problem.invalid" },
    );
  }
  const task = {
    kind: "accept",
    business: bookingBusiness(business),
    proposalId: id,
    corrections: corrections.value,
    ifFree: flag.value.if_free ?? false,
    now: Date.now(),
    ack: ack.value.ack ?? true,
  } as const;
  const outcome = await decideBooking(env, task);
  if (!outcome.ok)
    return apiProblem(outcome.status, outcome.problem, isTaken(outcome) ? { conflicts: outcome.conflicts } : {});
  return json({
    success: true,
    booking_id: outcome.booking.id,
    conflicts: outcome.conflicts,
    warnings: outcome.warnings,
  });
};
