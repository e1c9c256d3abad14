// The product against the simulator behaving like a real WAHA (NOWEB by
// default, WEBJS on a second simulator): owner replies, reconnect blips, a
// logged-out phone, a gateway outage, ERROR acks, check-exists, dead letters,
// a session the gateway forgets, and Connect's version and config checks.
import { createExecutionContext, createMessageBatch, env, getQueueResult, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createWahaClient, WEBHOOK_EVENTS, type sessionConfig } from "../../app/providers/whatsapp/waha.server";
import { getWhatsAppProvider, wahaConfigProblem } from "../../app/providers/whatsapp/index.server";
import {
  NOT_ON_WHATSAPP,
  processDeadLetters,
  RETRIES_EXHAUSTED,
  processOutboundBatch,
  WAITING_REASON,
  type OutboundMessage,
  type WhatsAppSender,
} from "../../app/services/delivery.server";
import { listRules } from "../../app/services/rules/rules.server";
import { withReasonTexts } from "../../app/services/rules/reasons";
import { translator } from "../../app/i18n/messages.server";
import { GRACE_MS } from "../../app/services/scheduler.server";
import { businessSession } from "../../app/services/whatsapp/session.server";
import { alertWaitingOwners, reconcileSessions } from "../../app/services/whatsapp/watch.server";
import type { BusinessSession } from "../../workers/business-session";
import { signedInOwner } from "../support/auth";
import { fakeGateway, sweepInto, transient } from "../support/fake-gateway";
import { connectedSession, postEvent, simControl, until, wait, type SimSessionSummary } from "../support/gateway";
import { messageRow, seedBooking, seedBusiness, seedClient, seedRuleMessage } from "../support/seed";
import { addService, preview, type Preview } from "../support/sync";

afterEach(() => vi.restoreAllMocks());

const DAY = 24 * 60 * 60 * 1000;
const tomorrow = () => new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
const sentTo = async (name: string, base = env.WAHA_URL) =>
  (await simControl(`${name}/sent`, undefined, base)).body as { chatId: string; text: string; id: string }[];
const waStatus = async (businessId: string) =>
  (await env.DB.prepare("SELECT wa_status FROM businesses WHERE id = ?")
    .bind(businessId)
    .first<{ wa_status: string }>())!.wa_status;

let n = 0;
async function deliver(ids: string[], sender: WhatsAppSender = getWhatsAppProvider(env), now = Date.now) {
  const batch = createMessageBatch<OutboundMessage>(
    "chatbook-outbound",
    ids.map((id) => ({ id: `q-${id}-${n++}`, timestamp: new Date(), attempts: 1, body: { id } })),
  );
  await processOutboundBatch(batch, { env, sender, now });
  return getQueueResult(batch, createExecutionContext());
}

/** A connected business with one reminder due now for an appointment in two days. */
async function dueReminder({ phone, connect = true }: { phone?: string; connect?: boolean } = {}) {
  const { businessId, email } = await seedBusiness();
  if (connect) await connectedSession(businessId);
  const clientId = await seedClient(businessId, { name: "Noa Cohen", ...(phone ? { phone } : {}) });
  const bookingId = await seedBooking(businessId, clientId, {
    service: "Haircut",
    bookingDate: tomorrow(),
    bookingTime: "10:00",
  });
  const { messageId } = await seedRuleMessage(
    businessId,
    bookingId,
    { sendAt: Date.now() - 1000 },
    { type: "reminder", template: "Hi {name}, see you for your {service} on {date}!" },
  );
  return { businessId, email, messageId };
}

