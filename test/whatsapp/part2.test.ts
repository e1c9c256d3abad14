// Real WhatsApp, part 2: reactions, edits and deletions, hidden numbers,
// echoes of the product's own sends, ERROR acks under either chat form, replies
// read right, the lost-webhook backstop and a session config that drifted.
// Against the bundled simulators (NOWEB and WEBJS shapes) as a real WAHA.
import {
  createExecutionContext,
  createMessageBatch,
  env,
  getQueueResult,
  runDurableObjectAlarm,
  runInDurableObject,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createWahaClient, sessionConfig } from "../../app/providers/whatsapp/waha.server";
import { processOutboundBatch, type OutboundMessage, type WhatsAppSender } from "../../app/services/delivery.server";
import { readReply } from "../../app/services/replies/words";
import { reactionIntent } from "../../app/services/whatsapp/addons.server";
import { BACKSTOP_MS, backstopRound, type ChatWatch } from "../../app/services/whatsapp/backstop.server";
import { businessSession } from "../../app/services/whatsapp/session.server";
import { webhookKeyFor } from "../../app/services/whatsapp/webhook-key.server";
import { connectedSession, postEvent, simControl, until, type SimSessionSummary } from "../support/gateway";
import { messageRow, seedBooking, seedBusiness, seedClient, seedRuleMessage } from "../support/seed";

type Engine = "NOWEB" | "WEBJS";
const ENGINES: Engine[] = ["NOWEB", "WEBJS"];
const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const baseOf = (engine: Engine) => (engine === "NOWEB" ? env.WAHA_URL : env.WEBJS_SIM_URL);
const gatewayOf = (engine: Engine) => createWahaClient({ url: baseOf(engine), apiKey: env.WAHA_API_KEY });
const bookingStatus = async (id: string) =>
  (await env.DB.prepare("SELECT status FROM bookings WHERE id = ?").bind(id).first<{ status: string }>())!.status;
const awaiting = (clientId: string) =>
  env.DB.prepare("SELECT awaiting_reply_at, awaiting_reply_text FROM clients WHERE id = ?").bind(clientId).first<{
    awaiting_reply_at: number | null;
    awaiting_reply_text: string | null;
  }>();
const storedBodies = async (businessId: string) =>
  (
    await env.DB.prepare("SELECT body FROM wa_messages WHERE business_id = ? ORDER BY timestamp, rowid")
      .bind(businessId)
      .all<{ body: string }>()
  ).results.map((r) => r.body);

let n = 0;
async function deliver(ids: string[], sender: WhatsAppSender) {
  const batch = createMessageBatch<OutboundMessage>(
    "chatbook-outbound",
    ids.map((id) => ({
      id: `q2-${id}-${n++}`,
      timestamp: new Date(),
      attempts: 1,
      body: { id },
    })),
  );
  await processOutboundBatch(batch, { env, sender, now: Date.now });
  return getQueueResult(batch, createExecutionContext());
}

