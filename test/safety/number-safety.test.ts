// Keeping the owner's number safe (issue 28): who may get business-started
// messages (the contact basis), the client's own STOP and START, the daily
// budget, human pacing with time the test controls, the pause switch and the
// number's health. Against the bundled simulator as a real WAHA (NOWEB).
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getWhatsAppProvider } from "../../app/providers/whatsapp/index.server";
import {
  deliverMany,
  MAX_PACE_WAIT_MS,
  processOutboundBatch,
  WAITING_REASON,
  type OutboundMessage,
  type Pacer,
} from "../../app/services/delivery.server";
import { noteChatMessage } from "../../app/services/safety/consent.server";
import { businessSession } from "../../app/services/whatsapp/session.server";
import { listRules } from "../../app/services/rules/rules.server";
import { bookableClients, optedOutCandidates } from "../../app/services/rules/candidates.server";
import { gapFor, nextSlot, REPLY_GAP } from "../../app/services/safety/pacing";
import { readOptWord, OPT_OUT_NOTICE } from "../../app/services/safety/words";
import { numberHealth } from "../../app/services/safety/health.server";
import { addDays } from "../../app/utils/dates";
import { localDate, zonedInstant } from "../../app/utils/time-zone";
import { signedInOwner } from "../support/auth";
import { fakeGateway, sweepInto } from "../support/fake-gateway";
import { connectedSession, postEvent, simControl, until, type SimSessionSummary } from "../support/gateway";
import { messageRow, seedBooking, seedBusiness, seedClient, seedRuleMessage } from "../support/seed";

