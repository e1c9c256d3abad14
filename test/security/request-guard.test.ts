// The checks every request passes before a screen or the API runs: forged
// cross-site posts, bodies that are not forms, oversized bodies, development
// routes on a public host, and a public deploy with development settings.
import { createExecutionContext, env, SELF } from "cloudflare:test";
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import worker from "../../workers/app";
import { guarded } from "../../app/security/guard.server";
import { MAX_BODY_BYTES } from "../../app/utils/http.server";
import { schema } from "~db";
import { signedInOwner } from "../support/auth";
import { db } from "../support/seed";
import { uniqueEmail, uniqueIp } from "../support/accounts";

const EVIL = "https://evil.example";
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

/** A deploy's settings with nothing left of development: a public https APP_URL, Resend, secrets of its own. */
const PRODUCTION = {
  APP_URL: "https://chatbook.example",
  EMAIL_PROVIDER: "resend",
  SESSION_SECRET: "p".repeat(48),
  WEBHOOK_SECRET: "w".repeat(48),
  WAHA_API_KEY: "prod-key",
};

async function clientCount(businessId: string) {
  return (await db().select({ n: count() }).from(schema.clients).where(eq(schema.clients.businessId, businessId)))[0].n;
}

const asWorker = (request: Request, overrides: Partial<Env> = {}) =>
  worker.fetch(
    request as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    createExecutionContext(),
  );

afterEach(() => vi.restoreAllMocks());

