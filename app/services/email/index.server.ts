// Picks the e-mail provider from EMAIL_PROVIDER and spaces e-mails to one
// address at least a minute apart.
import type { Db } from "../../../db";
import { clear, exceeds, LIMITS } from "../auth/rate-limit.server";
import { outboxSender } from "./outbox.server";
import { resendSender } from "./resend.server";
import type { EmailMessage, EmailSender } from "./types";

export type { EmailMessage, EmailSender } from "./types";

export function emailProviderName(env: Env): "outbox" | "resend" {
  return env.EMAIL_PROVIDER === "resend" ? "resend" : "outbox";
}

export function getEmailSender(env: Env, db: Db): EmailSender {
  return emailProviderName(env) === "resend" ? resendSender(env.RESEND_API_KEY ?? "", env.EMAIL_FROM) : outboxSender(db);
}

/** The local outbox is readable over HTTP only when it is the provider and the app runs on this machine. */
export function outboxIsPublic(env: Env): boolean {
  if (emailProviderName(env) !== "outbox") return false;
  const host = new URL(env.APP_URL).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]";
}

const throttleKey = (to: string) => `mail:${to}`;

/**
 * Claims the address's one-a-minute slot. False means an e-mail went there
 * less than 60 s ago: the caller sends nothing (and creates no new code).
 */
export async function claimEmailSlot(db: Db, to: string, now: number): Promise<boolean> {
  return !(await exceeds(db, throttleKey(to), LIMITS.emailPerAddress, now));
}

/** Sends after a slot was claimed; a failure frees the slot so the person can retry at once. */
export async function deliver(env: Env, db: Db, message: EmailMessage): Promise<boolean> {
  const result = await getEmailSender(env, db).send(message);
  if (result.status === "sent") return true;
  console.error(`E-mail to ${message.to} failed: ${result.message}`);
  await clear(db, throttleKey(message.to));
  return false;
}
