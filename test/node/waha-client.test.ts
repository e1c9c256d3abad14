// The WAHA client against a fake fetch, plus chat-id helpers and webhook signatures.
import { describe, expect, it } from "vitest";
import { chatIdToPhone, isCustomerChat, isLid, phoneToChatId } from "../../app/providers/whatsapp/chat-id";
import { ProviderError } from "../../app/providers/whatsapp/types";
import { createWahaClient } from "../../app/providers/whatsapp/waha.server";
import { signWebhook, verifyWebhookSignature } from "../../app/providers/whatsapp/webhook-signature";

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

function fakeFetch(answer: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const call: Call = {
      url: String(input),
      method: init?.method ?? "GET",
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    return answer(call);
  }) as typeof fetch;
  return { calls, client: createWahaClient({ url: "http://waha.test/", apiKey: "secret", fetch: f }) };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function providerError(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe("WAHA client requests", () => {
  it("creates a session with the corrected body and the api key", async () => {
    const { calls, client } = fakeFetch(() => json(201, { name: "biz-1", status: "STOPPED", me: null }));
    const info = await client.createSession("biz-1", { webhookUrl: "https://app.test/api/webhook", hmacKey: "k1" });
    expect(info).toEqual({ name: "biz-1", status: "STOPPED", me: null });
    expect(calls[0].url).toBe("http://waha.test/api/sessions");
    expect(calls[0].method).toBe("POST");
    expect(calls[0].headers["x-api-key"]).toBe("secret");
    expect(calls[0].body).toEqual({
      name: "biz-1",
      start: false,
      config: {
        noweb: { store: { enabled: true, fullSync: false }, markOnline: false },
        webjs: { tagsEventsOn: true },
        metadata: { "business.id": "biz-1" },
        ignore: { groups: true, status: true, channels: true, broadcast: true },
        webhooks: [
          {
            url: "https://app.test/api/webhook",
            events: [
              "message.any",
              "message.ack",
              "message.reaction",
              "message.edited",
              "message.revoked",
              "session.status",
            ],
            hmac: { key: "k1" },
            retries: { policy: "exponential", delaySeconds: 2, attempts: 5 },
          },
        ],
      },
    });
  });

  it("puts the same config on an existing session (PUT, the slow timeout)", async () => {
    const { calls, client } = fakeFetch(() => json(200, { name: "biz-1", status: "WORKING" }));
    await client.updateSession("biz-1", { webhookUrl: "https://new.test/api/webhook", hmacKey: "k2" });
    expect(calls[0].method).toBe("PUT");
    expect(calls[0].url).toBe("http://waha.test/api/sessions/biz-1");
    expect(calls[0].body).toMatchObject({
      name: "biz-1",
      config: { webhooks: [{ url: "https://new.test/api/webhook", hmac: { key: "k2" } }] },
    });
  });

  it("reads the server version; 404 (a gateway too old to have the call) is null", async () => {
    let status = 200;
    const { client } = fakeFetch(() =>
      status === 200
        ? json(200, { version: "2026.7.1", engine: "NOWEB", tier: "CORE", browser: null })
        : json(404, { statusCode: 404, message: "Cannot GET /api/server/version", error: "Not Found" }),
    );
    expect(await client.getVersion()).toEqual({ version: "2026.7.1", engine: "NOWEB", tier: "CORE" });
    status = 404;
    expect(await client.getVersion()).toBeNull();
  });

  it("maps 404 on get to null and reads me", async () => {
    const { client } = fakeFetch((c) =>
      c.url.endsWith("/missing")
        ? json(404, { statusCode: 404, message: "Session not found", error: "Not Found" })
        : json(200, {
            name: "a",
            status: "WORKING",
            me: { id: "4915112345678@c.us", pushName: "Salon X" },
            engine: {},
          }),
    );
    expect(await client.getSession("missing")).toBeNull();
    expect(await client.getSession("a")).toEqual({
      name: "a",
      status: "WORKING",
      me: { id: "4915112345678@c.us", pushName: "Salon X" },
    });
  });

  it("treats any 2xx as success and deletes idempotently", async () => {
    const { calls, client } = fakeFetch((c) => new Response(null, { status: c.method === "DELETE" ? 404 : 201 }));
    await client.startSession("a b");
    await client.restartSession("a");
    await client.logoutSession("a");
    await client.deleteSession("a");
    expect(calls.map((c) => `${c.method} ${new URL(c.url).pathname}`)).toEqual([
      "POST /api/sessions/a%20b/start",
      "POST /api/sessions/a/restart",
      "POST /api/sessions/a/logout",
      "DELETE /api/sessions/a",
    ]);
  });

  it("reads the QR as bytes or as JSON base64, and 422 or 404 as null", async () => {
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);
    let mode = "png";
    const { client } = fakeFetch(() =>
      mode === "png"
        ? new Response(png, { headers: { "content-type": "image/png" } })
        : mode === "json"
          ? json(200, { mimetype: "image/png", data: Buffer.from(png).toString("base64") })
          : mode === "422"
            ? json(422, {
                error: "Session status is not as expected. Try again later or restart the session",
                session: "a",
                status: "WORKING",
                expected: ["SCAN_QR_CODE"],
              })
            : json(404, { statusCode: 404, message: "We didn't find a session with name 'a'.", error: "Not Found" }),
    );
    expect(await client.getQr("a")).toEqual({ mimetype: "image/png", data: png });
    mode = "json";
    expect(await client.getQr("a")).toEqual({ mimetype: "image/png", data: png });
    mode = "422";
    expect(await client.getQr("a")).toBeNull();
    mode = "404";
    expect(await client.getQr("a")).toBeNull();
  });

  it("reads the sent id from id, id._serialized or the Baileys key", async () => {
    const answers = [
      { id: "true_491@c.us_GOWS" },
      { id: { _serialized: "true_491@c.us_WEBJS" } },
      {
        key: { remoteJid: "491@s.whatsapp.net", fromMe: true, id: "3EB0NOWEB" },
        messageTimestamp: "1738070128",
        status: "PENDING",
      },
      {},
    ];
    let i = 0;
    const { calls, client } = fakeFetch(() =>
      i === 3 ? (i++, new Response(null, { status: 201 })) : json(201, answers[i++]),
    );
    expect(await client.sendText("a", "491@c.us", "hi")).toEqual({ id: "true_491@c.us_GOWS" });
    expect(await client.sendText("a", "491@c.us", "hi")).toEqual({ id: "true_491@c.us_WEBJS" });
    expect(await client.sendText("a", "491@c.us", "hi")).toEqual({ id: "true_491@c.us_3EB0NOWEB" });
    // An empty 201 (one WEBJS release): accepted, id unknown. "unreachable": the
    // caller must look in the chat before trying again, or it could send twice.
    const err = await providerError(client.sendText("a", "491@c.us", "hi"));
    expect(err.kind).toBe("unreachable");
    expect(calls[0].body).toEqual({ session: "a", chatId: "491@c.us", text: "hi" });
  });

  it("lists messages with the customer's chat for both sides, checks numbers, resolves lids", async () => {
    const { calls, client } = fakeFetch((c) =>
      c.url.includes("check-exists")
        ? json(200, { numberExists: true, chatId: "4917611111111@c.us" })
        : c.url.includes("/lids/")
          ? json(200, { lid: "123@lid", pn: "4917633333333@c.us" })
          : json(200, [
              {
                id: "false_1@c.us_A1",
                timestamp: 5,
                from: "1@c.us",
                fromMe: false,
                body: "x",
                hasMedia: false,
                ack: 2,
              },
              // NOWEB owner message: from = the chat, no `to`; the key names the chat.
              {
                id: "true_1@c.us_B2",
                timestamp: 6,
                from: "1@c.us",
                fromMe: true,
                body: "y",
                hasMedia: false,
                ack: 1,
                _data: { key: { remoteJid: "1@s.whatsapp.net", fromMe: true, id: "B2" } },
              },
              // WEBJS owner message: from = me, to = the chat.
              {
                id: { _serialized: "true_1@c.us_C3" },
                timestamp: "7",
                from: "2@c.us",
                to: "1@c.us",
                fromMe: true,
                body: "z",
                hasMedia: false,
              },
              { body: "no id: skipped" },
            ]),
    );
    expect(await client.getMessages("a", "1@c.us", 20)).toEqual([
      { id: "false_1@c.us_A1", chatId: "1@c.us", timestamp: 5, fromMe: false, body: "x", hasMedia: false },
      { id: "true_1@c.us_B2", chatId: "1@c.us", timestamp: 6, fromMe: true, body: "y", hasMedia: false },
      { id: "true_1@c.us_C3", chatId: "1@c.us", timestamp: 7, fromMe: true, body: "z", hasMedia: false },
    ]);
    expect(calls[0].url).toBe("http://waha.test/api/a/chats/1%40c.us/messages?limit=20&downloadMedia=false");
    expect(await client.checkNumber("a", "4917611111111")).toEqual({ exists: true, chatId: "4917611111111@c.us" });
    expect(calls[1].url).toBe("http://waha.test/api/contacts/check-exists?phone=4917611111111&session=a");
    expect(await client.resolveLid("a", "123@lid")).toBe("4917633333333@c.us");
    expect(calls[2].url).toBe("http://waha.test/api/a/lids/123%40lid");
  });
});

