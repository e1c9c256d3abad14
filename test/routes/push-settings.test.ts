// Settings: the "Booking proposals" and "Notifications on this phone"
// switches, "Send a test notification", and the notifications of new
// proposals, delivered to the local push endpoint (started in Node by the
// global setup), which checks VAPID and decrypts what it got.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { action, loader } from "../../app/routes/dashboard.settings";
import { createDb } from "~db";
import { saveSubscription } from "../../app/services/push/push.server";
import { notifyNewProposals } from "../../app/services/proposals/notify.server";
import type { ProposalView } from "../../app/services/proposals/proposals.server";
import { addDays } from "../../app/utils/dates";
import { localDate } from "../../app/utils/time-zone";
import { signedInOwner } from "../support/auth";
import { TEST_VAPID } from "../support/vapid";

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
type Answer = { intent: string; ok: boolean; problem?: { key: string; params?: Record<string, unknown> } };

const withKeys = { ...env, ...TEST_VAPID } as Env;
const subs = inject("pushSubscribers");

async function post(owner: Owner, fields: Record<string, string>, e: Env = withKeys) {
  const request = new Request("http://localhost/dashboard/settings", {
    method: "POST",
    headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const res = (await action({ request, context: { cloudflare: { env: e } }, params: {} } as never)) as unknown as {
    data: Answer;
    init?: { status?: number };
  };
  return { status: res.init?.status ?? 200, ...res.data };
}

async function load(owner: Owner, e: Env = withKeys) {
  const request = new Request("http://localhost/dashboard/settings", { headers: { Cookie: owner.cookie } });
  return (await loader({ request, context: { cloudflare: { env: e } }, params: {} } as never)) as unknown as {
    push: { proposalsEnabled: boolean; vapidPublicKey: string | null };
  };
}

async function rows(businessId: string) {
  const { results } = await env.DB.prepare(
    "SELECT endpoint, lang FROM push_subscriptions WHERE business_id = ? ORDER BY endpoint",
  )
    .bind(businessId)
    .all();
  return results;
}

async function received(
  endpoint: string,
): Promise<{ payload: Record<string, string>; ttl: number; urgency: string }[]> {
  const res = await fetch(`${inject("pushUrl")}/__received`);
  const all = (await res.json()) as {
    received: { endpoint: string; payload: Record<string, string>; ttl: number; urgency: string }[];
  };
  return all.received.filter((r) => r.endpoint === endpoint);
}

const subscribe = (owner: Owner, sub: (typeof subs)[number], lang = "en", e?: Env) =>
  post(owner, { intent: "push-subscribe", ...sub, lang }, e);

afterEach(() => vi.restoreAllMocks());

describe("Settings: booking proposals switch", () => {
  it("turns proposals off and on; the API reads and writes the same switch", async () => {
    const owner = await signedInOwner();
    expect((await load(owner)).push.proposalsEnabled).toBe(true);
    expect(await post(owner, { intent: "proposals", proposals_enabled: "off" })).toMatchObject({
      status: 200,
      ok: true,
    });
    expect((await load(owner)).push.proposalsEnabled).toBe(false);
    const read = await owner.api("/api/settings");
    expect(((await read.json()) as { settings: { proposals_enabled: boolean } }).settings.proposals_enabled).toBe(
      false,
    );
    const patched = await owner.api("/api/settings", { method: "PATCH", json: { proposals_enabled: true } });
    expect(((await patched.json()) as { settings: { proposals_enabled: boolean } }).settings.proposals_enabled).toBe(
      true,
    );
    expect((await load(owner)).push.proposalsEnabled).toBe(true);
  });

  it("refuses a value that is not on or off with 400 and a clear message", async () => {
    const owner = await signedInOwner();
    expect(await post(owner, { intent: "proposals", proposals_enabled: "maybe" })).toMatchObject({
      status: 400,
      ok: false,
      problem: { key: "push.err.switch" },
    });
    const bad = await owner.api("/api/settings", { method: "PATCH", json: { proposals_enabled: "yes" } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toBe("Choose on or off.");
    expect((await load(owner)).push.proposalsEnabled).toBe(true);
  });
});

describe("Settings: notifications on this phone", () => {
  it("without VAPID keys the screen says notifications are unavailable and a subscription is refused cleanly", async () => {
    const owner = await signedInOwner();
    expect((await load(owner, env)).push.vapidPublicKey).toBeNull();
    const html = await (await owner.page("/dashboard/settings")).text();
    expect(html).toContain("Notifications on this phone");
    expect(html).toContain("Notifications are not available on this server yet.");
    expect(await subscribe(owner, subs[0], "en", env)).toMatchObject({
      status: 200,
      ok: false,
      problem: { key: "push.err.notConfigured" },
    });
    expect(await post(owner, { intent: "push-test", endpoint: subs[0].endpoint }, env)).toMatchObject({
      ok: false,
      problem: { key: "push.err.notConfigured" },
    });
    expect(await rows(owner.businessId)).toEqual([]);
  });

  it("stores the subscription, sends a test notification in its language, and forgets it when turned off", async () => {
    const owner = await signedInOwner();
    expect((await load(owner)).push.vapidPublicKey).toBe(TEST_VAPID.VAPID_PUBLIC_KEY);
    expect(await subscribe(owner, subs[0], "he")).toMatchObject({ status: 200, ok: true });
    // Subscribing again (same browser) keeps one row, now in English.
    expect(await subscribe(owner, subs[0], "en")).toMatchObject({ ok: true });
    expect(await rows(owner.businessId)).toEqual([{ endpoint: subs[0].endpoint, lang: "en" }]);

    expect(await post(owner, { intent: "push-test", endpoint: subs[0].endpoint })).toMatchObject({ ok: true });
    const [got] = await received(subs[0].endpoint);
    expect(got.payload).toEqual({
      title: "Chatbook",
      body: "Notifications work. New booking requests will appear like this.",
      url: "/dashboard/settings",
      tag: "chatbook-test",
    });
    expect(got.urgency).toBe("high");
    expect(got.ttl).toBeGreaterThan(20 * 3600);

    expect(await post(owner, { intent: "push-unsubscribe", endpoint: subs[0].endpoint })).toMatchObject({ ok: true });
    expect(await rows(owner.businessId)).toEqual([]);
    expect(await post(owner, { intent: "push-test", endpoint: subs[0].endpoint })).toMatchObject({
      ok: false,
      problem: { key: "push.err.notSubscribed" },
    });
  });

  it("refuses a subscription that is not one with 400: bad URL, keys of the wrong length or alphabet", async () => {
    const owner = await signedInOwner();
    const good = subs[1];
    const cases: Record<string, string>[] = [
      { ...good, endpoint: "" },
      { ...good, endpoint: "not a url" },
      { ...good, endpoint: "ftp://push.example/x" },
      { ...good, endpoint: `https://push.example/${"x".repeat(2100)}` },
      { ...good, p256dh: good.p256dh.slice(0, 60) },
      { ...good, p256dh: good.p256dh.replace(/^./, "A") },
      { ...good, p256dh: `${good.p256dh.slice(0, 86)}+` },
      { ...good, auth: `${good.auth}AAAA` },
      { ...good, auth: good.auth.replace(/.$/, "/") },
      { endpoint: good.endpoint, p256dh: good.p256dh },
      { ...good, lang: "fr" },
    ];
    for (const fields of cases) {
      expect(
        await post(owner, { intent: "push-subscribe", ...fields }),
        JSON.stringify(fields).slice(0, 120),
      ).toMatchObject({
        status: 400,
        ok: false,
        problem: { key: "push.err.subscription" },
      });
    }
    expect(await rows(owner.businessId)).toEqual([]);
  });

  it("push endpoints must be https on a public deploy (http only when the deploy itself is local)", async () => {
    const owner = await signedInOwner();
    // (A public deploy's session cookie has another name, so the service is asked directly.)
    const publicDeploy = { ...withKeys, APP_URL: "https://chatbook.example" } as Env;
    const refused = await saveSubscription(
      createDb(env.DB),
      publicDeploy,
      owner.businessId,
      { ...subs[1], lang: "en" },
      Date.now(),
    ).catch((e) => e);
    expect(refused).toMatchObject({ status: 400, problem: { key: "push.err.endpoint" } });
    expect(await rows(owner.businessId)).toEqual([]);
  });

  it("another business can neither turn off nor test someone else's phone", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    expect(await subscribe(owner, subs[2], "en")).toMatchObject({ ok: true });
    expect(await post(other, { intent: "push-unsubscribe", endpoint: subs[2].endpoint })).toMatchObject({ ok: true });
    expect(await post(other, { intent: "push-test", endpoint: subs[2].endpoint })).toMatchObject({
      ok: false,
      problem: { key: "push.err.notSubscribed" },
    });
    expect(await rows(owner.businessId)).toEqual([{ endpoint: subs[2].endpoint, lang: "en" }]);
    expect(await received(subs[2].endpoint)).toEqual([]);
    expect((await load(other)).push).not.toHaveProperty("subscriptions");
  });
});

describe("notifications of new proposals", () => {
  const proposal = (over: Partial<ProposalView>): ProposalView => ({
    id: "prop-1",
    kind: "booking",
    booking_id: null,
    from: null,
    minutes: null,
    client_name: "Noa Cohen",
    client_phone: "972521234567",
    service: "Haircut",
    date: "2030-01-15",
    time: "17:00",
    notes: "",
    quote: "",
    created_at: Date.now(),
    ...over,
  });

  it("sends one notification per proposal to each phone, in the phone's language, today/tomorrow in the business's zone", async () => {
    const owner = await signedInOwner({ timeZone: "Asia/Jerusalem" });
    await subscribe(owner, subs[3], "en");
    await subscribe(owner, subs[4], "he");
    const today = localDate(Date.now(), "Asia/Jerusalem");
    const id1 = `p-${crypto.randomUUID()}`;
    const id2 = `p-${crypto.randomUUID()}`;
    await notifyNewProposals(withKeys, owner.businessId, [
      proposal({ id: id1, date: addDays(today, 1), time: "17:00" }),
      proposal({ id: id2, client_name: "Maya Azulay", service: "Color", date: today, time: "09:30" }),
    ]);
    const en = (await received(subs[3].endpoint)).map((r) => r.payload);
    expect(en).toEqual([
      {
        title: "Chatbook",
        body: "New booking request: Noa Cohen, Haircut, tomorrow 17:00",
        url: `/dashboard/sync?proposal=${id1}`,
        tag: id1,
      },
      {
        title: "Chatbook",
        body: "New booking request: Maya Azulay, Color, today 09:30",
        url: `/dashboard/sync?proposal=${id2}`,
        tag: id2,
      },
    ]);
    const he = (await received(subs[4].endpoint)).map((r) => r.payload.body);
    expect(he).toEqual([
      "בקשת הזמנה חדשה: Noa Cohen, Haircut, מחר 17:00",
      "בקשת הזמנה חדשה: Maya Azulay, Color, היום 09:30",
    ]);
  });

  it("a later day is a short date; a phone whose push service answers 410 is forgotten; nothing throws", async () => {
    const owner = await signedInOwner();
    const gone = subs[5];
    await subscribe(owner, gone, "en");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(notifyNewProposals(withKeys, owner.businessId, [proposal({ id: "p-gone" })])).resolves.toBeUndefined();
    expect(await rows(owner.businessId)).toEqual([]);
    // No keys, no business, a broken database: still no throw.
    await expect(notifyNewProposals(env, owner.businessId, [proposal({})])).resolves.toBeUndefined();
    await expect(
      notifyNewProposals({ ...withKeys, DB: undefined } as unknown as Env, owner.businessId, [proposal({})]),
    ).resolves.toBeUndefined();
    warn.mockRestore();
    const { proposalNotification } = await import("../../app/services/proposals/notify.server");
    const now = Date.UTC(2030, 0, 1, 10);
    expect(proposalNotification(proposal({ date: "2030-01-15" }), "en", "Asia/Jerusalem", now).body).toBe(
      "New booking request: Noa Cohen, Haircut, Tue 15 Jan 17:00",
    );
    expect(proposalNotification(proposal({ date: "2031-01-15", service: "" }), "en", "Asia/Jerusalem", now).body).toBe(
      "New booking request: Noa Cohen, Wed, 15 Jan 2031 17:00",
    );
  });

  it("names a change asked in the chat: a move from the booked time to the new one, lateness, can't come", async () => {
    const { proposalNotification } = await import("../../app/services/proposals/notify.server");
    const now = Date.UTC(2030, 0, 14, 7);
    const change = (kind: "reschedule" | "late" | "cancel", date: string, time: string) =>
      proposal({ kind, booking_id: "b-1", from: { date: "2030-01-17", time: "16:30" }, date, time });
    expect(proposalNotification(change("reschedule", "2030-01-18", "18:00"), "en", "Asia/Jerusalem", now).body).toBe(
      "Asks to move a booking: Noa Cohen, Haircut, Thu 17 Jan 16:30 → Fri 18 Jan 18:00",
    );
    expect(proposalNotification(change("late", "2030-01-14", "11:00"), "en", "Asia/Jerusalem", now).body).toBe(
      "Running late: Noa Cohen, Haircut, today 11:00",
    );
    expect(proposalNotification(change("cancel", "2030-01-15", "10:00"), "he", "Asia/Jerusalem", now).body).toBe(
      "לא יכול/ה להגיע: Noa Cohen, Haircut, מחר 10:00",
    );
  });
});
