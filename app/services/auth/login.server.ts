// Password sign-in with per-IP and per-account limits.
import { eq } from "drizzle-orm";
import { schema } from "../../../db";
import { fail, type AccountCtx, type Result } from "./context.server";
import { hashPassword, verifyPassword } from "./password.server";
import { exceeds, hit, isOverLimit, LIMITS } from "./rate-limit.server";
import { failureKey } from "./registration.server";
import { normalizeEmail, validateLogin } from "./validation";

type User = typeof schema.users.$inferSelect;
type Business = typeof schema.businesses.$inferSelect;

// Unknown e-mails still cost one PBKDF2 run, so timing does not tell which addresses exist.
let dummyHash: Promise<string> | null = null;
const dummy = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

export async function login(ctx: AccountCtx, rawEmail: string, password: string): Promise<Result<{ user: User; business: Business }>> {
  const { db, now } = ctx;
  const problem = validateLogin(rawEmail, password);
  if (problem) return fail(400, problem);
  const email = normalizeEmail(rawEmail);
  if (await exceeds(db, `ip:auth:${ctx.ip}`, LIMITS.ipAuth, now)) return fail(429, "auth.tooManyIp");
  if (await isOverLimit(db, failureKey(email), LIMITS.accountFailures, now)) return fail(429, "auth.accountLocked");

  const row = (
    await db.select({ user: schema.users, business: schema.businesses }).from(schema.users)
      .leftJoin(schema.businesses, eq(schema.businesses.ownerUserId, schema.users.id))
      .where(eq(schema.users.email, email)).limit(1)
  )[0];
  const ok = await verifyPassword(password.slice(0, 1000), row?.user.passwordHash ?? (await dummy()));
  if (!row || !row.user.passwordHash || !ok) {
    await hit(db, failureKey(email), LIMITS.accountFailures, now);
    return fail(401, "login.invalid");
  }
  // Only someone who knows the password learns that the address is not verified yet.
  if (!row.user.emailVerifiedAt) return fail(403, "login.unverified", "email_not_verified");
  if (!row.business) return fail(500, "login.failed");
  return { ok: true, user: row.user, business: row.business };
}
