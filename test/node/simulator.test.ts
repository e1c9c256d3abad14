// The simulator, driven in-process by the product's WAHA client: lifecycle, QR,
// sends, signed webhooks, errors, api key and failure injection.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderError, type WhatsAppProvider } from "../../app/providers/whatsapp/types";
import { createWahaClient } from "../../app/providers/whatsapp/waha.server";
import { verifyWebhookSignature } from "../../app/providers/whatsapp/webhook-signature";
import { startSimulator, type Simulator } from "../../workers/simulator/server";

type Hook = { raw: string; headers: Record<string, string | string[] | undefined>; body: any };

const HMAC_KEY = "per-business-secret";
let sim: Simulator;
let receiver: Server;
let hookUrl: string;
const hooks: Hook[] = [];
let client: WhatsAppProvider;

async function waitFor<T>(fn: () => T | undefined | null | false | Promise<T | false>, what: string, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const retriesOf = async (name: string) => (await ctl(`/__sim/sessions/${name}`)).body?.webhooks.retries ?? 0;

const ctl = async (path: string, body?: unknown) => {
  const res = await fetch(sim.url + path, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
};

const statusHook = (session: string, status: string) => () =>
  hooks.find((h) => h.body.event === "session.status" && h.body.session === session && h.body.payload.status === status);

async function expectError(p: Promise<unknown>, status: number, transient: boolean) {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(ProviderError);
  expect((err as ProviderError).status).toBe(status);
  expect((err as ProviderError).transient).toBe(transient);
}

async function connected(name: string, phone = "4915112345678") {
  await client.createSession(name, { webhookUrl: hookUrl, hmacKey: HMAC_KEY });
  await client.startSession(name);
  await waitFor(() => sim.state.get(name)?.status === "SCAN_QR_CODE", "QR");
  expect((await ctl(`/__sim/sessions/${name}/scan`, { phone, pushName: "Salon X" })).status).toBe(200);
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      hooks.push({ raw, headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhook`;
  sim = await startSimulator({ port: 0, apiKey: "", qrDelayMs: 50, startDelayMs: 50 });
  client = createWahaClient({ url: sim.url, apiKey: "anything" });
});

afterAll(async () => {
  await sim?.close();
  await new Promise((r) => receiver?.close(r));
});

describe("simulator session lifecycle", () => {
  it("create, start, QR, scan, send, logout, delete", async () => {
    const created = await client.createSession("biz-1", { webhookUrl: hookUrl, hmacKey: HMAC_KEY });
    expect(created).toEqual({ name: "biz-1", status: "STOPPED", me: null });
    await expectError(client.createSession("biz-1", { webhookUrl: hookUrl, hmacKey: HMAC_KEY }), 422, false);
    expect(await client.getQr("biz-1")).toBeNull(); // 422: not SCAN_QR_CODE

    await client.startSession("biz-1");
    await client.startSession("biz-1"); // repeatable
    // The QR call waits for a STARTING session, like WAHA.
    const qr = await client.getQr("biz-1");
    expect(qr?.mimetype).toBe("image/png");
    expect([...qr!.data.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect((await client.getSession("biz-1"))?.status).toBe("SCAN_QR_CODE");
    const asJson = await fetch(`${sim.url}/api/biz-1/auth/qr`, { headers: { accept: "application/json" } });
    const qrJson = (await asJson.json()) as { mimetype: string; data: string };
    expect(qrJson.mimetype).toBe("image/png");
    expect(Buffer.from(qrJson.data, "base64").subarray(1, 4).toString()).toBe("PNG");
    await waitFor(statusHook("biz-1", "SCAN_QR_CODE"), "SCAN_QR_CODE webhook");

    await expectError(client.sendText("biz-1", "4917611111111@c.us", "too early"), 422, false);
    const scan = await ctl("/__sim/sessions/biz-1/scan", { phone: "4915112345678", pushName: "Salon X" });
    expect(scan.status).toBe(200);
    expect(await client.getSession("biz-1")).toEqual({
      name: "biz-1",
      status: "WORKING",
      me: { id: "4915112345678@c.us", pushName: "Salon X" },
    });
    expect((await ctl("/__sim/sessions/biz-1/scan", {})).status).toBe(409);
    expect(await client.getQr("biz-1")).toBeNull();

    const { id } = await client.sendText("biz-1", "4917611111111@c.us", "See you Friday");
    expect(id).toMatch(/^true_4917611111111@c\.us_3EB0/);
    const sent = await ctl("/__sim/sessions/biz-1/sent");
    expect(sent.body).toEqual([{ chatId: "4917611111111@c.us", text: "See you Friday", timestamp: expect.any(Number) }]);
    const echo = await waitFor(() => hooks.find((h) => h.body.payload?.id === id), "sendText echo");
    expect(echo.body.payload).toMatchObject({ fromMe: true, source: "api", body: "See you Friday", to: "4917611111111@c.us" });

    await client.logoutSession("biz-1");
    expect(await client.getSession("biz-1")).toEqual({ name: "biz-1", status: "STOPPED", me: null });
    await client.deleteSession("biz-1");
    await client.deleteSession("biz-1"); // repeatable
    expect(await client.getSession("biz-1")).toBeNull();
    await expectError(client.startSession("biz-1"), 404, false);
  });

  it("restart keeps a logged-in session WORKING and a failed one goes back to the QR", async () => {
    await connected("biz-2");
    await client.restartSession("biz-2");
    expect((await client.getSession("biz-2"))?.status).toBe("STARTING");
    await waitFor(() => sim.state.get("biz-2")?.status === "WORKING", "WORKING after restart");
    expect((await ctl("/__sim/sessions/biz-2/fail", {})).status).toBe(200);
    expect((await client.getSession("biz-2"))?.status).toBe("FAILED");
    await waitFor(statusHook("biz-2", "FAILED"), "FAILED webhook");
    await client.logoutSession("biz-2");
    await client.restartSession("biz-2");
    await waitFor(() => sim.state.get("biz-2")?.status === "SCAN_QR_CODE", "QR after logout + restart");
    await client.deleteSession("biz-2");
  });
});

describe("simulator messages and webhooks", () => {
  it("an incoming message arrives as a correctly signed message.any webhook", async () => {
    await connected("biz-3");
    const r = await ctl("/__sim/sessions/biz-3/incoming", { from: "4917611111111", name: "Anna", body: "Can I book Friday?" });
    expect(r.status).toBe(200);
    const hook = await waitFor(
      () => hooks.find((h) => h.body.event === "message.any" && h.body.session === "biz-3" && !h.body.payload.fromMe),
      "incoming webhook",
    );
    expect(hook.headers["x-webhook-hmac-algorithm"]).toBe("sha512");
    expect(hook.headers["x-webhook-request-id"]).toBeTruthy();
    expect(Math.abs(Number(hook.headers["x-webhook-timestamp"]) - Date.now())).toBeLessThan(60_000);
    const sig = String(hook.headers["x-webhook-hmac"]);
    expect(await verifyWebhookSignature(hook.raw, HMAC_KEY, sig)).toBe(true);
    expect(await verifyWebhookSignature(hook.raw, "wrong key", sig)).toBe(false);
    expect(await verifyWebhookSignature(hook.raw.replace("Friday", "Fridax"), HMAC_KEY, sig)).toBe(false);

    expect(hook.body).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      timestamp: expect.any(Number),
      event: "message.any",
      session: "biz-3",
      metadata: { "business.id": "biz-3" },
      me: { id: "4915112345678@c.us", pushName: "Salon X" },
      engine: "NOWEB",
      payload: {
        from: "4917611111111@c.us",
        to: "4915112345678@c.us",
        fromMe: false,
        body: "Can I book Friday?",
        hasMedia: false,
        _data: { notifyName: "Anna", pushName: "Anna" },
      },
    });
    expect(hook.body.payload.timestamp).toBeLessThan(hook.body.timestamp / 100); // seconds vs ms
    // Only subscribed events arrive: "message" was not in the product's list.
    expect(hooks.some((h) => h.body.event === "message")).toBe(false);

    await ctl("/__sim/sessions/biz-3/reply", { to: "4917611111111", body: "Yes, 10:00" });
    const reply = await waitFor(() => hooks.find((h) => h.body.payload?.body === "Yes, 10:00"), "owner reply");
    expect(reply.body.payload).toMatchObject({ fromMe: true, source: "app", from: "4915112345678@c.us", to: "4917611111111@c.us" });

    await client.sendText("biz-3", "4917611111111@c.us", "Booked!");
    const msgs = await client.getMessages("biz-3", "4917611111111@c.us", 2);
    expect(msgs.map((m) => m.body).sort()).toEqual(["Booked!", "Yes, 10:00"]);
    expect((await client.getMessages("biz-3", "4917611111111@c.us", 10)).length).toBe(3);
    expect(await client.checkNumber("biz-3", "4917622222222")).toEqual({ exists: true, chatId: "4917622222222@c.us" });
  });

  it("a refused webhook URL is retried and never crashes the simulator", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r)); // nothing listens there now: connection refused
    await client.createSession("biz-4", { webhookUrl: `http://127.0.0.1:${port}/api/webhook`, hmacKey: "k" });
    await client.startSession("biz-4");
    await waitFor(() => sim.state.get("biz-4")?.status === "SCAN_QR_CODE", "QR");
    await waitFor(async () => (await retriesOf("biz-4")) >= 2, "retries scheduled");
    expect((await fetch(`${sim.url}/health`)).status).toBe(200);
    await client.deleteSession("biz-4");
  });
});

describe("simulator errors and failure injection", () => {
  it("answers NestJS-shaped 404 and 422", async () => {
    const res = await fetch(`${sim.url}/api/sessions/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: "Session not found", error: "Not Found" });
    await expectError(client.sendText("nope", "1234567@c.us", "x"), 404, false);
    const bad = await fetch(`${sim.url}/api/sendText`, { method: "POST", body: "{not json" });
    expect(bad.status).toBe(400);
  });

  it("requires the api key when one is configured", async () => {
    const locked = await startSimulator({ port: 0, apiKey: "s3cret" });
    try {
      await expectError(createWahaClient({ url: locked.url, apiKey: "wrong" }).getSession("x"), 401, false);
      expect(await createWahaClient({ url: locked.url, apiKey: "s3cret" }).getSession("x")).toBeNull();
      expect((await fetch(`${locked.url}/health`)).status).toBe(200);
    } finally {
      await locked.close();
    }
  });

  it("fail-sends makes sendText fail transiently: next N, then a rate", async () => {
    await connected("biz-5");
    expect((await ctl("/__sim/sessions/biz-5/fail-sends", { next: 2 })).status).toBe(200);
    await expectError(client.sendText("biz-5", "4917611111111@c.us", "a"), 500, true);
    await expectError(client.sendText("biz-5", "4917611111111@c.us", "a"), 500, true);
    await client.sendText("biz-5", "4917611111111@c.us", "a");
    await ctl("/__sim/sessions/biz-5/fail-sends", { rate: 1 });
    await expectError(client.sendText("biz-5", "4917611111111@c.us", "b"), 500, true);
    await ctl("/__sim/sessions/biz-5/fail-sends", { rate: 0 });
    await client.sendText("biz-5", "4917611111111@c.us", "c");
    const info = await ctl("/__sim/sessions/biz-5");
    expect(info.body.sends).toMatchObject({ accepted: 2, failed: 3 });
    expect((await ctl("/__sim/sessions/biz-5/sent")).body.map((s: { text: string }) => s.text)).toEqual(["a", "c"]);
    expect((await ctl("/__sim/sessions/biz-5/fail-sends", { rate: 2 })).status).toBe(400);
  });

  it("serves the human page", async () => {
    const res = await fetch(`${sim.url}/__sim`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("biz-5");
    expect(html).toContain('<label for="biz-5-body">Message</label>');
  });
});
