// Confirming who is at the keyboard before something that outlives a session
// (a calendar feed's address) or cannot be undone (deleting the account): the
// password, throttled and counted like a sign-in; for an account that signs
// in only with Google, a fresh Google sign-in (this session started by Google
// minutes ago), since a stolen session knows the e-mail address anyway.
import type { MessageKey } from "~/i18n";
import { AppError } from "~/utils/problem";
import type { AccountCtx } from "./context.server";
import { verifyPassword } from "./password-hash.server";
import { exceeds, hit, isOverLimit, RATE_LIMITS } from "./rate-limit.server";
import { failureKey } from "./registration.server";
import type { AuthedUser } from "./session.server";

/** How recent a Google sign-in must be to confirm. */
const FRESH_SIGN_IN_MS = 5 * 60_000;

export async function confirmIdentity(
  ctx: AccountCtx,
  authed: AuthedUser,
  password: string | undefined,
  wrongKey: MessageKey,
): Promise<void> {
  const { db, now } = ctx;
  const { user } = authed;
  if (!user.passwordHash) {
    if (authed.sessionCreatedAt < now - FRESH_SIGN_IN_MS) throw new AppError(403, "access.confirm.googleAgain");
    return;
  }
  if (await exceeds(db, `ip:auth:${ctx.ip}`, RATE_LIMITS.ipAuth, now)) throw new AppError(429, "auth.tooManyIp");
  const key = failureKey(user.email);
  if (await isOverLimit(db, key, RATE_LIMITS.accountFailures, now)) throw new AppError(429, "auth.accountLocked");
  if (!password) throw new AppError(400, "access.confirm.passwordRequired");
  if (!(await verifyPassword(password.slice(0, 1000), user.passwordHash))) {
    await hit(db, key, RATE_LIMITS.accountFailures, now);
    throw new AppError(403, wrongKey);
  }
}
