// D1 read replication (the Sessions API): each request reads through one D1
// session, so D1 may answer it from a read replica near the owner, while the
// owner always reads their own writes: the session's bookmark (the point in
// the database's history the owner has seen) travels in a cookie, and the next
// request's session starts at least there.
//
// - A screen read (GET/HEAD outside /api/) with a valid bookmark cookie starts
//   from that bookmark; without one it starts "first-unconstrained" (any
//   replica will do for a first look).
// - A change, an API call or a webhook starts "first-primary" (always the
//   newest data), whatever bookmark cookie it carries: the cookie is the
//   client's to send, and an old bookmark must not pick a stale replica.
// - Who is signed in, and which business a token or feed address belongs to,
//   are read from the primary (primaryOf) on every request: a replica that
//   has not yet seen a logout, a password reset or a revoked feed must not
//   let the old credential through.
// - The cookie is (re)written after every change and whenever the request came
//   without a valid one; a plain read does not write it, so a slow read that
//   finishes after a change cannot carry the owner's bookmark backwards.
// The cron, the queue and the Durable Object use env.DB directly (the primary).

export const BOOKMARK_COOKIE = "chatbook_d1";
/** D1 bookmarks look like 00000000-00000008-00000000-<32 hex>; anything else is ignored. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;
const READ_METHODS = new Set(["GET", "HEAD"]);
/** A week: long enough for an owner's working days, short enough to expire once the owner is gone. */
const MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

function bookmarkFrom(request: Request): string | null {
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === BOOKMARK_COOKIE) {
      const bookmark = value.join("=");
      return BOOKMARK.test(bookmark) ? bookmark : null;
    }
  }
  return null;
}

/** Where the request's session starts: the owner's bookmark, or a constraint. */
export function sessionStart(request: Request): string {
  const path = new URL(request.url).pathname;
  if (!READ_METHODS.has(request.method) || path.startsWith("/api/")) return "first-primary";
  return bookmarkFrom(request) ?? "first-unconstrained";
}

/** The database each request's session reads through, mapped back to the primary binding. */
const primaries = new WeakMap<D1Database, D1Database>();

/** The primary database behind a request's session (the binding itself when it is not a session). */
export function primaryOf(database: D1Database): D1Database {
  return primaries.get(database) ?? database;
}

/** The session as the D1Database the app's code takes (schema work, which needs exec, goes to the database itself). */
function sessionDatabase(database: D1Database, session: D1DatabaseSession): D1Database {
  const db = {
    prepare: (query: string) => session.prepare(query),
    batch: <T>(statements: D1PreparedStatement[]) => session.batch<T>(statements),
    exec: (query: string) => database.exec(query),
    withSession: (start?: string) => database.withSession(start),
    dump: () => database.dump(),
  } as D1Database;
  primaries.set(db, database);
  return db;
}

export type ReadSession = {
  /** The request's environment, its DB reading through the session. */
  env: Env;
  /** Adds the bookmark cookie to the answer when the owner's bookmark moved (see above). */
  finish(response: Response): Response;
};

export function readSession(request: Request, env: Env): ReadSession {
  const session = env.DB.withSession(sessionStart(request));
  const sent = bookmarkFrom(request);
  return {
    env: { ...env, DB: sessionDatabase(env.DB, session) },
    finish(response) {
      const bookmark = session.getBookmark();
      if (!bookmark || !BOOKMARK.test(bookmark) || bookmark === sent) return response;
      if (sent && READ_METHODS.has(request.method)) return response;
      const res = new Response(response.body, response);
      const secure = env.APP_URL.startsWith("https://") ? "; Secure" : "";
      res.headers.append(
        "Set-Cookie",
        `${BOOKMARK_COOKIE}=${bookmark}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${MAX_AGE_SECONDS}${secure}`,
      );
      return res;
    },
  };
}
