// Taking an account back: after a password reset or change, or when Google
// is linked to an account that has a password, nothing someone else once
// got from a session keeps working: other sessions and tokens, the calendar
// feed's address, and every device's notifications but the caller's own.
import { and, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { schema, type Db } from "~db";

/**
 * The statements (for one db.batch with the credential change itself) that
 * end everything but `keepSession`'s own session and the devices it turned
 * notifications on for. `keepSession` null: nothing is kept.
 */
export function revokeAccess(db: Db, userId: string, keepSession: string | null) {
  const { authSessions: s, pushSubscriptions: p, businesses: b } = schema;
  const owned = db.select({ id: b.id }).from(b).where(eq(b.ownerUserId, userId));
  return [
    db.delete(s).where(keepSession ? and(eq(s.userId, userId), ne(s.id, keepSession)) : eq(s.userId, userId)),
    db
      .delete(p)
      .where(
        and(
          inArray(p.businessId, owned),
          keepSession ? or(isNull(p.sessionHash), ne(p.sessionHash, keepSession)) : undefined,
        ),
      ),
    db.update(b).set({ calendarFeedHash: null }).where(eq(b.ownerUserId, userId)),
  ] as const;
}