describe("cross-site posts (CSRF)", () => {
  it("a form on another site cannot add a client with the owner's cookie: 403 page, nothing written", async () => {
    const owner = await signedInOwner();
    const fields = { intent: "create", name: "Forged", phone: "0521112233", tags: "", notes: "" };
    const forged: Record<string, string>[] = [{ Origin: EVIL }, { Referer: `${EVIL}/page` }, { Origin: "null" }];
    for (const headers of forged) {
      const res = await owner.page("/dashboard/clients", { method: "POST", body: form(fields), headers });
      expect(res.status).toBe(403);
      const html = await res.text();
      expect(html).toContain("This request came from another site");
      expect(res.headers.get("Content-Type")).toContain("text/html");
    }
    expect(await clientCount(owner.businessId)).toBe(0);
  });

  it("the same form from the app's own origin (APP_URL) goes through", async () => {
    const owner = await signedInOwner();
    const fields = { intent: "create", name: "Real", phone: "0521112244", tags: "", notes: "" };
    const res = await owner.page("/dashboard/clients", {
      method: "POST",
      body: form(fields),
      headers: { Origin: new URL(env.APP_URL).origin, Host: new URL(env.APP_URL).host },
    });
    expect(res.status).toBe(200);
    expect(await clientCount(owner.businessId)).toBe(1);
  });

  it("login CSRF: another site cannot sign a browser in, with a password or a token", async () => {
    const res = await SELF.fetch("http://localhost/login", {
      method: "POST",
      redirect: "manual",
      body: form({ intent: "login", email: "attacker@example.com", password: "attacker-pass" }),
      headers: { Origin: EVIL, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get("Set-Cookie")).toBeNull();
  });

  it("the Hebrew refusal page is in Hebrew", async () => {
    const res = await SELF.fetch("http://localhost/language", {
      method: "POST",
      body: form({ lang: "en" }),
      headers: { Origin: EVIL, Cookie: "lang=he", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain("הבקשה הגיעה מאתר אחר");
  });

  it("the API refuses a cross-site call riding on the cookie, but not a bearer call", async () => {
    const owner = await signedInOwner();
    const body = JSON.stringify({ name: "Forged", phone: "0521112255" });
    const viaCookie = await SELF.fetch("http://localhost/api/clients", {
      method: "POST",
      body,
      headers: { Cookie: owner.cookie, Origin: EVIL, "Content-Type": "application/json" },
    });
    expect(viaCookie.status).toBe(403);
    expect(((await viaCookie.json()) as { success: boolean }).success).toBe(false);
    expect(await clientCount(owner.businessId)).toBe(0);
    const viaBearer = await owner.api("/api/clients", {
      method: "POST",
      json: { name: "Bearer", phone: "0521112266" },
      headers: { Origin: EVIL },
    });
    expect(viaBearer.status).toBeLessThan(300);
    expect(await clientCount(owner.businessId)).toBe(1);
  });
});

describe("the bearer exemption", () => {
  it("applies only to /api/* with a Bearer token, not to any Authorization header", async () => {
    const owner = await signedInOwner();
    const fields = { intent: "create", name: "Forged", phone: "0521112277", tags: "", notes: "" };
    for (const auth of ["Basic Zm9vOmJhcg==", "Bearer x", "Token abc", ""]) {
      const screen = await owner.page("/dashboard/clients", {
        method: "POST",
        body: form(fields),
        headers: { Origin: EVIL, Authorization: auth },
      });
      expect(screen.status, auth).toBe(403);
    }
    const api = await SELF.fetch("http://localhost/api/clients", {
      method: "POST",
      body: JSON.stringify({ name: "Forged", phone: "0521112288" }),
      headers: {
        Cookie: owner.cookie,
        Origin: EVIL,
        Authorization: "Basic Zm9vOmJhcg==",
        "Content-Type": "application/json",
      },
    });
    expect(api.status).toBe(403);
    expect(await clientCount(owner.businessId)).toBe(0);
  });
});

describe("bodies", () => {
  it("a screen action answers 415 to JSON or text and 400 to a broken form, never 500", async () => {
    const owner = await signedInOwner();
    const paths = [
      "/dashboard/clients",
      "/dashboard/calendar",
      "/dashboard/settings",
      "/dashboard/sync",
      "/login",
      "/register",
      "/forgot-password",
      "/reset-password",
      "/language",
      "/logout",
    ];
    for (const path of paths) {
      const asJson = await owner.page(path, {
        method: "POST",
        body: '{"intent":"create"}',
        headers: { "Content-Type": "application/json" },
      });
      expect(asJson.status, `${path} json`).toBe(415);
      const asText = await owner.page(path, {
        method: "POST",
        body: "intent=create",
        headers: { "Content-Type": "text/plain" },
      });
      expect(asText.status, `${path} text`).toBe(415);
      const bare = await owner.page(path, { method: "POST", body: new TextEncoder().encode("intent=create") });
      expect(bare.status, `${path} no type`).toBe(415);
      const broken = await owner.page(path, {
        method: "POST",
        body: "--x\r\nnot a part",
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
      });
      expect(broken.status, `${path} broken multipart`).toBe(400);
    }
  });

  it("a body over 64 KB gets 413 from its Content-Length, before it is read", async () => {
    const owner = await signedInOwner();
    const big = "notes=" + "x".repeat(70 * 1024);
    const res = await owner.page("/dashboard/clients", {
      method: "POST",
      body: big,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(413);
    expect(await res.text()).toContain("too large");
    const api = await owner.api("/api/clients", {
      method: "POST",
      body: JSON.stringify({ name: "x".repeat(70 * 1024), phone: "0521112277" }),
      headers: { "Content-Type": "application/json" },
    });
    expect(api.status).toBe(413);
    expect(await clientCount(owner.businessId)).toBe(0);
  });

  it("a streamed body without Content-Length is cut off at the limit with 413", async () => {
    let pulled = 0;
    let cancelled = false;
    const chunk = new TextEncoder().encode("x".repeat(16 * 1024));
    // An endless body: the Worker must stop reading on its own.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    const request = new Request("http://localhost/api/clients", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json" },
    });
    let reached = false;
    const res = await guarded(request, env, async () => {
      reached = true;
      return new Response("handled");
    });
    expect(res.status).toBe(413);
    expect(reached).toBe(false);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(MAX_BODY_BYTES + 2 * chunk.byteLength);
  });
});

describe("arrays in API bodies are capped", () => {
  it("sync preview ids, sync save results and items, rule clients, services and client tags: 400 with the limit named, nothing written", async () => {
    const owner = await signedInOwner();
    const ids = (n: number) => Array.from({ length: n }, (_, i) => `9725000${String(i).padStart(5, "0")}@c.us`);
    const cases: [string, string, unknown, RegExp][] = [
      ["POST", "/api/sync/preview", { user_ids: ids(51), limit: 20 }, /^Select at most 50 contacts at a time\./],
      [
        "POST",
        "/api/sync/save",
        { results: ids(51).map((user_id) => ({ user_id, items: [] })) },
        /^Save at most 50 contacts at a time\./,
      ],
      [
        "POST",
        "/api/sync/save",
        {
          results: [
            {
              user_id: ids(1)[0],
              items: Array.from({ length: 51 }, () => ({ service: "Cut", date: "2030-01-01", time: "10:00" })),
            },
          ],
        },
        /^At most 50 bookings per contact\./,
      ],
      [
        "POST",
        "/api/rules/create",
        {
          type: "followup",
          services: ["Haircut"],
          template: "Hi {name}",
          schedule_type: "preset",
          schedule_value: "15",
          customDate: "",
          customTime: "",
          clients: Array.from({ length: 501 }, (_, i) => ({ booking_id: `b${i}` })),
        },
        /^clients is too long/,
      ],
      [
        "POST",
        "/api/rules/create",
        {
          type: "followup",
          services: Array.from({ length: 101 }, (_, i) => `S${i}`),
          template: "Hi",
          schedule_type: "preset",
          schedule_value: "15",
          clients: [{ booking_id: "b1" }],
        },
        /^services is too long/,
      ],
      [
        "POST",
        "/api/clients",
        { name: "Many Tags", phone: "0521113344", tags: Array.from({ length: 31 }, (_, i) => `t${i}`) },
        /tags/i,
      ],
    ];
    for (const [method, path, json, message] of cases) {
      const res = await owner.api(path, { method, json });
      const detail = ((await res.json()) as { detail: string }).detail;
      expect(res.status, path).toBe(400);
      expect(detail, path).toMatch(message);
    }
    const rows = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM rules WHERE business_id = ?1) + (SELECT count(*) FROM clients WHERE business_id = ?1) + (SELECT count(*) FROM bookings WHERE business_id = ?1) AS n",
    )
      .bind(owner.businessId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});

describe("development routes and production settings", () => {
  it("/__dev/outbox and /__scheduled answer 404 on a public host, even with development settings", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect((await asWorker(new Request("https://chatbook.example/__dev/outbox?to=a@b.co"), PRODUCTION)).status).toBe(
      404,
    );
    expect(
      (await asWorker(new Request("https://chatbook.example/__scheduled?cron=*+*+*+*+*"), PRODUCTION)).status,
    ).toBe(404);
    // A local request to a production configuration: still no outbox.
    expect((await asWorker(new Request("http://localhost/__dev/outbox?to=a@b.co"), PRODUCTION)).status).toBe(404);
    expect((await asWorker(new Request("http://localhost/__scheduled"), PRODUCTION)).status).toBe(404);
    // Locally, with development settings, the outbox is there.
    expect((await asWorker(new Request("http://localhost/__dev/outbox?to=a@b.co"))).status).toBe(200);
  });

  it("/__dev/owner makes a signed-in owner locally only, checked like a sign-up", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const email = uniqueEmail("dev-owner");
    const body = {
      name: "Dana",
      business_name: "Dana Hair",
      country: "Israel",
      phone: "0501234567",
      email,
      password: "secret123",
      confirm_password: "secret123",
      agree_terms: "on",
    };
    const post = (url: string, fields: Record<string, string>, overrides: Partial<Env> = {}) =>
      asWorker(new Request(url, { method: "POST", body: form(fields) }), overrides);
    expect((await post("https://chatbook.example/__dev/owner", body, PRODUCTION)).status).toBe(404);
    expect((await post("http://localhost/__dev/owner", body, PRODUCTION)).status).toBe(404);
    expect((await db().select().from(schema.users).where(eq(schema.users.email, email))).length).toBe(0);

    const bad = await post("http://localhost/__dev/owner", { ...body, phone: "05-abc" });
    expect(bad.status).toBe(400);

    const res = await post("http://localhost/__dev/owner", body);
    expect(res.status).toBe(200);
    const made = (await res.json()) as { user_id: string; business_id: string };
    const cookie = /^session=[^;]+/.exec(res.headers.get("Set-Cookie") ?? "")?.[0];
    expect(cookie).toBeTruthy();
    // The cookie opens the owner's own dashboard; the account is an ordinary verified one with its owner member.
    const dashboard = await asWorker(new Request("http://localhost/dashboard", { headers: { Cookie: cookie! } }));
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Dana Hair");
    const members = await env.DB.prepare("SELECT count(*) AS n FROM members WHERE business_id = ?")
      .bind(made.business_id)
      .first<{ n: number }>();
    expect(members?.n).toBe(1);
    expect((await post("http://localhost/__dev/owner", body)).status).toBe(409);
  });

  it("/__dev/sql opens only on a test stack (E2E_SQL), locally, and a deploy with the switch is refused", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const email = uniqueEmail("sql-door");
    await db()
      .insert(schema.users)
      .values({ id: `u-${email}`, email, name: "Door" });
    const sql = `SELECT email FROM users WHERE email = '${email}'`;
    const post = (url: string, overrides: Record<string, string> = {}) =>
      asWorker(new Request(url, { method: "POST", body: form({ sql }) }), overrides as Partial<Env>);
    // npm run dev's settings (no switch): no door.
    expect((await post("http://localhost/__dev/sql")).status).toBe(404);
    // A test stack: the rows; a statement that fails says why, as a 400.
    const open = await post("http://localhost/__dev/sql", { E2E_SQL: "1" });
    expect(open.status).toBe(200);
    expect(await open.json()).toEqual({ results: [{ email }] });
    const bad = await asWorker(
      new Request("http://localhost/__dev/sql", { method: "POST", body: form({ sql: "SELECT * FROM nowhere" }) }),
      { E2E_SQL: "1" } as Partial<Env>,
    );
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain("no such table");
    // A public host with the switch left on: refused before any route, and the log names the fix.
    expect((await post("https://chatbook.example/__dev/sql", { ...PRODUCTION, E2E_SQL: "1" })).status).toBe(503);
    expect(logged.mock.calls.map((c) => String(c[0])).join("\n")).toContain("E2E_SQL is set");
    // A local request to a production configuration: no door either.
    expect((await post("http://localhost/__dev/sql", { ...PRODUCTION, E2E_SQL: "1" })).status).toBe(404);
  });

  it("a public deploy that kept the local APP_URL, the outbox or the example secrets refuses every request and logs the fix", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    // What wrangler.toml and .dev.vars.example ship.
    const shipped = {
      SESSION_SECRET: "local-dev-session-secret-change-me-0123456789",
      WEBHOOK_SECRET: "local-dev-webhook-secret-change-me-0123456789",
      WAHA_API_KEY: "local-dev-waha-key",
    };
    const res = await asWorker(new Request("https://chatbook.example/login"), shipped);
    expect(res.status).toBe(503);
    const page = await res.text();
    expect(page).toContain("Chatbook is not available yet");
    // The public page names nothing about secrets; the log names every fix.
    expect(page).not.toContain("SESSION_SECRET");
    const log = logged.mock.calls.map((c) => String(c[0])).join("\n");
    expect(log).toContain("set APP_URL in wrangler.toml [vars]");
    expect(log).toContain('set EMAIL_PROVIDER = "resend"');
    expect(log).toContain("wrangler secret put SESSION_SECRET");
    expect(log).toContain("wrangler secret put WEBHOOK_SECRET");
    expect(log).toContain("wrangler secret put WAHA_API_KEY");
    // Even the outbox, whose reset links are the prize, is unreachable.
    expect((await asWorker(new Request("https://chatbook.example/__dev/outbox?to=a@b.co"), shipped)).status).toBe(503);

    logged.mockClear();
    const ok = await asWorker(new Request("https://chatbook.example/login"), PRODUCTION);
    expect(ok.status).toBe(200);
    expect(logged).not.toHaveBeenCalled();
  });

  it("the example secrets alone are refused in production", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await asWorker(new Request("https://chatbook.example/"), {
      ...PRODUCTION,
      SESSION_SECRET: "local-dev-session-secret-change-me-0123456789",
    });
    expect(res.status).toBe(503);
    const log = String(logged.mock.calls[0]?.[0]);
    expect(log).toContain("SESSION_SECRET");
    expect(log).not.toContain("WEBHOOK_SECRET");
  });

  it("the example VAPID key pair is refused in production; no VAPID keys at all is fine (no push)", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const shipped = await asWorker(new Request("https://chatbook.example/"), {
      ...PRODUCTION,
      VAPID_PUBLIC_KEY: "BGHMX__3MiRRNtRGHSbDutumJ4nqUcwmNXMx40cFyFHwleX8lNEO3LE1I6vDErkM9hMuUQgvMsw8C4y7pUvwhRQ",
      VAPID_PRIVATE_KEY: "Z8UnrnCAwfyTBD2QdQwkVFgJy46CpS8iuKgR4sCP6co",
      VAPID_SUBJECT: "mailto:owner@chatbook.local",
    });
    expect(shipped.status).toBe(503);
    const log = String(logged.mock.calls[0]?.[0]);
    expect(log).toContain("VAPID_PRIVATE_KEY is the development key pair");
    expect(log).not.toContain("SESSION_SECRET");

    logged.mockClear();
    const none = await asWorker(new Request("https://chatbook.example/"), {
      ...PRODUCTION,
      VAPID_PUBLIC_KEY: "",
      VAPID_PRIVATE_KEY: "",
      VAPID_SUBJECT: "",
    });
    expect(none.status).toBe(200);
    expect(logged).not.toHaveBeenCalled();
  });
});

