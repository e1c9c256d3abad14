// The simulator, driven over HTTP: the product's WAHA client where it fits,
// raw fetch where the exact JSON shape is the point. It must behave like WAHA's
// NOWEB engine (shared/whatsapp/WAHA-FIDELITY.md): session lifecycle, QR
// rotation, waits and 422/404 bodies, message shapes, acks, webhooks, control
// endpoints, persistence, and the WEBJS shapes on request.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderError, type ProviderErrorKind, type WhatsAppProvider } from "../../app/providers/whatsapp/types";
import { configMatches, createWahaClient, sessionConfig } from "../../app/providers/whatsapp/waha.server";
import { verifyWebhookSignature } from "../../app/providers/whatsapp/webhook-signature";
import { startSimulator, type Simulator, type SimulatorOptions } from "../../workers/simulator/server";
import type { summary } from "../../workers/simulator/context";
import type { SentRecord } from "../../workers/simulator/state";

/** A session as GET /__sim/sessions/{name} (and the control calls) show it. */
type SimSessionSummary = ReturnType<typeof summary>;

/** A message as NOWEB shapes it (answers and webhook payloads), the fields read here. */
type NowebMessage = {
  id: string;
  from: string;
  fromMe: boolean;
  body: string;
  timestamp: number;
  _data: { key: { id: string; remoteJid: string } };
};

/**
 * A webhook's JSON. The payload holds the fields read here of each event's:
 * session.status (status, statuses), message.any (a message) and message.ack (ackName).
 */
type HookBody = {
  event: string;
  session: string;
  timestamp: number;
  payload: NowebMessage & { status: string; statuses: { status: string; timestamp: number }[]; ackName: string };
};

type Hook = {
  raw: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: HookBody;
  at: number;
};

const HMAC_KEY = "per-business-secret";
const CUSTOMER = "4917611111111@c.us";
const WAIT_MS = 300; // notWorkingWaitMs of the simulators below
const FAST: Partial<SimulatorOptions> = { qrDelayMs: 50, startDelayMs: 50, ackDelayMs: 50, notWorkingWaitMs: WAIT_MS };

let sim: Simulator; // opDelayMs 0, QRs long enough to scan at leisure
let timed: Simulator; // opDelayMs and QR rotation short but measurable
let receiver: Server;
let hookUrl: string;
const hooks: Hook[] = [];
let client: WhatsAppProvider;
let timedClient: WhatsAppProvider;