const DAY = 86_400_000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const phoneNo = () => `97254${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const sentTo = async (name: string) =>
  (await simControl(`${name}/sent`)).body as { chatId: string; text: string; id: string }[];
const simulator = () => getWhatsAppProvider(env);

/** A due reminder for a client of the business (seeded straight into D1). */
async function dueReminder(businessId: string, clientId: string, days = 2) {
  const bookingId = await seedBooking(businessId, clientId, { bookingDate: inDays(days), bookingTime: "10:00" });
  return seedRuleMessage(
    businessId,
    bookingId,
    { status: "queued" },
    { type: "reminder", template: "Hi {name}, see you for your {service} on {date}!" },
  );
}

/** The client writes in through the simulator; the webhook gets it signed. */
async function clientSays(businessId: string, phone: string, body: string) {
  const msg = await simControl(`${businessId}/incoming`, { from: phone, name: "Noa", body });
  expect((await postEvent(businessId, "message.any", msg.body)).status).toBe(200);
}

async function clientRow(api: (p: string) => Promise<Response>, id: string) {
  const list = (await (await api("/api/clients")).json()) as {
    clients: { id: string; contact_basis: string; contact_since: string | null; opted_out: boolean }[];
  };
  return list.clients.find((c) => c.id === id)!;
}

describe("who may get business-started messages", () => {
  it("a client added by hand who never wrote gets no reminder: it waits as Send from your phone with a wa.me link, and Done marks it sent", async () => {
    const owner = await signedInOwner();
    await connectedSession(owner.businessId);
    const phone = phoneNo();
    const clientId = await seedClient(owner.businessId, { name: "Maya Levi", phone }, { basis: "none" });
    expect(await clientRow(owner.api, clientId)).toMatchObject({
      contact_basis: "none",
      contact_since: null,
      opted_out: false,
    });
    const { messageId } = await dueReminder(owner.businessId, clientId);

    const results = await deliverMany({ env, sender: simulator(), now: Date.now }, [messageId]);
    expect(results.get(messageId)).toEqual({ outcome: "manual" });
    expect(await sentTo(owner.businessId)).toEqual([]);
    expect(await messageRow(messageId)).toMatchObject({ status: "manual", attempts: 0 });

    const [rule] = await listRules(env.DB, owner.businessId);
    const row = rule.clients[0];
    expect(row.client_status).toBe("manual");
    const text = `Hi Maya Levi, see you for your Haircut on ${inDays(2).split("-").reverse().join("/")}!`;
    expect(row.send_link).toBe(`https://wa.me/${phone}?text=${encodeURIComponent(text)}`);
    // The cron never takes it, and it is never "missed".
    expect((await sweepInto(Date.now() + 7 * 60 * 60 * 1000)).ids).not.toContain(messageId);
    expect(await messageRow(messageId)).toMatchObject({ status: "manual" });

    const other = await signedInOwner();
    expect((await other.api(`/api/rules/messages/${messageId}/done`, { method: "POST" })).status).toBe(404);
    const done = await owner.api(`/api/rules/messages/${messageId}/done`, { method: "POST" });
    expect(done.status).toBe(200);
    expect(await messageRow(messageId)).toMatchObject({ status: "sent" });
    expect((await owner.api(`/api/rules/messages/${messageId}/done`, { method: "POST" })).status).toBe(404);
  });

  it("a client who wrote first gets theirs, and the row says since when; the owner writing first from the phone counts, our own sends do not", async () => {
    const owner = await signedInOwner();
    await connectedSession(owner.businessId);
    const phone = phoneNo();
    const clientId = await seedClient(owner.businessId, { phone }, { basis: "none" });
    await clientSays(owner.businessId, phone, "Hi, can I book a haircut?");
    const row = await clientRow(owner.api, clientId);
    expect(row.contact_basis).toBe("wrote_first");
    expect(Date.parse(row.contact_since!)).toBeGreaterThan(Date.now() - 60_000);
    const { messageId } = await dueReminder(owner.businessId, clientId);
    await deliverMany({ env, sender: simulator(), now: Date.now }, [messageId]);
    expect(await messageRow(messageId)).toMatchObject({ status: "sent" });
    expect((await sentTo(owner.businessId)).map((s) => s.chatId)).toEqual([`${phone}@c.us`]);

    // An echo of a message the product sent through the gateway (source "api") is not the owner writing.
    const other = phoneNo();
    const otherId = await seedClient(owner.businessId, { phone: other }, { basis: "none" });
    const echo = {
      id: `true_${other}@c.us_3EB0AAAA${Date.now()}`,
      timestamp: Math.floor(Date.now() / 1000),
      from: `${other}@c.us`,
      fromMe: true,
      source: "api",
      body: "x",
    };
    expect((await postEvent(owner.businessId, "message.any", echo)).status).toBe(200);
    expect((await clientRow(owner.api, otherId)).contact_basis).toBe("none");
    // The owner typing on the phone is.
    const typed = await simControl(`${owner.businessId}/reply`, {
      to: other,
      body: "Hi Noa, it's Dana from the salon",
    });
    expect((await postEvent(owner.businessId, "message.any", typed.body)).status).toBe(200);
    expect((await clientRow(owner.api, otherId)).contact_basis).toBe("owner_wrote");
  });

  it("a reply to the customer's own message is always allowed, whatever the basis", async () => {
    const { businessId } = await seedBusiness();
    const clientId = await seedClient(businessId, {}, { basis: "none" });
    const bookingId = await seedBooking(businessId, clientId, { bookingDate: inDays(3) });
    const { messageId } = await seedRuleMessage(businessId, bookingId, {
      status: "queued",
      kind: "ack",
      origin: "reply",
      body: "Thank you!",
    });
    const gw = fakeGateway();
    await deliverMany({ env, sender: gw.sender, now: Date.now }, [messageId]);
    expect(gw.sent.map((s) => s.text)).toEqual(["Thank you!"]);
  });

  it("rules write the kind where the row is written: business-started for rule messages", async () => {
    const owner = await signedInOwner();
    const clientId = await seedClient(owner.businessId);
    const bookingId = await seedBooking(owner.businessId, clientId, { bookingDate: inDays(5) });
    const res = await owner.api("/api/rules/create", {
      method: "POST",
      json: {
        type: "reminder",
        services: ["Haircut"],
        template: "Hi {name}",
        schedule_type: "preset",
        schedule_value: "1",
        clients: [{ booking_id: bookingId }],
      },
    });
    expect(res.status).toBe(201);
    const row = await env.DB.prepare("SELECT origin FROM scheduled_messages WHERE booking_id = ?")
      .bind(bookingId)
      .first<{ origin: string }>();
    expect(row?.origin).toBe("business");
  });
});

