// Google sign-in, one path through remix-auth-google for the screens and the
// API. Screens: the library's whole flow (state in a short-lived signed
// cookie, Google sends the browser back to /login?code=...). API clients keep
// their own state and post that code to /api/auth/google/callback: the same
// strategy trades it (its token exchange and profile read, without the state
// check the client made). Either way the profile is read the same way and the
// person is found by Google's (issuer, subject), never by e-mail alone.
import { createCookieSessionStorage } from "@remix-run/cloudflare";
import { and, eq, isNull } from "drizzle-orm";
import { Authenticator, AuthorizationError } from "remix-auth";
import { GoogleStrategy, type GoogleProfile as GoogleStrategyProfile } from "remix-auth-google";
import { z } from "zod";
import { schema, type Db } from "~db";
import type { MessageKey } from "~/i18n";
import { AppError } from "~/utils/problem";
import { isValidTimeZone } from "~/utils/time-zone";
import { safeRedirect } from "~/security/redirect";
import { normalizeEmail } from "~/validation/accounts";
import { endPendingSignups, newBusinessId } from "./registration.server";
import { defaultWorkingHours } from "~/services/time/hours";
import { ownerMemberInsert } from "~/services/team/team.server";
import { revokeAccess } from "./revoke.server";

const GOOGLE_ISSUER = "https://accounts.google.com";
const TZ_COOKIE = "signup_tz";
/** Where the screens' Google sign-in returns (a confirmation asked in Settings goes back there). */
const AFTER_COOKIE = "google_after";

export type GoogleProfile = { sub: string; email: string; emailVerified: boolean; name: string };
type User = typeof schema.users.$inferSelect;
type Business = typeof schema.businesses.$inferSelect;

export const googleConfigured = (env: Env) => Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);

/** Google returns the browser to the login screen, which finishes the sign-in. */
const googleRedirectUri = (env: Env) => `${env.APP_URL.replace(/\/+$/, "")}/login`;

const secure = (env: Env) => env.APP_URL.startsWith("https://");
const stateCookieName = (env: Env) => (secure(env) ? "__Host-oauth" : "oauth");

function stateStorage(env: Env) {
  return createCookieSessionStorage({
    cookie: {
      name: stateCookieName(env),
      httpOnly: true,
      sameSite: "lax",
      secure: secure(env),
      path: "/",
      maxAge: 600,
      secrets: [env.SESSION_SECRET],
    },
  });
}

/** remix-auth-google, and the API's way in: a code from Google's redirect traded for the person's profile. */
class GoogleSignIn extends GoogleStrategy<string> {
  private readonly redirectUri: string;

  constructor(env: Env, verify: ConstructorParameters<typeof GoogleStrategy<string>>[1]) {
    super(
      {
        clientID: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        callbackURL: googleRedirectUri(env),
        prompt: "select_account",
      },
      verify,
    );
    this.redirectUri = googleRedirectUri(env);
  }

  /** The library's exchange and profile read for a code an API client posts (it checked its own state); null: Google refused. */
  async profileOfCode(code: string): Promise<GoogleProfile | null> {
    try {
      const params = new URLSearchParams({ grant_type: "authorization_code", redirect_uri: this.redirectUri });
      const { accessToken } = await this.fetchAccessToken(code, params);
      if (!accessToken) return null;
      return readGoogleProfile(await this.userProfile(accessToken));
    } catch (err) {
      console.error("Google code exchange failed", err);
      return null;
    }
  }
}

function googleSignIn(env: Env, db: Db, now: number) {
  return new GoogleSignIn(env, async ({ profile, request }) => {
    const person = readGoogleProfile(profile);
    if (!person) throw new AppError(401, "google.failed");
    return (await findOrCreateGoogleUser(db, person, signupTimeZone(request), now)).user.id;
  });
}

export function googleAuthenticator(env: Env, db: Db, now: number) {
  return new Authenticator<string>(stateStorage(env)).use(googleSignIn(env, db, now));
}

/** The key of the message to show for a failed sign-in on the screens. */
function googleFailureKey(err: unknown): MessageKey {
  const cause = err instanceof AuthorizationError ? err.cause : err;
  if (cause instanceof AppError) return cause.problem.key;
  if (err instanceof AuthorizationError && /state/i.test(err.message)) return "google.failed";
  return "google.exchangeFailed";
}

/**
 * Google sent the browser back to /login with ?code&state: the id of the
 * owner it signed in. A failure is an AppError with the message to show; a
 * redirect remix-auth throws is passed on as it is.
 */
export async function finishGoogleSignIn(request: Request, env: Env, db: Db, now: number): Promise<string> {
  if (!googleConfigured(env)) throw new AppError(503, "google.notConfigured");
  try {
    return await googleAuthenticator(env, db, now).authenticate("google", request, { throwOnError: true });
  } catch (err) {
    if (err instanceof Response) throw err;
    console.warn("Google sign-in failed:", err instanceof Error ? err.message : err);
    throw new AppError(401, googleFailureKey(err));
  }
}

/** Set-Cookie values ending what a finished Google sign-in no longer needs (its state and the sign-up time zone). */
export function googleCookiesCleared(env: Env): string[] {
  const clear = (name: string) => `${name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure(env) ? "; Secure" : ""}`;
  return [clear(stateCookieName(env)), clear(TZ_COOKIE), clear(AFTER_COOKIE)];
}

/** The page to land on after this Google sign-in: only a path of this site (safeRedirect), else none. */
export function afterGoogleCookie(env: Env, redirectTo: string | null): string | null {
  const target = safeRedirect(redirectTo, "");
  if (!target) return null;
  return `${AFTER_COOKIE}=${encodeURIComponent(target)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=600${secure(env) ? "; Secure" : ""}`;
}