/** A connected business whose client got a reminder that asked to confirm, sent through the engine's simulator. */
async function askedClient(engine: Engine = "NOWEB", opts: { phone?: string } = {}) {
  const { businessId } = await seedBusiness();
  const base = baseOf(engine);
  await connectedSession(businessId, { base });
  const phone = opts.phone ?? `97254${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const clientId = await seedClient(businessId, { name: "Noa Cohen", phone });
  const bookingId = await seedBooking(businessId, clientId, {
    service: "Haircut",
    bookingDate: inDays(2),
    bookingTime: "10:00",
  });
  const { messageId } = await seedRuleMessage(
    businessId,
    bookingId,
    { status: "queued" },
    {
      type: "reminder",
      template: "Hi {name}, see you for your {service} on {date}!",
      askConfirmation: true,
    },
  );
  await deliver([messageId], gatewayOf(engine));
  expect(await messageRow(messageId)).toMatchObject({ status: "sent" });
  return { businessId, clientId, phone, bookingId, messageId, base, engine };
}

/** The customer does something on their phone (incoming, react, edit, revoke); the webhook gets it signed, unless `lost`. */
async function customer(
  c: { businessId: string; base: string; engine: Engine },
  action: string,
  body: Record<string, unknown>,
  event: string,
  lost = false,
) {
  const res = await simControl<Record<string, unknown>>(`${c.businessId}/${action}`, body, c.base);
  expect(res.status).toBe(200);
  if (!lost) expect((await postEvent(c.businessId, event, res.body, c.engine)).status).toBe(200);
  return res.body;
}

describe("reactions (message.reaction)", () => {
  it.each([
    ["👍", "confirm"],
    ["👍🏿", "confirm"],
    ["❤️", "confirm"],
    ["👌🏼", "confirm"],
    ["✅", "confirm"],
    ["👎🏽", "cancel"],
    ["❌", "cancel"],
    ["😂", "unclear"],
    ["", null],
  ] as const)("%j reads as %s", (text, intent) => expect(reactionIntent(text)).toBe(intent));

  for (const engine of ENGINES) {
    it(`${engine}: a 👍 on the reminder confirms like "1"; removing it later changes nothing`, async () => {
      const c = await askedClient(engine);
      await customer(c, "react", { from: c.phone, reaction: "👍🏽" }, "message.reaction");
      expect(await bookingStatus(c.bookingId)).toBe("confirmed");
      expect(await messageRow(c.messageId)).toMatchObject({
        reply_action: "confirmed",
        reply_text: "👍🏽",
      });
      await customer(c, "react", { from: c.phone, reaction: "" }, "message.reaction");
      expect(await bookingStatus(c.bookingId)).toBe("confirmed");
    });
  }

  it('👎 cancels like "2"; any other reaction marks the client as waiting for the owner', async () => {
    const c = await askedClient();
    await customer(c, "react", { from: c.phone, reaction: "😮" }, "message.reaction");
    expect(await bookingStatus(c.bookingId)).toBe("scheduled");
    expect(await awaiting(c.clientId)).toMatchObject({
      awaiting_reply_text: "😮",
    });
    await customer(c, "react", { from: c.phone, reaction: "👎" }, "message.reaction");
    expect(await bookingStatus(c.bookingId)).toBe("cancelled");
  });

  it("a reaction to a message that did not ask for confirmation changes nothing", async () => {
    const c = await askedClient();
    // The owner's own message from the phone is now the newest the business sent.
    const typed = await simControl<Record<string, unknown>>(
      `${c.businessId}/reply`,
      { to: c.phone, body: "See you!" },
      c.base,
    );
    await postEvent(c.businessId, "message.any", typed.body);
    await customer(c, "react", { from: c.phone, reaction: "👍" }, "message.reaction");
    expect(await bookingStatus(c.bookingId)).toBe("scheduled");
    expect((await awaiting(c.clientId))?.awaiting_reply_at).toBeNull();
  });
});

describe("edits and deletions (message.edited, message.revoked)", () => {
  for (const engine of ENGINES) {
    it(`${engine}: a "2" edited to "1" after the booking was cancelled marks the client as waiting for the owner, with the new text`, async () => {
      const c = await askedClient(engine);
      await customer(c, "incoming", { from: c.phone, body: "2" }, "message.any");
      expect(await bookingStatus(c.bookingId)).toBe("cancelled");
      await customer(c, "edit", { from: c.phone, body: "1" }, "message.edited");
      expect(await bookingStatus(c.bookingId)).toBe("cancelled"); // nothing silently undone
      expect(await awaiting(c.clientId)).toMatchObject({
        awaiting_reply_text: "1",
      });
      // Extraction reads the new text; the old one is gone.
      expect((await storedBodies(c.businessId)).filter((b) => b === "1" || b === "2")).toEqual(["1"]);
    });
  }

  it("an edit of an answer not yet acted on is read as the answer", async () => {
    const c = await askedClient();
    await customer(c, "incoming", { from: c.phone, body: "hmm let me check my calendar first" }, "message.any");
    expect(await awaiting(c.clientId)).toMatchObject({
      awaiting_reply_text: "hmm let me check my calendar first",
    });
    await customer(c, "edit", { from: c.phone, body: "yes" }, "message.edited");
    expect(await bookingStatus(c.bookingId)).toBe("confirmed");
    // A repeated edit event does nothing more.
    const again = await simControl<Record<string, unknown>>(
      `${c.businessId}/edit`,
      { from: c.phone, body: "yes" },
      c.base,
    );
    expect((await postEvent(c.businessId, "message.edited", again.body)).status).toBe(200);
    expect(await bookingStatus(c.bookingId)).toBe("confirmed");
  });

  for (const engine of ENGINES) {
    it(`${engine}: a deleted answer leaves what extraction reads and marks the client as waiting; it is never stored again`, async () => {
      const c = await askedClient(engine);
      const said = await customer(c, "incoming", { from: c.phone, body: "1" }, "message.any");
      expect(await bookingStatus(c.bookingId)).toBe("confirmed");
      await customer(c, "revoke", { from: c.phone }, "message.revoked");
      expect(await bookingStatus(c.bookingId)).toBe("confirmed");
      expect(await awaiting(c.clientId)).toMatchObject({
        awaiting_reply_text: "1",
      });
      expect(await storedBodies(c.businessId)).not.toContain("1");
      // A late retry of the original webhook does not bring it back.
      expect((await postEvent(c.businessId, "message.any", said, engine)).status).toBe(200);
      expect(await storedBodies(c.businessId)).not.toContain("1");
    });
  }
});

describe("hidden numbers (@lid)", () => {
  it('NOWEB: a "1" from a lid chat confirms, the phone read from remoteJidAlt beside the lid', async () => {
    const c = await askedClient("NOWEB");
    const lid = `${Math.floor(Math.random() * 1e14)}@lid`;
    await customer(c, "incoming", { from: lid, pn: c.phone, body: "1" }, "message.any");
    expect(await bookingStatus(c.bookingId)).toBe("confirmed");
    const contact = await env.DB.prepare("SELECT phone FROM wa_contacts WHERE business_id = ? AND chat_id = ?")
      .bind(c.businessId, lid)
      .first();
    expect(contact).toEqual({ phone: c.phone });
  });

  // (The product's gateway in these tests is the NOWEB simulator, so the lids call is tested there.)
  for (const engine of ["NOWEB"] as const) {
    it(`${engine}: without remoteJidAlt the lids API answers before the message is read`, async () => {
      const c = await askedClient(engine);
      const lid = `${Math.floor(Math.random() * 1e14)}@lid`;
      const msg = await simControl<{
        _data: { key?: Record<string, unknown> };
      }>(`${c.businessId}/incoming`, { from: lid, pn: c.phone, body: "yes" }, c.base);
      delete msg.body._data.key?.remoteJidAlt;
      expect((await postEvent(c.businessId, "message.any", msg.body, engine)).status).toBe(200);
      expect(await bookingStatus(c.bookingId)).toBe("confirmed");
    });
  }
});

describe("our own echoes and automatic replies", () => {
  for (const engine of ENGINES) {
    it(`${engine}: the product's own reminder echo (source "api") neither clears a waiting badge nor starts an extractor run`, async () => {
      const c = await askedClient(engine);
      await customer(c, "incoming", { from: c.phone, body: "can I come at 11 instead?" }, "message.any");
      expect((await awaiting(c.clientId))?.awaiting_reply_text).toBe("can I come at 11 instead?");
      // A second reminder goes out; its echo arrives in message.any.
      const { messageId } = await seedRuleMessage(
        c.businessId,
        c.bookingId,
        { status: "queued" },
        { type: "reminder", template: "Reminder", askConfirmation: true },
      );
      await deliver([messageId], gatewayOf(engine));
      const sent = (await simControl<{ id: string }[]>(`${c.businessId}/sent`, undefined, c.base)).body.at(-1)!;
      const chat = await gatewayOf(engine).getRawMessagesSince(c.businessId, `${c.phone}@c.us`, 0, 10);
      const echo = chat.find((m) => (typeof m.id === "string" ? m.id : "") === sent.id)!;
      expect(echo).toMatchObject({ fromMe: true, source: "api" });
      expect((await postEvent(c.businessId, "message.any", echo, engine)).status).toBe(200);
      expect((await awaiting(c.clientId))?.awaiting_reply_text).toBe("can I come at 11 instead?");
      // The owner typing on the phone does clear it.
      const typed = await simControl<Record<string, unknown>>(
        `${c.businessId}/reply`,
        { to: c.phone, body: "11 is fine" },
        c.base,
      );
      await postEvent(c.businessId, "message.any", typed.body, engine);
      expect((await awaiting(c.clientId))?.awaiting_reply_at).toBeNull();
    });
  }

  it("an echo starts no extractor run; the owner's typed reply does", async () => {
    const c = await askedClient();
    const chat = await gatewayOf("NOWEB").getRawMessagesSince(c.businessId, `${c.phone}@c.us`, 0, 10);
    await postEvent(
      c.businessId,
      "message.any",
      chat.find((m) => m.source === "api"),
    );
    const stub = businessSession(env, c.businessId);
    const marks = () =>
      runInDurableObject(stub, async (_o, state) => [...(await state.storage.list({ prefix: "live:mark:" })).keys()]);
    expect(await marks()).toEqual([]);
    const typed = await simControl<Record<string, unknown>>(
      `${c.businessId}/reply`,
      { to: c.phone, body: "see you" },
      c.base,
    );
    await postEvent(c.businessId, "message.any", typed.body);
    expect(await marks()).toEqual([`live:mark:${c.phone}@c.us`]);
  });

  it("a WhatsApp Business away message (the same text, seconds after a customer wrote) does not count as the owner answering", async () => {
    const c = await askedClient();
    const away = "Thanks for your message! We are closed now and will answer tomorrow.";
    // The away message already went to another customer earlier.
    const other = `97250${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    await customer(c, "incoming", { from: other, body: "hi" }, "message.any");
    const first = await simControl<{ timestamp: number }>(`${c.businessId}/reply`, { to: other, body: away }, c.base);
    // ...an hour ago.
    await postEvent(c.businessId, "message.any", {
      ...first.body,
      timestamp: first.body.timestamp - 3600,
    });
    await customer(c, "incoming", { from: c.phone, body: "can I move it to Sunday?" }, "message.any");
    const auto = await simControl<Record<string, unknown>>(
      `${c.businessId}/reply`,
      { to: c.phone, body: away },
      c.base,
    );
    await postEvent(c.businessId, "message.any", auto.body);
    expect((await awaiting(c.clientId))?.awaiting_reply_text).toBe("can I move it to Sunday?");
    // The owner sending one text to several chats in a burst (a quick reply) is the owner answering.
    const quick = "See you then!";
    const third = `97250${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
    await customer(c, "incoming", { from: third, body: "hi" }, "message.any");
    await postEvent(
      c.businessId,
      "message.any",
      (await simControl(`${c.businessId}/reply`, { to: third, body: quick }, c.base)).body,
    );
    await postEvent(
      c.businessId,
      "message.any",
      (await simControl(`${c.businessId}/reply`, { to: c.phone, body: quick }, c.base)).body,
    );
    expect((await awaiting(c.clientId))?.awaiting_reply_at).toBeNull();
  });
});

