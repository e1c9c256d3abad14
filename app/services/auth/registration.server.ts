// Sign-up with an e-mail code: register (or replace a pending, unverified
// registration), verify the code, send a new code. Inputs were checked by
// their schemas (validation/accounts.ts); refusals are thrown as AppError.
import { eq } from "drizzle-orm";
import { schema } from "../../../db";
import { claimEmailSlot, deliver } from "~/services/email/index.server";
import { codeEmail } from "~/services/email/templates.server";
import { AppError } from "~/utils/problem";
import { normalizeEmail, type Registration } from "~/validation/accounts";
import { checkCode, hasLiveCode, issueCode } from "./codes.server";
import type { AccountCtx } from "./context.server";
import { hashPassword } from "./password.server";
import { exceeds, hit, isOverLimit, LIMITS } from "./rate-limit.server";
import { defaultWorkingHours } from "~/services/time/hours";

export const failureKey = (email: string) => `fail:${email}`;

/** Also the WhatsApp session name: letters, digits and _ only. */
export function newBusinessId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `biz_${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * `pending`: the address already has a sign-up whose code is still live, so
 * nothing was changed: that code verifies that sign-up, with its password.
 */
export async function register(ctx: AccountCtx, input: Registration): Promise<{ email: string; codeSent: boolean; pending?: boolean }> {
  const { db, now } = ctx;
  const email = input.email;
  if (await exceeds(db, `ip:mail:${ctx.ip}`, LIMITS.ipMail, now)) throw new AppError(429, "auth.tooManyIp");

  const passwordHash = await hashPassword(input.password);
  const profile = {
    name: input.business_name,
    phone: input.phone,
    city: input.city,
    country: input.country,
    timeZone: input.timezone,
    agreeTerms: input.agree_terms,
    agreeUpdates: input.agree_updates,
    messageLang: ctx.lang,
    // The country's usual opening hours until the owner sets their own.
    workingHours: defaultWorkingHours(input.country, input.timezone),
  };
  const existing = (await db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1))[0];
  if (existing?.emailVerifiedAt) throw new AppError(409, "register.exists");

  if (existing) {
    // A code already went to the address for the pending sign-up: whoever
    // proves the address with it gets that sign-up's password, so a second
    // registration (perhaps someone else's) changes nothing while it is live.
    if (await hasLiveCode(db, email, "signup", now)) return { email, codeSent: false, pending: true };
    // No live code: the pending registration is replaced, and only a code sent from now on verifies it.
    await db.batch([
      db.update(schema.users).set({ name: input.name, passwordHash }).where(eq(schema.users.id, existing.id)),
      db.update(schema.businesses).set(profile).where(eq(schema.businesses.ownerUserId, existing.id)),
      db.delete(schema.authSessions).where(eq(schema.authSessions.userId, existing.id)),
    ]);
  } else {
    const userId = crypto.randomUUID();
    await db.batch([
      db.insert(schema.users).values({ id: userId, email, name: input.name, passwordHash, createdAt: now }),
      db.insert(schema.businesses).values({ id: newBusinessId(), ownerUserId: userId, createdAt: now, ...profile }),
    ]);
  }
  const sent = await sendCode(ctx, email);
  if (sent === "failed") throw new AppError(502, "email.sendFailed");
  return { email, codeSent: sent === "sent" };
}

/**
 * Sends a new sign-up code unless one went to the address in the last minute
 * (then the earlier code stays the live one).
 */
async function sendCode(ctx: AccountCtx, email: string): Promise<"sent" | "suppressed" | "failed"> {
  if (!(await claimEmailSlot(ctx.db, "signup", email, ctx.now))) return "suppressed";
  const code = await issueCode(ctx.db, ctx.env.SESSION_SECRET, email, "signup", ctx.now);
  return (await deliver(ctx.env, ctx.db, "signup", codeEmail(ctx.lang, email, code))) ? "sent" : "failed";
}

/** A new code for a pending registration; any other address gets the same answer and no e-mail. */
export async function resendCode(ctx: AccountCtx, rawEmail: string): Promise<{ codeSent: boolean }> {
  if (await exceeds(ctx.db, `ip:mail:${ctx.ip}`, LIMITS.ipMail, ctx.now)) throw new AppError(429, "auth.tooManyIp");
  const email = normalizeEmail(rawEmail);
  const user = (await ctx.db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1))[0];
  if (!user || user.emailVerifiedAt) return { codeSent: true };
  const sent = await sendCode(ctx, email);
  if (sent === "failed") throw new AppError(502, "email.sendFailed");
  return { codeSent: sent === "sent" };
}

export async function verifyEmail(ctx: AccountCtx, input: { email: string; code: string }): Promise<void> {
  const { db, now } = ctx;
  const email = normalizeEmail(input.email);
  if (await exceeds(db, `ip:auth:${ctx.ip}`, LIMITS.ipAuth, now)) throw new AppError(429, "auth.tooManyIp");
  if (await isOverLimit(db, failureKey(email), LIMITS.accountFailures, now)) throw new AppError(429, "auth.accountLocked");

  const check = await checkCode(db, ctx.env.SESSION_SECRET, email, "signup", input.code, now);
  if (!check.ok) {
    await hit(db, failureKey(email), LIMITS.accountFailures, now);
    throw new AppError(400, check.reason === "wrong" ? "code.wrong" : "code.dead");
  }
  const user = (await db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1))[0];
  if (!user) throw new AppError(400, "verify.failed");
  if (!user.emailVerifiedAt) await db.update(schema.users).set({ emailVerifiedAt: now }).where(eq(schema.users.id, user.id));
}