describe("owner replies reach the product (both engines)", () => {
  for (const engine of ["NOWEB", "WEBJS"] as const) {
    it(`${engine}: the owner's reply typed on the phone is stored in the customer's chat and Sync proposes its time`, async () => {
      const base = engine === "NOWEB" ? env.WAHA_URL : env.WEBJS_SIM_URL;
      const owner = await signedInOwner();
      await connectedSession(owner.businessId, { base });
      const customer = "972541112233";
      const asked = await simControl(
        `${owner.businessId}/incoming`,
        { from: customer, name: "Maya", body: "Hi! Can I come tomorrow for a haircut?" },
        base,
      );
      const replied = await simControl<Record<string, unknown>>(
        `${owner.businessId}/reply`,
        { to: customer, body: "Tomorrow at 17:00 works?" },
        base,
      );
      if (engine === "NOWEB") expect(replied.body.to).toBeUndefined(); // as NOWEB sends it: no `to`
      expect((await postEvent(owner.businessId, "message.any", asked.body, engine)).status).toBe(200);
      expect((await postEvent(owner.businessId, "message.any", replied.body, engine)).status).toBe(200);

      const { results } = await env.DB.prepare(
        "SELECT chat_id, from_me, body FROM wa_messages WHERE business_id = ? ORDER BY from_me",
      )
        .bind(owner.businessId)
        .all();
      expect(results).toEqual([
        { chat_id: `${customer}@c.us`, from_me: 0, body: "Hi! Can I come tomorrow for a haircut?" },
        { chat_id: `${customer}@c.us`, from_me: 1, body: "Tomorrow at 17:00 works?" },
      ]);
      const contact = await env.DB.prepare("SELECT id, name FROM wa_contacts WHERE business_id = ?")
        .bind(owner.businessId)
        .first<{ id: string; name: string }>();
      expect(contact!.name).toBe("Maya");

      await addService(owner, "Haircut");
      const body = (await (await preview(owner, { user_ids: [contact!.id] })).json()) as Preview;
      expect(body.results[0].items).toEqual([expect.objectContaining({ service: "Haircut", time: "17:00" })]);
    });
  }

  it("a hidden number (@lid) gets its phone from the gateway's lids API", async () => {
    const { businessId } = await seedBusiness();
    await connectedSession(businessId);
    const msg = await simControl(`${businessId}/incoming`, {
      from: "123456789012345@lid",
      pn: "972547778899",
      name: "Hidden",
      body: "Hi",
    });
    expect((await postEvent(businessId, "message.any", msg.body)).status).toBe(200);
    const phone = await until(async () => {
      const row = await env.DB.prepare("SELECT phone FROM wa_contacts WHERE business_id = ? AND chat_id = ?")
        .bind(businessId, "123456789012345@lid")
        .first<{ phone: string | null }>();
      return row?.phone;
    }, "the lid's phone");
    expect(phone).toBe("972547778899");
  });
});