describe("ERROR acks under either form of the chat", () => {
  for (const engine of ENGINES) {
    it(`${engine}: an ERROR ack naming the @lid form of the chat fails the message sent to the @c.us form`, async () => {
      const c = await askedClient(engine);
      const row = await messageRow(c.messageId);
      const keyId = String(row!.provider_message_id).split("_").pop();
      const ack = {
        id: `true_99887766554433@lid_${keyId}`,
        from: "99887766554433@lid",
        fromMe: true,
        ack: -1,
        ackName: "ERROR",
        error: { code: 463 },
      };
      expect((await postEvent(c.businessId, "message.ack", ack, engine)).status).toBe(200);
      expect(await messageRow(c.messageId)).toMatchObject({
        status: "failed",
        last_error: "rules.reason.restricted",
      });
    });
  }

  it("WEBJS: the session asks for message.ack (webjs.tagsEventsOn), so ERROR acks arrive at all", () => {
    expect(sessionConfig("b", { webhookUrl: "https://x/api/webhook", hmacKey: "k" }).webjs).toEqual({
      tagsEventsOn: true,
    });
  });
});

describe("replies read right", () => {
  it.each(["Can't wait!", "can't wait to see you", "Cant wait", "cannot wait 😊"])(
    "%j is not a cancellation",
    (body) => {
      expect(readReply(body)).not.toBe("cancel");
    },
  );

  it("a message written before the confirmation request was sent (by its own timestamp) is not its answer", async () => {
    const c = await askedClient();
    const msg = await simControl<Record<string, unknown>>(
      `${c.businessId}/incoming`,
      { from: c.phone, body: "2" },
      c.base,
    );
    const sentAt = Number((await messageRow(c.messageId))!.sent_at);
    // Written a minute before the reminder went out (it arrives late, with its own time).
    const early = {
      ...msg.body,
      timestamp: Math.floor((sentAt - 60_000) / 1000),
    };
    expect((await postEvent(c.businessId, "message.any", early)).status).toBe(200);
    expect(await bookingStatus(c.bookingId)).toBe("scheduled");
    expect((await awaiting(c.clientId))?.awaiting_reply_at).toBeNull();
  });
});

