// Sign-up with an e-mail code: register, verify the code, send a new code.
// A registration lives only in its own verification row (password hash, name
// and business profile as its payload) until its code is entered; then the
// account is made from it. So a second sign-up of an address (perhaps someone
// else's) gets its own code and changes nothing about the first, and each
// code e-mail names the business and person it confirms. Inputs were checked
// by their schemas (validation/accounts.ts); refusals are thrown as AppError.
import { and, desc, eq, isNull } from "drizzle-orm";
import { schema, type Db } from "~db";
import { claimEmailSlot, deliver } from "~/services/email/index.server";
import { codeEmail } from "~/services/email/templates.server";
import { AppError } from "~/utils/problem";
import { defaultWorkingHours } from "~/services/time/hours";
import { ownerMemberInsert } from "~/services/team/team.server";
import { normalizeEmail, type Registration } from "~/validation/accounts";
import { checkCode, issueSignupCode } from "./codes.server";
import type { AccountCtx } from "./context.server";
import { hashPassword, verifyPassword } from "./password-hash.server";
import { exceeds, hit, isOverLimit, RATE_LIMITS } from "./rate-limit.server";

export const failureKey = (email: string) => `fail:${email}`;

/** Also the WhatsApp session name: letters, digits and _ only. */
/** The statement that ends every pending sign-up of an address (it is proven, or an account now holds it). */
export function endPendingSignups(db: Db, email: string, now: number) {
  return db
    .update(schema.verifications)
    .set({ usedAt: now })
    .where(
      and(
        eq(schema.verifications.target, email),
        eq(schema.verifications.purpose, "signup"),
        isNull(schema.verifications.usedAt),
      ),
    );
}