describe("opt-out", () => {
  it.each([
    ["STOP", "stop"],
    ["stop", "stop"],
    ["Stop!", "stop"],
    ["unsubscribe", "stop"],
    ["stop messaging me", "stop"],
    ["please stop", "stop"],
    ["remove me please", "stop"],
    ["הסר", "stop"],
    ["הסירו אותי", "stop"],
    ["עצור", "stop"],
    ["די", "stop"],
    ["אל תשלחו לי", "stop"],
    ["אל תשלחו לי יותר הודעות", "stop"],
    ["START", "start"],
    ["התחל", "start"],
    ["חזרה", "start"],
    ["I can't stop by tomorrow", null],
    ["stop?", null],
    ["can we stop at 5 and start at 6", null],
    ["Please don't stop the music, I love this salon so much", null],
    ["שלום, די בסדר", null],
    ["1", null],
  ] as const)("%j reads as %s", (body, intent) => {
    expect(readOptWord(body)).toBe(intent);
  });

  it("STOP cancels pending automatic messages at once, sends one acknowledgement, leaves the client out of rules; START undoes it", async () => {
    const owner = await signedInOwner();
    await connectedSession(owner.businessId);
    const phone = phoneNo();
    const clientId = await seedClient(owner.businessId, { phone }, { basis: "none" });
    await clientSays(owner.businessId, phone, "Hi there");
    const first = await dueReminder(owner.businessId, clientId);
    await deliverMany({ env, sender: simulator(), now: Date.now }, [first.messageId]);
    expect(await messageRow(first.messageId)).toMatchObject({ status: "sent" });
    const next = await seedRuleMessage(
      owner.businessId,
      await seedBooking(owner.businessId, clientId, { bookingDate: inDays(9) }),
      { status: "scheduled", sendAt: Date.now() + DAY },
      { type: "reminder" },
    );

    await clientSays(owner.businessId, phone, "STOP");
    expect(await messageRow(next.messageId)).toMatchObject({
      status: "cancelled",
      last_error: "rules.reason.optedOut",
    });
    const notices = async () => (await sentTo(owner.businessId)).filter((s) => s.text === OPT_OUT_NOTICE.en);
    await until(async () => (await notices()).length === 1, "the acknowledgement", 10_000);
    expect((await notices())[0].chatId).toBe(`${phone}@c.us`);
    expect(await clientRow(owner.api, clientId)).toMatchObject({ opted_out: true, contact_basis: "wrote_first" });
    const listed = await (await owner.api("/api/rules/list")).json();
    expect(JSON.stringify(listed)).toContain("Client opted out");

    // A second STOP changes nothing and sends nothing more.
    await clientSays(owner.businessId, phone, "stop");
    // None are created later: not in the wizard (counted), refused by the API.
    const business = { id: owner.businessId, timeZone: "Asia/Jerusalem" };
    expect((await bookableClients(env.DB, business, Date.now())).map((c) => c.sender_number)).not.toContain(phone);
    expect(await optedOutCandidates(env.DB, business, Date.now())).toBe(1);
    const later = await seedBooking(owner.businessId, clientId, { bookingDate: inDays(12) });
    const refused = await owner.api("/api/rules/create", {
      method: "POST",
      json: {
        type: "reminder",
        services: ["Haircut"],
        template: "Hi",
        schedule_type: "preset",
        schedule_value: "1",
        clients: [{ booking_id: later }],
      },
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()) as object).toMatchObject({
      detail: "These clients asked not to get automatic messages.",
    });
    // The owner cannot re-enable a client: the client API has no such field.
    await owner.api(`/api/clients/${clientId}`, { method: "PUT", json: { opted_out: false } });
    expect((await clientRow(owner.api, clientId)).opted_out).toBe(true);
    // A message that was already queued is cancelled at send time.
    const queued = await seedRuleMessage(owner.businessId, later, { status: "queued" }, { type: "reminder" });
    await deliverMany({ env, sender: simulator(), now: Date.now }, [queued.messageId]);
    expect(await messageRow(queued.messageId)).toMatchObject({
      status: "cancelled",
      last_error: "rules.reason.optedOut",
    });

    await clientSays(owner.businessId, phone, "START");
    expect((await clientRow(owner.api, clientId)).opted_out).toBe(false);
    const again = await owner.api("/api/rules/create", {
      method: "POST",
      json: {
        type: "reminder",
        services: ["Haircut"],
        template: "Hi",
        schedule_type: "preset",
        schedule_value: "1",
        clients: [{ booking_id: later }],
      },
    });
    expect(again.status).toBe(201);
    expect(await notices()).toHaveLength(1);
  }, 30_000);

  it("a Hebrew opt-out is acknowledged in the business's message language", async () => {
    const owner = await signedInOwner({ messageLang: "he" });
    await connectedSession(owner.businessId);
    const phone = phoneNo();
    const clientId = await seedClient(owner.businessId, { phone }, { basis: "none" });
    await clientSays(owner.businessId, phone, "הסירו אותי בבקשה");
    await until(
      async () => (await sentTo(owner.businessId)).some((s) => s.text === OPT_OUT_NOTICE.he),
      "the Hebrew acknowledgement",
      10_000,
    );
    expect((await clientRow(owner.api, clientId)).opted_out).toBe(true);
    await clientSays(owner.businessId, phone, "התחל");
    expect((await clientRow(owner.api, clientId)).opted_out).toBe(false);
  }, 20_000);
});

