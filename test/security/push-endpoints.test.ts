// Push endpoints are URLs a browser hands the server: only the browsers' own
// push services are fetched, each send gives up in time, a business has at
// most ten devices, the owner learns only "delivered or not", and a browser
// another business holds is never moved.
import { env } from "cloudflare:test";
import { afterEach, describe, expect, inject, it, vi } from "vitest";
import { action, loader } from "../../app/routes/dashboard.settings";
import { createDb } from "~db";
import {
  MAX_SUBSCRIPTIONS,
  PUSH_TIMEOUT_MS,
  pushServiceOf,
  saveSubscription,
  sendTestNotification,
} from "../../app/services/push/push.server";
import { signedInOwner } from "../support/auth";
import { TEST_VAPID } from "../support/vapid";

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
const withKeys = { ...env, ...TEST_VAPID } as Env;
const publicDeploy = { ...withKeys, APP_URL: "https://chatbook.example" } as Env;
const subs = inject("pushSubscribers");
const keys = { p256dh: subs[0].p256dh, auth: subs[0].auth, lang: "en" as const };
const db = () => createDb(env.DB);

async function post(owner: Owner, fields: Record<string, string>) {
  const request = new Request("http://localhost/dashboard/settings", {
    method: "POST",
    headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const res = (await action({
    request,
    context: { cloudflare: { env: withKeys } },
    params: {},
  } as never)) as unknown as {
    data: { ok: boolean; problem?: { key: string; params?: unknown } };
    init?: { status?: number };
  };
  return { status: res.init?.status ?? 200, ...res.data };
}

async function devices(owner: Owner) {
  const request = new Request("http://localhost/dashboard/settings", { headers: { Cookie: owner.cookie } });
  const loaded = (await loader({
    request,
    context: { cloudflare: { env: withKeys } },
    params: {},
  } as never)) as unknown as {
    push: { devices: { id: string; endpoint: string; service: string }[] };
  };
  return loaded.push.devices;
}

const ownerOf = (endpoint: string) =>
  env.DB.prepare("SELECT business_id FROM push_subscriptions WHERE endpoint = ?")
    .bind(endpoint)
    .first<string>("business_id");

afterEach(() => vi.restoreAllMocks());

describe("which push endpoints are fetched", () => {
  it("only the push services of Chrome, Firefox, Safari and Edge, over https on the default port", () => {
    for (const ok of [
      "https://fcm.googleapis.com/fcm/send/abc",
      "https://updates.push.services.mozilla.com/wpush/v2/abc",
      "https://web.push.apple.com/QGxyz",
      "https://wns2-par02p.notify.windows.com/w/?token=abc",
    ]) {
      expect(pushServiceOf(publicDeploy, ok), ok).not.toBeNull();
    }
    for (const bad of [
      "https://push.example/x",
      "https://169.254.169.254/latest/meta-data",
      "https://fcm.googleapis.com.evil.example/x",
      "https://evilfcm.googleapis.com/x",
      "https://fcm.googleapis.com:8443/x",
      "https://user:pass@fcm.googleapis.com/x",
      "http://fcm.googleapis.com/x",
      "http://127.0.0.1:9000/x",
      "https://localhost/x",
    ]) {
      expect(pushServiceOf(publicDeploy, bad), bad).toBeNull();
    }
    // The override: a local deploy (the tests) may use a push endpoint on this machine.
    expect(pushServiceOf(withKeys, subs[0].endpoint)).toBe("local");
  });

  it("a public deploy refuses to store any other https host (it would fetch it on every notification)", async () => {
    const owner = await signedInOwner();
    const refused = await saveSubscription(
      db(),
      publicDeploy,
      owner.businessId,
      { endpoint: "https://internal.example/hook", ...keys },
      Date.now(),
    ).catch((e) => e);
    expect(refused).toMatchObject({ status: 400, problem: { key: "push.err.endpoint" } });
    expect(await ownerOf("https://internal.example/hook")).toBeNull();
  });
});

describe("sending", () => {
  it("each send carries a 10 s timeout, and a push service that never answers is 'not delivered'", async () => {
    const owner = await signedInOwner();
    expect(await post(owner, { intent: "push-subscribe", ...subs[0] })).toMatchObject({ ok: true });
    const signals: (AbortSignal | null | undefined)[] = [];
    // A push service that never answers: the fetch ends only when its signal aborts.
    vi.spyOn(globalThis, "fetch").mockImplementation((_input, init) => {
      signals.push(init?.signal);
      return new Promise((_, reject) => {
        if (init?.signal?.aborted) reject(init.signal.reason);
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
      });
    });
    const timeout = vi
      .spyOn(AbortSignal, "timeout")
      .mockImplementation(() => AbortSignal.abort(new DOMException("timed out", "TimeoutError")));
    const answer = await post(owner, { intent: "push-test", endpoint: subs[0].endpoint });
    expect(timeout).toHaveBeenCalledWith(PUSH_TIMEOUT_MS);
    expect(PUSH_TIMEOUT_MS).toBe(10_000);
    expect(signals[0]).toBeInstanceOf(AbortSignal);
    expect(answer).toEqual({ status: 200, intent: "push-test", ok: false, problem: { key: "push.err.testFailed" } });
  });

  it("the owner learns delivered or not, never what the push service answered", async () => {
    const owner = await signedInOwner();
    expect(await post(owner, { intent: "push-subscribe", ...subs[1] })).toMatchObject({ ok: true });
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("internal: db-7 at 10.0.0.4", { status: 503 }));
    const failed = await sendTestNotification(db(), withKeys, owner.businessId, subs[1].endpoint, () => ({
      title: "t",
      body: "b",
      url: "/",
      tag: "x",
    })).catch((e) => e);
    expect(failed.problem).toEqual({ key: "push.err.testFailed" });
  });
});

describe("subscriptions", () => {
  it(`a business has at most ${MAX_SUBSCRIPTIONS} devices; an existing one may still subscribe again`, async () => {
    const owner = await signedInOwner();
    const endpoints = Array.from(
      { length: MAX_SUBSCRIPTIONS + 1 },
      (_, i) => `${subs[0].endpoint}-${owner.businessId}-${i}`,
    );
    for (const endpoint of endpoints.slice(0, MAX_SUBSCRIPTIONS)) {
      expect(await post(owner, { intent: "push-subscribe", endpoint, ...keys })).toMatchObject({ ok: true });
    }
    expect(
      await post(owner, { intent: "push-subscribe", endpoint: endpoints[MAX_SUBSCRIPTIONS], ...keys }),
    ).toMatchObject({
      ok: false,
      problem: { key: "access.push.tooMany", params: { max: MAX_SUBSCRIPTIONS } },
    });
    expect(await post(owner, { intent: "push-subscribe", endpoint: endpoints[0], ...keys, lang: "he" })).toMatchObject({
      ok: true,
    });
    expect(await devices(owner)).toHaveLength(MAX_SUBSCRIPTIONS);
  });

  it("another business cannot take over a browser's subscription", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const endpoint = `${subs[2].endpoint}-${owner.businessId}`;
    expect(await post(owner, { intent: "push-subscribe", endpoint, ...keys })).toMatchObject({ ok: true });
    expect(await post(other, { intent: "push-subscribe", endpoint, ...keys })).toMatchObject({
      ok: false,
      problem: { key: "access.push.elsewhere" },
    });
    expect(await ownerOf(endpoint)).toBe(owner.businessId);
  });

  it("Settings lists every device that gets notifications, and each can be removed (only by its own business)", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const a = `${subs[3].endpoint}-${owner.businessId}-a`;
    const b = `${subs[3].endpoint}-${owner.businessId}-b`;
    await post(owner, { intent: "push-subscribe", endpoint: a, ...keys });
    await post(owner, { intent: "push-subscribe", endpoint: b, ...keys });
    const listed = await devices(owner);
    expect(listed.map((d) => [d.endpoint, d.service])).toEqual([
      [a, "local"],
      [b, "local"],
    ]);
    expect(await post(other, { intent: "push-remove", id: listed[0].id })).toMatchObject({ status: 404, ok: false });
    expect(await post(owner, { intent: "push-remove", id: "" })).toMatchObject({ status: 400, ok: false });
    expect(await post(owner, { intent: "push-remove", id: listed[0].id })).toMatchObject({ ok: true });
    expect((await devices(owner)).map((d) => d.endpoint)).toEqual([b]);
    const html = await (await owner.page("/dashboard/settings")).text();
    expect(html).toContain("Devices that get notifications");
  });
});
