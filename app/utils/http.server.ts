// JSON answers and body parsing for the API: bad input is a 4xx with a clear
// message, never a 500. Failures are problems (message keys); the API speaks
// English, rendered here from the same dictionary the screens use.
import { z } from "zod";
import { translator } from "~/i18n/messages.server";
import type { MessageKey } from "~/i18n";
import { firstProblem } from "~/validation/parse";
import { problem as problemOf, type MessageParams, type Problem } from "./problem";

const english = translator("en");

export function json(data: unknown, init: number | ResponseInit = 200): Response {
  const base = typeof init === "number" ? { status: init } : init;
  const headers = new Headers(base.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...base, headers });
}

/** The API's failure shape: success false, the English text as both detail and error, and the key for programs. */
export function apiProblem(status: number, problem: Problem, extra: Record<string, unknown> = {}): Response {
  const message = english(problem.key, problem.params);
  return json(
    {
      success: false,
      detail: message,
      error: message,
      key: problem.key,
      ...(problem.params ? { params: problem.params } : {}),
      ...extra,
    },
    status,
  );
}

/** Shorthand for apiProblem with a key. */
export function apiError(
  status: number,
  key: MessageKey,
  params?: MessageParams,
  extra: Record<string, unknown> = {},
): Response {
  return apiProblem(status, problemOf(key, params), extra);
}

export const MAX_BODY_BYTES = 64 * 1024;

/** Reads and validates a JSON body; throws a 400/413/415 Response a client can act on. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type && !type.includes("json")) throw apiError(415, "problem.sendJson");
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw apiError(413, "problem.bodyTooLarge");
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : {};
  } catch {
    throw apiError(400, "problem.bodyNotJson");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw apiProblem(400, firstProblem(parsed.error));
  return parsed.data;
}

/** Any JSON object; the fields are then checked by the endpoint's own validator with the spec's messages. */
export const JsonObject = z.record(z.string(), z.unknown(), { error: "problem.bodyNotObject" });

export function methodNotAllowed(): Response {
  return apiError(405, "problem.methodNotAllowed");
}
