// Contract of the WAHA client (app/providers/whatsapp/waha.server.ts) against
// WAHA's own answers: each fixture in test/fixtures/waha/ is a request/response
// (or webhook) taken from WAHA's docs, OpenAPI, issue reports or source, named
// in its `source` field. The client is fed each answer through a fetch stub and
// must make the right thing of it. Then the bundled simulator is driven to the
// same calls and must answer in the same shapes (fixture `shape`: dotted paths
// that must be present, and ones real WAHA leaves out), so it cannot drift from
// WAHA silently.
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderError } from "../../app/providers/whatsapp/types";
import {
  configMatches,
  createWahaClient,
  messageChatId,
  readMessageId,
  sessionConfig,
} from "../../app/providers/whatsapp/waha.server";
import { startSimulator, type Simulator } from "../../workers/simulator/server";

/** A fixture; `B` is the shape of its answer (or webhook) body, as far as a test reads it. */
interface Fixture<B = unknown> {
  source: string;
  note?: string;
  request?: { method: string; path: string; headers?: Record<string, string>; body?: Record<string, unknown> };
  response?: { status: number; body: B };
  webhook?: B;
  shape: { present: string[]; absent: string[] };
}

/** A session as WAHA answers it; of its config, the defaults WAHA fills in. */
type SessionAnswer = { config: { proxy: unknown; debug: unknown; webhooks: { customHeaders: unknown }[] } };
/** NOWEB's answer to sendText (the Baileys message). */
type SendTextAnswer = { messageTimestamp: string; status: string };
/** A request body the client sent: a session's create or update carries the config (the one field read here). */
type SentBody = { config: ReturnType<typeof sessionConfig> };
/** A webhook. The payload holds the fields read here of each event's: a message, an ack, a session status. */
type Webhook = {
  event: string;
  session: string;
  payload: {
    id: string;
    from: string;
    fromMe: boolean;
    source: string;
    body: string;
    ack: number;
    ackName: string;
    error: { code: string };
    status: string;
    statuses: { status: string; timestamp: number }[];
    _data: { key: { id: string; remoteJid: string } };
  };
};

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/waha");
const NAMES = readdirSync(DIR)
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5))
  .sort();
const fx = <B = unknown>(name: string): Fixture<B> => JSON.parse(readFileSync(path.join(DIR, `${name}.json`), "utf8"));

/** Whether a dotted path exists (the last key present, even when null). */
function has(obj: unknown, dotted: string): boolean {
  let cur = obj;
  const keys = dotted.split(".");
  for (const [i, k] of keys.entries()) {
    if (cur === null || typeof cur !== "object" || !(k in cur)) return false;
    if (i < keys.length - 1) cur = (cur as Record<string, unknown>)[k];
  }
  return true;
}

/** The fixture's shape holds for `body` (for an array: for every element). */
function expectShape(body: unknown, shape: Fixture["shape"], what: string) {
  const items = Array.isArray(body) ? body : [body];
  expect(items.length, `${what}: no items`).toBeGreaterThan(0);
  for (const item of items) {
    for (const p of shape.present)
      expect(has(item, p), `${what}: "${p}" missing in ${JSON.stringify(item).slice(0, 400)}`).toBe(true);
    for (const p of shape.absent)
      expect(has(item, p), `${what}: "${p}" must be absent (real WAHA leaves it out)`).toBe(false);
  }
}

const bodyOf = (f: Fixture) => f.response?.body ?? f.webhook;

/** A client whose fetch answers with the fixture, and only to the fixture's request. */
function serve(f: Fixture, answer?: () => Response) {
  const calls: { method: string; path: string; headers: Record<string, string>; body: SentBody }[] = [];
  const stub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const call = {
      method: init?.method ?? "GET",
      path: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    if (!f.request || call.method !== f.request.method || call.path !== f.request.path) {
      return new Response(JSON.stringify({ statusCode: 418, message: `unexpected ${call.method} ${call.path}` }), {
        status: 418,
      });
    }
    if (answer) return answer();
    const { status, body } = f.response!;
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json; charset=utf-8" },
    });
  }) as typeof fetch;
  return { calls, client: createWahaClient({ url: "http://waha.test", apiKey: "key", fetch: stub }) };
}

