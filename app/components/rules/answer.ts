// What the Rules tab's action answers its three forms (the wizard's Send, the
// details' Delete, a manual message's Done), as every screen answers: done
// with how many rules it made or removed, or the problem to show. Signed out
// and a request that never arrived are problems too, whose keys are the
// spec's own toasts. Client-safe: the route's clientAction answers with it.
import type { MessageKey, Translate } from "~/i18n";
import type { ActionAnswer } from "~/utils/answer";
import type { Problem } from "~/utils/problem";

type RulesIntent = "create" | "delete" | "manual-done";
export type RulesAnswer = ActionAnswer<RulesIntent | "unknown", { count: number }>;

export function rulesIntent(value: unknown): RulesIntent | "unknown" {
  return value === "create" || value === "delete" || value === "manual-done" ? value : "unknown";
}

/** A request that never reached the server: the spec's 'Error ... Please try again.' (Done says it under the button). */
export const LOST_REQUEST: Record<RulesIntent | "unknown", MessageKey> = {
  create: "rules.toast.createError",
  delete: "rules.toast.deleteError",
  "manual-done": "problem.unexpected",
  unknown: "problem.unexpected",
};

/**
 * A refused Send or Delete in a toast: a problem that is one of the tab's own
 * toasts ('Please login again', a lost request) says itself; any other is the
 * reason in 'Failed to create rule: {detail}'.
 */
export function refusalToast(
  t: Translate,
  problem: Problem,
  failed: "rules.toast.createFailed" | "rules.toast.deleteFailed",
): string {
  const reason = t(problem.key, problem.params);
  return problem.key.startsWith("rules.toast.") ? reason : t(failed, { detail: reason });
}
