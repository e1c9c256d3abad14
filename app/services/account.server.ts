// Deleting an account: the owner confirms (their password, throttled and
// counted like a sign-in; an account that signs in only with Google, a fresh
// Google sign-in); the WhatsApp session is deleted at the gateway first (if
// that fails, nothing is deleted and the owner may try again); then the user
// row goes, and with it, by the schema's cascades, the business, its clients,
// bookings, rules and messages, services, stored chats, sessions and tokens,
// devices and the calendar feed; rows keyed by the e-mail or the user (codes,
// reset links, the address's own throttles, outbox) go in the same batch.
import { AppError } from "~/utils/problem";
import type { AccountCtx } from "./auth/context.server";
import { confirmIdentity } from "./auth/confirm.server";
import { failureKey } from "./auth/registration.server";
import type { AuthedUser } from "./auth/session.server";
import { throttleKeys } from "./email/index.server";
import { businessSession } from "./whatsapp/session.server";

/** Refusals are AppError and delete nothing. */
export async function deleteAccount(
  env: Env,
  ctx: AccountCtx,
  authed: AuthedUser,
  input: { password?: string },
): Promise<void> {
  const { user, business } = authed;
  await confirmIdentity(ctx, authed, input.password, "account.err.wrongPassword");
  try {
    await businessSession(env, business.id).destroy(business.id);
  } catch (error) {
    console.error("Deleting the WhatsApp session failed; the account stays", business.id, error);
    throw new AppError(502, "account.err.whatsapp");
  }
  const d1 = env.DB;
  // Rate-limit rows by their exact keys: a substring match would also reset other addresses' lockouts.
  const limitKeys = [failureKey(user.email), ...throttleKeys(user.email)];
  await d1.batch([
    d1.prepare("DELETE FROM verifications WHERE target = ?1 OR target = ?2").bind(user.email, user.id),
    d1.prepare('DELETE FROM email_outbox WHERE "to" = ?').bind(user.email),
    ...limitKeys.map((key) => d1.prepare("DELETE FROM rate_limits WHERE key = ?").bind(key)),
    // Cascades: businesses (and everything they own), auth sessions.
    d1.prepare("DELETE FROM users WHERE id = ?").bind(user.id),
  ]);
}