describe("the acknowledgement of a STOP goes through the one queue", () => {
  const setBusiness = (businessId: string, column: "wa_status" | "paused", value: string | number) =>
    env.DB.prepare(`UPDATE businesses SET ${column} = ? WHERE id = ?`).bind(value, businessId).run();
  const notices = (businessId: string) =>
    env.DB.prepare(
      "SELECT id, status, origin, ref, to_phone, last_error FROM scheduled_messages WHERE business_id = ? AND kind = 'stop_ack'",
    )
      .bind(businessId)
      .all<{ id: string; status: string; origin: string; ref: string; to_phone: string; last_error: string | null }>()
      .then((r) => r.results);
  let n = 0;
  /** The client's message as the webhook stores it; what it hands to the queue at once is captured, not sent. */
  async function clientWrites(businessId: string, phone: string, body: string, queued: string[] = []) {
    const OUTBOUND = { send: async ({ id }: { id: string }) => void queued.push(id) } as unknown as Queue;
    const deferred: Promise<unknown>[] = [];
    const m = {
      providerId: `false_${phone}@c.us_3EB0${n++}${Date.now()}`,
      chatId: `${phone}@c.us`,
      fromMe: false,
      body,
      at: Date.now(),
    };
    const read = await noteChatMessage({ ...env, OUTBOUND }, businessId, m, Date.now(), (p) => deferred.push(p));
    await Promise.all(deferred);
    return read;
  }
  /** The queue hands these ids to the consumer (one batch; an id may be in it twice). */
  async function deliver(ids: string[]) {
    const batch = createMessageBatch<OutboundMessage>(
      "chatbook-outbound",
      ids.map((id) => ({ id: `q-${id}-${n++}`, timestamp: new Date(), attempts: 1, body: { id } })),
    );
    await processOutboundBatch(batch, { env, sender: simulator(), now: Date.now });
    return getQueueResult(batch, createExecutionContext());
  }
  const sweepFor = async (id: string) => (await sweepInto(Date.now())).ids.filter((queued) => queued === id);

  it("reaches the client exactly once when the queue delivers it twice, though they opted out and messages are paused", async () => {
    const owner = await signedInOwner();
    await connectedSession(owner.businessId);
    await setBusiness(owner.businessId, "wa_status", "WORKING");
    await setBusiness(owner.businessId, "paused", 1);
    const phone = phoneNo();
    const queued: string[] = [];
    expect(await clientWrites(owner.businessId, phone, "STOP", queued)).toBe("stop");
    const [notice] = await notices(owner.businessId);
    // An answer to the client's own message, handed to the queue at once.
    expect(notice).toMatchObject({ status: "queued", origin: "reply", to_phone: phone });
    expect(queued).toEqual([notice.id]);

    await Promise.all([deliver([notice.id, notice.id]), deliver([notice.id])]);
    await deliver([notice.id]);
    expect((await notices(owner.businessId))[0]).toMatchObject({ status: "sent" });
    expect((await sentTo(owner.businessId)).filter((s) => s.text === OPT_OUT_NOTICE.en)).toEqual([
      expect.objectContaining({ chatId: `${phone}@c.us` }),
    ]);

    // A second STOP opts out nothing more and writes no second acknowledgement.
    expect(await clientWrites(owner.businessId, phone, "stop please", queued)).toBe("stop");
    expect(await notices(owner.businessId)).toHaveLength(1);
    expect(queued).toHaveLength(1);
  });

  it("is held while WhatsApp is away and sent once, paced as a reply, when it is back", async () => {
    const owner = await signedInOwner({ messageLang: "he" });
    await connectedSession(owner.businessId);
    await setBusiness(owner.businessId, "wa_status", "STARTING");
    const phone = phoneNo();
    const queued: string[] = [];
    await clientWrites(owner.businessId, phone, "הסירו אותי", queued);
    const [notice] = await notices(owner.businessId);
    // WhatsApp not WORKING: nothing handed to the queue, and the sweep leaves it Scheduled.
    expect(notice).toMatchObject({ status: "scheduled" });
    expect(queued).toEqual([]);
    expect(await sweepFor(notice.id)).toEqual([]);

    // The gateway drops mid-send: back to Scheduled, waiting, nothing sent.
    await setBusiness(owner.businessId, "wa_status", "WORKING");
    await simControl(`${owner.businessId}/disconnect`, { seconds: 2 });
    expect(await sweepFor(notice.id)).toEqual([notice.id]);
    await deliver([notice.id]);
    expect((await notices(owner.businessId))[0]).toMatchObject({ status: "scheduled", last_error: WAITING_REASON });
    expect(await sweepFor(notice.id)).toEqual([]);
    expect(await sentTo(owner.businessId)).toEqual([]);

    await until(
      async () => (await simControl<SimSessionSummary>(owner.businessId)).body.status === "WORKING",
      "the reconnect",
    );
    await businessSession(env, owner.businessId).reconcile(owner.businessId, true);
    expect(await sweepFor(notice.id)).toEqual([notice.id]);
    const gaps: unknown[] = [];
    const pacer: Pacer = async (_business, gap) => {
      gaps.push(gap);
      return { waitMs: 0, reserved: true };
    };
    expect((await deliverMany({ env, sender: simulator(), now: Date.now, pacer }, [notice.id])).get(notice.id)).toEqual(
      { outcome: "sent" },
    );
    expect(gaps).toEqual([REPLY_GAP]);
    expect((await sentTo(owner.businessId)).map((s) => s.text)).toEqual([OPT_OUT_NOTICE.he]);
    expect(await sweepFor(notice.id)).toEqual([]);
  }, 20_000);
});

