// From zod's issues to the product's problems (keys, never sentences).
// Schemas name their messages as dictionary keys (`{ error: "clients.err.nameRequired" }`);
// an issue a schema did not word (a wrong type in a hand-made API call) gets a
// generic key naming the field. Client-safe: forms use this in the browser too.
import "./zod-setup"; // first: before this file builds a schema
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import type { MessageKey } from "~/i18n";
import { isMessageKey, problem, type Problem, type Result } from "~/utils/problem";

type Issue = z.core.$ZodIssue;

/** A zod error parameter naming a dictionary key: `z.string(says("clients.err.nameRequired"))`. */
export const says = (key: MessageKey) => ({ error: key });

export function problemOfIssue(issue: Issue): Problem {
  const extra = "params" in issue && issue.params ? (issue.params as Record<string, string | number>) : undefined;
  const limit =
    issue.code === "too_big"
      ? { max: Number(issue.maximum) }
      : issue.code === "too_small"
        ? { min: Number(issue.minimum) }
        : undefined;
  if (isMessageKey(issue.message)) {
    const params = extra || limit ? { ...limit, ...extra } : undefined;
    return problem(issue.message, params);
  }
  const field = issue.path.map(String).join(".");
  if (!field) return problem("problem.invalid");
  // zod 4 keeps the input off issues by default; its message says what was received.
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message))
    return problem("problem.fieldRequired", { field });
  if (issue.code === "invalid_type") return problem("problem.fieldType", { field });
  if (issue.code === "too_big") return problem("problem.fieldTooLong", { field });
  if (issue.code === "invalid_value")
    return problem("problem.fieldOneOf", { field, values: issue.values.map(String).join(", ") });
  return problem("problem.fieldInvalid", { field });
}

/** The first problem: schemas list fields (and ordered checks) in the spec's order, so this is the spec's first error. */
export function firstProblem(error: z.ZodError): Problem {
  const issue = error.issues[0];
  return issue ? problemOfIssue(issue) : problem("problem.invalid");
}

/** Checks a value (a JSON body, a form's fields) against a schema. */
export function validate<S extends z.ZodType>(schema: S, raw: unknown): Result<z.output<S>> {
  const parsed = schema.safeParse(raw);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, problem: firstProblem(parsed.error) };
}

/**
 * A form post checked by its schema with conform, errors as problems. The same
 * call runs in the browser (useForm's onValidate) and in the route's action.
 */
export function parseForm<S extends z.ZodType>(payload: FormData | URLSearchParams, schema: S) {
  return parseWithZod(payload, { schema, formatError: (issues: Issue[]) => issues.map(problemOfIssue) });
}

export { firstFormProblem } from "~/utils/problem";

/** One check of a form whose spec gives an order across fields (all "required" first, then formats...). */
export type OrderedCheck<T> = { field: keyof T & string; fails: (value: T) => boolean; key: MessageKey };

/**
 * Ordered refinements: each failing check becomes an issue on its field, in
 * the order given, at most one per field. Use as `.superRefine(inOrder([...]))`
 * on an object whose fields themselves only trim and default.
 */
export function inOrder<T>(checks: readonly OrderedCheck<T>[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    const failed = new Set<string>();
    for (const check of checks) {
      if (failed.has(check.field) || !check.fails(value)) continue;
      failed.add(check.field);
      ctx.addIssue({ code: "custom", path: [check.field], message: check.key });
    }
  };
}
