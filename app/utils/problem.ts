// How the product says something went wrong: a dictionary key and its
// parameters, never a sentence. Screens show it in the reader's language
// (`t(problem.key, problem.params)`); the JSON API answers the English text of
// the same key (utils/http.server.ts). Client-safe: no server imports.
import type { MessageKey } from "~/i18n";

export type MessageParams = Record<string, string | number>;
export type Problem = { key: MessageKey; params?: MessageParams };

/** What a service or validator returns when the caller should branch on failure. */
export type Result<T> = { ok: true; value: T } | { ok: false; problem: Problem };

export function problem(key: MessageKey, params?: MessageParams): Problem {
  return params ? { key, params } : { key };
}

export const succeed = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (key: MessageKey, params?: MessageParams): { ok: false; problem: Problem } => ({
  ok: false,
  problem: problem(key, params),
});

/**
 * A failure a caller can act on (400 bad query, 404 not found, 409 duplicate...),
 * thrown from services. API routes answer its status with the key's English
 * text; screen actions return its problem for the page to translate.
 */
export class AppError extends Error {
  readonly problem: Problem;
  constructor(
    readonly status: number,
    key: MessageKey,
    params?: MessageParams,
  ) {
    super(key);
    this.name = "AppError";
    this.problem = problem(key, params);
  }
}

/** The first problem of a failed submission (fields keep the schema's order; no zod here, so forms use it in the browser). */
export function firstFormProblem(error: Record<string, Problem[] | null> | null | undefined): Problem {
  for (const list of Object.values(error ?? {})) if (list?.length) return list[0];
  return problem("problem.invalid");
}

/** Dictionary keys look like `area.name` or `area.group.name`; anything else is not one of ours. */
export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === "string" && /^[a-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)+$/.test(value);
}

/**
 * For screen actions that show a service's refusal: the AppError that was
 * thrown (its status and problem); anything else is thrown on. Screens show
 * the problem on a 200 answer (browsers log every 4xx answer to a fetch as
 * an error); only a form refused by its schema answers 400.
 */
export function caught(error: unknown): AppError {
  if (error instanceof AppError) return error;
  throw error;
}