describe("the daily budget", () => {
  it("is 50 by default, 1 to 500, and a bad value changes nothing", async () => {
    const owner = await signedInOwner();
    const read = async () =>
      ((await (await owner.api("/api/settings")).json()) as { settings: Record<string, unknown> }).settings;
    expect(await read()).toMatchObject({ daily_message_budget: 50, paused: false, pause_between_messages: 20 });
    for (const bad of [0, 501, 2.5, "10", null]) {
      const res = await owner.api("/api/settings", {
        method: "PATCH",
        json: { daily_message_budget: bad, city: "Haifa" },
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toBe(
        "The daily limit must be a whole number from 1 to 500.",
      );
    }
    const res = await owner.api("/api/settings", { method: "PATCH", json: { paused: "yes" } });
    expect(res.status).toBe(400);
    expect(await read()).toMatchObject({ daily_message_budget: 50, paused: false, city: "" });
    const ok = await owner.api("/api/settings", { method: "PATCH", json: { daily_message_budget: 2 } });
    expect(ok.status).toBe(200);
    expect(await read()).toMatchObject({ daily_message_budget: 2 });
  });

  it("with a budget of 2 and four due reminders, two go today and two wait for tomorrow's send time; replies do not count", async () => {
    const { businessId } = await seedBusiness({ dailyMessageBudget: 2, sendTime: "10:00" });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await dueReminder(businessId, await seedClient(businessId), 5)).messageId);
    const gw = fakeGateway();
    const results = await deliverMany({ env, sender: gw.sender, now: Date.now }, ids);
    expect(gw.sent).toHaveLength(2);
    expect([...results.values()].filter((r) => r.outcome === "over-budget")).toHaveLength(2);
    const tomorrow = addDays(localDate(Date.now(), "Asia/Jerusalem"), 1);
    const waiting = (await Promise.all(ids.map(messageRow))).filter((r) => r!.status === "scheduled");
    expect(waiting).toHaveLength(2);
    for (const w of waiting) {
      expect(w).toMatchObject({
        send_date: tomorrow,
        send_time: "10:00",
        send_at: zonedInstant(tomorrow, "10:00", "Asia/Jerusalem"),
        attempts: 0,
      });
      expect(JSON.parse(w!.last_error as string)).toEqual({ key: "rules.reason.overBudget", params: { n: 2 } });
    }
    const [rule] = await listRules(env.DB, businessId);
    expect(rule).toBeTruthy();
    // A thank-you answer still goes.
    const bookingId = await seedBooking(businessId, await seedClient(businessId), { bookingDate: inDays(3) });
    const ack = await seedRuleMessage(businessId, bookingId, {
      status: "queued",
      kind: "ack",
      origin: "reply",
      body: "Thanks!",
    });
    await deliverMany({ env, sender: gw.sender, now: Date.now }, [ack.messageId]);
    expect(await messageRow(ack.messageId)).toMatchObject({ status: "sent" });
    // Tomorrow the two waiting go.
    const next = zonedInstant(tomorrow, "10:00", "Asia/Jerusalem") + 1000;
    const swept = await sweepInto(next);
    expect(swept.ids.sort()).toEqual(waiting.map((w) => w!.id as string).sort());
    await deliverMany({ env, sender: gw.sender, now: () => next }, swept.ids);
    expect(gw.sent).toHaveLength(5);
  });

  it("is never exceeded by parallel queue consumers", async () => {
    const { businessId } = await seedBusiness({ dailyMessageBudget: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push((await dueReminder(businessId, await seedClient(businessId), 5)).messageId);
    const gw = fakeGateway();
    await Promise.all(
      [0, 1, 2, 3].map((k) => deliverMany({ env, sender: gw.sender, now: Date.now }, ids.slice(k * 2, k * 2 + 2))),
    );
    expect(gw.sent).toHaveLength(3);
    const used = await env.DB.prepare(
      "SELECT count(*) AS n FROM scheduled_messages WHERE business_id = ? AND budget_day IS NOT NULL",
    )
      .bind(businessId)
      .first<{ n: number }>();
    expect(used?.n).toBe(3);
  });
});

describe("human pacing, with time the test controls", () => {
  it("business-started messages draw a gap from the pause to three times it; replies keep the short gap", () => {
    expect(gapFor("business", 20)).toEqual({ minMs: 20_000, maxMs: 60_000 });
    expect(gapFor("business", 5)).toEqual({ minMs: 10_000, maxMs: 30_000 });
    expect(gapFor("business", 500)).toEqual({ minMs: 120_000, maxMs: 360_000 });
    expect(gapFor("reply", 60)).toEqual(REPLY_GAP);
    const gap = gapFor("business", 20);
    expect(nextSlot(1_000_000, 1_000_000, gap, 0, MAX_PACE_WAIT_MS)).toMatchObject({
      at: 1_020_500,
      reserved: false,
      waitMs: 20_500,
    });
    expect(nextSlot(1_000_000, 1_050_000, gap, 0.5, MAX_PACE_WAIT_MS)).toMatchObject({
      at: 1_050_000,
      waitMs: 0,
      reserved: true,
    });
    expect(nextSlot(1_000_000, 1_000_000, gap, 0.999999, 120_000).at).toBeLessThanOrEqual(1_000_000 + 60_500);
    expect(nextSlot(0, 5_000_000, gap, 0.3, 0)).toMatchObject({ at: 5_000_000, waitMs: 0, reserved: true });
  });

  it("one number's business-started sends are at least the pause apart; a reply between them waits only the short gap", async () => {
    const { businessId } = await seedBusiness({ pauseSeconds: 30 });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await dueReminder(businessId, await seedClient(businessId), 5)).messageId);
    // A clock the test moves: the pacer and the sleep share it, so nothing really waits.
    let clock = Date.now();
    let last = 0;
    let draw = 0;
    const pacer: Pacer = async (_biz, gap, maxWaitMs) => {
      const slot = nextSlot(last, clock, gap, [0, 0.5, 0.999, 0.25][draw++ % 4], maxWaitMs);
      if (slot.reserved) last = slot.at;
      return { waitMs: slot.waitMs, reserved: slot.reserved };
    };
    const times: number[] = [];
    const gw = fakeGateway();
    const sender = {
      ...gw.sender,
      sendText: async (s: string, c: string, t: string) => (times.push(clock), gw.sender.sendText(s, c, t)),
    };
    const sleep = async (ms: number) => void (clock += ms);
    const deps = { env, sender, now: () => clock, pacer, sleep };
    let pending = ids;
    for (let round = 0; round < 20 && pending.length; round++) {
      const results = await deliverMany(deps, pending);
      pending = [...results].filter(([, r]) => r.outcome === "paced").map(([id]) => id);
      const wait = Math.min(
        ...[...results.values()].filter((r) => r.outcome === "paced").map((r) => r.delaySeconds! * 1000),
      );
      if (pending.length) clock += wait;
    }
    expect(gw.sent).toHaveLength(4);
    const gaps = times.slice(1).map((t, i) => t - times[i]);
    for (const g of gaps) {
      expect(g).toBeGreaterThanOrEqual(30_000);
      expect(g).toBeLessThanOrEqual(90_000 + 1500);
    }
    // A reply right after: 3 to 5.5 s, not the long gap.
    const bookingId = await seedBooking(businessId, await seedClient(businessId), { bookingDate: inDays(3) });
    const ack = await seedRuleMessage(businessId, bookingId, {
      status: "queued",
      kind: "ack",
      origin: "reply",
      body: "Thanks!",
    });
    await deliverMany(deps, [ack.messageId]);
    const replyGap = times[times.length - 1] - times[times.length - 2];
    expect(replyGap).toBeGreaterThanOrEqual(3000);
    expect(replyGap).toBeLessThanOrEqual(5500);
  });

  it("the pause between messages is 10 to 120 seconds", async () => {
    const owner = await signedInOwner();
    for (const bad of [9, 121, 4.5]) {
      const res = await owner.api("/api/settings", { method: "PATCH", json: { pause_between_messages: bad } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { detail: string }).detail).toBe(
        "The pause between messages must be a whole number of seconds from 10 to 120.",
      );
    }
    expect((await owner.api("/api/settings", { method: "PATCH", json: { pause_between_messages: 120 } })).status).toBe(
      200,
    );
  });
});

