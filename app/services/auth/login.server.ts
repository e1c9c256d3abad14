// Password sign-in with per-IP and per-account limits. The input was checked
// by LoginSchema (validation/accounts.ts).
import { eq } from "drizzle-orm";
import { schema } from "~db";
import { AppError } from "~/utils/problem";
import { normalizeEmail } from "~/validation/accounts";
import type { AccountCtx } from "./context.server";
import { hashPassword, verifyPassword } from "./password-hash.server";
import { exceeds, hit, isOverLimit, RATE_LIMITS } from "./rate-limit.server";
import { failureKey, isPendingSignup } from "./registration.server";

type User = typeof schema.users.$inferSelect;
type Business = typeof schema.businesses.$inferSelect;

// Unknown e-mails still cost one PBKDF2 run, so timing does not tell which addresses exist.
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

/** The owner and their business; 403 `login.unverified` only for the right password of an unverified address. */
export async function login(
  ctx: AccountCtx,
  input: { email: string; password: string },
): Promise<{ user: User; business: Business }> {
  const { db, now } = ctx;
  const email = normalizeEmail(input.email);
  if (await exceeds(db, `ip:auth:${ctx.ip}`, RATE_LIMITS.ipAuth, now)) throw new AppError(429, "auth.tooManyIp");
  if (await isOverLimit(db, failureKey(email), RATE_LIMITS.accountFailures, now))
    throw new AppError(429, "auth.accountLocked");

  const row = (
    await db
      .select({ user: schema.users, business: schema.businesses })
      .from(schema.users)
      .leftJoin(schema.businesses, eq(schema.businesses.ownerUserId, schema.users.id))
      .where(eq(schema.users.email, email))
      .limit(1)
  )[0];
  const ok = await verifyPassword(input.password.slice(0, 1000), row?.user.passwordHash ?? (await dummy()));
  // A sign-up whose code was not entered yet has no account: only its own password learns it is waiting for the code.
  if (!row && (await isPendingSignup(ctx, email, input.password.slice(0, 1000))))
    throw new AppError(403, "login.unverified");
  if (!row || !row.user.passwordHash || !ok) {
    await hit(db, failureKey(email), RATE_LIMITS.accountFailures, now);
    throw new AppError(401, "login.invalid");
  }
  // Only someone who knows the password learns that the address is not verified yet.
  if (!row.user.emailVerifiedAt) throw new AppError(403, "login.unverified");
  if (!row.business) throw new AppError(500, "login.failed");
  return { user: row.user, business: row.business };
}