async function providerError(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe("the fixtures", () => {
  it("each one names its source and satisfies its own shape", () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(20);
    for (const name of NAMES) {
      const f = fx(name);
      expect(typeof f.source === "string" && f.source.length > 20, `${name}: source`).toBe(true);
      expect(Boolean(f.response) !== Boolean(f.webhook), `${name}: a response or a webhook`).toBe(true);
      expectShape(bodyOf(f), f.shape, name);
    }
  });
});

describe("the WAHA client against WAHA's answers", () => {
  it("GET /api/server/version", async () => {
    const { client, calls } = serve(fx("server-version"));
    expect(await client.getVersion()).toEqual({ version: "2025.9.4", engine: "NOWEB", tier: "PLUS" });
    expect(calls[0].headers["x-api-key"]).toBe("key");
  });

  it("GET /api/sessions/{s}: WORKING with me; 404 is null", async () => {
    const working = fx<SessionAnswer>("session-get-working");
    expect(await serve(working).client.getSession("default")).toEqual({
      name: "default",
      status: "WORKING",
      me: { id: "79111111@c.us", pushName: "WAHA" },
      config: working.response!.body.config,
    });
    expect(await serve(fx("session-get-404")).client.getSession("default")).toBeNull();
  });

  it("POST /api/sessions: 201 with the session; 422 'already exists' is permanent", async () => {
    const created = serve(fx("session-create-201"));
    const info = await created.client.createSession("default", {
      webhookUrl: "https://app.test/api/webhook",
      hmacKey: "k",
    });
    expect(info).toMatchObject({ name: "default", status: "STOPPED", me: null });
    expect(created.calls[0].body).toMatchObject({ name: "default", start: false });

    const err = await providerError(
      serve(fx("session-create-422-exists")).client.createSession("default", {
        webhookUrl: "https://app.test/api/webhook",
        hmacKey: "k",
      }),
    );
    expect([err.status, err.kind, err.transient]).toEqual([422, "permanent", false]);
    expect(err.message).toContain("already exists. Use PUT to update it.");
  });

  it("PUT /api/sessions/{s}: the config round trip survives WAHA's defaults; another config is stale", async () => {
    const put = fx<SessionAnswer>("session-update-put");
    const opts = { webhookUrl: "https://app.test/api/webhook", hmacKey: "k" };
    const { client, calls } = serve(put);
    await client.updateSession("default", opts);
    const sent = calls[0].body.config;
    // WAHA stores the config and echoes it with its defaults filled in (as the fixture's answer does).
    const defaults = put.response!.body.config;
    const echoed = {
      ...sent,
      proxy: defaults.proxy,
      debug: defaults.debug,
      webhooks: sent.webhooks.map((h) => ({ ...h, customHeaders: defaults.webhooks[0].customHeaders })),
    };
    expect(configMatches(echoed, sessionConfig("default", opts))).toBe(true);
    expect(configMatches(defaults, sessionConfig("default", opts))).toBe(false); // someone else's URL: PUT again
    expect(
      configMatches(fx<SessionAnswer>("session-get-working").response!.body.config, sessionConfig("default", opts)),
    ).toBe(false);
  });

  it("422 'Session status is not as expected' is not-working (transient) and carries the status", async () => {
    const err = await providerError(
      serve(fx("session-status-422")).client.sendText("default", "11111111111@c.us", "Hi there!"),
    );
    expect([err.status, err.kind, err.transient]).toEqual([422, "not-working", true]);
    expect(err.message).toContain("status SCAN_QR_CODE");
  });

  it("404 'We didn't find a session' is not-working; the QR call makes it null", async () => {
    const f = fx("session-not-found-404");
    const err = await providerError(serve(f).client.sendText("default", "11111111111@c.us", "Hi there!"));
    expect([err.status, err.kind]).toEqual([404, "not-working"]);
    const qr = serve({ ...f, request: { method: "GET", path: "/api/default/auth/qr?format=image" } });
    expect(await qr.client.getQr("default")).toBeNull();
  });

  it("POST /api/sendText: NOWEB's Baileys key, WEBJS' id._serialized and GOWS' string id all become true_<chat>_<id>", async () => {
    const noweb = serve(fx("send-text-noweb"));
    expect(await noweb.client.sendText("default", "111111111111@c.us", "Hi there!")).toEqual({
      id: "true_111111111111@c.us_3EB08A6895830F110A5E4D",
    });
    expect(noweb.calls[0].body).toEqual({ session: "default", chatId: "111111111111@c.us", text: "Hi there!" });
    const webjs = serve(fx("send-text-webjs"));
    expect(await webjs.client.sendText("default", "62811111123123@c.us", "Pendaftaran Akun Baru")).toEqual({
      id: "true_62811111123123@c.us_3EB0378E606CA43FEF38D2",
    });
    const gows = serve(fx("send-text-gows"));
    expect(await gows.client.sendText("default", "11111111111@c.us", "Hi there!")).toEqual({
      id: "true_11111111111@c.us_AAAAAAAAAAAAAAAAAAAA",
    });
  });

  it("GET chat messages, NOWEB: the owner's message (no `to`) gets its chat from the key", async () => {
    const { client } = serve(fx("chat-messages-noweb"));
    expect(await client.getMessages("default", "97297273000@c.us", 20)).toEqual([
      {
        id: "false_44777123123@c.us_3EB588F66919A0",
        chatId: "44777123123@c.us",
        timestamp: 1688571746,
        fromMe: false,
        body: "Hello",
        hasMedia: false,
      },
      {
        id: "true_97297273000@c.us_3EB075539C08D763E8A000",
        chatId: "97297273000@c.us",
        timestamp: 1758083503,
        fromMe: true,
        body: "Need to solve captcha.",
        hasMedia: false,
      },
    ]);
  });

  it("GET chat messages, WEBJS", async () => {
    const { client } = serve(fx("chat-messages-webjs"));
    expect(await client.getMessages("default", "11111111111@c.us", 20)).toEqual([
      {
        id: "true_11111111111@c.us_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        chatId: "11111111111@c.us",
        timestamp: 1667561485,
        fromMe: true,
        body: "Hi there!",
        hasMedia: false,
      },
    ]);
  });

  it("check-exists and lids", async () => {
    expect(await serve(fx("check-exists")).client.checkNumber("default", "11231231231")).toEqual({
      exists: true,
      chatId: "123123123@c.us",
    });
    expect(await serve(fx("lids-found")).client.resolveLid("default", "123123123@lid")).toBe("123456789@c.us");
    expect(await serve(fx("lids-not-found")).client.resolveLid("default", "123123123@lid")).toBeNull();
  });

  it("the QR: JSON {mimetype, data} becomes the PNG bytes; so does an image/png answer", async () => {
    const f = fx<{ data: string }>("qr-json");
    const bytes = new Uint8Array(Buffer.from(f.response!.body.data, "base64"));
    expect([...bytes.slice(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    expect(await serve(f).client.getQr("default")).toEqual({ mimetype: "image/png", data: bytes });
    const png = serve(f, () => new Response(bytes, { status: 200, headers: { "content-type": "image/png" } }));
    expect(await png.client.getQr("default")).toEqual({ mimetype: "image/png", data: bytes });
    expect(png.calls[0].headers.accept).toBe("image/png");
  });

  it("webhook payloads: message ids and the customer's chat, whoever wrote", () => {
    const owner = fx<Webhook>("webhook-message-any-noweb-owner").webhook!.payload;
    expect(readMessageId(owner)).toBe(owner.id);
    expect(messageChatId(owner)).toBe("97297273000@c.us");
    const incoming = fx<Webhook>("webhook-message-noweb-incoming").webhook!.payload;
    expect(messageChatId(incoming)).toBe("44777123123@c.us");
    const ack = fx<Webhook>("webhook-message-ack").webhook!.payload;
    expect(readMessageId(ack)).toBe("true_11111111111@c.us_4CC5EDD64BC22EBA6D639F2AF571346C");
    expect(messageChatId(ack)).toBe("11111111111@c.us");
    const refused = fx<Webhook>("webhook-message-ack-restricted").webhook!.payload;
    expect([refused.ack, refused.ackName, Number(refused.error.code)]).toEqual([-1, "ERROR", 463]);
    expect(messageChatId(refused)).toBe("11111111111@c.us");
    const status = fx<Webhook>("webhook-session-status").webhook!;
    expect(status.payload.statuses.map((s) => s.status)).toEqual(["STOPPED", "STARTING", "WORKING"]);
    expect(status.payload.statuses[2].timestamp).toBeGreaterThan(1e12); // milliseconds
  });
});

describe("the simulator answers in WAHA's shapes", () => {
  type Hook = { body: Webhook };
  let noweb: Simulator;
  let webjs: Simulator;
  let receiver: Server;
  let hookUrl: string;
  const hooks: Hook[] = [];
  const got = new Map<string, unknown>(); // fixture name -> the simulator's answer
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function waitFor<T>(fn: () => T | undefined | false, what: string): Promise<T> {
    const end = Date.now() + 5000;
    for (;;) {
      const v = fn();
      if (v) return v;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(20);
    }
  }

  async function call(sim: Simulator, method: string, p: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(sim.url + p, {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  }

  /** Record the simulator's answer to a fixture's call, checking the status too. */
  async function answer(
    name: string,
    sim: Simulator,
    method: string,
    p: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) {
    const res = await call(sim, method, p, body, headers);
    expect(res.status, `${name}: status`).toBe(fx(name).response!.status);
    got.set(name, res.body);
  }

  async function connect(sim: Simulator, name: string) {
    const opts = { webhookUrl: hookUrl, hmacKey: "k" };
    const res = await call(sim, "POST", "/api/sessions", { name, start: true, config: sessionConfig(name, opts) });
    expect(res.status).toBe(201);
    await waitFor(() => sim.state.get(name)?.status === "SCAN_QR_CODE", "QR");
    expect(
      (await call(sim, "POST", `/__sim/sessions/${name}/scan`, { phone: "4915112345678", pushName: "Salon X" })).status,
    ).toBe(200);
  }

  const hook = (session: string, pick: (h: Hook) => boolean, what: string) =>
    waitFor(() => hooks.find((h) => h.body.session === session && pick(h)), what);

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => {
        hooks.push({ body: JSON.parse(Buffer.concat(chunks).toString("utf8")) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
    hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhook`;
    const timings = {
      qrDelayMs: 50,
      startDelayMs: 50,
      ackDelayMs: 50,
      opDelayMs: 0,
      notWorkingWaitMs: 200,
      apiKey: "",
    };
    noweb = await startSimulator({ port: 0, ...timings });
    webjs = await startSimulator({ port: 0, ...timings, engine: "WEBJS" });

    // NOWEB: one WORKING session with an incoming, an owner's and an API message, a lid, acks.
    const C = "4917611111111@c.us";
    await connect(noweb, "c-1");
    await call(noweb, "POST", "/__sim/sessions/c-1/incoming", { from: "4917611111111", name: "Anna", body: "Hello" });
    await call(noweb, "POST", "/__sim/sessions/c-1/reply", { to: "4917611111111", body: "Need to solve captcha." });
    await call(noweb, "POST", "/__sim/sessions/c-1/incoming", {
      from: "123123123@lid",
      pn: "123456789",
      body: "hidden",
    });
    await answer("server-version", noweb, "GET", "/api/server/version");
    await answer("session-get-working", noweb, "GET", "/api/sessions/c-1");
    await answer("session-get-404", noweb, "GET", "/api/sessions/nope");
    const create = fx("session-create-201").request!.body;
    await answer("session-create-201", noweb, "POST", "/api/sessions", { ...create, name: "c-new" });
    await answer("session-create-422-exists", noweb, "POST", "/api/sessions", { name: "c-new", start: false });
    await answer("session-update-put", noweb, "PUT", "/api/sessions/c-new", {
      ...fx("session-update-put").request!.body,
      name: "c-new",
    });
    await answer("session-not-found-404", noweb, "POST", "/api/sendText", { session: "nope", chatId: C, text: "x" });
    await answer("send-text-noweb", noweb, "POST", "/api/sendText", { session: "c-1", chatId: C, text: "Hi there!" });
    await answer(
      "chat-messages-noweb",
      noweb,
      "GET",
      `/api/c-1/chats/${encodeURIComponent(C)}/messages?limit=20&downloadMedia=false`,
    );
    await answer("check-exists", noweb, "GET", "/api/contacts/check-exists?phone=11231231231&session=c-1");
    await answer("lids-found", noweb, "GET", "/api/c-1/lids/123123123%40lid");
    await answer("lids-not-found", noweb, "GET", "/api/c-1/lids/999%40lid");
    await call(noweb, "POST", "/__sim/sessions/c-1/restrict", { next: 1 });
    await call(noweb, "POST", "/api/sendText", { session: "c-1", chatId: C, text: "refused" });

    // A session waiting for its QR: the 422 body and the QR answers.
    await call(noweb, "POST", "/api/sessions", { name: "c-qr", start: true });
    await waitFor(() => noweb.state.get("c-qr")?.status === "SCAN_QR_CODE", "QR");
    await answer("qr-json", noweb, "GET", "/api/c-qr/auth/qr?format=image", undefined, { accept: "application/json" });
    await answer("qr-raw", noweb, "GET", "/api/c-qr/auth/qr?format=raw");
    await answer("session-status-422", noweb, "POST", "/api/sendText", { session: "c-qr", chatId: C, text: "x" });

    got.set(
      "webhook-message-any-noweb-owner",
      (
        await hook(
          "c-1",
          (h) => h.body.event === "message.any" && h.body.payload.source === "app" && h.body.payload.fromMe,
          "owner message",
        )
      ).body,
    );
    got.set(
      "webhook-message-noweb-incoming",
      (await hook("c-1", (h) => h.body.event === "message.any" && h.body.payload.body === "Hello", "incoming")).body,
    );
    got.set(
      "webhook-message-ack",
      (await hook("c-1", (h) => h.body.event === "message.ack" && h.body.payload.ack === 2, "DEVICE ack")).body,
    );
    got.set(
      "webhook-message-ack-restricted",
      (await hook("c-1", (h) => h.body.event === "message.ack" && h.body.payload.ack === -1, "ERROR ack")).body,
    );
    got.set(
      "webhook-session-status",
      (await hook("c-1", (h) => h.body.event === "session.status" && h.body.payload.status === "WORKING", "WORKING"))
        .body,
    );

    // WEBJS: sendText and messages of both sides.
    await connect(webjs, "w-1");
    await call(webjs, "POST", "/__sim/sessions/w-1/reply", { to: "4917611111111", body: "Hi there!" });
    await call(webjs, "POST", "/__sim/sessions/w-1/incoming", { from: "4917611111111", body: "Hello" });
    await answer("send-text-webjs", webjs, "POST", "/api/sendText", { session: "w-1", chatId: C, text: "Hi" });
    await answer(
      "chat-messages-webjs",
      webjs,
      "GET",
      `/api/w-1/chats/${encodeURIComponent(C)}/messages?limit=20&downloadMedia=false`,
    );
  });

  afterAll(async () => {
    await noweb?.close();
    await webjs?.close();
    await new Promise((r) => receiver?.close(r));
  });

  // Fixtures the simulator cannot produce: GOWS is not one of its engines.
  const NOT_SIMULATED = new Set(["send-text-gows"]);

  it.each(NAMES.filter((n) => !NOT_SIMULATED.has(n)))("%s", (name) => {
    expect(got.has(name), `the simulator was not driven for ${name}`).toBe(true);
    expectShape(got.get(name), fx(name).shape, `simulator vs ${name}`);
  });

  it("the simulator's owner message reads like the recorded one: chat in from, id and key, no `to`", () => {
    const sim = (got.get("webhook-message-any-noweb-owner") as Webhook).payload;
    expect(sim.from).toBe("4917611111111@c.us");
    expect(sim.id).toBe(`true_4917611111111@c.us_${sim._data.key.id}`);
    expect(sim._data.key.remoteJid).toBe("4917611111111@s.whatsapp.net");
    expect(messageChatId(sim)).toBe("4917611111111@c.us");
    const recorded = fx<SendTextAnswer>("send-text-noweb").response!.body;
    const simSend = got.get("send-text-noweb") as SendTextAnswer;
    expect(typeof simSend.messageTimestamp).toBe(typeof recorded.messageTimestamp);
    expect(simSend.status).toBe(recorded.status);
    const err = (got.get("webhook-message-ack-restricted") as Webhook).payload.error;
    expect(err).toEqual(fx<Webhook>("webhook-message-ack-restricted").webhook!.payload.error);
    expect(Object.keys(got.get("session-status-422") as object).sort()).toEqual(
      Object.keys(fx<object>("session-status-422").response!.body).sort(),
    );
  });
});
