// The Connect tab's actions, shared by the screen and the JSON API. Tenant
// check first: a business may only touch its own session (another id -> 404).
// Failures are problems (keys); the API answers their English with a 502
// (the gateway failed, not the user), the screen shows them translated.
import { AppError, fail, succeed, type Problem } from "~/utils/problem";
import { businessSession } from "./session.server";
import { ACTION_FAILED, isSessionActionError, type SessionAction, type WaView } from "./session-view";

export function ownSessionOr404(businessId: string, requested: string | undefined) {
  if (requested !== businessId) throw new AppError(404, "connect.err.sessionNotFound");
}

export type { SessionAction };

export type SessionActionResult = { ok: true; value: WaView } | { ok: false; problem: Problem; view?: WaView };

/**
 * Runs a Connect action on the business's Durable Object: the new view, or
 * the problem the owner is told (with the view when the refusal changed it,
 * as a gateway too old for Chatbook does).
 */
export async function runSessionAction(
  env: Env,
  businessId: string,
  action: SessionAction,
): Promise<SessionActionResult> {
  const session = businessSession(env, businessId);
  try {
    if (action === "restart") return succeed(await session.restart(businessId));
    if (action === "cancel" || action === "logout") return succeed(await session.remove(businessId, action));
    const { problem, ...view } = await session.open(businessId);
    if (problem) return { ...fail(problem.key, problem.params), view };
    return succeed(view);
  } catch (error) {
    const key = error instanceof Error && isSessionActionError(error.message) ? error.message : ACTION_FAILED[action];
    console.error(key, error);
    return fail(key);
  }
}

export { businessSession };
