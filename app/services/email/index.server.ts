// Picks the e-mail provider from EMAIL_PROVIDER and spaces e-mails of one
// kind (sign-up code, reset link) to one address at least a minute apart.
import type { Db } from "~db";
import { clear, exceeds, RATE_LIMITS } from "../auth/rate-limit.server";
import { outboxSender } from "./outbox.server";
import { resendSender } from "./resend.server";
import type { EmailMessage, EmailSender } from "./types";

export type { EmailMessage, EmailSender } from "./types";

function emailProviderName(env: Env): "outbox" | "resend" {
  return env.EMAIL_PROVIDER === "resend" ? "resend" : "outbox";
}

export function getEmailSender(env: Env, db: Db): EmailSender {
  return emailProviderName(env) === "resend"
    ? resendSender(env.RESEND_API_KEY ?? "", env.EMAIL_FROM)
    : outboxSender(db);
}

/** The local outbox is readable over HTTP only when it is the provider and the app runs on this machine. */
export function outboxIsPublic(env: Env): boolean {
  if (emailProviderName(env) !== "outbox") return false;
  const host = new URL(env.APP_URL).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

export type MailKind = "signup" | "reset";
const throttleKey = (kind: MailKind, to: string) => `mail:${kind}:${to}`;
const MAIL_KINDS: readonly MailKind[] = ["signup", "reset"];
/** Every e-mail throttle row of an address (deleted with its account). */
export const throttleKeys = (to: string) => MAIL_KINDS.map((kind) => throttleKey(kind, to));

/**
 * Claims the address's one-a-minute slot for this kind of e-mail. False means
 * one went there less than 60 s ago: the caller sends nothing (and creates no
 * new code, so the one already sent stays good).
 */
export async function claimEmailSlot(db: Db, kind: MailKind, to: string, now: number): Promise<boolean> {
  return !(await exceeds(db, throttleKey(kind, to), RATE_LIMITS.emailPerAddress, now));
}

/** Sends after a slot was claimed; a failure frees the slot so the person can retry at once. */
export async function deliver(env: Env, db: Db, kind: MailKind, message: EmailMessage): Promise<boolean> {
  const result = await getEmailSender(env, db).send(message);
  if (result.status === "sent") return true;
  console.error(`E-mail (${kind}) failed: ${result.message}`);
  await clear(db, throttleKey(kind, message.to));
  return false;
}
