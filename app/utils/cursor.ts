// Opaque "load more" cursors for keyset pagination: the sort key of the last
// row sent, base64url-encoded JSON. A tampered cursor is a 400, never a 500.
import { base64UrlDecode, base64UrlEncode } from "./base64";
import { AppError } from "./problem";

export function encodeCursor(values: (string | number)[]): string {
  return base64UrlEncode(new TextEncoder().encode(JSON.stringify(values)));
}

/** Decodes a cursor whose items have the given types ("s" string, "n" integer). */
export function decodeCursor(cursor: string, shape: ("s" | "n")[]): (string | number)[] {
  const invalid = new AppError(400, "problem.cursorInvalid");
  if (cursor.length > 400 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid;
  let values: unknown;
  try {
    values = JSON.parse(new TextDecoder().decode(base64UrlDecode(cursor)));
  } catch {
    throw invalid;
  }
  if (!Array.isArray(values) || values.length !== shape.length) throw invalid;
  shape.forEach((kind, i) => {
    const v = values[i];
    if (kind === "s" ? typeof v !== "string" : !Number.isInteger(v)) throw invalid;
  });
  return values as (string | number)[];
}
