// D1's Sessions API: every request reads through a session whose bookmark
// travels in a cookie, so an owner served by a read replica still sees their
// own last change (db/read-session.ts).
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BOOKMARK_COOKIE, readSession, sessionStart } from "~db/read-session";
import { getAuthedUser } from "../../app/services/auth/session.server";
import { createFeed, feedFor } from "../../app/services/calendar-feed.server";
import { signedInOwner } from "../support/auth";

const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

/** The bookmark the answer sets, if any. */
function bookmarkSet(res: Response): string | null {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));
  return line ? line.split(";")[0].slice(BOOKMARK_COOKIE.length + 1) : null;
}

const form = (fields: Record<string, string>, cookie: string) => ({
  method: "POST",
  body: new URLSearchParams(fields),
  headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  redirect: "manual" as const,
});

describe("D1 read sessions", () => {
  it("a first visit gets a bookmark cookie; a read with one does not rewrite it", async () => {
    const owner = await signedInOwner();
    const first = await owner.page("/dashboard/clients");
    expect(first.status).toBe(200);
    const bookmark = bookmarkSet(first);
    expect(bookmark).toMatch(BOOKMARK);
    expect(first.headers.getSetCookie().find((c) => c.startsWith(BOOKMARK_COOKIE))).toContain("HttpOnly; SameSite=Lax");

    const again = await SELF.fetch("http://localhost/dashboard/clients", {
      headers: { Cookie: `${owner.cookie}; ${BOOKMARK_COOKIE}=${bookmark}` },
    });
    expect(again.status).toBe(200);
    expect(bookmarkSet(again)).toBeNull();
  });

  it("a change moves the owner's bookmark forward, and the next screen shows the change", async () => {
    const owner = await signedInOwner();
    const start = bookmarkSet(await owner.page("/dashboard/clients"))!;
    const cookie = `${owner.cookie}; ${BOOKMARK_COOKIE}=${start}`;

    const saved = await SELF.fetch(
      "http://localhost/dashboard/clients",
      form({ intent: "create", name: "Maya Levi", phone: "052-555-1234" }, cookie),
    );
    expect(saved.status).toBe(200);
    const after = bookmarkSet(saved);
    expect(after).toMatch(BOOKMARK);
    expect(after! > start).toBe(true); // bookmarks order as the database's history does

    const list = await SELF.fetch("http://localhost/dashboard/clients", {
      headers: { Cookie: `${owner.cookie}; ${BOOKMARK_COOKIE}=${after}` },
    });
    expect(await list.text()).toContain("Maya Levi");
  });

  it("a cookie that is not a bookmark is ignored and replaced, never an error", async () => {
    const owner = await signedInOwner();
    for (const value of ["garbage", "../../etc", "00000000-00000008-00000000-zz", "x".repeat(3000)]) {
      const res = await SELF.fetch("http://localhost/dashboard/clients", {
        headers: { Cookie: `${owner.cookie}; ${BOOKMARK_COOKIE}=${value}` },
      });
      expect(res.status).toBe(200);
      expect(bookmarkSet(res)).toMatch(BOOKMARK);
    }
  });

  it("a first screen read may use any replica; changes, the API and the webhook start at the primary", () => {
    const at = (method: string, path: string, cookie = "") =>
      sessionStart(new Request(`http://localhost${path}`, { method, headers: { Cookie: cookie } }));
    expect(at("GET", "/dashboard/calendar")).toBe("first-unconstrained");
    expect(at("POST", "/dashboard/calendar")).toBe("first-primary");
    expect(at("GET", "/api/bookings")).toBe("first-primary");
    expect(at("POST", "/api/webhook")).toBe("first-primary");
    const bookmark = "00000000-00000008-00000000-00000000000000000000000000000000";
    expect(at("GET", "/dashboard", `lang=he; ${BOOKMARK_COOKIE}=${bookmark}`)).toBe(bookmark);
    // Whatever bookmark the client sends, a change and the API start at the primary.
    expect(at("POST", "/dashboard/settings", `${BOOKMARK_COOKIE}=${bookmark}`)).toBe("first-primary");
    expect(at("DELETE", "/api/clients/x", `${BOOKMARK_COOKIE}=${bookmark}`)).toBe("first-primary");
    expect(at("GET", "/api/bookings", `${BOOKMARK_COOKIE}=${bookmark}`)).toBe("first-primary");
  });

  it("who is signed in and whose feed an address is are read from the primary, whatever bookmark the client sends", async () => {
    const owner = await signedInOwner();
    const feedUrl = await createFeed(env, owner.businessId);
    const secret = /feed\/(.+)\.ics$/.exec(feedUrl)![1];
    // A replica that has seen nothing yet (a new session, a revoked feed would look the same: out of date).
    const stale = {
      prepare: () => {
        const statement = {
          bind: () => statement,
          first: async () => null,
          all: async () => ({ results: [], success: true, meta: {} }),
          raw: async () => [],
          run: async () => ({ results: [], success: true, meta: {} }),
        };
        return statement;
      },
      batch: async () => [],
      getBookmark: () => null,
    };
    const replicated = {
      ...env,
      DB: {
        prepare: (query: string) => env.DB.prepare(query),
        batch: (statements: D1PreparedStatement[]) => env.DB.batch(statements),
        withSession: (start?: string) => (start === "first-primary" ? env.DB.withSession(start) : stale),
      },
    } as unknown as Env;
    const bookmark = "00000000-00000008-00000000-00000000000000000000000000000000";
    const request = new Request("http://localhost/dashboard", {
      headers: { Cookie: `${owner.cookie}; ${BOOKMARK_COOKIE}=${bookmark}` },
    });
    const reads = readSession(request, replicated);
    expect((await getAuthedUser(request, reads.env))?.business.id).toBe(owner.businessId);
    const feedRequest = new Request(`http://localhost/feed/${secret}.ics`, {
      headers: { Cookie: `${BOOKMARK_COOKIE}=${bookmark}` },
    });
    expect(await feedFor(readSession(feedRequest, replicated).env, secret, Date.now())).toContain("BEGIN:VCALENDAR");
  });
});
