// Recognising database failures a caller can act on.

const MAX_CAUSE_DEPTH = 4;

/** A UNIQUE constraint refused the write. drizzle wraps D1's error, so the constraint name may be in a cause. */
export function isUniqueViolation(error: unknown): boolean {
  let current = error as { message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < MAX_CAUSE_DEPTH; depth++) {
    if (String(current.message ?? current).includes("UNIQUE constraint failed")) return true;
    current = current.cause as typeof current;
  }
  return false;
}
