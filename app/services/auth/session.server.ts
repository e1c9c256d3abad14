// Sessions live in D1; the browser holds only a random id (in an HttpOnly
// cookie for the screens, inside a signed JWT for API clients). The table
// stores the id's SHA-256, so a copy of the table cannot be replayed. The
// guards that turn "nobody signed in" into an answer are in
// security/signed-in.server.ts.
import { and, eq, gt } from "drizzle-orm";
import { createDb, schema, type Db } from "~db";
import { primaryOf } from "~db/read-session";
import { randomToken, sha256Hex } from "~/utils/encoding";
import { signToken, verifyToken } from "./jwt.server";

const COOKIE_SESSION_MS = 30 * 24 * 3600 * 1000;
const API_TOKEN_SECONDS = 24 * 3600;

export type SessionKind = "cookie" | "api";
export type AuthedUser = {
  db: Db;
  user: typeof schema.users.$inferSelect;
  business: typeof schema.businesses.$inferSelect;
  sessionHash: string;
  /** When this session began (a sign-in): a Google-only account confirms with a recent one. */
  sessionCreatedAt: number;
};

function secure(env: Env) {
  return env.APP_URL.startsWith("https://");
}

/** `__Host-` prefixed (and Secure) outside local development. */
export function cookieName(env: Env) {
  return secure(env) ? "__Host-session" : "session";
}

function sessionCookie(env: Env, value: string, maxAgeSeconds: number) {
  return `${cookieName(env)}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure(env) ? "; Secure" : ""}`;
}

async function createSession(
  db: Db,
  userId: string,
  kind: SessionKind,
  now: number,
  bindingHash: string | null = null,
) {
  const sid = randomToken(32);
  const ttl = kind === "cookie" ? COOKIE_SESSION_MS : API_TOKEN_SECONDS * 1000;
  await db
    .insert(schema.authSessions)
    .values({ id: await sha256Hex(sid), userId, kind, expiresAt: now + ttl, createdAt: now, bindingHash });
  return { sid, expiresAt: now + ttl };
}

/** A new cookie session: the value changes at every login. */
export async function startCookieSession(env: Env, db: Db, userId: string, now: number) {
  const { sid } = await createSession(db, userId, "cookie", now);
  return sessionCookie(env, sid, COOKIE_SESSION_MS / 1000);
}

/** `bindingHash`: only for a browser's own Google sign-in (see google-binding.server.ts). */
export async function issueApiToken(env: Env, db: Db, userId: string, now: number, bindingHash: string | null = null) {
  const { sid } = await createSession(db, userId, "api", now, bindingHash);
  const iat = Math.floor(now / 1000);
  return signToken({ sid, sub: userId, iat, exp: iat + API_TOKEN_SECONDS }, env.SESSION_SECRET);
}

export function readCookie(request: Request, name: string) {
  const header = request.headers.get("Cookie") ?? "";
  for (const part of header.split(/;\s*/)) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i) === name) return part.slice(i + 1);
  }
  return null;
}

async function sessionIdFromRequest(request: Request, env: Env, now: number): Promise<string | null> {
  const auth = request.headers.get("Authorization");
  if (auth) {
    const m = /^Bearer\s+(\S+)$/i.exec(auth);
    if (!m) return null;
    const claims = await verifyToken(m[1], env.SESSION_SECRET, now);
    return claims?.sid ?? null;
  }
  return readCookie(request, cookieName(env));
}

export async function getAuthedUser(request: Request, env: Env, now = Date.now()): Promise<AuthedUser | null> {
  const sid = await sessionIdFromRequest(request, env, now);
  if (!sid) return null;
  const db = createDb(env.DB);
  const sessionHash = await sha256Hex(sid);
  // From the primary: a replica may not have seen this session's end yet (see db/read-session.ts).
  const rows = await createDb(primaryOf(env.DB))
    .select({ user: schema.users, business: schema.businesses, createdAt: schema.authSessions.createdAt })
    .from(schema.authSessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.authSessions.userId))
    .innerJoin(schema.businesses, eq(schema.businesses.ownerUserId, schema.users.id))
    .where(and(eq(schema.authSessions.id, sessionHash), gt(schema.authSessions.expiresAt, now)))
    .limit(1);
  const row = rows[0];
  return row ? { db, user: row.user, business: row.business, sessionHash, sessionCreatedAt: row.createdAt } : null;
}

export async function endSession(db: Db, sessionHash: string) {
  await db.delete(schema.authSessions).where(eq(schema.authSessions.id, sessionHash));
}

/** The stored id (hash) of the session named by this request's cookie, if it carries one. */
export async function cookieSessionHash(request: Request, env: Env): Promise<string | null> {
  const sid = readCookie(request, cookieName(env));
  return sid ? sha256Hex(sid) : null;
}

/** The bearer token of the request, when the Authorization header holds one. */
export function bearerToken(request: Request): string | null {
  const m = /^Bearer\s+(\S+)$/i.exec(request.headers.get("Authorization") ?? "");
  return m ? m[1] : null;
}

export function clearSessionCookie(env: Env) {
  return sessionCookie(env, "", 0);
}