describe("delivery waits for WhatsApp instead of failing", () => {
  it("a reminder due during a reconnect blip (422) waits as Scheduled and goes out once after", async () => {
    const { businessId, messageId } = await dueReminder();
    await simControl(`${businessId}/disconnect`, { seconds: 2 });
    expect((await sweepInto(Date.now())).ids).toEqual([messageId]);
    await deliver([messageId]);
    expect(await messageRow(messageId)).toMatchObject({
      status: "scheduled",
      attempts: 0,
      failures: 0,
      last_error: WAITING_REASON,
    });
    expect(await waStatus(businessId)).toBe("STARTING");
    // Held: the sweep leaves it alone while WhatsApp is away, and the rule's details say why.
    expect((await sweepInto(Date.now())).ids).toEqual([]);
    const [rule] = await listRules(env.DB, businessId);
    expect(rule.clients[0]).toMatchObject({ client_status: "scheduled", waiting: true });

    await until(
      async () => (await simControl<SimSessionSummary>(businessId)).body.status === "WORKING",
      "the reconnect",
    );
    await businessSession(env, businessId).reconcile(businessId, true);
    expect(await waStatus(businessId)).toBe("WORKING");
    const { ids } = await sweepInto(Date.now());
    expect(ids).toEqual([messageId]);
    await deliver(ids);
    expect(await messageRow(messageId)).toMatchObject({ status: "sent" });
    expect((await sentTo(businessId)).length).toBe(1);
  });

  it("while the phone is logged out a reminder stays Scheduled for an hour, the owner is e-mailed once, and it goes out once after reconnecting", async () => {
    const { businessId, email, messageId } = await dueReminder();
    await fetch(`${env.WAHA_URL}/api/sessions/${businessId}/logout`, {
      method: "POST",
      headers: { "X-Api-Key": env.WAHA_API_KEY },
    });
    await sweepInto(Date.now());
    await deliver([messageId]);
    expect(await messageRow(messageId)).toMatchObject({ status: "scheduled", attempts: 0 });
    expect(["STARTING", "SCAN_QR_CODE"]).toContain(await waStatus(businessId));

    const hourLater = Date.now() + 60 * 60 * 1000;
    expect(await sweepInto(hourLater)).toMatchObject({ ids: [], missed: 0 });
    expect(await messageRow(messageId)).toMatchObject({ status: "scheduled" });

    const outbox = () =>
      env.DB.prepare('SELECT subject, text FROM email_outbox WHERE "to" = ?')
        .bind(email)
        .all<{ subject: string; text: string }>();
    await alertWaitingOwners(env, Date.now() + 5 * 60 * 1000); // not yet 15 minutes
    expect((await outbox()).results).toHaveLength(0);
    await alertWaitingOwners(env, Date.now() + 16 * 60 * 1000);
    await alertWaitingOwners(env, Date.now() + 30 * 60 * 1000);
    const mails = (await outbox()).results;
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain("Scheduled messages waiting: 1.");

    await until(
      async () => (await simControl<SimSessionSummary>(businessId)).body.status === "SCAN_QR_CODE",
      "the new QR",
    );
    await simControl(`${businessId}/scan`, { phone: "972500000001" });
    await businessSession(env, businessId).reconcile(businessId, true);
    const { ids } = await sweepInto(Date.now());
    await deliver(ids);
    expect(await messageRow(messageId)).toMatchObject({ status: "sent" });
    expect((await sentTo(businessId)).length).toBe(1);
  });

  it("the waiting e-mail speaks the business's message language", async () => {
    const { businessId, email } = await seedBusiness({ messageLang: "he", waStatus: "STARTING" });
    const clientId = await seedClient(businessId);
    const bookingId = await seedBooking(businessId, clientId, { bookingDate: tomorrow() });
    await seedRuleMessage(businessId, bookingId, { sendAt: Date.now() - 20 * 60 * 1000 });
    await alertWaitingOwners(env, Date.now());
    const mail = await env.DB.prepare('SELECT subject, text FROM email_outbox WHERE "to" = ?')
      .bind(email)
      .first<{ subject: string; text: string }>();
    expect(mail!.subject).toBe("הוואטסאפ שלכם מנותק: הודעות ממתינות");
    expect(mail!.text).toContain("הודעות מתוזמנות ממתינות: 1.");
    // Leave no due message behind for the sweeps of the tests that follow.
    await env.DB.prepare("DELETE FROM scheduled_messages WHERE business_id = ?").bind(businessId).run();
  });

  it("past the catch-up window a held message is marked missed, not sent at an odd hour", async () => {
    const { businessId, messageId } = await dueReminder();
    await simControl(`${businessId}/disconnect`, { seconds: 60 });
    await sweepInto(Date.now());
    await deliver([messageId]);
    expect(await sweepInto(Date.now() + GRACE_MS + 60_000)).toMatchObject({ missed: 1 });
    expect(await messageRow(messageId)).toMatchObject({ status: "failed" });
  });

  it("a gateway that does not answer for an hour loses nothing; the next attempt looks in the chat first and sends once", async () => {
    const { businessId, messageId } = await dueReminder({ phone: "972541230001" });
    // The client has written before, so the chat is known and the send itself meets the outage.
    await env.DB.prepare("INSERT INTO wa_contacts (id, business_id, chat_id, phone, name) VALUES (?, ?, ?, ?, '')")
      .bind(crypto.randomUUID(), businessId, "972541230001@c.us", "972541230001")
      .run();
    const down = createWahaClient({ url: "http://127.0.0.1:9", apiKey: "k", timeoutMs: 500 });
    await sweepInto(Date.now());
    await deliver([messageId], down);
    // Unsure whether it went out: the claim still counts, so the next attempt reads the chat before sending.
    expect(await messageRow(messageId)).toMatchObject({ status: "scheduled", attempts: 1, failures: 0 });
    expect(await waStatus(businessId)).toBe("unreachable");
    expect(await sweepInto(Date.now() + 60 * 60 * 1000)).toMatchObject({ ids: [], missed: 0 });

    await businessSession(env, businessId).reconcile(businessId, true); // the gateway is back
    const { ids } = await sweepInto(Date.now());
    await deliver(ids);
    expect(await messageRow(messageId)).toMatchObject({ status: "sent", attempts: 2 });
    expect((await sentTo(businessId)).length).toBe(1);
  });

  it("when the chat cannot be read before a retry nothing is sent (never fail open)", async () => {
    const { messageId } = await dueReminder({ connect: false });
    await env.DB.prepare("UPDATE scheduled_messages SET attempts = 1 WHERE id = ?").bind(messageId).run();
    const gateway = fakeGateway();
    gateway.sender.getMessages = async () => {
      throw Object.assign(new Error("WhatsApp gateway unreachable: GET messages"), { kind: "unreachable" });
    };
    await sweepInto(Date.now());
    await deliver([messageId], gateway.sender);
    expect(gateway.calls()).toBe(0);
    expect(await messageRow(messageId)).toMatchObject({ status: "scheduled", last_error: WAITING_REASON });
  });

  it("gateway errors worth retrying still fail after five, with the reason", async () => {
    const { messageId } = await dueReminder({ connect: false });
    const gateway = fakeGateway({ fail: () => transient("WhatsApp gateway 500 on POST /api/sendText: boom") });
    await sweepInto(Date.now());
    for (let i = 0; i < 5; i++) {
      await env.DB.prepare("UPDATE scheduled_messages SET updated_at = 0 WHERE id = ?").bind(messageId).run();
      await deliver([messageId], gateway.sender);
    }
    expect(await messageRow(messageId)).toMatchObject({
      status: "failed",
      failures: 4,
      last_error: "WhatsApp gateway 500 on POST /api/sendText: boom",
    });
  });
});