describe("WAHA client errors", () => {
  it.each([
    [500, "retry"],
    [429, "retry"],
    [408, "retry"],
    [502, "unreachable"],
    [503, "unreachable"],
    [504, "unreachable"],
    [400, "permanent"],
    [401, "permanent"],
    [422, "permanent"],
  ] as const)("status %i -> %s", async (status, kind) => {
    const { client } = fakeFetch(() => json(status, { statusCode: status, message: "nope", error: "x" }));
    const err = await providerError(client.sendText("a", "1@c.us", "hi"));
    expect(err.status).toBe(status);
    expect(err.kind).toBe(kind);
    expect(err.transient).toBe(kind !== "permanent");
    expect(err.message).toContain("nope");
  });

  it("a session that is not WORKING (422 'not as expected') or not running (404) is not-working", async () => {
    let answer = json(422, {
      error: "Session status is not as expected. Try again later or restart the session",
      session: "a",
      status: "STARTING",
      expected: ["WORKING"],
    });
    const { client } = fakeFetch(() => answer);
    const e1 = await providerError(client.sendText("a", "1@c.us", "hi"));
    expect([e1.status, e1.kind, e1.transient]).toEqual([422, "not-working", true]);
    expect(e1.message).toContain("status STARTING");
    answer = json(404, {
      statusCode: 404,
      message:
        "We didn't find a session with name 'a'.\nPlease start it first by using POST /api/sessions/a/start request",
      error: "Not Found",
    });
    const e2 = await providerError(client.getMessages("a", "1@c.us", 5));
    expect([e2.status, e2.kind]).toEqual([404, "not-working"]);
  });

  it("network errors and timeouts are transient", async () => {
    const refused = fakeFetch(() => Promise.reject(new TypeError("fetch failed")));
    const e1 = await providerError(refused.client.getSession("a"));
    expect(e1.kind).toBe("unreachable");
    expect(e1.transient).toBe(true);
    expect(e1.status).toBeUndefined();

    const slow = createWahaClient({
      url: "http://waha.test",
      apiKey: "k",
      timeoutMs: 50,
      fetch: ((_: unknown, init?: RequestInit) =>
        new Promise((_r, reject) =>
          init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)),
        )) as typeof fetch,
    });
    const e2 = await providerError(slow.getSession("a"));
    expect(e2.kind).toBe("unreachable");
    expect(e2.transient).toBe(true);
    expect(e2.message).toContain("timed out");
  });
});

