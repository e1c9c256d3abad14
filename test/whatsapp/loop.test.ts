// Closing the loop with clients: replies confirm or cancel (both languages,
// several bookings, repeats, unclear answers, duplicate webhooks), follow-ups
// respect rebookings, sends are paced per number and day-based messages keep
// quiet hours. Against the bundled simulator as a real WAHA (NOWEB).
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getWhatsAppProvider } from "../../app/providers/whatsapp/index.server";
import {
  deliverMany,
  processOutboundBatch,
  REBOOKED_REASON,
  type OutboundMessage,
  type Pacer,
  type WhatsAppSender,
} from "../../app/services/delivery.server";
import { inQuietHours, quietHoursEnd } from "../../app/services/quiet-hours";
import { interleaveByBusiness } from "../../app/services/scheduler.server";
import { acknowledgement, CONFIRMATION_LINE, readReply } from "../../app/services/replies/words";
import { listRules } from "../../app/services/rules/rules.server";
import { withReasonTexts } from "../../app/services/rules/reasons";
import { translator } from "../../app/i18n/messages.server";
import { businessSession } from "../../app/services/whatsapp/session.server";
import { localTime, zonedInstant } from "../../app/utils/time-zone";
import { signedInOwner } from "../support/auth";
import { fakeGateway } from "../support/fake-gateway";
import { connectedSession, postEvent, simControl, until } from "../support/gateway";
import { messageRow, seedBooking, seedBusiness, seedClient, seedRuleMessage } from "../support/seed";

const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);
const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;
const sentTo = async (name: string) =>
  (await simControl(`${name}/sent`)).body as { chatId: string; text: string; id: string }[];
const bookingStatus = async (id: string) =>
  (await env.DB.prepare("SELECT status FROM bookings WHERE id = ?").bind(id).first<{ status: string }>())!.status;
const acksOf = async (businessId: string) =>
  (
    await env.DB.prepare("SELECT id, status, body FROM scheduled_messages WHERE business_id = ? AND kind = 'ack'")
      .bind(businessId)
      .all<{ id: string; status: string; body: string }>()
  ).results;

let n = 0;
async function deliver(ids: string[], deps: { sender?: WhatsAppSender; pacer?: Pacer; now?: () => number } = {}) {
  const batch = createMessageBatch<OutboundMessage>(
    "chatbook-outbound",
    ids.map((id) => ({ id: `q-${id}-${n++}`, timestamp: new Date(), attempts: 1, body: { id } })),
  );
  await processOutboundBatch(batch, {
    env,
    sender: deps.sender ?? getWhatsAppProvider(env),
    now: deps.now ?? Date.now,
    pacer: deps.pacer,
  });
  return getQueueResult(batch, createExecutionContext());
}