describe("no reply lost to a webhook that never came (the backstop)", () => {
  it("a lid whose phone nobody knows yet waits, and is read once the phone is known (the backstop retries it)", async () => {
    const c = await askedClient("NOWEB");
    const lid = `${Math.floor(Math.random() * 1e14)}@lid`;
    await customer(c, "incoming", { from: lid, body: "1" }, "message.any");
    expect(await bookingStatus(c.bookingId)).toBe("scheduled");
    const row = await env.DB.prepare("SELECT processed_at FROM wa_messages WHERE business_id = ? AND chat_id = ?")
      .bind(c.businessId, lid)
      .first();
    expect(row).toEqual({ processed_at: null });
    // WhatsApp shares the phone later (here: the next message carries it); the stored "1" is read then.
    await customer(c, "incoming", { from: lid, pn: c.phone, body: "hello?" }, "message.any");
    const session = businessSession(env, c.businessId);
    await session.status(c.businessId);
    await session.catchUp(c.businessId, Date.now() + 60_000);
    expect(await bookingStatus(c.bookingId)).toBe("confirmed");
  });

  it('NOWEB: a customer\'s "1" whose webhook never came still confirms at the next round (10 minutes), exactly once', async () => {
    const c = await askedClient("NOWEB");
    const stub = businessSession(env, c.businessId);
    await stub.status(c.businessId);
    const t0 = Date.now();
    const baseline = await stub.catchUp(c.businessId, t0);
    expect(baseline).toMatchObject({ reads: [] }); // the first round only notes where chats stand
    await customer(c, "incoming", { from: c.phone, body: "1" }, "message.any", true);
    expect(await bookingStatus(c.bookingId)).toBe("scheduled");

    // Within 10 minutes the chat may not be read again (the cost bound)...
    const early = await stub.catchUp(c.businessId, t0 + 60_000);
    expect(early!.reads).toEqual([]);
    expect(early!.nextDue).toBe(t0 + BACKSTOP_MS);
    // ...at 10 minutes it is, and the "1" confirms, with the same rules as a webhook.
    const round = await stub.catchUp(c.businessId, t0 + BACKSTOP_MS);
    // Stored: the "1" and the echo of the reminder (whose webhook never came either).
    expect(round).toMatchObject({ reads: [`${c.phone}@c.us`], stored: 2 });
    expect(await bookingStatus(c.bookingId)).toBe("confirmed");
    const acks = await env.DB.prepare(
      "SELECT count(*) AS n FROM scheduled_messages WHERE business_id = ? AND kind = 'ack'",
    )
      .bind(c.businessId)
      .first();
    expect(acks).toEqual({ n: 1 });
    // Nothing new: the next round reads no chat, and the message is not taken twice.
    const quiet = await stub.catchUp(c.businessId, t0 + 2 * BACKSTOP_MS);
    expect(quiet).toMatchObject({ reads: [], stored: 0, processed: 0 });
  });

  it("NOWEB: after a reconnect the chats are re-read at once (the alarm), and a stored-but-unprocessed reply is processed", async () => {
    const c = await askedClient("NOWEB");
    const stub = businessSession(env, c.businessId);
    await stub.status(c.businessId);
    await stub.catchUp(c.businessId, Date.now() - BACKSTOP_MS); // the baseline, a while ago
    await customer(c, "incoming", { from: c.phone, body: "1" }, "message.any", true);
    // The connection drops and comes back: the status events reach the object.
    await simControl(`${c.businessId}/disconnect`, { seconds: 0.2 });
    await stub.onStatusEvent(c.businessId, "STARTING", null);
    await until(
      async () => (await simControl<SimSessionSummary>(c.businessId)).body.status === "WORKING",
      "WORKING again",
    );
    await stub.onStatusEvent(c.businessId, "WORKING", {
      id: "972500000001@c.us",
    });
    // The reconnect armed the alarm for now (it may already have run by itself).
    await runDurableObjectAlarm(stub);
    await until(async () => (await bookingStatus(c.bookingId)) === "confirmed", "the reply read after the reconnect");

    // A reply stored by a webhook whose processing then failed is processed by the next round.
    await env.DB.prepare(
      "UPDATE scheduled_messages SET reply_action = NULL, reply_message_id = NULL, replied_at = NULL WHERE id = ?",
    )
      .bind(c.messageId)
      .run();
    await env.DB.prepare("UPDATE bookings SET status = 'scheduled' WHERE id = ?").bind(c.bookingId).run();
    await env.DB.prepare(
      "UPDATE wa_messages SET processed_at = NULL, created_at = created_at - 60000 WHERE business_id = ? AND body = '1'",
    )
      .bind(c.businessId)
      .run();
    const round = await stub.catchUp(c.businessId, Date.now() + 2 * BACKSTOP_MS);
    expect(round!.processed).toBeGreaterThanOrEqual(1);
    expect(await bookingStatus(c.bookingId)).toBe("confirmed");
  });

  it("WEBJS: the same round over WEBJS shapes", async () => {
    const c = await askedClient("WEBJS");
    const watch = new Map<string, ChatWatch>();
    const store = {
      get: async (k: string) => watch.get(k),
      put: async (k: string, w: ChatWatch) => void watch.set(k, w),
    };
    const t0 = Date.now();
    await backstopRound(
      env,
      gatewayOf("WEBJS"),
      c.businessId,
      { rounds: 0, lastRound: 0, reconnectedAt: 0 },
      store,
      t0,
    );
    await customer(c, "incoming", { from: c.phone, body: "yes" }, "message.any", true);
    const round = await backstopRound(
      env,
      gatewayOf("WEBJS"),
      c.businessId,
      { rounds: 1, lastRound: t0, reconnectedAt: 0 },
      store,
      t0 + BACKSTOP_MS,
    );
    expect(round.reads).toEqual([`${c.phone}@c.us`]);
    expect(await bookingStatus(c.bookingId)).toBe("confirmed");
  });
});

