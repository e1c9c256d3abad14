// The Connect tab's actions, shared by the screen and the JSON API. Tenant
// check first: a business may only touch its own session (another id -> 404).
import { apiText, json } from "~/utils/http.server";
import { translator } from "~/i18n/messages.server";
import { businessSession } from "./session.server";
import type { GatewayProblem } from "./status";

import { ACTION_ERRORS } from "./errors";

export function ownSessionOr404(businessId: string, requested: string | undefined) {
  if (requested !== businessId) throw apiText(404, "Session not found");
}

/**
 * Runs a DO action and turns its failure into the spec's error text (502: the
 * gateway failed, not the user). A refusal the DO explains (`problem`) answers
 * its English text with the key and values the screen translates.
 */
export async function runAction(fallback: (typeof ACTION_ERRORS)[number], action: () => Promise<object>) {
  try {
    const { problem, ...result } = (await action()) as { problem?: GatewayProblem };
    if (problem) return apiText(502, translator("en")(problem.key, problem.params), { key: problem.key, params: problem.params });
    return json({ success: true, ...result });
  } catch (error) {
    const message = error instanceof Error && (ACTION_ERRORS as readonly string[]).includes(error.message) ? error.message : fallback;
    console.error(message, error);
    return apiText(502, message);
  }
}

export { businessSession };