describe("chat ids", () => {
  it("converts between phones and chat ids", () => {
    expect(chatIdToPhone("4917611111111@c.us")).toBe("4917611111111");
    expect(chatIdToPhone("4917611111111@s.whatsapp.net")).toBe("4917611111111");
    expect(chatIdToPhone("123456789@lid")).toBeNull();
    expect(chatIdToPhone("120363@g.us")).toBeNull();
    expect(phoneToChatId("4917611111111")).toBe("4917611111111@c.us");
    expect(phoneToChatId("+49 176 1111-1111")).toBe("4917611111111@c.us");
    expect(() => phoneToChatId("abc")).toThrow();
  });

  it("keeps only customer chats", () => {
    expect(isCustomerChat("4917611111111@c.us")).toBe(true);
    expect(isCustomerChat("123456789012345@lid")).toBe(true);
    expect(isCustomerChat("120363025246125486@g.us")).toBe(false);
    expect(isCustomerChat("120363025246125486@newsletter")).toBe(false);
    expect(isCustomerChat("status@broadcast")).toBe(false);
    expect(isCustomerChat("1234567@broadcast")).toBe(false);
    expect(isLid("123456789012345@lid")).toBe(true);
    expect(isLid("4917611111111@c.us")).toBe(false);
  });
});

describe("webhook signatures", () => {
  const body = JSON.stringify({ event: "message.any", payload: { body: "Grüße" } });

  it("matches node's HMAC-SHA512 and verifies", async () => {
    const { createHmac } = await import("node:crypto");
    const sig = await signWebhook(body, "key");
    expect(sig).toBe(createHmac("sha512", "key").update(body).digest("hex"));
    expect(await verifyWebhookSignature(body, "key", sig)).toBe(true);
    expect(await verifyWebhookSignature(new TextEncoder().encode(body), "key", sig.toUpperCase())).toBe(true);
  });

  it("rejects a changed byte, re-serialised JSON, a wrong key or a bad header", async () => {
    const sig = await signWebhook(body, "key");
    const bytes = new TextEncoder().encode(body);
    bytes[5] ^= 1;
    expect(await verifyWebhookSignature(bytes, "key", sig)).toBe(false);
    expect(await verifyWebhookSignature(JSON.stringify(JSON.parse(body), null, 1), "key", sig)).toBe(false);
    expect(await verifyWebhookSignature(body, "other", sig)).toBe(false);
    expect(await verifyWebhookSignature(body, "key", null)).toBe(false);
    expect(await verifyWebhookSignature(body, "key", "")).toBe(false);
    expect(await verifyWebhookSignature(body, "key", sig.slice(2))).toBe(false);
    expect(await verifyWebhookSignature(body, "key", "zz" + sig.slice(2))).toBe(false);
  });
});