describe("headers", () => {
  it("pages carry a CSP whose nonce is on every inline script, and refuse framing", async () => {
    const owner = await signedInOwner({ name: uniqueEmail("csp").slice(0, 20) });
    for (const path of ["/", "/login", "/dashboard", "/dashboard/calendar", "/no-such-page"]) {
      const res = path === "/login" ? await SELF.fetch("http://localhost/login") : await owner.page(path);
      const csp = res.headers.get("Content-Security-Policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self' 'nonce-");
      expect(csp).not.toContain("unsafe-inline");
      expect(res.headers.get("X-Frame-Options")).toBe("DENY");
      const html = await res.text();
      const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const s of scripts) expect(s[1], path).toContain(`nonce="${nonce}"`);
    }
    const again = await SELF.fetch("http://localhost/login");
    const first = await SELF.fetch("http://localhost/login");
    expect(again.headers.get("Content-Security-Policy")).not.toBe(first.headers.get("Content-Security-Policy"));
  });

  it("HSTS on https only; the API is never cached", async () => {
    const secure = await asWorker(new Request("https://chatbook.example/"), PRODUCTION);
    expect(secure.headers.get("Strict-Transport-Security")).toContain("max-age=");
    expect((await SELF.fetch("http://localhost/")).headers.get("Strict-Transport-Security")).toBeNull();
    for (const path of ["/api/clients", "/api/auth/login", "/api/sessions/x", "/api/no-such"]) {
      const res = await SELF.fetch(`http://localhost${path}`);
      expect(res.headers.get("Cache-Control"), path).toBe("no-store");
    }
  });
});
