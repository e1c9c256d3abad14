import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BusinessSession } from "../../workers/business-session";
import { businessSession } from "../../app/services/whatsapp/session.server";
import { seedBusiness } from "../support/seed";

const sim = (path: string, body?: unknown) =>
  fetch(`${env.WAHA_URL}/__sim/sessions/${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const newId = () => `biz-${crypto.randomUUID()}`;
/** A business that exists in D1 (an object whose business is gone clears itself when its alarm runs). */
const newBusiness = async () => (await seedBusiness({ id: newId() })).businessId;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
// The designed intervals, written out rather than read from the object (a changed constant must fail here):
// a read every 2 s while a session is transitional (waiting for a scan), once a minute once settled.
const POLL_INTERVAL = 2_000;
const SETTLED_POLL_INTERVAL = 60_000;

/** Makes the cached status look old, as if 2 s had passed. */
async function expire(stub: DurableObjectStub<BusinessSession>) {
  await runInDurableObject(stub, (instance: BusinessSession) => {
    (instance as unknown as { s: { checkedAt: number } }).s.checkedAt = 0;
  });
}

async function waitForStatus(id: string, status: string) {
  const stub = businessSession(env, id);
  for (let i = 0; i < 40; i++) {
    await expire(stub);
    const view = await stub.status(id);
    if (view.status === status) return view;
    await wait(100);
  }
  throw new Error(`never reached ${status}`);
}

afterEach(() => vi.restoreAllMocks());

describe("BusinessSession durable object", () => {
  it("says no-session for a business that never connected", async () => {
    const id = await newBusiness();
    expect((await businessSession(env, id).status(id)).status).toBe("no-session");
  });

  it("connects through the gateway: create, start, QR, scan, connected, logout", async () => {
    const id = await newBusiness();
    const stub = businessSession(env, id);
    const opened = await stub.open(id);
    expect(["STARTING", "SCAN_QR_CODE"]).toContain(opened.status);

    await waitForStatus(id, "SCAN_QR_CODE");
    const qr = await stub.qr(id);
    expect(qr?.mimetype).toBe("image/png");
    expect(atob(qr!.data).slice(1, 4)).toBe("PNG");

    expect((await sim(`${id}/scan`, { phone: "972501112233", pushName: "Dana's Salon" })).status).toBeLessThan(300);
    const working = await waitForStatus(id, "WORKING");
    expect(working.me).toMatchObject({ id: "972501112233@c.us", pushName: "Dana's Salon" });
    expect(await stub.qr(id)).toBeNull();

    const out = await stub.remove(id, "logout");
    expect(out.status).toBe("disconnected");
    const gateway = await fetch(`${env.WAHA_URL}/api/sessions/${id}`, { headers: { "X-Api-Key": env.WAHA_API_KEY } });
    expect(gateway.status).toBe(404);
  });

  it("any number of pollers cost exactly one gateway status call per 2 s, and never one sooner", async () => {
    const id = await newBusiness();
    const stub = businessSession(env, id);
    await stub.open(id);
    const calls: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = typeof input === "string" ? input : input instanceof Request ? input.url : String(input);
      if (url.includes(`/api/sessions/${id}`)) calls.push(url);
      return realFetch(input, init);
    });
    // The object's clock stands still where the test puts it (the test and the object share one isolate): the
    // interval is checked to the millisecond, from both sides. An hour ahead, so no alarm it sets goes off meanwhile.
    await runInDurableObject(stub, (_i: BusinessSession, state) => state.storage.deleteAlarm());
    let clock = Date.now() + 3_600_000;
    vi.spyOn(Date, "now").mockImplementation(() => clock);
    /** The last read as if it were `ms` ago. */
    const readAgo = (ms: number) =>
      runInDurableObject(stub, (instance: BusinessSession) => {
        (instance as unknown as { s: { checkedAt: number } }).s.checkedAt = clock - ms;
      });
    const tabs = () => Promise.all(Array.from({ length: 30 }, () => stub.status(id)));
    // While it waits for a scan (transitional), 30 tabs asking at once, three times within one poll interval: one read.
    await readAgo(POLL_INTERVAL);
    for (let round = 0; round < 3; round++) await tabs();
    expect(calls).toHaveLength(1);
    // A millisecond short of the interval: still that one read (polling faster than every 2 s fails here).
    clock += POLL_INTERVAL - 1;
    await tabs();
    expect(calls).toHaveLength(1);
    // The interval over to the millisecond: exactly one more (polling slower fails here).
    clock += 1;
    await tabs();
    await tabs();
    expect(calls).toHaveLength(2);
    vi.restoreAllMocks();
    await stub.remove(id, "cancel");
  });

  it("polls from an alarm every 2 s while transitional, then once a minute once settled", async () => {
    const id = await newBusiness();
    const stub = businessSession(env, id);
    await stub.open(id);
    const alarm = () => runInDurableObject(stub, (_i: BusinessSession, state) => state.storage.getAlarm());
    expect(await alarm()).not.toBeNull();
    await waitForStatus(id, "SCAN_QR_CODE");
    // The object's clock stands still, an hour ahead (no alarm goes off by itself meanwhile): each next poll is
    // checked to the millisecond.
    await runInDurableObject(stub, (_i: BusinessSession, state) => state.storage.deleteAlarm());
    const clock = Date.now() + 3_600_000;
    vi.spyOn(Date, "now").mockImplementation(() => clock);
    // A read while transitional sets the next poll 2 s after it.
    await expire(stub);
    expect((await stub.status(id)).status).toBe("SCAN_QR_CODE");
    expect(await alarm()).toBe(clock + POLL_INTERVAL);

    expect((await sim(`${id}/fail`, {})).status).toBeLessThan(300);
    await expire(stub);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await stub.status(id)).status).toBe("FAILED");
    // Settled: the next poll a minute after the read.
    expect(await alarm()).toBe(clock + SETTLED_POLL_INTERVAL);
    vi.restoreAllMocks();
    await stub.remove(id, "cancel");
    expect(await alarm()).toBeNull();
  });

  it("an alarm whose gateway call fails is retried later and changes nothing", async () => {
    const id = await newBusiness();
    const stub = businessSession(env, id);
    await stub.open(id);
    await expire(stub);
    const before = await runInDurableObject(
      stub,
      async (_i, state) => (await state.storage.get<{ status: string }>("state"))!.status,
    );
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("connection refused"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    vi.restoreAllMocks();
    const after = await runInDurableObject(stub, async (_i, state) => ({
      status: (await state.storage.get<{ status: string }>("state"))!.status,
      alarm: await state.storage.getAlarm(),
    }));
    expect(after.status).toBe(before);
    expect(after.alarm).not.toBeNull();
    await stub.remove(id, "cancel");
  });

  it("after Logout, no late session.status event brings the old session back; a new Connect does", async () => {
    const id = await newBusiness();
    const stub = businessSession(env, id);
    await stub.remove(id, "logout");
    for (const late of ["STOPPED", "SCAN_QR_CODE", "WORKING"]) {
      await stub.onStatusEvent(id, late, { id: "972500000001@c.us" });
      await runInDurableObject(stub, async (_i, state) => {
        expect((await state.storage.get<{ status: string }>("state"))!.status).toBe("disconnected");
      });
    }
    await stub.open(id);
    await stub.onStatusEvent(id, "SCAN_QR_CODE", null);
    await runInDurableObject(stub, async (_i, state) => {
      expect((await state.storage.get<{ status: string }>("state"))!.status).toBe("SCAN_QR_CODE");
    });
    await stub.remove(id, "cancel");
  });
});