async function waitFor<T>(
  fn: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  what: string,
  ms = 5000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Raw HTTP against a simulator: status, parsed JSON body (null when none; `T` is its shape), headers. */
async function http<T = unknown>(base: Simulator | string, method: string, p: string, body?: unknown) {
  const res = await fetch((typeof base === "string" ? base : base.url) + p, {
    method,
    headers:
      body === undefined
        ? { accept: "application/json" }
        : { "content-type": "application/json", accept: "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, body: json as T, type: res.headers.get("content-type") ?? "" };
}

const ctl = <T = unknown>(p: string, body?: unknown, on: Simulator = sim) =>
  http<T>(on, body === undefined ? "GET" : "POST", p, body);

const sessionHooks = (session: string, event?: string) =>
  hooks.filter((h) => h.body.session === session && (event === undefined || h.body.event === event));

const statusHook = (session: string, status: string) => () =>
  sessionHooks(session, "session.status").find((h) => h.body.payload.status === status);

async function providerError(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

async function expectError(p: Promise<unknown>, status: number, kind: ProviderErrorKind) {
  const err = await providerError(p);
  expect(err.status).toBe(status);
  expect(err.kind).toBe(kind);
  expect(err.transient).toBe(kind !== "permanent");
  return err;
}

async function connected(name: string, phone = "4915112345678", on: Simulator = sim, c: WhatsAppProvider = client) {
  await c.createSession(name, { webhookUrl: hookUrl, hmacKey: HMAC_KEY });
  await c.startSession(name);
  await waitFor(() => on.state.get(name)?.status === "SCAN_QR_CODE", "QR");
  expect((await ctl(`/__sim/sessions/${name}/scan`, { phone, pushName: "Salon X" }, on)).status).toBe(200);
}

const notFoundMessage = (name: string) =>
  `We didn't find a session with name '${name}'.\nPlease start it first by using POST /api/sessions/${name}/start request`;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      hooks.push({ raw, url: req.url ?? "", headers: req.headers, body: JSON.parse(raw), at: Date.now() });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhook`;
  sim = await startSimulator({ port: 0, apiKey: "", ...FAST, qrFirstMs: 5000, qrRefreshMs: 5000, opDelayMs: 0 });
  timed = await startSimulator({
    port: 0,
    apiKey: "",
    ...FAST,
    qrFirstMs: 200,
    qrRefreshMs: 100,
    qrMax: 3,
    opDelayMs: 300,
  });
  client = createWahaClient({ url: sim.url, apiKey: "anything" });
  timedClient = createWahaClient({ url: timed.url, apiKey: "anything" });
});

afterAll(async () => {
  await sim?.close();
  await timed?.close();
  await new Promise((r) => receiver?.close(r));
});

describe("session lifecycle", () => {
  it("create, start, QR, scan, send, logout to a new QR, delete", async () => {
    const created = await client.createSession("biz-1", { webhookUrl: hookUrl, hmacKey: HMAC_KEY });
    expect(created).toMatchObject({ name: "biz-1", status: "STOPPED", me: null });
    const dup = await expectError(
      client.createSession("biz-1", { webhookUrl: hookUrl, hmacKey: HMAC_KEY }),
      422,
      "permanent",
    );
    expect(dup.body).toEqual({
      statusCode: 422,
      message: "Session 'biz-1' already exists. Use PUT to update it.",
      error: "Unprocessable Entity",
    });
    // The list shows running sessions; a STOPPED one only with ?all=true.
    expect((await http<{ name: string }[]>(sim, "GET", "/api/sessions")).body.map((x) => x.name)).not.toContain(
      "biz-1",
    );
    expect((await http<{ name: string }[]>(sim, "GET", "/api/sessions?all=true")).body.map((x) => x.name)).toContain(
      "biz-1",
    );

    // A STOPPED session has no QR: WAHA's 404, not a wait.
    expect(await client.getQr("biz-1")).toBeNull();
    const stoppedQr = await http(sim, "GET", "/api/biz-1/auth/qr");
    expect(stoppedQr).toMatchObject({
      status: 404,
      body: { statusCode: 404, message: notFoundMessage("biz-1"), error: "Not Found" },
    });

    await client.startSession("biz-1");
    await client.startSession("biz-1"); // repeatable
    // The QR call waits while the session is STARTING, like WAHA.
    const qr = await client.getQr("biz-1");
    expect(qr?.mimetype).toBe("image/png");
    expect([...qr!.data.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect((await client.getSession("biz-1"))?.status).toBe("SCAN_QR_CODE");
    const asJson = await http<{ mimetype: string; data: string }>(sim, "GET", "/api/biz-1/auth/qr");
    expect(asJson.status).toBe(200);
    expect(Object.keys(asJson.body).sort()).toEqual(["data", "mimetype"]);
    expect(Buffer.from(asJson.body.data, "base64").subarray(1, 4).toString()).toBe("PNG");
    await waitFor(statusHook("biz-1", "SCAN_QR_CODE"), "SCAN_QR_CODE webhook");

    await expectError(client.sendText("biz-1", CUSTOMER, "too early"), 422, "not-working");
    const scan = await ctl("/__sim/sessions/biz-1/scan", { phone: "4915112345678", pushName: "Salon X" });
    expect(scan.status).toBe(200);
    expect(await client.getSession("biz-1")).toMatchObject({
      name: "biz-1",
      status: "WORKING",
      me: { id: "4915112345678@c.us", pushName: "Salon X" },
    });
    expect((await ctl("/__sim/sessions/biz-1/scan", {})).status).toBe(409);
    expect(await client.getQr("biz-1")).toBeNull(); // WORKING: 422 after the wait

    const { id } = await client.sendText("biz-1", CUSTOMER, "See you Friday");
    expect(id).toMatch(/^true_4917611111111@c\.us_3EB0[0-9A-F]+$/);
    const sent = await ctl("/__sim/sessions/biz-1/sent");
    expect(sent.body).toEqual([{ chatId: CUSTOMER, text: "See you Friday", timestamp: expect.any(Number), id }]);
    const echo = await waitFor(
      () => hooks.find((h) => h.body.event === "message.any" && h.body.payload?.id === id),
      "sendText echo",
    );
    expect(echo.body.payload).toMatchObject({ fromMe: true, source: "api", body: "See you Friday", from: CUSTOMER });
    expect(echo.body.payload).not.toHaveProperty("to");

    // Logout on a running session restarts it to a new QR; it does not stop it.
    const before = sessionHooks("biz-1", "session.status").length;
    await client.logoutSession("biz-1");
    await waitFor(() => sim.state.get("biz-1")?.status === "SCAN_QR_CODE", "new QR after logout");
    expect(await client.getSession("biz-1")).toMatchObject({ status: "SCAN_QR_CODE", me: null });
    expect(
      sessionHooks("biz-1", "session.status")
        .slice(before)
        .map((h) => h.body.payload.status),
    ).not.toContain("STOPPED");

    await client.deleteSession("biz-1");
    await client.deleteSession("biz-1"); // repeatable
    expect(await client.getSession("biz-1")).toBeNull();
    expect((await http(sim, "GET", "/api/sessions/biz-1")).body).toEqual({
      statusCode: 404,
      message: "Session not found",
      error: "Not Found",
    });
    expect((await providerError(client.startSession("biz-1"))).status).toBe(404);
  });

  it("logout on a STOPPED session keeps it STOPPED", async () => {
    await connected("biz-lo");
    await http(sim, "POST", "/api/sessions/biz-lo/stop");
    await client.logoutSession("biz-lo");
    expect(await client.getSession("biz-lo")).toMatchObject({ status: "STOPPED", me: null });
    await client.deleteSession("biz-lo");
  });

  it("restart keeps a logged-in session WORKING; start is a no-op on FAILED and restart recovers it", async () => {
    await connected("biz-2");
    await client.restartSession("biz-2");
    expect((await client.getSession("biz-2"))?.status).toBe("STARTING");
    await waitFor(() => sim.state.get("biz-2")?.status === "WORKING", "WORKING after restart");
    expect((await ctl("/__sim/sessions/biz-2/fail", {})).status).toBe(200);
    await waitFor(statusHook("biz-2", "FAILED"), "FAILED webhook");
    await client.startSession("biz-2");
    await sleep(150); // longer than startDelayMs: a start that did anything would show by now
    expect((await client.getSession("biz-2"))?.status).toBe("FAILED");
    await client.restartSession("biz-2");
    await waitFor(() => sim.state.get("biz-2")?.status === "WORKING", "restart recovers FAILED");
    await client.deleteSession("biz-2");
  });

  it("session names: letters, digits, _ and -, at most 54 characters; 400 otherwise", async () => {
    const bad = await http(sim, "POST", "/api/sessions", { name: "bad name!", start: false });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      statusCode: 400,
      message: ["name must match /^[a-zA-Z0-9_-]*$/ regular expression"],
      error: "Bad Request",
    });
    const long = await http<{ message: string[] }>(sim, "POST", "/api/sessions", {
      name: "a".repeat(55),
      start: false,
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toEqual(["name must be shorter than or equal to 54 characters"]);
    expect((await http(sim, "POST", "/api/sessions", { name: "a/b", start: false })).status).toBe(400);
    for (const ok of ["a".repeat(54), "Biz_01-x"]) {
      const res = await http(sim, "POST", "/api/sessions", { name: ok, start: false });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: ok, status: "STOPPED" });
      await client.deleteSession(ok);
    }
  });

  it("PUT /api/sessions/{name} replaces the config; a running session restarts with it", async () => {
    await connected("biz-put");
    const next = { webhookUrl: `${hookUrl}?v=2`, hmacKey: "rotated-key" };
    expect(configMatches((await client.getSession("biz-put"))?.config, sessionConfig("biz-put", next))).toBe(false);
    await client.updateSession("biz-put", next);
    const info = await client.getSession("biz-put");
    expect(configMatches(info?.config, sessionConfig("biz-put", next))).toBe(true);
    expect(info?.status).toBe("STARTING"); // restarted with the new config...
    await waitFor(() => sim.state.get("biz-put")?.status === "WORKING", "WORKING again"); // ...still logged in
    // Events now go to the new URL, signed with the new key.
    const hook = await waitFor(
      () => hooks.find((h) => h.body.session === "biz-put" && h.url.endsWith("?v=2")),
      "event at the new URL",
    );
    expect(await verifyWebhookSignature(hook.raw, "rotated-key", String(hook.headers["x-webhook-hmac"]))).toBe(true);
    expect((await http(sim, "PUT", "/api/sessions/nope", { name: "nope", config: {} })).status).toBe(404);
    await client.deleteSession("biz-put");
  });

  it("GET /api/server/version answers {version, engine: NOWEB, tier}", async () => {
    const res = await http(sim, "GET", "/api/server/version");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ version: "2026.7.1", engine: "NOWEB", tier: "CORE" });
    expect(await client.getVersion()).toEqual({ version: "2026.7.1", engine: "NOWEB", tier: "CORE" });
  });
});

describe("sessions that are not WORKING", () => {
  it("calls wait notWorkingWaitMs, then answer 422 {error, session, status, expected} with no message", async () => {
    await client.createSession("biz-wait", { webhookUrl: hookUrl, hmacKey: HMAC_KEY });
    await client.startSession("biz-wait");
    await waitFor(() => sim.state.get("biz-wait")?.status === "SCAN_QR_CODE", "QR");
    const calls: [string, string, unknown?][] = [
      ["POST", "/api/sendText", { session: "biz-wait", chatId: CUSTOMER, text: "x" }],
      ["GET", `/api/biz-wait/chats/${encodeURIComponent(CUSTOMER)}/messages?limit=5`],
      ["GET", "/api/contacts/check-exists?phone=4917611111111&session=biz-wait"],
      ["GET", "/api/biz-wait/lids/123%40lid"],
    ];
    for (const [method, p, body] of calls) {
      const started = Date.now();
      const res = await http(sim, method, p, body);
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 20);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: "Session status is not as expected. Try again later or restart the session",
        session: "biz-wait",
        status: "SCAN_QR_CODE",
        expected: ["WORKING"],
      });
    }
    const err = await expectError(client.getMessages("biz-wait", CUSTOMER, 5), 422, "not-working");
    expect(err.message).toContain("not as expected");
    await client.deleteSession("biz-wait");
  });

  it("a STOPPED or missing session answers 404 'We didn't find a session' to QR, send and read calls", async () => {
    await client.createSession("biz-stopped", { webhookUrl: hookUrl, hmacKey: HMAC_KEY });
    for (const name of ["biz-stopped", "no-such-session"]) {
      const calls: [string, string, unknown?][] = [
        ["GET", `/api/${name}/auth/qr`],
        ["POST", "/api/sendText", { session: name, chatId: CUSTOMER, text: "x" }],
        ["GET", `/api/${name}/chats/${encodeURIComponent(CUSTOMER)}/messages?limit=5`],
        ["GET", `/api/contacts/check-exists?phone=4917611111111&session=${name}`],
        ["GET", `/api/${name}/lids/123%40lid`],
      ];
      for (const [method, p, body] of calls) {
        const started = Date.now();
        const res = await http(sim, method, p, body);
        expect(Date.now() - started).toBeLessThan(WAIT_MS); // no wait: WAHA answers at once
        expect(res.status, `${method} ${p}`).toBe(404);
        expect(res.body).toEqual({ statusCode: 404, message: notFoundMessage(name), error: "Not Found" });
      }
      await expectError(client.sendText(name, CUSTOMER, "x"), 404, "not-working");
      expect(await client.getQr(name)).toBeNull();
    }
    await client.deleteSession("biz-stopped");
  });
});

describe("QR rotation and timings (the timed simulator)", () => {
  it("the first QR lives qrFirstMs, later ones qrRefreshMs, at most qrMax; then FAILED by itself", async () => {
    await timedClient.createSession("rot-1", { webhookUrl: hookUrl, hmacKey: HMAC_KEY });
    await timedClient.startSession("rot-1");
    const values = new Set<string>();
    const failed = await waitFor(statusHook("rot-1", "FAILED"), "FAILED by itself", 3000);
    const qrs = sessionHooks("rot-1", "session.status").filter((h) => h.body.payload.status === "SCAN_QR_CODE");
    expect(qrs.length).toBe(3); // qrMax
    for (const h of qrs)
      expect(h.body.payload).toMatchObject({ name: "rot-1", status: "SCAN_QR_CODE", statuses: expect.any(Array) });
    // When each status was set (the event's own statuses), not when its webhook arrived.
    const at = (h: Hook) => h.body.payload.statuses.at(-1)!.timestamp;
    const gaps = [at(qrs[1]) - at(qrs[0]), at(qrs[2]) - at(qrs[1]), at(failed) - at(qrs[2])];
    expect(gaps[0]).toBeGreaterThanOrEqual(180); // qrFirstMs 200
    expect(gaps[1]).toBeGreaterThanOrEqual(80); // qrRefreshMs 100
    expect(gaps[1]).toBeLessThan(gaps[0]);
    expect(gaps[2]).toBeGreaterThanOrEqual(80);
    expect(failed.body.payload.statuses.length).toBeLessThanOrEqual(3); // the last 3

    // start is a no-op on FAILED; restart recovers it (to a new QR: nobody scanned).
    await timedClient.startSession("rot-1");
    await sleep(120);
    expect((await timedClient.getSession("rot-1"))?.status).toBe("FAILED");
    await timedClient.restartSession("rot-1");
    await waitFor(() => timed.state.get("rot-1")?.status === "SCAN_QR_CODE", "QR after restart");
    values.add((await http<{ value: string }>(timed, "GET", "/api/rot-1/auth/qr?format=raw")).body.value);
    await waitFor(
      async () => {
        const v = (await http<{ value: string } | null>(timed, "GET", "/api/rot-1/auth/qr?format=raw")).body?.value;
        if (v) values.add(v);
        return values.size >= 2;
      },
      "a new QR value after the first expires",
      2000,
    );
    await timedClient.deleteSession("rot-1");
  });

  it("DELETE, restart and PUT take opDelayMs; with opDelayMs 0 they are quick", async () => {
    await connected("op-1", "4915112345678", timed, timedClient);
    const timeIt = async (p: Promise<unknown>) => {
      const t = Date.now();
      await p;
      return Date.now() - t;
    };
    expect(await timeIt(timedClient.restartSession("op-1"))).toBeGreaterThanOrEqual(280);
    expect(
      await timeIt(timedClient.updateSession("op-1", { webhookUrl: hookUrl, hmacKey: "k2" })),
    ).toBeGreaterThanOrEqual(280);
    expect(await timeIt(timedClient.deleteSession("op-1"))).toBeGreaterThanOrEqual(280);
    expect(await timedClient.getSession("op-1")).toBeNull();

    await client.createSession("op-0", { webhookUrl: hookUrl, hmacKey: HMAC_KEY });
    expect(await timeIt(client.restartSession("op-0"))).toBeLessThan(250);
    expect(await timeIt(client.deleteSession("op-0"))).toBeLessThan(250);
  });
});

describe("messages as NOWEB shapes them", () => {
  it("incoming and owner messages: from = the customer's chat, no `to`, Baileys key in _data; signed webhooks", async () => {
    await connected("biz-3");
    const r = await ctl("/__sim/sessions/biz-3/incoming", {
      from: "4917611111111",
      name: "Anna",
      body: "Can I book Friday?",
    });
    expect(r.status).toBe(200);
    const hook = await waitFor(
      () => sessionHooks("biz-3", "message.any").find((h) => !h.body.payload.fromMe),
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
        id: expect.stringMatching(/^false_4917611111111@c\.us_[0-9A-F]+$/),
        from: CUSTOMER,
        fromMe: false,
        source: "app",
        body: "Can I book Friday?",
        hasMedia: false,
        _data: { key: { remoteJid: "4917611111111@s.whatsapp.net", fromMe: false }, pushName: "Anna" },
      },
    });
    expect(hook.body.payload).not.toHaveProperty("to");
    expect(hook.body.payload._data).not.toHaveProperty("notifyName"); // a WEBJS field
    expect(hook.body.payload.timestamp).toBeLessThan(hook.body.timestamp / 100); // seconds vs ms
    // Only subscribed events arrive: "message" was not in the product's list.
    expect(hooks.some((h) => h.body.event === "message")).toBe(false);

    // The owner types on the phone: NOWEB sends from = the customer's chat and no `to`.
    await ctl("/__sim/sessions/biz-3/reply", { to: "4917611111111", body: "Yes, 10:00" });
    const reply = await waitFor(
      () => sessionHooks("biz-3", "message.any").find((h) => h.body.payload.body === "Yes, 10:00"),
      "owner reply",
    );
    const key = reply.body.payload._data.key;
    expect(reply.body.payload).toMatchObject({
      fromMe: true,
      source: "app",
      from: CUSTOMER,
      id: `true_${CUSTOMER}_${key.id}`,
    });
    expect(reply.body.payload).not.toHaveProperty("to");
    expect(key).toEqual({ remoteJid: "4917611111111@s.whatsapp.net", fromMe: true, id: expect.any(String) });

    await client.sendText("biz-3", CUSTOMER, "Booked!");
    // GET .../messages has the same shapes; the client reads every message's chat from the key.
    const raw = await http<NowebMessage[]>(
      sim,
      "GET",
      `/api/biz-3/chats/${encodeURIComponent(CUSTOMER)}/messages?limit=10`,
    );
    expect(raw.body).toHaveLength(3);
    for (const m of raw.body) {
      expect(m.from).toBe(CUSTOMER);
      expect(m).not.toHaveProperty("to");
      expect(m._data.key.remoteJid).toBe("4917611111111@s.whatsapp.net");
    }
    const msgs = await client.getMessages("biz-3", CUSTOMER, 2);
    expect(msgs.map((m) => m.body).sort()).toEqual(["Booked!", "Yes, 10:00"]);
    const all = await client.getMessages("biz-3", CUSTOMER, 10);
    expect(all.map((m) => m.chatId)).toEqual([CUSTOMER, CUSTOMER, CUSTOMER]);
    expect(all.filter((m) => m.fromMe)).toHaveLength(2);
    expect(await client.checkNumber("biz-3", "4917622222222")).toEqual({ exists: true, chatId: "4917622222222@c.us" });
  });

  it("sendText answers the Baileys message: key.id, no top-level id, messageTimestamp a string", async () => {
    await connected("biz-send");
    const res = await http(sim, "POST", "/api/sendText", { session: "biz-send", chatId: CUSTOMER, text: "Hi" });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      key: { remoteJid: "4917611111111@s.whatsapp.net", fromMe: true, id: expect.stringMatching(/^3EB0[0-9A-F]+$/) },
      message: { extendedTextMessage: { text: "Hi" } },
      messageTimestamp: expect.stringMatching(/^\d{10}$/),
      status: "PENDING",
    });
    expect(res.body).not.toHaveProperty("id");
    // The client serializes it as WAHA names the message in webhooks and acks.
    const { id } = await client.sendText("biz-send", CUSTOMER, "Hi again");
    const echo = await waitFor(
      () => sessionHooks("biz-send", "message.any").find((h) => h.body.payload.body === "Hi again"),
      "echo",
    );
    expect(echo.body.payload.id).toBe(id);
  });

  it("message.ack DEVICE after a send; ERROR (ack -1, code 463) for sends after /restrict {next}", async () => {
    await connected("biz-ack");
    const { id: ok } = await client.sendText("biz-ack", CUSTOMER, "delivered");
    const delivered = await waitFor(
      () => sessionHooks("biz-ack", "message.ack").find((h) => h.body.payload.id === ok),
      "DEVICE ack",
    );
    expect(delivered.body.payload).toMatchObject({ id: ok, from: CUSTOMER, fromMe: true, ack: 2, ackName: "DEVICE" });
    expect(delivered.body.payload).not.toHaveProperty("error");

    const r = await ctl<SimSessionSummary>("/__sim/sessions/biz-ack/restrict", { next: 1 });
    expect(r.status).toBe(200);
    expect(r.body.sends.restrictNext).toBe(1);
    const { id: refused } = await client.sendText("biz-ack", CUSTOMER, "refused later"); // still a 201
    const { id: after } = await client.sendText("biz-ack", CUSTOMER, "fine again");
    const error = await waitFor(
      () => sessionHooks("biz-ack", "message.ack").find((h) => h.body.payload.id === refused),
      "ERROR ack",
    );
    expect(error.body.payload).toMatchObject({
      id: refused,
      fromMe: true,
      ack: -1,
      ackName: "ERROR",
      error: { code: "463", blocked: true, reason: "account_restricted", until: null },
      _data: { update: { messageStubParameters: ["463"] } },
    });
    const next = await waitFor(
      () => sessionHooks("biz-ack", "message.ack").find((h) => h.body.payload.id === after),
      "ack after",
    );
    expect(next.body.payload.ackName).toBe("DEVICE");
    expect((await ctl<SimSessionSummary>("/__sim/sessions/biz-ack")).body.sends).toMatchObject({
      restricted: 1,
      restrictNext: 0,
      accepted: 3,
    });
    expect((await ctl("/__sim/sessions/biz-ack/restrict", { next: -1 })).status).toBe(400);
  });

  it("a hidden number (@lid): the lids call answers {lid, pn} once /__sim incoming gave the pn", async () => {
    await connected("biz-lid");
    const lid = "123456789012345@lid";
    const r = await ctl("/__sim/sessions/biz-lid/incoming", { from: lid, pn: "4917633333333", body: "Hello" });
    expect(r.status).toBe(200);
    const hook = await waitFor(() => sessionHooks("biz-lid", "message.any")[0], "lid message");
    expect(hook.body.payload.from).toBe(lid);
    expect(hook.body.payload.id).toMatch(/^false_123456789012345@lid_/);
    const res = await http(sim, "GET", `/api/biz-lid/lids/${encodeURIComponent(lid)}`);
    expect(res).toMatchObject({ status: 200, body: { lid, pn: "4917633333333@c.us" } });
    expect((await http(sim, "GET", "/api/biz-lid/lids/123456789012345")).body).toEqual({
      lid,
      pn: "4917633333333@c.us",
    });
    expect(await client.resolveLid("biz-lid", lid)).toBe("4917633333333@c.us");
    expect((await http(sim, "GET", "/api/biz-lid/lids/999%40lid")).body).toEqual({ lid: "999@lid", pn: null });
    expect(await client.resolveLid("biz-lid", "999@lid")).toBeNull();
    expect(
      (await ctl("/__sim/sessions/biz-lid/incoming", { from: "4917611111111", pn: "4917633333333", body: "x" })).status,
    ).toBe(400);
  });

  it("a refused webhook URL is retried and never crashes the simulator", async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r)); // nothing listens there now: connection refused
    await client.createSession("biz-4", { webhookUrl: `http://127.0.0.1:${port}/api/webhook`, hmacKey: "k" });
    await client.startSession("biz-4");
    await waitFor(() => sim.state.get("biz-4")?.status === "SCAN_QR_CODE", "QR");
    await waitFor(
      async () => ((await ctl<SimSessionSummary | null>("/__sim/sessions/biz-4")).body?.webhooks.retries ?? 0) >= 2,
      "retries scheduled",
    );
    expect((await fetch(`${sim.url}/health`)).status).toBe(200);
    await client.deleteSession("biz-4");
  });
});

describe("control endpoints", () => {
  it("disconnect {seconds}: STARTING with an event, calls wait, then WORKING again with an event", async () => {
    await connected("biz-dc");
    const r = await ctl<SimSessionSummary>("/__sim/sessions/biz-dc/disconnect", { seconds: 0.1 });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe("STARTING");
    await waitFor(statusHook("biz-dc", "STARTING"), "STARTING event");
    // A send during a short blip waits for WORKING and goes through, as on WAHA.
    const { id } = await client.sendText("biz-dc", CUSTOMER, "during the blip");
    expect(id).toMatch(/^true_/);
    const statuses = sessionHooks("biz-dc", "session.status").map((h) => h.body.payload.status);
    expect(statuses.slice(statuses.lastIndexOf("STARTING"))).toEqual(["STARTING", "WORKING"]);

    // A longer one outlasts the wait: 422, transient.
    expect((await ctl("/__sim/sessions/biz-dc/disconnect", { seconds: 0.8 })).status).toBe(200);
    await expectError(client.getMessages("biz-dc", CUSTOMER, 5), 422, "not-working");
    await waitFor(() => sim.state.get("biz-dc")?.status === "WORKING", "WORKING after 0.8 s", 3000);
    expect((await ctl("/__sim/sessions/biz-dc/disconnect", { seconds: "x" })).status).toBe(400);
    await client.deleteSession("biz-dc");
    expect((await ctl("/__sim/sessions/biz-dc/disconnect", {})).status).toBe(404);
  });

  it("forget: the session is gone (404) and no event says so", async () => {
    await connected("biz-forget");
    await sleep(100);
    const before = sessionHooks("biz-forget").length;
    const r = await ctl("/__sim/sessions/biz-forget/forget", {});
    expect(r).toMatchObject({ status: 200, body: { forgotten: "biz-forget" } });
    expect(await client.getSession("biz-forget")).toBeNull();
    await expectError(client.sendText("biz-forget", CUSTOMER, "x"), 404, "not-working");
    await sleep(150);
    expect(sessionHooks("biz-forget").length).toBe(before);
  });
});

describe("persistence", () => {
  it("with stateFile, a restarted simulator brings the session back WORKING with its chats", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "sim-state-"));
    const stateFile = path.join(dir, "simulator.json");
    try {
      const first = await startSimulator({ port: 0, apiKey: "", ...FAST, opDelayMs: 0, stateFile });
      const c1 = createWahaClient({ url: first.url, apiKey: "k" });
      await connected("biz-keep", "4915112345678", first, c1);
      await ctl(
        "/__sim/sessions/biz-keep/incoming",
        { from: "4917611111111", name: "Anna", body: "Still there?" },
        first,
      );
      await c1.sendText("biz-keep", CUSTOMER, "Yes");
      await first.close();

      const second = await startSimulator({ port: 0, apiKey: "", ...FAST, opDelayMs: 0, stateFile });
      try {
        const c2 = createWahaClient({ url: second.url, apiKey: "k" });
        await waitFor(() => second.state.get("biz-keep")?.status === "WORKING", "WORKING after the restart");
        const info = await c2.getSession("biz-keep");
        expect(info).toMatchObject({ status: "WORKING", me: { id: "4915112345678@c.us", pushName: "Salon X" } });
        expect(configMatches(info?.config, sessionConfig("biz-keep", { webhookUrl: hookUrl, hmacKey: HMAC_KEY }))).toBe(
          true,
        );
        const msgs = await c2.getMessages("biz-keep", CUSTOMER, 10);
        expect(msgs.map((m) => m.body).sort()).toEqual(["Still there?", "Yes"]);
        expect((await ctl("/__sim/sessions/biz-keep/sent", undefined, second)).body).toHaveLength(1);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("reactions, edits, deletions, echoes, hidden numbers and lost webhooks (part 2)", () => {
  type Addon = {
    id: string;
    from: string;
    to?: string;
    fromMe: boolean;
    body?: string;
    editedMessageId?: string;
    reaction?: { text: string; messageId: string };
    revokedMessageId?: string;
    after?: { id: string; fromMe: boolean };
    before?: { id: string; body: string } | null;
    _data: { key?: Record<string, unknown> };
  };
  const addon = (session: string, event: string) => () =>
    sessionHooks(session, event).at(-1)?.body.payload as unknown as Addon | undefined;

  it("react, edit and revoke arrive as message.reaction, message.edited and message.revoked (NOWEB), never in message.any", async () => {
    await connected("biz-addons");
    const sent = await client.sendText(
      "biz-addons",
      CUSTOMER,
      "Reminder: Friday 10:00. Reply 1 to confirm or 2 to cancel.",
    );
    await ctl("/__sim/sessions/biz-addons/incoming", { from: "4917611111111", body: "2" });
    await waitFor(() => sessionHooks("biz-addons", "message.any").find((h) => h.body.payload.body === "2"), "the 2");
    await waitFor(
      () => sessionHooks("biz-addons", "message.any").find((h) => h.body.payload.id === sent.id),
      "the echo",
    );
    const before = sessionHooks("biz-addons", "message.any").length;

    expect((await ctl("/__sim/sessions/biz-addons/react", { from: "4917611111111", reaction: "👍🏽" })).status).toBe(200);
    const reaction = await waitFor(addon("biz-addons", "message.reaction"), "reaction");
    expect(reaction).toMatchObject({ from: CUSTOMER, fromMe: false, reaction: { text: "👍🏽", messageId: sent.id } });
    expect(reaction.id).toMatch(/^false_4917611111111@c\.us_/);
    expect(reaction).not.toHaveProperty("to");

    expect((await ctl("/__sim/sessions/biz-addons/edit", { from: "4917611111111", body: "1" })).status).toBe(200);
    const edited = await waitFor(addon("biz-addons", "message.edited"), "edit");
    const original = sessionHooks("biz-addons", "message.any").find((h) => h.body.payload.body === "2")!.body.payload;
    expect(edited).toMatchObject({ from: CUSTOMER, fromMe: false, body: "1", editedMessageId: original._data.key.id });
    expect(edited.id).not.toBe(original.id); // the edit is a message of its own

    expect((await ctl("/__sim/sessions/biz-addons/revoke", { from: "4917611111111" })).status).toBe(200);
    const revoked = await waitFor(addon("biz-addons", "message.revoked"), "revoke");
    expect(revoked).toMatchObject({ revokedMessageId: original._data.key.id, before: null, after: { fromMe: false } });
    // The deleted message leaves the chat's messages; the edit changed the stored text before that.
    const list = await http<NowebMessage[]>(
      sim,
      "GET",
      `/api/biz-addons/chats/${encodeURIComponent(CUSTOMER)}/messages?limit=10`,
    );
    expect(list.body.map((m) => m.body)).toEqual(["Reminder: Friday 10:00. Reply 1 to confirm or 2 to cancel."]);
    await sleep(100);
    expect(sessionHooks("biz-addons", "message.any").length).toBe(before);

    // Nothing to react to, edit or delete: 404; bad bodies: 400.
    expect((await ctl("/__sim/sessions/biz-addons/react", { from: "4917699999999", reaction: "👍" })).status).toBe(404);
    expect((await ctl("/__sim/sessions/biz-addons/edit", { from: "4917699999999", body: "x" })).status).toBe(404);
    expect((await ctl("/__sim/sessions/biz-addons/revoke", { from: "4917699999999" })).status).toBe(404);
    expect((await ctl("/__sim/sessions/biz-addons/react", { from: "4917611111111" })).status).toBe(400);
  });

  it("the product's own sends echo in message.any with source api; the phone's messages carry source app", async () => {
    await connected("biz-echo");
    const { id } = await client.sendText("biz-echo", CUSTOMER, "Your reminder");
    const echo = await waitFor(
      () => sessionHooks("biz-echo", "message.any").find((h) => h.body.payload.id === id),
      "echo",
    );
    expect(echo.body.payload).toMatchObject({ fromMe: true, source: "api", body: "Your reminder" });
    await ctl("/__sim/sessions/biz-echo/reply", { to: "4917611111111", body: "typed" });
    const typed = await waitFor(
      () => sessionHooks("biz-echo", "message.any").find((h) => h.body.payload.body === "typed"),
      "typed",
    );
    expect(typed.body.payload).toMatchObject({ fromMe: true, source: "app" });
  });

  it("a @lid sender whose phone WhatsApp shares carries remoteJidAlt in the Baileys key", async () => {
    await connected("biz-alt");
    await ctl("/__sim/sessions/biz-alt/incoming", { from: "777000111@lid", pn: "4917655555555", body: "1" });
    const hook = await waitFor(() => sessionHooks("biz-alt", "message.any")[0], "lid message");
    expect(hook.body.payload.from).toBe("777000111@lid");
    expect(hook.body.payload._data.key).toMatchObject({
      remoteJid: "777000111@lid",
      remoteJidAlt: "4917655555555@s.whatsapp.net",
      addressingMode: "lid",
    });
    await ctl("/__sim/sessions/biz-alt/incoming", { from: "888000111@lid", body: "hi" });
    const hidden = await waitFor(
      () => sessionHooks("biz-alt", "message.any").find((h) => h.body.payload.from === "888000111@lid"),
      "hidden",
    );
    expect(hidden.body.payload._data.key).not.toHaveProperty("remoteJidAlt");
  });

  it("drop-webhooks {next}: the next N events never arrive; later ones do; the chat still has them", async () => {
    await connected("biz-drop");
    expect((await ctl<SimSessionSummary>("/__sim/sessions/biz-drop/drop-webhooks", { next: 2 })).body.drops).toEqual({
      next: 2,
      dropped: 0,
    });
    await ctl("/__sim/sessions/biz-drop/incoming", { from: "4917611111111", body: "lost 1" });
    await ctl("/__sim/sessions/biz-drop/incoming", { from: "4917611111111", body: "lost 2" });
    await ctl("/__sim/sessions/biz-drop/incoming", { from: "4917611111111", body: "arrives" });
    await waitFor(
      () => sessionHooks("biz-drop", "message.any").find((h) => h.body.payload.body === "arrives"),
      "third",
    );
    expect(sessionHooks("biz-drop", "message.any").map((h) => h.body.payload.body)).toEqual(["arrives"]);
    expect((await ctl<SimSessionSummary>("/__sim/sessions/biz-drop")).body.drops).toEqual({ next: 0, dropped: 2 });
    const overview = await http<{ id: string; lastMessage: { body: string } }[]>(
      sim,
      "GET",
      "/api/biz-drop/chats/overview?limit=10",
    );
    expect(overview.body).toEqual([
      expect.objectContaining({ id: CUSTOMER, lastMessage: expect.objectContaining({ body: "arrives" }) }),
    ]);
    const list = await client.getMessages("biz-drop", CUSTOMER, 10);
    expect(list.map((m) => m.body).sort()).toEqual(["arrives", "lost 1", "lost 2"]);
    expect((await ctl("/__sim/sessions/biz-drop/drop-webhooks", { next: "3" })).status).toBe(400);
  });

  it("a session the phone logged out ends FAILED after a restart (credentials revoked), until a new scan", async () => {
    await connected("biz-out");
    expect((await ctl<SimSessionSummary>("/__sim/sessions/biz-out/fail", { loggedOut: true })).body).toMatchObject({
      status: "FAILED",
      loggedOut: true,
    });
    await client.restartSession("biz-out");
    await waitFor(statusHook("biz-out", "STARTING"), "STARTING");
    await waitFor(
      () => sessionHooks("biz-out", "session.status").filter((h) => h.body.payload.status === "FAILED").length === 2,
      "FAILED again",
    );
    expect((await client.getSession("biz-out"))?.status).toBe("FAILED");
    await client.logoutSession("biz-out");
    await waitFor(() => sim.state.get("biz-out")?.status === "SCAN_QR_CODE", "a new QR after logout");
  });

  it("WEBJS: the same events in WEBJS shapes, and message.ack only with webjs.tagsEventsOn", async () => {
    const webjs = await startSimulator({ port: 0, apiKey: "", ...FAST, opDelayMs: 0, engine: "WEBJS" });
    try {
      const c = createWahaClient({ url: webjs.url, apiKey: "k" });
      await connected("wj-addons", "4915112345678", webjs, c);
      const sent = await c.sendText("wj-addons", CUSTOMER, "Reply 1 to confirm");
      await waitFor(() => sessionHooks("wj-addons", "message.ack")[0], "ack with tagsEventsOn");
      await ctl("/__sim/sessions/wj-addons/react", { from: "4917611111111", reaction: "❤️" }, webjs);
      const reaction = await waitFor(addon("wj-addons", "message.reaction"), "reaction");
      expect(reaction).toMatchObject({
        from: CUSTOMER,
        to: "4915112345678@c.us",
        reaction: { text: "❤️", messageId: sent.id },
      });
      await ctl("/__sim/sessions/wj-addons/incoming", { from: "4917611111111", body: "2" }, webjs);
      await ctl("/__sim/sessions/wj-addons/edit", { from: "4917611111111", body: "1" }, webjs);
      const edited = await waitFor(addon("wj-addons", "message.edited"), "edit");
      expect(edited).toMatchObject({ from: CUSTOMER, body: "1", editedMessageId: expect.any(String) });
      await ctl("/__sim/sessions/wj-addons/revoke", { from: "4917611111111" }, webjs);
      const revoked = await waitFor(addon("wj-addons", "message.revoked"), "revoke");
      expect(revoked.before).toMatchObject({ body: "1", id: expect.stringMatching(/^false_4917611111111@c\.us_/) });
      expect(revoked.revokedMessageId).toBe(edited.editedMessageId);

      // Without tagsEventsOn WEBJS sends no message.ack at all.
      await c.updateSession("wj-addons", { webhookUrl: hookUrl, hmacKey: HMAC_KEY });
      await http(webjs, "PUT", "/api/sessions/wj-addons", {
        config: { webhooks: [{ url: hookUrl, events: ["message.ack", "session.status"] }] },
      });
      await waitFor(() => webjs.state.get("wj-addons")?.status === "WORKING", "WORKING after PUT");
      const acks = sessionHooks("wj-addons", "message.ack").length;
      await c.sendText("wj-addons", CUSTOMER, "no ack for this one");
      await sleep(200);
      expect(sessionHooks("wj-addons", "message.ack").length).toBe(acks);
    } finally {
      await webjs.close();
    }
  });
});

describe("the WEBJS engine option", () => {
  it("sendText answers id._serialized; fromMe messages have from = me, to = the chat", async () => {
    const webjs = await startSimulator({ port: 0, apiKey: "", ...FAST, opDelayMs: 0, engine: "WEBJS" });
    try {
      const c = createWahaClient({ url: webjs.url, apiKey: "k" });
      expect(await c.getVersion()).toMatchObject({ engine: "WEBJS" });
      await connected("wj-1", "4915112345678", webjs, c);
      expect((await http<{ engine: unknown }>(webjs, "GET", "/api/sessions/wj-1")).body.engine).toEqual({
        engine: "WEBJS",
      });

      const res = await http<{ id: { id: string } }>(webjs, "POST", "/api/sendText", {
        session: "wj-1",
        chatId: CUSTOMER,
        text: "Hi",
      });
      expect(res.status).toBe(201);
      expect(res.body.id).toEqual({
        fromMe: true,
        remote: CUSTOMER,
        id: expect.any(String),
        _serialized: `true_${CUSTOMER}_${res.body.id.id}`,
      });
      expect(res.body).not.toHaveProperty("key");
      const { id } = await c.sendText("wj-1", CUSTOMER, "Hi again");
      expect(id).toMatch(/^true_4917611111111@c\.us_3EB0/);

      await ctl("/__sim/sessions/wj-1/reply", { to: "4917611111111", body: "typed on the phone" }, webjs);
      await ctl("/__sim/sessions/wj-1/incoming", { from: "4917611111111", name: "Anna", body: "hello" }, webjs);
      const list = await http<{ body: string }[]>(
        webjs,
        "GET",
        `/api/wj-1/chats/${encodeURIComponent(CUSTOMER)}/messages?limit=10`,
      );
      const owner = list.body.find((m) => m.body === "typed on the phone");
      expect(owner).toMatchObject({ fromMe: true, from: "4915112345678@c.us", to: CUSTOMER });
      const incoming = list.body.find((m) => m.body === "hello");
      expect(incoming).toMatchObject({
        fromMe: false,
        from: CUSTOMER,
        to: "4915112345678@c.us",
        _data: { notifyName: "Anna" },
      });
      const msgs = await c.getMessages("wj-1", CUSTOMER, 10);
      expect(msgs).toHaveLength(4);
      expect(new Set(msgs.map((m) => m.chatId))).toEqual(new Set([CUSTOMER]));
    } finally {
      await webjs.close();
    }
  });
});

describe("errors, api key, failure injection and the page", () => {
  it("answers NestJS-shaped errors", async () => {
    const res = await fetch(`${sim.url}/api/sessions/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ statusCode: 404, message: "Session not found", error: "Not Found" });
    const bad = await fetch(`${sim.url}/api/sendText`, { method: "POST", body: "{not json" });
    expect(bad.status).toBe(400);
  });

  it("requires the api key when one is configured", async () => {
    const locked = await startSimulator({ port: 0, apiKey: "s3cret" });
    try {
      await expectError(createWahaClient({ url: locked.url, apiKey: "wrong" }).getSession("x"), 401, "permanent");
      expect(await createWahaClient({ url: locked.url, apiKey: "s3cret" }).getSession("x")).toBeNull();
      expect((await fetch(`${locked.url}/health`)).status).toBe(200);
    } finally {
      await locked.close();
    }
  });

  it("fail-sends makes sendText fail transiently: next N, then a rate", async () => {
    await connected("biz-5");
    expect((await ctl("/__sim/sessions/biz-5/fail-sends", { next: 2 })).status).toBe(200);
    await expectError(client.sendText("biz-5", CUSTOMER, "a"), 500, "retry");
    await expectError(client.sendText("biz-5", CUSTOMER, "a"), 500, "retry");
    await client.sendText("biz-5", CUSTOMER, "a");
    await ctl("/__sim/sessions/biz-5/fail-sends", { rate: 1 });
    await expectError(client.sendText("biz-5", CUSTOMER, "b"), 500, "retry");
    await ctl("/__sim/sessions/biz-5/fail-sends", { rate: 0 });
    await client.sendText("biz-5", CUSTOMER, "c");
    const info = await ctl<SimSessionSummary>("/__sim/sessions/biz-5");
    expect(info.body.sends).toMatchObject({ accepted: 2, failed: 3 });
    expect((await ctl<SentRecord[]>("/__sim/sessions/biz-5/sent")).body.map((s) => s.text)).toEqual(["a", "c"]);
    expect((await ctl("/__sim/sessions/biz-5/fail-sends", { rate: 2 })).status).toBe(400);
  });

  it("serves the human page, with labelled disconnect, restrict and forget controls", async () => {
    const res = await fetch(`${sim.url}/__sim`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("biz-5");
    expect(html).toContain('<label for="biz-5-body">Message</label>');
    expect(html).toContain('data-action="/__sim/sessions/biz-5/disconnect"');
    expect(html).toContain('<label for="biz-5-seconds">');
    expect(html).toContain('data-action="/__sim/sessions/biz-5/restrict"');
    expect(html).toContain('<label for="biz-5-next">');
    expect(html).toContain('data-action="/__sim/sessions/biz-5/forget"');
  });
});
