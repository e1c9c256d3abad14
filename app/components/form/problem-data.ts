// The body of an error a loader throws with `data({ problem }, { status })`:
// error boundaries show `t(problem.key, problem.params)` in the reader's language.
import { isMessageKey, type Problem } from "~/utils/problem";

export function isProblemData(value: unknown): value is { problem: Problem } {
  if (typeof value !== "object" || value === null || !("problem" in value)) return false;
  const found = (value as { problem: unknown }).problem;
  return typeof found === "object" && found !== null && isMessageKey((found as { key?: unknown }).key);
}