describe("configuration that drifts", () => {
  it("a session signed with an old key (WEBHOOK_SECRET rotated) is PUT to the current config while WORKING; the next message arrives", async () => {
    const { businessId } = await seedBusiness();
    const old = sessionConfig(businessId, {
      webhookUrl: `${env.APP_URL}/api/webhook`,
      hmacKey: "the-key-before-rotation",
    });
    await connectedSession(businessId, { config: old });
    const stub = businessSession(env, businessId);
    expect((await stub.status(businessId)).status).toBe("WORKING");
    // Reaching WORKING armed the alarm for now (it may already have run by itself).
    await runDurableObjectAlarm(stub);
    const key = await webhookKeyFor(env, businessId);
    await until(async () => {
      const res = await fetch(`${env.WAHA_URL}/api/sessions/${businessId}`, {
        headers: { "X-Api-Key": env.WAHA_API_KEY },
      });
      return (await res.json<{ config: ReturnType<typeof sessionConfig> }>()).config.webhooks[0].hmac.key === key;
    }, "the current key at the gateway");
    expect((await simControl<SimSessionSummary>(businessId)).body.loggedOut).toBe(false); // no new QR scan
    await until(
      async () => (await simControl<SimSessionSummary>(businessId)).body.status === "WORKING",
      "WORKING after the PUT",
    );
    // The gateway now signs with the current key (the simulator signs with its config's key); the next message is taken.
    const msg = await simControl<Record<string, unknown>>(`${businessId}/incoming`, {
      from: "972541234567",
      body: "hello",
    });
    expect((await postEvent(businessId, "message.any", msg.body)).status).toBe(200);
    expect(await storedBodies(businessId)).toEqual(["hello"]);
  });
});