describe("WhatsApp's own refusals", () => {
  it("a restricted account: the send is accepted, then an ERROR ack (463) turns Sent into Failed with the reason", async () => {
    const { businessId, messageId } = await dueReminder();
    await simControl(`${businessId}/restrict`, { next: 1 });
    await sweepInto(Date.now());
    await deliver([messageId]);
    const sent = await messageRow(messageId);
    const [record] = await sentTo(businessId);
    // NOWEB answers only the Baileys key; the product names the message as WAHA's webhooks do.
    expect(sent).toMatchObject({ status: "sent", provider_message_id: record.id });

    // The ack as NOWEB reports it (from = the chat, ack -1 ERROR, the server's code).
    const keyId = record.id.split("_").pop();
    const ack = {
      id: record.id,
      from: record.chatId,
      participant: null,
      fromMe: true,
      ack: -1,
      ackName: "ERROR",
      error: { code: 463, reason: "account_restricted" },
      _data: {
        key: { remoteJid: record.chatId.replace("@c.us", "@s.whatsapp.net"), fromMe: true, id: keyId },
        update: { status: 0, messageStubParameters: ["463"] },
      },
    };
    expect((await postEvent(businessId, "message.ack", ack)).status).toBe(200);
    const failed = await messageRow(messageId);
    expect(failed).toMatchObject({ status: "failed" });
    // Stored as a key: the screen says it in the reader's language, the API in English.
    expect(failed!.last_error).toBe("rules.reason.restricted");
    const [rule] = withReasonTexts(await listRules(env.DB, businessId), translator("en"));
    expect(rule.clients[0]).toMatchObject({ client_status: "failed" });
    expect(rule.clients[0].last_error).toContain("restricted from messaging new contacts (error 463)");
    // An ERROR ack about someone else's message changes nothing.
    const other = await dueReminder();
    expect((await postEvent(other.businessId, "message.ack", ack)).status).toBe(200);
  });

  it("before the first message to a number the chat id comes from check-exists; a number not on WhatsApp fails with the reason", async () => {
    const { businessId, messageId } = await dueReminder({ phone: "972541234000" });
    await sweepInto(Date.now());
    await deliver([messageId]);
    expect(await messageRow(messageId)).toMatchObject({ status: "sent" });
    const learnt = await env.DB.prepare("SELECT chat_id FROM wa_contacts WHERE business_id = ? AND phone = ?")
      .bind(businessId, "972541234000")
      .first();
    expect(learnt).toEqual({ chat_id: "972541234000@c.us" });

    const nobody = await dueReminder({ phone: "12345" });
    await sweepInto(Date.now());
    await deliver([nobody.messageId]);
    expect(await messageRow(nobody.messageId)).toMatchObject({ status: "failed", last_error: NOT_ON_WHATSAPP });
    expect((await sentTo(nobody.businessId)).length).toBe(0);
  });

  it("a dead-lettered message that the chat shows as sent is marked Sent, one it does not show Failed", async () => {
    const a = await dueReminder({ connect: false });
    const b = await dueReminder({ connect: false });
    await sweepInto(Date.now());
    // a reached the gateway but the answer was lost; b never did.
    const gateway = fakeGateway({
      afterAccept: (call) => (call === 1 ? transient("WhatsApp gateway timed out") : null),
      fail: (call) => (call === 2 ? transient() : null),
    });
    await deliver([a.messageId], gateway.sender);
    await deliver([b.messageId], gateway.sender);
    const dlq = createMessageBatch<OutboundMessage>(
      "chatbook-outbound-dlq",
      [a, b].map((x, i) => ({ id: `d${i}`, timestamp: new Date(), attempts: 4, body: { id: x.messageId } })),
    );
    await processDeadLetters(dlq, { env, sender: gateway.sender }, Date.now());
    expect(await messageRow(a.messageId)).toMatchObject({ status: "sent" });
    expect(await messageRow(b.messageId)).toMatchObject({ status: "failed", last_error: RETRIES_EXHAUSTED });
    expect(gateway.sent).toHaveLength(1);
  });
});

