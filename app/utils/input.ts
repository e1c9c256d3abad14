// Reading fields from an untrusted JSON object (API bodies, form values) with
// messages a person can act on. Shared by the forms and the server.

import { isRealDate } from "./dates";

export type Raw = Record<string, unknown>;
export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Thrown inside a validator and turned into { ok: false } by `checked`. */
export class InputError extends Error {}

export function checked<T>(fn: () => T): Checked<T> {
  try {
    return { ok: true, value: fn() };
  } catch (error) {
    if (error instanceof InputError) return { ok: false, message: error.message };
    throw error;
  }
}

/** A trimmed string, or undefined when absent; numbers are not silently accepted as text. */
export function text(raw: Raw, key: string, max: number, label = key): string | undefined {
  const value = raw[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") throw new InputError(`${label} must be text.`);
  const trimmed = value.trim();
  if (trimmed.length > max) throw new InputError(`${label} is too long (max ${max} characters).`);
  return trimmed;
}

/** Checks the spec's "X is required" messages in their order, before any format check. */
export function requireFilled(raw: Raw, fields: [key: string, message: string][]) {
  for (const [key, message] of fields) {
    const value = raw[key];
    if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) throw new InputError(message);
  }
}

const pad = (n: number) => String(n).padStart(2, "0");

export function dateField(raw: Raw, key: string, label: string): string | undefined {
  const value = text(raw, key, 10, label);
  if (value === undefined || value === "") return value;
  if (!isRealDate(value)) throw new InputError(`${label} must be a date as YYYY-MM-DD.`);
  return value;
}

/** HH:MM or HH:MM:SS (24-hour), returned as HH:MM. */
export function timeField(raw: Raw, key: string, label: string): string | undefined {
  const value = text(raw, key, 8, label);
  if (value === undefined || value === "") return value;
  const m = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3] ?? 0) > 59) throw new InputError(`${label} must be a time as HH:MM (24-hour).`);
  return `${pad(Number(m[1]))}:${m[2]}`;
}