export function newBusinessId() {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return `biz_${[...bytes].map((b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** What a sign-up code's row carries: the registration it confirms. */
type Pending = {
  registration: string;
  name: string;
  passwordHash: string;
  lang: AccountCtx["lang"];
  business: {
    name: string;
    phone: string;
    city: string;
    country: string;
    timeZone: string;
    agreeTerms: boolean;
    agreeUpdates: boolean;
    messageLang: AccountCtx["lang"];
  };
};

function parsePending(payload: string | null): Pending | null {
  if (!payload) return null;
  try {
    const p = JSON.parse(payload) as Pending;
    return p && typeof p.passwordHash === "string" && p.business ? p : null;
  } catch {
    return null;
  }
}

async function pendingOf(ctx: AccountCtx, input: Registration): Promise<Pending> {
  return {
    registration: crypto.randomUUID(),
    name: input.name,
    passwordHash: await hashPassword(input.password),
    lang: ctx.lang,
    business: {
      name: input.business_name,
      phone: input.phone,
      city: input.city,
      country: input.country,
      timeZone: input.timezone,
      agreeTerms: input.agree_terms,
      agreeUpdates: input.agree_updates,
      messageLang: ctx.lang,
    },
  };
}

/**
 * Every sign-up gets its own code, e-mailed at once (the one-a-minute spacing
 * is for Send a new code): `registration` names it for Send a new code.
 */
export async function register(
  ctx: AccountCtx,
  input: Registration,
): Promise<{ email: string; codeSent: boolean; registration: string }> {
  const { db, now } = ctx;
  const email = input.email;
  if (await exceeds(db, `ip:mail:${ctx.ip}`, RATE_LIMITS.ipMail, now)) throw new AppError(429, "auth.tooManyIp");
  const existing = (await db.select().from(schema.users).where(eq(schema.users.email, email)).limit(1))[0];
  if (existing?.emailVerifiedAt) throw new AppError(409, "register.exists");

  const pending = await pendingOf(ctx, input);
  // The slot is counted (so Send a new code waits a minute after it), but a sign-up is never told to use another's code.
  await claimEmailSlot(db, "signup", email, now);
  if (!(await sendCode(ctx, email, pending))) throw new AppError(502, "email.sendFailed");
  return { email, codeSent: true, registration: pending.registration };
}

async function sendCode(ctx: AccountCtx, email: string, pending: Pending): Promise<boolean> {
  const code = await issueSignupCode(
    ctx.db,
    ctx.env.SESSION_SECRET,
    email,
    pending.registration,
    JSON.stringify(pending),
    ctx.now,
  );
  return deliver(
    ctx.env,
    ctx.db,
    "signup",
    codeEmail(ctx.lang, email, code, { business: pending.business.name, name: pending.name }),
  );
}

/**
 * A new code for a pending registration: the one named (the screen knows its
 * own), else the address's newest. Any other address gets the same answer and
 * no e-mail; a second e-mail within a minute is not sent.
 */
export async function resendCode(
  ctx: AccountCtx,
  rawEmail: string,
  registration?: string,
): Promise<{ codeSent: boolean }> {
  if (await exceeds(ctx.db, `ip:mail:${ctx.ip}`, RATE_LIMITS.ipMail, ctx.now))
    throw new AppError(429, "auth.tooManyIp");
  const email = normalizeEmail(rawEmail);
  const v = schema.verifications;
  const rows = await ctx.db
    .select({ payload: v.payload })
    .from(v)
    .where(and(eq(v.target, email), eq(v.purpose, "signup"), isNull(v.usedAt)))
    .orderBy(v.createdAt);
  const pending = rows
    .map((r) => parsePending(r.payload))
    .filter((p): p is Pending => p !== null && (!registration || p.registration === registration))
    .pop();
  if (!pending) return { codeSent: true };
  if (!(await claimEmailSlot(ctx.db, "signup", email, ctx.now))) return { codeSent: false };
  if (!(await sendCode(ctx, email, pending))) throw new AppError(502, "email.sendFailed");
  return { codeSent: true };
}

/**
 * Sign-in with the password of a sign-up whose code was not entered yet:
 * true when one of the address's newest live sign-ups has this password (the
 * screen then asks for its code). Someone else's sign-up stays unknown.
 */
export async function isPendingSignup(ctx: AccountCtx, email: string, password: string): Promise<boolean> {
  const v = schema.verifications;
  const rows = await ctx.db
    .select({ payload: v.payload, expiresAt: v.expiresAt })
    .from(v)
    .where(and(eq(v.target, email), eq(v.purpose, "signup"), isNull(v.usedAt)))
    .orderBy(desc(v.createdAt))
    .limit(3);
  for (const row of rows) {
    const pending = parsePending(row.payload);
    if (row.expiresAt > ctx.now && pending && (await verifyPassword(password, pending.passwordHash))) return true;
  }
  return false;
}

/**
 * The code's own registration becomes the account. Another registration of
 * the address that finished first (or a Google sign-in) wins: 409.
 */
export async function verifyEmail(ctx: AccountCtx, input: { email: string; code: string }): Promise<void> {
  const { db, now } = ctx;
  const email = normalizeEmail(input.email);
  if (await exceeds(db, `ip:auth:${ctx.ip}`, RATE_LIMITS.ipAuth, now)) throw new AppError(429, "auth.tooManyIp");
  if (await isOverLimit(db, failureKey(email), RATE_LIMITS.accountFailures, now))
    throw new AppError(429, "auth.accountLocked");

  const check = await checkCode(db, ctx.env.SESSION_SECRET, email, "signup", input.code, now);
  if (!check.ok) {
    await hit(db, failureKey(email), RATE_LIMITS.accountFailures, now);
    throw new AppError(400, check.reason === "wrong" ? "code.wrong" : "code.dead");
  }
  const pending = parsePending(check.payload);
  if (!pending) throw new AppError(400, "verify.failed");
  await createAccount(ctx, email, pending);
}

/**
 * An account made at once from a registration, its address taken as proven:
 * only for development and the browser tests (POST /__dev/owner), which need a
 * signed-in owner without the e-mail round trip. The same rows a code makes.
 */
export async function createVerifiedAccount(ctx: AccountCtx, input: Registration) {
  return createAccount(ctx, input.email, await pendingOf(ctx, input));
}

async function createAccount(
  { db, now }: AccountCtx,
  email: string,
  pending: Pending,
): Promise<{ userId: string; businessId: string }> {
  const u = schema.users;
  const userId = crypto.randomUUID();
  const businessId = newBusinessId();
  try {
    await db.batch([
      // An unverified row of an older version of this sign-up proves nothing: it gives way.
      db.delete(u).where(and(eq(u.email, email), isNull(u.emailVerifiedAt))),
      db.insert(u).values({
        id: userId,
        email,
        name: pending.name,
        passwordHash: pending.passwordHash,
        emailVerifiedAt: now,
        createdAt: now,
      }),
      db.insert(schema.businesses).values({
        id: businessId,
        ownerUserId: userId,
        createdAt: now,
        ...pending.business,
        // The country's usual opening hours until the owner sets their own.
        workingHours: defaultWorkingHours(pending.business.country, pending.business.timeZone),
      }),
      // The owner is the team's first member (a calendar of their own).
      ownerMemberInsert(db, businessId, pending.name, now),
      // The address is proven: every other pending sign-up of it ends.
      endPendingSignups(db, email, now),
    ]);
  } catch (error) {
    if (String(error).includes("UNIQUE")) throw new AppError(409, "register.exists");
    throw error;
  }
  return { userId, businessId };
}
