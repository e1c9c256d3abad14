// Taking an account back: after a password reset or change, or Google linked
// to an account with a password, nothing someone once got from a session
// still works (sessions, the calendar feed, other devices' notifications).
// Making a feed and deleting the account ask who is at the keyboard.
import { env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~db";
import { accountCtx } from "../../app/services/auth/context.server";
import { issueResetToken } from "../../app/services/auth/codes.server";
import { findOrCreateGoogleUser } from "../../app/services/auth/google.server";
import { hashPassword } from "../../app/services/auth/password-hash.server";
import { changePassword, resetPassword } from "../../app/services/auth/password-change.server";
import { getAuthedUser, startCookieSession } from "../../app/services/auth/session.server";
import { businessSession } from "../../app/services/whatsapp/session.server";
import type { BusinessSession } from "../../workers/business-session";
import { signedInOwner } from "../support/auth";
import { seedBusiness } from "../support/seed";
import { uniqueIp } from "../support/accounts";

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
const PASSWORD = "owner-pass-1";
const db = () => createDb(env.DB);
const ctx = () => accountCtx(new Request("http://localhost/", { headers: { "CF-Connecting-IP": uniqueIp() } }), env);
const feedPath = (url: string) => new URL(url).pathname;

async function withPassword() {
  const owner = await signedInOwner();
  await env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?")
    .bind(await hashPassword(PASSWORD), owner.userId)
    .run();
  return owner;
}

/** A device that turned notifications on from `sessionHash`'s session. */
async function device(owner: Owner, sessionHash: string | null) {
  const endpoint = `http://127.0.0.1:1/push/${crypto.randomUUID()}`;
  await env.DB.prepare(
    "INSERT INTO push_subscriptions (id, business_id, endpoint, p256dh, auth, lang, session_hash) VALUES (?, ?, ?, 'k', 'a', 'en', ?)",
  )
    .bind(crypto.randomUUID(), owner.businessId, endpoint, sessionHash)
    .run();
  return endpoint;
}
const devices = async (owner: Owner) =>
  (
    await env.DB.prepare("SELECT endpoint FROM push_subscriptions WHERE business_id = ?")
      .bind(owner.businessId)
      .all<{ endpoint: string }>()
  ).results.map((r) => r.endpoint);

async function feedOf(owner: Owner) {
  const res = await owner.api("/api/calendar-feed", { method: "POST", json: { password: PASSWORD } });
  expect(res.status).toBe(200);
  return feedPath(((await res.json()) as { url: string }).url);
}
const feedAnswers = async (path: string) => (await SELF.fetch(`http://localhost${path}`)).status;

describe("credentials end everything else", () => {
  it("a password reset ends the feed, every device's notifications and every session", async () => {
    const owner = await withPassword();
    const feed = await feedOf(owner);
    await device(owner, null);
    const token = await issueResetToken(db(), env.SESSION_SECRET, owner.userId, Date.now());
    await resetPassword(ctx(), { token, new_password: "new-pass-22" });
    expect(await feedAnswers(feed)).toBe(404);
    expect(await devices(owner)).toEqual([]);
    expect((await owner.api("/api/clients")).status).toBe(401);
  });

  it("a password change keeps the caller's session and its own device; the feed, other devices and other sessions end", async () => {
    const owner = await withPassword();
    const feed = await feedOf(owner);
    const request = new Request("http://localhost/dashboard/settings", { headers: { Cookie: owner.cookie } });
    const authed = (await getAuthedUser(request, env))!;
    const mine = await device(owner, authed.sessionHash);
    await device(owner, "someone-elses-session");
    await device(owner, null);
    await changePassword(ctx(), authed, { current_password: PASSWORD, new_password: "new-pass-22" });
    expect(await feedAnswers(feed)).toBe(404);
    expect(await devices(owner)).toEqual([mine]);
    expect((await owner.page("/dashboard/settings")).status).toBe(200);
    expect((await owner.api("/api/clients")).status).toBe(401);
  });

  it("linking Google to an account with a password ends its sessions, feed and devices", async () => {
    const owner = await withPassword();
    const feed = await feedOf(owner);
    await device(owner, null);
    const linked = await findOrCreateGoogleUser(
      db(),
      { sub: `g-${owner.userId}`, email: owner.email, emailVerified: true, name: "Dana" },
      "UTC",
      Date.now(),
    );
    expect(linked.user.id).toBe(owner.userId);
    expect(await feedAnswers(feed)).toBe(404);
    expect(await devices(owner)).toEqual([]);
    expect((await owner.page("/dashboard")).status).toBe(302);
    expect((await owner.api("/api/clients")).status).toBe(401);
  });
});

describe("making a calendar feed asks who is there", () => {
  it("with a password: none is 400, a wrong one 403 (counted like a sign-in), the right one makes the address", async () => {
    const owner = await withPassword();
    const post = (json: unknown) => owner.api("/api/calendar-feed", { method: "POST", json });
    expect((await post({})).status).toBe(400);
    const wrong = await post({ password: "guess" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ detail: "The password is not correct." });
    const counted = await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?")
      .bind(`fail:${owner.email}`)
      .first<number>("count");
    expect(counted).toBe(1);
    expect((await post({ password: PASSWORD })).status).toBe(200);
    // The screen asks the same.
    const screen = await owner.page("/dashboard/settings/data", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "feed-create", password: "guess" }),
    });
    expect(await screen.text()).toContain("access.confirm.wrongPassword");
  });

  it("without a password (Google only): a sign-in older than 5 minutes must sign in with Google again", async () => {
    const seeded = await seedBusiness();
    const old = Date.now() - 6 * 60_000;
    const stale = (await startCookieSession(env, db(), seeded.userId, old)).split(";")[0];
    const fresh = (await startCookieSession(env, db(), seeded.userId, Date.now())).split(";")[0];
    const post = (cookie: string) =>
      SELF.fetch("http://localhost/api/calendar-feed", {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/json" },
        body: "{}",
      });
    const refused = await post(stale);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      detail: "For your safety, sign in with Google again, then try again within 5 minutes.",
    });
    expect((await post(fresh)).status).toBe(200);
  });
});