/** Connect as the Connect tab does (the business's Durable Object), then scan with the phone. */
async function connectThroughProduct(businessId: string, phone: string) {
  const stub = businessSession(env, businessId);
  await stub.open(businessId);
  await until(
    async () => (await simControl<SimSessionSummary | null>(businessId)).body?.status === "SCAN_QR_CODE",
    "the QR",
  );
  await simControl(`${businessId}/scan`, { phone });
  await until(async () => (await stub.reconcile(businessId, true)).status === "WORKING" || null, "WORKING");
}

describe("sessions reconciled with the gateway", () => {
  it("a session the gateway forgets stops showing Connected at the next reconcile (cron or Connect tab)", async () => {
    const { businessId } = await seedBusiness();
    const stub = businessSession(env, businessId);
    await connectThroughProduct(businessId, "972500000002");
    expect(await waStatus(businessId)).toBe("WORKING");

    await simControl(`${businessId}/forget`, {});
    // The cron reconciles statuses not re-read for 90 s.
    await env.DB.prepare("UPDATE businesses SET wa_status_at = 0 WHERE id = ?").bind(businessId).run();
    await runInDurableObject(stub, (instance: BusinessSession) => {
      (instance as unknown as { s: { checkedAt: number } }).s.checkedAt = 0;
    });
    expect(await reconcileSessions(env, Date.now())).toBeGreaterThanOrEqual(1);
    expect((await stub.status(businessId)).status).toBe("no-session");
    expect(await waStatus(businessId)).toBe("no-session");
  });

  it("opening the Connect tab re-reads a status older than 30 s", async () => {
    const { businessId } = await seedBusiness();
    const stub = businessSession(env, businessId);
    await connectThroughProduct(businessId, "972500000003");
    await simControl(`${businessId}/forget`, {});
    expect((await stub.status(businessId)).status).toBe("WORKING"); // fresh cache: no gateway call
    await runInDurableObject(stub, (instance: BusinessSession) => {
      (instance as unknown as { s: { checkedAt: number } }).s.checkedAt = Date.now() - 31_000;
    });
    expect((await stub.status(businessId)).status).toBe("no-session");
  });

  it("Connect refuses a WAHA too old for named sessions, naming the minimum version, and creates nothing", async () => {
    const { businessId } = await seedBusiness();
    const real = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = new Request(input).url;
      if (url.endsWith("/api/server/version"))
        return Response.json({ version: "2024.10.8", engine: "NOWEB", tier: "CORE" });
      return real(input, init);
    });
    const view = await businessSession(env, businessId).open(businessId);
    expect(view.problem).toEqual({ key: "connect.err.tooOld", params: { version: "2024.10.8", minimum: "2026.6.1" } });
    vi.restoreAllMocks();
    expect((await simControl(businessId)).status).toBe(404);
  });

  it("an existing session with another webhook URL, key or events is brought up to date with PUT", async () => {
    const { businessId } = await seedBusiness();
    await fetch(`${env.WAHA_URL}/api/sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Api-Key": env.WAHA_API_KEY },
      body: JSON.stringify({
        name: businessId,
        start: false,
        config: { webhooks: [{ url: "https://old.example/api/webhook", events: ["message"], hmac: { key: "old" } }] },
      }),
    });
    await businessSession(env, businessId).open(businessId);
    const info = await (
      await fetch(`${env.WAHA_URL}/api/sessions/${businessId}`, { headers: { "X-Api-Key": env.WAHA_API_KEY } })
    ).json<{ config: ReturnType<typeof sessionConfig> }>();
    expect(info.config.webhooks).toEqual([
      expect.objectContaining({ url: `${env.APP_URL}/api/webhook`, events: [...WEBHOOK_EVENTS] }),
    ]);
    expect(info.config.webhooks[0].hmac.key).not.toBe("old");
    expect(info.config.noweb).toMatchObject({ markOnline: false, store: { enabled: true } });
    expect(info.config.webjs).toEqual({ tagsEventsOn: true });
    await businessSession(env, businessId).remove(businessId, "cancel");
  });

  it("a status read that started before a Cancel never brings the old session back", async () => {
    const { businessId } = await seedBusiness();
    const stub = businessSession(env, businessId);
    await connectThroughProduct(businessId, "972500000004");
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const real = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const req = new Request(input, init);
      const res = await real(input, init);
      // The status read answers WORKING, but only after the Cancel went through.
      if (req.method === "GET" && new URL(req.url).pathname === `/api/sessions/${businessId}`) await held;
      return res;
    });
    await runInDurableObject(stub, (instance: BusinessSession) => {
      (instance as unknown as { s: { checkedAt: number } }).s.checkedAt = 0;
    });
    const reading = stub.status(businessId);
    await wait(100);
    await stub.remove(businessId, "cancel");
    release();
    await reading;
    expect((await stub.status(businessId)).status).toBe("no-session");
    expect(await waStatus(businessId)).toBe("no-session");
  });
});

describe("configuration", () => {
  it("an empty WAHA_API_KEY with a gateway that is not local is a configuration error, named", () => {
    expect(wahaConfigProblem({ WAHA_URL: "https://waha.example.com", WAHA_API_KEY: "" })).toContain(
      "WAHA_API_KEY is empty",
    );
    expect(wahaConfigProblem({ WAHA_URL: "http://localhost:8790", WAHA_API_KEY: "" })).toBeNull();
    expect(wahaConfigProblem({ WAHA_URL: "https://waha.example.com", WAHA_API_KEY: "secret" })).toBeNull();
    expect(() => getWhatsAppProvider({ ...env, WAHA_URL: "https://waha.example.com", WAHA_API_KEY: "" })).toThrow(
      /wrangler secret put WAHA_API_KEY/,
    );
  });
});