describe("pause everything", () => {
  it("holds a due reminder as Scheduled (never Failed) until the switch is off", async () => {
    const owner = await signedInOwner();
    const clientId = await seedClient(owner.businessId);
    const { messageId } = await dueReminder(owner.businessId, clientId);
    expect((await owner.api("/api/settings", { method: "PATCH", json: { paused: true } })).status).toBe(200);
    const gw = fakeGateway();
    // Already queued when the switch went on: back to Scheduled.
    expect((await deliverMany({ env, sender: gw.sender, now: Date.now }, [messageId])).get(messageId)).toEqual({
      outcome: "paused",
    });
    expect(await messageRow(messageId)).toMatchObject({ status: "scheduled", attempts: 0 });
    expect((await sweepInto(Date.now())).ids).not.toContain(messageId);
    const [rule] = await listRules(env.DB, owner.businessId);
    expect(rule.clients[0]).toMatchObject({ client_status: "scheduled", paused: true });
    expect(gw.sent).toHaveLength(0);

    expect((await owner.api("/api/settings", { method: "PATCH", json: { paused: false } })).status).toBe(200);
    const swept = await sweepInto(Date.now());
    expect(swept.ids).toContain(messageId);
    await deliverMany({ env, sender: gw.sender, now: Date.now }, [messageId]);
    expect(await messageRow(messageId)).toMatchObject({ status: "sent" });
  });
});

