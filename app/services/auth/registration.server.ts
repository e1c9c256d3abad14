// Sign-up with an e-mail code: register (or replace a pending, unverified
// registration), verify the code, send a new code.
import { eq } from "drizzle-orm";
import { schema } from "../../../db";
import { resolveCountry } from "~/services/countries";
import { isValidTimeZone } from "~/utils/time-zone";
import { claimEmailSlot, deliver } from "~/services/email/index.server";
import { codeEmail } from "~/services/email/templates.server";
import { checkCode, hasLiveCode, issueCode } from "./codes.server";
import { fail, type AccountCtx, type Result } from "./context.server";
import { hashPassword } from "./password.server";
import { exceeds, hit, isOverLimit, LIMITS } from "./rate-limit.server";
import { normalizeEmail, validateCode, validateEmailOnly, validateRegistration, type RegistrationInput } from "./validation";

export type Registration = RegistrationInput & { agree_updates: boolean; timezone?: string };

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
export async function register(ctx: AccountCtx, input: Registration): Promise<Result<{ email: string; codeSent: boolean; pending?: boolean }>> {
  const { db, now } = ctx;
  const problem = validateRegistration(input);
  if (problem) return fail(400, problem);
  const country = resolveCountry(input.country);
  if (!country) return fail(400, "validate.countryUnknown");
  const timeZone = input.timezone?.trim() || "UTC";
  if (!isValidTimeZone(timeZone)) return fail(400, "validate.timezone");
  if (await exceeds(db, `ip:mail:${ctx.ip}`, LIMITS.ipMail, now)) return fail(429, "auth.tooManyIp");

  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const profile = {
    name: input.business_name.trim(), phone: input.phone.trim(), city: input.city.trim(), country, timeZone,
    agreeTerms: input.agree_terms, agreeUpdates: input.agree_updates, messageLang: ctx.lang,
  };
  const existing = (await db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1))[0];
  if (existing?.emailVerifiedAt) return fail(409, "register.exists");

  if (existing) {
    // A code already went to the address for the pending sign-up: whoever
    // proves the address with it gets that sign-up's password, so a second
    // registration (perhaps someone else's) changes nothing while it is live.
    if (await hasLiveCode(db, email, "signup", now)) return { ok: true, email, codeSent: false, pending: true };
    // No live code: the pending registration is replaced, and only a code sent from now on verifies it.
    await db.batch([
      db.update(schema.users).set({ name: input.name.trim(), passwordHash }).where(eq(schema.users.id, existing.id)),
      db.update(schema.businesses).set(profile).where(eq(schema.businesses.ownerUserId, existing.id)),
      db.delete(schema.authSessions).where(eq(schema.authSessions.userId, existing.id)),
    ]);
  } else {
    const userId = crypto.randomUUID();
    await db.batch([
      db.insert(schema.users).values({ id: userId, email, name: input.name.trim(), passwordHash, createdAt: now }),
      db.insert(schema.businesses).values({ id: newBusinessId(), ownerUserId: userId, createdAt: now, ...profile }),
    ]);
  }
  const sent = await sendCode(ctx, email);
  if (sent === "failed") return fail(502, "email.sendFailed");
  return { ok: true, email, codeSent: sent === "sent" };
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

export async function resendCode(ctx: AccountCtx, rawEmail: string): Promise<Result<{ codeSent: boolean }>> {
  const problem = validateEmailOnly(rawEmail);
  if (problem) return fail(400, problem);
  if (await exceeds(ctx.db, `ip:mail:${ctx.ip}`, LIMITS.ipMail, ctx.now)) return fail(429, "auth.tooManyIp");
  const email = normalizeEmail(rawEmail);
  const user = (await ctx.db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1))[0];
  // Only pending registrations get codes; anyone else gets the same answer and no e-mail.
  if (!user || user.emailVerifiedAt) return { ok: true, codeSent: true };
  const sent = await sendCode(ctx, email);
  if (sent === "failed") return fail(502, "email.sendFailed");
  return { ok: true, codeSent: sent === "sent" };
}

export async function verifyEmail(ctx: AccountCtx, rawEmail: string, code: string): Promise<Result> {
  const { db, now } = ctx;
  const problem = validateCode(code) ?? validateEmailOnly(rawEmail);
  if (problem) return fail(400, problem === "forgot.required" ? "validate.email" : problem);
  const email = normalizeEmail(rawEmail);
  if (await exceeds(db, `ip:auth:${ctx.ip}`, LIMITS.ipAuth, now)) return fail(429, "auth.tooManyIp");
  if (await isOverLimit(db, failureKey(email), LIMITS.accountFailures, now)) return fail(429, "auth.accountLocked");

  const check = await checkCode(db, ctx.env.SESSION_SECRET, email, "signup", code, now);
  if (!check.ok) {
    await hit(db, failureKey(email), LIMITS.accountFailures, now);
    return fail(400, check.reason === "wrong" ? "code.wrong" : "code.dead");
  }
  const user = (await db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1))[0];
  if (!user) return fail(400, "verify.failed");
  if (!user.emailVerifiedAt) await db.update(schema.users).set({ emailVerifiedAt: now }).where(eq(schema.users.id, user.id));
  return { ok: true };
}