/** A connected business whose client got a reminder that asked to confirm (sent through the simulator). */
async function askedClient(
  opts: {
    lang?: "en" | "he";
    phone?: string;
    bookings?: { date: string; time: string; service?: string }[];
    ask?: boolean;
  } = {},
) {
  const { businessId } = await seedBusiness({ messageLang: opts.lang ?? "en" });
  await connectedSession(businessId);
  const phone = opts.phone ?? `97254${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
  const clientId = await seedClient(businessId, { name: "Noa Cohen", phone });
  const list = opts.bookings ?? [{ date: inDays(2), time: "10:00" }];
  const made: { bookingId: string; messageId: string; ruleId: string }[] = [];
  for (const b of list) {
    const bookingId = await seedBooking(businessId, clientId, {
      service: b.service ?? "Haircut",
      bookingDate: b.date,
      bookingTime: b.time,
    });
    const { messageId, ruleId } = await seedRuleMessage(
      businessId,
      bookingId,
      { status: "queued" },
      {
        type: "reminder",
        template: "Hi {name}, see you for your {service} on {date}!",
        askConfirmation: opts.ask ?? true,
      },
    );
    made.push({ bookingId, messageId, ruleId });
  }
  await deliver(made.map((m) => m.messageId));
  for (const m of made) expect(await messageRow(m.messageId)).toMatchObject({ status: "sent" });
  return { businessId, clientId, phone, made };
}

/** The client writes in: the simulator makes the message, the webhook gets it signed. */
async function clientSays(businessId: string, phone: string, body: string) {
  const msg = await simControl(`${businessId}/incoming`, { from: phone, name: "Noa", body });
  const res = await postEvent(businessId, "message.any", msg.body);
  expect(res.status).toBe(200);
  return msg.body;
}

describe("reading a reply", () => {
  it.each([
    ["1", "confirm"],
    ["yes", "confirm"],
    ["Yes!", "confirm"],
    ["confirm", "confirm"],
    ["OK", "confirm"],
    ["👍", "confirm"],
    ["👍🏽", "confirm"],
    ["yes please", "confirm"],
    ["ok see you then", "confirm"],
    ["no problem", "confirm"],
    ["כן", "confirm"],
    ["מאשר", "confirm"],
    ["מאשרת", "confirm"],
    ["כן, תודה", "confirm"],
    ["מאשרת 👍", "confirm"],
    ["2", "cancel"],
    ["no", "cancel"],
    ["cancel", "cancel"],
    ["Cancel please", "cancel"],
    ["No, I can't make it", "cancel"],
    ["לא", "cancel"],
    ["בטל", "cancel"],
    ["ביטול", "cancel"],
    ["אני צריכה לבטל", "cancel"],
    ["can we make it 6pm?", "unclear"],
    ["make it 2pm", "unclear"],
    ["yes but can I come at 11", "unclear"],
    ["yes no", "unclear"],
    ["אפשר להזיז לשש?", "unclear"],
    ["", "unclear"],
    ["12", "unclear"],
    ["I will definitely be there tomorrow morning with my sister ok", "unclear"],
  ] as const)("%j reads as %s", (body, intent) => {
    expect(readReply(body)).toBe(intent);
  });

  it("acknowledges in the message language", () => {
    const b = { service: "Haircut", date: "2026-11-25", time: "10:00" };
    expect(acknowledgement("en", "confirmed", b)).toBe("Thank you! Your Haircut on 25/11 at 10:00 is confirmed.");
    expect(acknowledgement("en", "cancelled", b)).toBe("Thank you! Your Haircut on 25/11 at 10:00 is cancelled.");
    expect(acknowledgement("he", "confirmed", b)).toBe("תודה! התור שלך לHaircut ב-25/11 בשעה 10:00 אושר.");
  });
});

describe("replies to a confirmation request", () => {
  it('the reminder carries the line; "1" confirms the booking, the client is thanked once, and the rule\'s details show the reply', async () => {
    const {
      businessId,
      phone,
      made: [m],
    } = await askedClient();
    const [reminder] = await sentTo(businessId);
    expect(reminder.text).toBe(
      `Hi Noa Cohen, see you for your Haircut on ${inDays(2).split("-").reverse().join("/")}!\n\n${CONFIRMATION_LINE.en}`,
    );

    const first = await clientSays(businessId, phone, "1");
    expect(await bookingStatus(m.bookingId)).toBe("confirmed");
    // The acknowledgement goes through the queue (the real consumer here) to the simulator.
    const ack = `Thank you! Your Haircut on ${ddmm(inDays(2))} at 10:00 is confirmed.`;
    await until(async () => (await sentTo(businessId)).some((s) => s.text === ack), "the acknowledgement", 10_000);
    await until(
      async () => (await acksOf(businessId))[0]?.status === "sent",
      "the acknowledgement marked sent",
      10_000,
    );

    // The same webhook again, and a second "1": nothing more is sent or changed.
    expect((await postEvent(businessId, "message.any", first)).status).toBe(200);
    await clientSays(businessId, phone, "1");
    await new Promise((r) => setTimeout(r, 300));
    expect((await sentTo(businessId)).filter((s) => s.text === ack)).toHaveLength(1);
    expect(await acksOf(businessId)).toHaveLength(1);

    const [rule] = await listRules(env.DB, businessId);
    expect(rule.clients[0]).toMatchObject({ reply_text: "1", reply_action: "confirmed", client_status: "sent" });
  });

  it('"cancel please" cancels the booking and its other pending messages, and thanks the client', async () => {
    const {
      businessId,
      phone,
      made: [m],
    } = await askedClient();
    const followUp = await seedRuleMessage(
      businessId,
      m.bookingId,
      { sendAt: Date.now() + 20 * DAY },
      { type: "followup" },
    );
    await clientSays(businessId, phone, "cancel please");
    expect(await bookingStatus(m.bookingId)).toBe("cancelled");
    expect(await messageRow(followUp.messageId)).toMatchObject({
      status: "cancelled",
      last_error: "rules.reason.bookingCancelled",
    });
    const ack = `Thank you! Your Haircut on ${ddmm(inDays(2))} at 10:00 is cancelled.`;
    await until(async () => (await sentTo(businessId)).some((s) => s.text === ack), "the acknowledgement", 10_000);
    const [rule] = (await listRules(env.DB, businessId)).filter((r) => r.type === "reminder");
    expect(rule.clients[0]).toMatchObject({ reply_text: "cancel please", reply_action: "cancelled" });
  });

  it('Hebrew: "מאשרת" confirms and the thanks are in Hebrew, as is the line in the reminder', async () => {
    const {
      businessId,
      phone,
      made: [m],
    } = await askedClient({ lang: "he" });
    expect((await sentTo(businessId))[0].text.endsWith(`\n\n${CONFIRMATION_LINE.he}`)).toBe(true);
    await clientSays(businessId, phone, "מאשרת");
    expect(await bookingStatus(m.bookingId)).toBe("confirmed");
    const [ack] = await acksOf(businessId);
    expect(ack.body).toBe(`תודה! התור שלך לHaircut ב-${ddmm(inDays(2))} בשעה 10:00 אושר.`);
  });

  it("with several bookings the answer goes to the nearest upcoming one that asked", async () => {
    const { businessId, phone, made } = await askedClient({
      bookings: [
        { date: inDays(5), time: "12:00" },
        { date: inDays(2), time: "09:30" },
      ],
    });
    await clientSays(businessId, phone, "yes");
    expect(await bookingStatus(made[1].bookingId)).toBe("confirmed");
    expect(await bookingStatus(made[0].bookingId)).toBe("scheduled");
    expect(await messageRow(made[0].messageId)).toMatchObject({ reply_action: null });
  });

  it("a reminder that did not ask, or an appointment already passed, leaves the reply as an ordinary message", async () => {
    const {
      businessId,
      phone,
      made: [m],
      clientId,
    } = await askedClient({ ask: false });
    await clientSays(businessId, phone, "1");
    expect(await bookingStatus(m.bookingId)).toBe("scheduled");
    expect(await acksOf(businessId)).toHaveLength(0);
    const client = await env.DB.prepare("SELECT awaiting_reply_at FROM clients WHERE id = ?").bind(clientId).first();
    expect(client).toEqual({ awaiting_reply_at: null });
  });

  it("an unclear answer changes nothing, sends nothing, and marks the client as waiting until the owner replies on WhatsApp", async () => {
    const owner = await signedInOwner({ messageLang: "en" });
    await connectedSession(owner.businessId);
    const phone = "972541234567";
    const clientId = await seedClient(owner.businessId, { name: "Noa Cohen", phone });
    const bookingId = await seedBooking(owner.businessId, clientId, { bookingDate: inDays(2), bookingTime: "10:00" });
    const { messageId } = await seedRuleMessage(
      owner.businessId,
      bookingId,
      { status: "queued" },
      { type: "reminder", askConfirmation: true },
    );
    await deliver([messageId]);
    const before = (await sentTo(owner.businessId)).length;

    await clientSays(owner.businessId, phone, "can we make it 6pm?");
    expect(await bookingStatus(bookingId)).toBe("scheduled");
    expect(await acksOf(owner.businessId)).toHaveLength(0);
    expect((await sentTo(owner.businessId)).length).toBe(before);
    const listed = (await (await owner.api("/api/clients")).json()) as {
      clients?: { id: string; awaiting_reply: unknown }[];
      data?: unknown;
    };
    const all = (listed.clients ??
      (listed.data as { clients?: unknown } | undefined)?.clients ??
      listed.data ??
      []) as {
      id: string;
      awaiting_reply: unknown;
    }[];
    expect(all.find((c) => c.id === clientId)?.awaiting_reply).toMatchObject({ text: "can we make it 6pm?" });
    // The Clients tab shows the count.
    const page = await (await owner.page("/dashboard/clients")).text();
    expect(page).toContain('data-testid="clients-waiting-count"');

    // The owner answers from the phone (NOWEB: the chat is in the Baileys key, not `to`).
    const reply = await simControl(`${owner.businessId}/reply`, { to: phone, body: "6pm works, see you!" });
    expect((await postEvent(owner.businessId, "message.any", reply.body)).status).toBe(200);
    const after = await env.DB.prepare("SELECT awaiting_reply_at FROM clients WHERE id = ?").bind(clientId).first();
    expect(after).toEqual({ awaiting_reply_at: null });
  });

  it("the owner can clear the mark; another business's client is not found", async () => {
    const owner = await signedInOwner();
    const clientId = await seedClient(owner.businessId, { awaitingReplyAt: Date.now(), awaitingReplyText: "hmm" });
    const other = await seedBusiness();
    const foreign = await seedClient(other.businessId, { awaitingReplyAt: Date.now(), awaitingReplyText: "hmm" });
    // The screen's own data request, as the fetcher sends it; a refusal answers 200 with its problem.
    const clear = (id: string) =>
      owner.page("/dashboard/clients.data", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "clear-waiting", id }),
      });
    const refused = await clear(foreign);
    expect(refused.status).toBe(200);
    expect(await refused.text()).toContain("clients.err.notFound");
    expect(
      await env.DB.prepare("SELECT awaiting_reply_at FROM clients WHERE id = ?").bind(foreign).first(),
    ).not.toEqual({ awaiting_reply_at: null });
    const cleared = await clear(clientId);
    expect(cleared.status).toBe(200);
    expect(await cleared.text()).not.toContain("clients.err.notFound");
    expect(await env.DB.prepare("SELECT awaiting_reply_at FROM clients WHERE id = ?").bind(clientId).first()).toEqual({
      awaiting_reply_at: null,
    });
  });
});

describe("follow-ups respect rebookings", () => {
  it('a follow-up whose client already has a later booking ends Cancelled with "Client already rebooked"; without one it is sent', async () => {
    const { businessId } = await seedBusiness();
    const clientId = await seedClient(businessId);
    const past = await seedBooking(businessId, clientId, {
      bookingDate: inDays(-20),
      bookingTime: "10:00",
      status: "completed",
    });
    await seedBooking(businessId, clientId, { bookingDate: inDays(3), bookingTime: "11:00" });
    const { messageId } = await seedRuleMessage(businessId, past, { status: "queued" }, { type: "followup" });
    const lonely = await seedClient(businessId);
    const other = await seedBooking(businessId, lonely, {
      bookingDate: inDays(-20),
      bookingTime: "10:00",
      status: "completed",
    });
    await seedBooking(businessId, lonely, { bookingDate: inDays(4), bookingTime: "11:00", status: "cancelled" });
    const second = await seedRuleMessage(businessId, other, { status: "queued" }, { type: "followup" });
    const gw = fakeGateway();
    await deliver([messageId, second.messageId], { sender: gw.sender });
    expect(await messageRow(messageId)).toMatchObject({ status: "cancelled", last_error: REBOOKED_REASON });
    expect(await messageRow(second.messageId)).toMatchObject({ status: "sent" });
    expect(gw.sent).toHaveLength(1);
    // The rule list answers the reason in English (the API's /api/rules/list).
    const rules = withReasonTexts(await listRules(env.DB, businessId), translator("en"));
    expect(rules.flatMap((r) => r.clients).find((c) => c.id === messageId)).toMatchObject({
      client_status: "cancelled",
      last_error: "Client already rebooked",
    });
  });
});

describe("pacing", () => {
  // Business-started messages' long random gaps are tested with a clock the test controls (test/safety/number-safety.test.ts).
  it("one number never sends two replies less than 3 s apart, while two numbers send in parallel (the Durable Object's slots)", async () => {
    const a = await seedBusiness();
    const b = await seedBusiness();
    const ids: string[] = [];
    for (const biz of [a.businessId, b.businessId]) {
      for (let i = 0; i < 3; i++) {
        const clientId = await seedClient(biz);
        const bookingId = await seedBooking(biz, clientId, { bookingDate: inDays(2) });
        ids.push(
          (
            await seedRuleMessage(biz, bookingId, {
              status: "queued",
              kind: "ack",
              origin: "reply",
              body: `Thank you! ${i}`,
            })
          ).messageId,
        );
      }
    }
    const gw = fakeGateway();
    const pacer: Pacer = (businessId, gap, maxWaitMs) =>
      businessSession(env, businessId).reserveSendSlot(gap, maxWaitMs);
    const started = Date.now();
    await deliver(ids, { sender: gw.sender, pacer });
    const took = Date.now() - started;
    expect(gw.sent).toHaveLength(6);
    for (const biz of [a.businessId, b.businessId]) {
      const times = gw.sent
        .filter((s) => s.session === biz)
        .map((s) => s.timestamp)
        .sort((x, y) => x - y);
      const gaps = times.slice(1).map((t, i) => t - times[i]);
      expect(Math.min(...gaps)).toBeGreaterThanOrEqual(3000);
      // 3 s, a 0.5 s margin for the gateway's own delay, and up to 2 s at random.
      expect(Math.max(...gaps)).toBeLessThanOrEqual(5500 + 300);
    }
    // In parallel: both numbers' three sends fit in one number's time, not two.
    expect(took).toBeLessThan(2 * 5600 + 1500);
  }, 30_000);

  it("the cron sweep spreads one business's messages across queue batches", () => {
    const rows = ["a1", "a2", "a3", "b1", "c1", "c2"].map((id) => ({ id, business_id: id[0] }));
    expect(interleaveByBusiness(rows)).toEqual(["a1", "b1", "c1", "a2", "c2", "a3"]);
  });

  it("a slot further away than the wait limit is not slept on: the message goes back to the queue (a fresh message) with that delay", async () => {
    const { businessId } = await seedBusiness({ pauseSeconds: 60 });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const clientId = await seedClient(businessId);
      const bookingId = await seedBooking(businessId, clientId, { bookingDate: inDays(-20) });
      ids.push((await seedRuleMessage(businessId, bookingId, { status: "queued" })).messageId);
    }
    const gw = fakeGateway();
    const pacer: Pacer = (biz, gap, maxWaitMs) => businessSession(env, biz).reserveSendSlot(gap, maxWaitMs);
    const results = await deliverMany({ env, sender: gw.sender, now: Date.now, pacer }, ids);
    expect(gw.sent).toHaveLength(1);
    const retried = [...results.values()].filter((r) => r.outcome === "paced");
    expect(retried).toHaveLength(1);
    expect(retried[0].delaySeconds).toBeGreaterThanOrEqual(55);
    const rows = await Promise.all(ids.map(messageRow));
    expect(rows.map((r) => r!.status).sort()).toEqual(["queued", "sent"]);
    expect(rows.find((r) => r!.status === "queued")).toMatchObject({ attempts: 0 });
  });
});

describe("quiet hours", () => {
  it("the window crosses midnight and ends at its end time in the business's zone", () => {
    expect(inQuietHours("21:00", "21:00", "08:00")).toBe(true);
    expect(inQuietHours("07:59", "21:00", "08:00")).toBe(true);
    expect(inQuietHours("08:00", "21:00", "08:00")).toBe(false);
    expect(inQuietHours("13:00", "12:00", "14:00")).toBe(true);
    expect(inQuietHours("03:00", "00:00", "00:00")).toBe(false);
    const at2230 = zonedInstant("2030-03-10", "22:30", "Asia/Jerusalem");
    expect(quietHoursEnd(at2230, "Asia/Jerusalem", "21:00", "08:00")).toBe(
      zonedInstant("2030-03-11", "08:00", "Asia/Jerusalem"),
    );
    const at0630 = zonedInstant("2030-03-11", "06:30", "Asia/Jerusalem");
    expect(quietHoursEnd(at0630, "Asia/Jerusalem", "21:00", "08:00")).toBe(
      zonedInstant("2030-03-11", "08:00", "Asia/Jerusalem"),
    );
  });

  it("a day-based message due at 22:30 waits for 08:00; a custom date and time goes out then", async () => {
    const { businessId } = await seedBusiness({ quietStart: "21:00", quietEnd: "08:00" });
    const clientId = await seedClient(businessId);
    const bookingId = await seedBooking(businessId, clientId, { bookingDate: inDays(-20) });
    const preset = await seedRuleMessage(
      businessId,
      bookingId,
      { status: "queued" },
      { type: "followup", scheduleType: "preset", scheduleValue: "15" },
    );
    const other = await seedBooking(businessId, await seedClient(businessId), { bookingDate: inDays(-20) });
    const custom = await seedRuleMessage(
      businessId,
      other,
      { status: "queued" },
      { type: "followup", scheduleType: "custom", customDate: inDays(0), customTime: "22:30" },
    );
    const gw = fakeGateway();
    const night = zonedInstant(inDays(0), "22:30", "Asia/Jerusalem");
    await deliver([preset.messageId, custom.messageId], { sender: gw.sender, now: () => night });
    expect(gw.sent).toHaveLength(1);
    expect(await messageRow(custom.messageId)).toMatchObject({ status: "sent" });
    const held = await messageRow(preset.messageId);
    expect(held).toMatchObject({
      status: "scheduled",
      send_time: "08:00",
      send_at: zonedInstant(inDays(1), "08:00", "Asia/Jerusalem"),
    });
    expect(localTime(held!.send_at as number, "Asia/Jerusalem")).toBe("08:00");
  });
});

describe("POST /api/rules/create: ask_confirmation", () => {
  it("defaults to true for reminders and false for follow-ups, takes an explicit choice, and refuses a non-boolean with a 400", async () => {
    const owner = await signedInOwner();
    const clientId = await seedClient(owner.businessId);
    const bookingId = await seedBooking(owner.businessId, clientId, { bookingDate: inDays(10), bookingTime: "10:00" });
    const create = (extra: Record<string, unknown>) =>
      owner.api("/api/rules/create", {
        method: "POST",
        json: {
          services: ["Haircut"],
          template: "Hi {name}",
          schedule_type: "preset",
          clients: [{ booking_id: bookingId }],
          ...extra,
        },
      });
    const asked = async (res: Response) => {
      expect(res.status).toBe(201);
      const body = (await res.json()) as { rule_group_id: string; rules: { ask_confirmation: boolean }[] };
      return body.rules[0].ask_confirmation;
    };
    expect(await asked(await create({ type: "reminder", schedule_value: "1" }))).toBe(true);
    expect(await asked(await create({ type: "followup", schedule_value: "15" }))).toBe(false);
    expect(await asked(await create({ type: "reminder", schedule_value: "2", ask_confirmation: false }))).toBe(false);
    expect(await asked(await create({ type: "followup", schedule_value: "30", ask_confirmation: true }))).toBe(true);
    const bad = await create({ type: "reminder", schedule_value: "3", ask_confirmation: "yes" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("ask_confirmation has the wrong type.");
  });
});
