// Deleting an account: the owner confirms (their password, or for an account
// that signs in only with Google, their e-mail address typed again); the
// WhatsApp session is deleted at the gateway first (if that fails, nothing is
// deleted and the owner may try again); then the user row goes, and with it,
// by the schema's cascades, the business, its clients, bookings, rules and
// messages, services, stored chats, sessions and tokens, and the calendar
// feed; rows keyed by the e-mail (codes, throttles, outbox) go in the same
// batch.
import type { AuthedUser } from "./auth/session.server";
import { verifyPassword } from "./auth/password.server";
import { businessSession } from "./whatsapp/session.server";

export type DeleteAccountInput = { password?: string; confirm_email?: string };
export type DeleteAccountResult = { ok: true } | { ok: false; status: number; message: string };

export const DELETE_MESSAGES = {
  wrongPassword: "The password is not correct. Nothing was deleted.",
  passwordRequired: "Enter your password to delete the account.",
  emailMismatch: "Type your account's e-mail address to delete the account.",
  whatsappFailed: "WhatsApp could not be disconnected, so nothing was deleted. Please try again in a minute.",
} as const;

export async function deleteAccount(env: Env, authed: AuthedUser, input: DeleteAccountInput): Promise<DeleteAccountResult> {
  const { user, business } = authed;
  if (user.passwordHash) {
    if (!input.password) return { ok: false, status: 400, message: DELETE_MESSAGES.passwordRequired };
    if (!(await verifyPassword(input.password, user.passwordHash))) return { ok: false, status: 403, message: DELETE_MESSAGES.wrongPassword };
  } else if ((input.confirm_email ?? "").trim().toLowerCase() !== user.email.toLowerCase()) {
    return { ok: false, status: 400, message: DELETE_MESSAGES.emailMismatch };
  }
  try {
    await businessSession(env, business.id).destroy(business.id);
  } catch (error) {
    console.error("Deleting the WhatsApp session failed; the account stays", business.id, error);
    return { ok: false, status: 502, message: DELETE_MESSAGES.whatsappFailed };
  }
  const d1 = env.DB;
  await d1.batch([
    d1.prepare("DELETE FROM verifications WHERE target = ?").bind(user.email),
    d1.prepare('DELETE FROM email_outbox WHERE "to" = ?').bind(user.email),
    d1.prepare("DELETE FROM rate_limits WHERE instr(key, ?) > 0").bind(user.email),
    // Cascades: businesses (and everything they own), auth sessions.
    d1.prepare("DELETE FROM users WHERE id = ?").bind(user.id),
  ]);
  return { ok: true };
}
