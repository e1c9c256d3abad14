// The Connect tab's actions, shared by the screen and the JSON API. Tenant
// check first: a business may only touch its own session (another id -> 404).
import { apiError, json } from "~/utils/http.server";
import { businessSession } from "./session.server";

import { ACTION_ERRORS } from "./errors";

export function ownSessionOr404(businessId: string, requested: string | undefined) {
  if (requested !== businessId) throw apiError(404, "Session not found");
}

/** Runs a DO action and turns its failure into the spec's error text (502: the gateway failed, not the user). */
export async function runAction(fallback: (typeof ACTION_ERRORS)[number], action: () => Promise<unknown>) {
  try {
    return json({ success: true, ...(await action() as object) });
  } catch (error) {
    const message = error instanceof Error && (ACTION_ERRORS as readonly string[]).includes(error.message) ? error.message : fallback;
    console.error(message, error);
    return apiError(502, message);
  }
}

export { businessSession };