describe("deleting the account", () => {
  it("its password check is throttled like a sign-in: a locked account deletes nothing", async () => {
    const owner = await withPassword();
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 100)")
      .bind(`fail:${owner.email}`, Date.now())
      .run();
    const res = await owner.api("/api/account", { method: "DELETE", json: { password: PASSWORD } });
    expect(res.status).toBe(429);
    expect(
      await env.DB.prepare("SELECT 1 AS x FROM businesses WHERE id = ?").bind(owner.businessId).first(),
    ).not.toBeNull();
  });

  it("a Google-only account confirms with a fresh Google sign-in, not by typing its e-mail", async () => {
    const seeded = await seedBusiness();
    const stale = (await startCookieSession(env, db(), seeded.userId, Date.now() - 6 * 60_000)).split(";")[0];
    const res = await SELF.fetch("http://localhost/api/account", {
      method: "DELETE",
      headers: { Cookie: stale, "Content-Type": "application/json" },
      body: JSON.stringify({ confirm_email: seeded.email }),
    });
    expect(res.status).toBe(403);
    expect(
      await env.DB.prepare("SELECT 1 AS x FROM businesses WHERE id = ?").bind(seeded.businessId).first(),
    ).not.toBeNull();
  });

  it("rate-limit rows go by exact key (another address's lockout stays); reset links go too", async () => {
    const owner = await withPassword();
    const lookalike = `fail:x${owner.email}`;
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 100)")
      .bind(lookalike, Date.now())
      .run();
    await issueResetToken(db(), env.SESSION_SECRET, owner.userId, Date.now());
    const res = await owner.api("/api/account", { method: "DELETE", json: { password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(
      await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?").bind(lookalike).first<number>("count"),
    ).toBe(100);
    expect(
      await env.DB.prepare("SELECT 1 AS x FROM verifications WHERE target = ?").bind(owner.userId).first(),
    ).toBeNull();
  });

  it("a Durable Object whose business is gone deletes its storage and alarm when it wakes", async () => {
    const id = `biz_gone_${crypto.randomUUID().slice(0, 8)}`;
    const stub = businessSession(env, id) as DurableObjectStub<BusinessSession>;
    await runInDurableObject(stub, async (instance: BusinessSession, state) => {
      (instance as unknown as { s: { businessId: string } }).s.businessId = id;
      await state.storage.put("mark:972541234567@c.us", { due: 0 });
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    await runDurableObjectAlarm(stub);
    const left = await runInDurableObject(stub, async (_i, state) => ({
      alarm: await state.storage.getAlarm(),
      keys: [...(await state.storage.list()).keys()],
    }));
    expect(left).toEqual({ alarm: null, keys: [] });
  });
});