describe("the number's health", () => {
  it("counts the last 7 days from acks, refusals, opt-outs and clients waiting for the owner's phone, and warns at 3 refusals in a day", async () => {
    const { businessId } = await seedBusiness();
    await connectedSession(businessId);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await dueReminder(businessId, await seedClient(businessId), 5)).messageId);
    await deliverMany({ env, sender: simulator(), now: Date.now }, ids);
    const rows = await Promise.all(ids.map(messageRow));
    const ack = (i: number, level: number) =>
      postEvent(businessId, "message.ack", {
        id: rows[i]!.provider_message_id,
        fromMe: true,
        ack: level,
        ...(level === -1 ? { error: { code: 463 } } : {}),
      });
    await ack(0, 2);
    await ack(0, 3);
    await ack(1, 2);
    await ack(1, 1); // acks never go backwards
    for (const i of [2, 3]) await ack(i, -1);
    let health = await numberHealth(env.DB, businessId, Date.now());
    expect(health).toMatchObject({ sent: 5, delivered: 2, read: 1, refused: 2, warning: null });
    await ack(4, -1);
    const none = await seedClient(businessId, {}, { basis: "none" });
    await deliverMany({ env, sender: simulator(), now: Date.now }, [(await dueReminder(businessId, none)).messageId]);
    health = await numberHealth(env.DB, businessId, Date.now());
    expect(health).toMatchObject({ refused: 3, refused_today: 3, manual_clients: 1, warning: "refusals" });
    // A week later it is all gone.
    expect(await numberHealth(env.DB, businessId, Date.now() + 8 * DAY)).toMatchObject({
      sent: 0,
      refused: 0,
      warning: null,
      manual_clients: 1,
    });
  });
});
