// Forgotten passwords (a single-use link by e-mail) and password changes.
// Either one ends every other session and bearer token of the account, the
// calendar feed's address and every other device's notifications (revoke.server.ts).
// Inputs were checked by their schemas (validation/accounts.ts).
import { eq } from "drizzle-orm";
import { schema } from "~db";
import { claimEmailSlot, deliver } from "~/services/email/index.server";
import { resetEmail, resetLink } from "~/services/email/templates.server";
import { AppError } from "~/utils/problem";
import { normalizeEmail } from "~/validation/accounts";
import { consumeResetToken, issueResetToken } from "./codes.server";
import type { AccountCtx } from "./context.server";
import { hashPassword, verifyPassword } from "./password-hash.server";
import { exceeds, hit, isOverLimit, RATE_LIMITS } from "./rate-limit.server";
import { failureKey } from "./registration.server";
import { revokeAccess } from "./revoke.server";
import type { AuthedUser } from "./session.server";

/**
 * Known and unknown addresses get the same answer; the link is made and sent
 * after the answer (waitUntil), so the answer's timing does not differ either.
 */
export async function forgotPassword(ctx: AccountCtx, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  if (await exceeds(ctx.db, `ip:mail:${ctx.ip}`, RATE_LIMITS.ipMail, ctx.now))
    throw new AppError(429, "auth.tooManyIp");
  ctx.waitUntil(sendResetLink(ctx, email).catch((err) => console.error("Reset e-mail failed", err)));
}

async function sendResetLink(ctx: AccountCtx, email: string) {
  const user = (await ctx.db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1))[0];
  // Pending registrations finish by registering again; they get no reset link.
  if (!user?.emailVerifiedAt) return;
  if (!(await claimEmailSlot(ctx.db, "reset", email, ctx.now))) return;
  const token = await issueResetToken(ctx.db, ctx.env.SESSION_SECRET, user.id, ctx.now);
  await deliver(ctx.env, ctx.db, "reset", resetEmail(ctx.lang, email, resetLink(ctx.env.APP_URL, token)));
}

export async function resetPassword(ctx: AccountCtx, input: { token: string; new_password: string }): Promise<void> {
  const { db, now } = ctx;
  if (await exceeds(db, `ip:mail:${ctx.ip}`, RATE_LIMITS.ipMail, now)) throw new AppError(429, "auth.tooManyIp");
  const userId = await consumeResetToken(db, ctx.env.SESSION_SECRET, input.token, now);
  if (!userId) throw new AppError(400, "reset.badToken");
  const passwordHash = await hashPassword(input.new_password);
  const user = (await db.select().from(schema.users).where(eq(schema.users.id, userId)).limit(1))[0];
  if (!user) throw new AppError(400, "reset.badToken");
  await db.batch([
    db
      .update(schema.users)
      .set({ passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now })
      .where(eq(schema.users.id, userId)),
    ...revokeAccess(db, userId, null),
  ]);
}

/** Keeps the session making the change; every other one ends. */
export async function changePassword(
  ctx: AccountCtx,
  authed: AuthedUser,
  input: { current_password: string; new_password: string },
): Promise<void> {
  const { db, now } = ctx;
  const key = failureKey(authed.user.email);
  if (await isOverLimit(db, key, RATE_LIMITS.accountFailures, now)) throw new AppError(429, "auth.accountLocked");
  if (!authed.user.passwordHash) throw new AppError(400, "password.noPassword");
  if (!(await verifyPassword(input.current_password, authed.user.passwordHash))) {
    await hit(db, key, RATE_LIMITS.accountFailures, now);
    throw new AppError(400, "password.wrongCurrent");
  }
  const passwordHash = await hashPassword(input.new_password);
  await db.batch([
    db.update(schema.users).set({ passwordHash }).where(eq(schema.users.id, authed.user.id)),
    ...revokeAccess(db, authed.user.id, authed.sessionHash),
  ]);
}
