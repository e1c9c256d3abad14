// Deleting an account: the owner confirms (their password, or for an account
// that signs in only with Google, their e-mail address typed again); the
// WhatsApp session is deleted at the gateway first (if that fails, nothing is
// deleted and the owner may try again); then the user row goes, and with it,
// by the schema's cascades, the business, its clients, bookings, rules and
// messages, services, stored chats, sessions and tokens, and the calendar
// feed; rows keyed by the e-mail (codes, throttles, outbox) go in the same
// batch.
import { AppError } from "~/utils/problem";
import type { AuthedUser } from "./auth/session.server";
import { verifyPassword } from "./auth/password.server";
import { businessSession } from "./whatsapp/session.server";

/**
 * The confirmation was checked by deleteAccountSchema (a password for an
 * account that has one, else the e-mail address); here the password is
 * verified. Refusals are AppError and delete nothing.
 */
export async function deleteAccount(env: Env, authed: AuthedUser, input: { password?: string }): Promise<void> {
  const { user, business } = authed;
  if (user.passwordHash && !(await verifyPassword(input.password ?? "", user.passwordHash))) throw new AppError(403, "account.err.wrongPassword");
  try {
    await businessSession(env, business.id).destroy(business.id);
  } catch (error) {
    console.error("Deleting the WhatsApp session failed; the account stays", business.id, error);
    throw new AppError(502, "account.err.whatsapp");
  }
  const d1 = env.DB;
  await d1.batch([
    d1.prepare("DELETE FROM verifications WHERE target = ?").bind(user.email),
    d1.prepare('DELETE FROM email_outbox WHERE "to" = ?').bind(user.email),
    d1.prepare("DELETE FROM rate_limits WHERE instr(key, ?) > 0").bind(user.email),
    // Cascades: businesses (and everything they own), auth sessions.
    d1.prepare("DELETE FROM users WHERE id = ?").bind(user.id),
  ]);
}