/** Where the sign-in that is finishing asked to return, checked again: the dashboard otherwise. */
export function afterGoogleTarget(request: Request): string {
  return safeRedirect(cookieValue(request, AFTER_COOKIE));
}

/** One cookie of the request, decoded ("" when absent or malformed). */
function cookieValue(request: Request, name: string): string {
  const m = new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(request.headers.get("Cookie") ?? "");
  try {
    return m ? decodeURIComponent(m[1]) : "";
  } catch {
    return "";
  }
}

/** The browser's time zone, sent when the sign-in started, for a business created now. */
export function timeZoneCookie(env: Env, tz: string | null): string | null {
  if (!tz || tz.length > 100 || !isValidTimeZone(tz)) return null;
  return `${TZ_COOKIE}=${encodeURIComponent(tz)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=600${secure(env) ? "; Secure" : ""}`;
}

function signupTimeZone(request: Request): string {
  const tz = cookieValue(request, TZ_COOKIE);
  return tz && isValidTimeZone(tz) ? tz : "UTC";
}

/** Google's userinfo answer, as both ways read it; null without a subject (not a profile). */
const UserInfo = z.object({
  sub: z.string().min(1),
  email: z.string().catch(""),
  email_verified: z.unknown().transform((v) => v === true),
  name: z.string().catch(""),
});

function readGoogleProfile(profile: GoogleStrategyProfile): GoogleProfile | null {
  const info = UserInfo.safeParse(profile._json);
  if (!info.success) return null;
  const { sub, email, email_verified: emailVerified, name } = info.data;
  return { sub, email, emailVerified, name };
}

/**
 * API clients: the code from Google's redirect (the client checked its own
 * state) traded for the person, then the same account matching as the screens.
 * A code Google refuses is 401 'Failed to exchange OAuth code'.
 */
export async function signInWithGoogleCode(env: Env, db: Db, code: string, timeZone: string, now: number) {
  const profile = await googleSignIn(env, db, now).profileOfCode(code);
  if (!profile) throw new AppError(401, "google.exchangeFailed");
  return findOrCreateGoogleUser(db, profile, timeZone, now);
}

async function withBusiness(db: Db, userId: string) {
  const row = (
    await db
      .select({ user: schema.users, business: schema.businesses })
      .from(schema.users)
      .innerJoin(schema.businesses, eq(schema.businesses.ownerUserId, schema.users.id))
      .where(eq(schema.users.id, userId))
      .limit(1)
  )[0];
  if (!row) throw new AppError(500, "google.failed");
  return row;
}

/** The account this Google identity signed in to before, if any. */
async function userOfGoogle(db: Db, subject: string) {
  const u = schema.users;
  return (
    await db
      .select()
      .from(u)
      .where(and(eq(u.googleIssuer, GOOGLE_ISSUER), eq(u.googleSubject, subject)))
      .limit(1)
  )[0];
}

/**
 * The account of a Google identity. An existing e-mail account is linked only
 * when Google vouches for the address; whoever held a session of it before
 * (someone who once knew the password) loses it with the feed and the other
 * devices' notifications, and pending sign-ups of the address end. A
 * first-time sign-in that races another for the same identity or address
 * finds the account the other one made.
 */
export async function findOrCreateGoogleUser(
  db: Db,
  p: GoogleProfile,
  timeZone: string,
  now: number,
): Promise<{ user: User; business: Business }> {
  const u = schema.users;
  if (!p.sub) throw new AppError(401, "google.failed");
  const known = await userOfGoogle(db, p.sub);
  if (known) return withBusiness(db, known.id);
  if (!p.emailVerified || !p.email) throw new AppError(403, "google.emailUnverified");

  const email = normalizeEmail(p.email);
  const sameEmail = (await db.select().from(u).where(eq(u.email, email)).limit(1))[0];
  const endSignups = endPendingSignups(db, email, now);
  if (sameEmail) {
    if (sameEmail.googleSubject) throw new AppError(409, "register.exists");
    await db.batch([
      db
        .update(u)
        .set({ googleIssuer: GOOGLE_ISSUER, googleSubject: p.sub, emailVerifiedAt: sameEmail.emailVerifiedAt ?? now })
        .where(and(eq(u.id, sameEmail.id), isNull(u.googleSubject))),
      ...revokeAccess(db, sameEmail.id, null),
      endSignups,
    ]);
    return withBusiness(db, sameEmail.id);
  }
  const userId = crypto.randomUUID();
  const businessId = newBusinessId();
  try {
    await db.batch([
      db.insert(u).values({
        id: userId,
        email,
        name: p.name.slice(0, 200),
        googleIssuer: GOOGLE_ISSUER,
        googleSubject: p.sub,
        emailVerifiedAt: now,
        createdAt: now,
      }),
      // No country yet: the zone says which country's usual hours to start with.
      db.insert(schema.businesses).values({
        id: businessId,
        ownerUserId: userId,
        timeZone,
        workingHours: defaultWorkingHours("", timeZone),
        createdAt: now,
      }),
      // The owner is the team's first member (a calendar of their own).
      ownerMemberInsert(db, businessId, p.name.slice(0, 60), now),
      endSignups,
    ]);
  } catch (error) {
    // Another first sign-in of this identity (a double click, two tabs) won the race: it is the same person.
    const winner = await userOfGoogle(db, p.sub);
    if (winner) return withBusiness(db, winner.id);
    if (String(error).includes("UNIQUE")) throw new AppError(409, "register.exists");
    throw error;
  }
  return withBusiness(db, userId);
}
