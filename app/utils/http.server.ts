// JSON answers and body parsing for the API: bad input is a 4xx with a clear
// message, never a 500.
import type { z } from "zod";

export function json(data: unknown, init: number | ResponseInit = 200): Response {
  const base = typeof init === "number" ? { status: init } : init;
  const headers = new Headers(base.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(data), { ...base, headers });
}

/** The API's failure shape: success false, the message as both detail and error. */
export function apiError(status: number, message: string, extra: Record<string, unknown> = {}): Response {
  return json({ success: false, detail: message, error: message, ...extra }, status);
}

export const MAX_BODY_BYTES = 64 * 1024;

/** Reads and validates a JSON body; throws a 400/413/415 Response a client can act on. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (type && !type.includes("json")) throw apiError(415, "Send the body as JSON (Content-Type: application/json).");
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) throw apiError(413, "The request body is too large.");
  let raw: unknown;
  try {
    raw = text ? JSON.parse(text) : {};
  } catch {
    throw apiError(400, "The request body is not valid JSON.");
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw apiError(400, firstIssue(parsed.error));
  return parsed.data;
}

export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid input.";
  const field = issue.path.join(".");
  // Messages written for people are used as they are; generic ones get the field name.
  if (issue.code === "custom" || !field) return issue.message;
  // zod 4 keeps the input off issues by default; its message names what was received.
  if (issue.code === "invalid_type" && /received undefined/.test(issue.message)) return `${field} is required.`;
  if (issue.code === "too_big") return `${field} is too long.`;
  if (issue.code === "invalid_type") return `${field} has the wrong type.`;
  return `${field}: ${issue.message}`;
}

export function methodNotAllowed(): Response {
  return apiError(405, "Method not allowed.");
}
