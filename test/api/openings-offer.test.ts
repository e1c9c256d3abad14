// Offering a freed slot: POST /api/openings/{id}/offer's contract (1 to 3 of
// the opening's candidates; 400 in clear words for a bad body or a client not
// listed; 404 for another business's opening; 409 when offered twice, taken or
// ended), the offer going out as a business-started message through the one
// delivery path (the cron sweep and the queue, paced, the daily budget), and
// the answers: the first "1" is booked and confirmed, decided in the
// business's Durable Object; a later "1" is told it was just taken and nothing
// is booked; an offer ends after 2 hours. Replies come in through the signed
// webhook from the bundled WhatsApp simulator. Dates are relative to the moment
// the test runs (the API reads the clock), in the business's zone.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getWhatsAppProvider } from "../../app/providers/whatsapp/index.server";
import { deliverMany, OFFER_ENDED, type Pacer } from "../../app/services/delivery.server";
import { OFFER_OPEN_MS } from "../../app/services/openings/offers.server";
import { handleClientMessage } from "../../app/services/replies/replies.server";
import { gapFor, REPLY_GAP } from "../../app/services/safety/pacing";
import { addDays } from "../../app/utils/dates";
import { localDate } from "../../app/utils/time-zone";
import { schema } from "~db";
import { signedInOwner } from "../support/auth";
import { sweepInto } from "../support/fake-gateway";
import { connectedSession, postEvent, simControl } from "../support/gateway";
import { db, seedBooking, seedClient, seedRuleMessage } from "../support/seed";
import { addService, type Owner } from "../support/sync";
import { expectColumnsAsSchema, expectIndexesAsSchema, foreignKeysOf } from "../support/schema-match";

type OpeningJson = {
  id: string;
  date: string;
  time: string;
  service: string;
  candidates: { client_id: string; name: string; reason: string }[];
};
type MessageRow = {
  id: string;
  status: string;
  kind: string;
  origin: string;
  body: string;
  ref: string;
  budget_day: string | null;
  last_error: string | null;
  to_phone: string;
};

const DAY = 86_400_000;
const ZONE = "Asia/Jerusalem";
const ALL_WEEK = Object.fromEntries(
  Array.from({ length: 7 }, (_, d) => [String(d), [["08:00", "20:00"]] as [string, string][]]),
);
const OFFER_EN = "A 16:00 slot opened tomorrow for a haircut. Reply 1 to take it.";
const OFFER_HE = "התפנה תור מחר בשעה 16:00 לhaircut. השיבו 1 כדי לקבוע אותו.";

const offer = (owner: Owner, id: string, json: unknown) =>
  owner.api(`/api/openings/${id}/offer`, { method: "POST", json });
const detail = async (res: Response) => (await res.json<{ detail: string }>()).detail;
const phoneOf = async (clientId: string) =>
  (await env.DB.prepare("SELECT phone FROM clients WHERE id = ?").bind(clientId).first<{ phone: string }>())!.phone;
const offerMessages = (businessId: string) =>
  env.DB.prepare(
    "SELECT id, status, kind, origin, body, ref, budget_day, last_error, to_phone FROM scheduled_messages WHERE business_id = ? AND kind = 'offer' ORDER BY created_at, ref",
  )
    .bind(businessId)
    .all<MessageRow>()
    .then((r) => r.results);
const bookingsAt = (businessId: string, date: string) =>
  env.DB.prepare(
    "SELECT client_id, booking_time, status, source FROM bookings WHERE business_id = ? AND booking_date = ? AND status <> 'cancelled'",
  )
    .bind(businessId, date)
    .all<{ client_id: string; booking_time: string; status: string; source: string }>()
    .then((r) => r.results);

let chats = 0;
/** The client's chat was read into a draft asking for `askedDate`, yesterday, in `lang`. */
async function asked(businessId: string, clientId: string, askedDate: string, lang: "en" | "he" = "en") {
  await db()
    .insert(schema.drafts)
    .values({
      id: crypto.randomUUID(),
      businessId,
      chatId: `chat${chats++}@c.us`,
      clientName: "",
      clientPhone: await phoneOf(clientId),
      question: "Anything that day?",
      service: "Haircut",
      text: "Hi! I can do 10:00.",
      lang,
      askedDate,
      status: "dismissed",
      createdAt: Date.now() - DAY,
    });
}

/**
 * A salon whose 16:00 haircut tomorrow was cancelled; Noa and Lior asked for
 * that day (Lior in Hebrew), Dana has no booking history and is no candidate.
 * With `connected` the simulator has a session for it; WhatsApp reads as away
 * in D1 all the same (nothing is queued at once), except while sweepAndSend
 * runs the sweep and the consumer under the test's control.
 */
async function salonWithOpening({ connected = false, budget = 50 } = {}) {
  const owner = await signedInOwner({
    timeZone: ZONE,
    workingHours: ALL_WEEK,
    waStatus: "STARTING",
    dailyMessageBudget: budget,
  });
  if (connected) await connectedSession(owner.businessId);
  expect((await addService(owner, "Haircut")).status).toBe(201);
  const day = addDays(localDate(Date.now(), ZONE), 1);
  const maya = await seedClient(owner.businessId, { name: "Maya Katz" });
  const booking = await seedBooking(owner.businessId, maya, {
    bookingDate: day,
    bookingTime: "16:00",
    durationMinutes: 45,
  });
  const noa = await seedClient(owner.businessId, { name: "Noa Cohen" });
  await asked(owner.businessId, noa, day);
  const lior = await seedClient(owner.businessId, { name: "Lior Ben" });
  await asked(owner.businessId, lior, day, "he");
  const dana = await seedClient(owner.businessId, { name: "Dana Shaked" });
  expect((await owner.api(`/api/bookings/${booking}`, { method: "PATCH", json: { status: "cancelled" } })).status).toBe(
    200,
  );
  const { openings } = await (await owner.api("/api/openings")).json<{ openings: OpeningJson[] }>();
  expect(openings.map((o) => [o.date, o.time, o.candidates.map((c) => c.name).sort()])).toEqual([
    [day, "16:00", ["Lior Ben", "Noa Cohen"]],
  ]);
  return { owner, day, opening: openings[0], noa, lior, dana, maya };
}

const setWa = (businessId: string, status: string) =>
  env.DB.prepare("UPDATE businesses SET wa_status = ? WHERE id = ?").bind(status, businessId).run();

/**
 * WhatsApp back for a moment: the cron sweep at `at`, then the consumer with
 * a pacer that records each gap asked for (and waits for none).
 */
async function sweepAndSend(businessId: string, at = Date.now()) {
  await setWa(businessId, "WORKING");
  const { ids } = await sweepInto(at);
  const gaps: unknown[] = [];
  const pacer: Pacer = async (_business, gap) => {
    gaps.push(gap);
    return { waitMs: 0, reserved: true };
  };
  const results = await deliverMany({ env, sender: getWhatsAppProvider(env), now: () => at, pacer }, ids);
  await setWa(businessId, "STARTING");
  return { ids, gaps, results };
}

const sentTo = async (businessId: string) =>
  (await simControl<{ chatId: string; text: string }[]>(`${businessId}/sent`)).body ?? [];

/** The client writes from their own WhatsApp (through the simulator, signed to the webhook). */
async function clientSays(businessId: string, clientId: string, text: string) {
  const msg = await simControl(`${businessId}/incoming`, { from: await phoneOf(clientId), name: "Client", body: text });
  expect((await postEvent(businessId, "message.any", msg.body)).status).toBe(200);
}

describe("POST /api/openings/{id}/offer", () => {
  it("offers the slot to the chosen candidates once, each in their language, as a business-started message waiting for the queue", async () => {
    const { owner, opening, noa, lior } = await salonWithOpening();
    const res = await offer(owner, opening.id, { client_ids: [noa, lior] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, offered: 2 });

    const messages = await offerMessages(owner.businessId);
    expect(messages.map((m) => [m.to_phone, m.body]).sort()).toEqual(
      [
        [await phoneOf(noa), OFFER_EN],
        [await phoneOf(lior), OFFER_HE],
      ].sort(),
    );
    // Held while WhatsApp is away: written for the sweep, not sent directly.
    for (const m of messages) expect(m).toMatchObject({ kind: "offer", origin: "business", status: "scheduled" });
    const offers = await env.DB.prepare(
      "SELECT client_id, offered_at, ends_at FROM opening_offers WHERE opening_id = ? ORDER BY client_id",
    )
      .bind(opening.id)
      .all<{ client_id: string; offered_at: number; ends_at: number }>();
    expect(offers.results.map((o) => o.client_id)).toEqual([noa, lior].sort());
    for (const o of offers.results) expect(o.ends_at - o.offered_at).toBe(OFFER_OPEN_MS);

    // Offering again to a client already offered: 409, nothing more written.
    const again = await offer(owner, opening.id, { client_ids: [noa] });
    expect(again.status).toBe(409);
    expect(await detail(again)).toBe("This slot was already offered to Noa Cohen.");
    expect(await offerMessages(owner.businessId)).toHaveLength(2);
  });

  it("refuses a bad body with 400 in clear words, a client not listed for it with 400, and another business's opening with 404", async () => {
    const { owner, opening, noa, lior, dana, maya } = await salonWithOpening();
    const stranger = await signedInOwner({ timeZone: ZONE });
    const bodies = [
      {},
      { client_ids: [] },
      { client_ids: "x" },
      { client_ids: [1] },
      { client_ids: [""] },
      { client_ids: [noa, noa] },
      { client_ids: [noa, lior, dana, maya] },
    ];
    for (const json of bodies) {
      const res = await offer(owner, opening.id, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await detail(res)).toBe("Choose 1 to 3 clients to offer the slot to (client_ids).");
    }
    // Dana asked for nothing and is due for nothing; Maya's was the cancelled booking; another business's client is nobody here.
    const theirClient = await seedClient(stranger.businessId, { name: "Not Yours" });
    for (const ids of [[dana], [noa, maya], [theirClient]]) {
      const res = await offer(owner, opening.id, { client_ids: ids });
      expect(res.status).toBe(400);
      expect(await detail(res)).toBe("Offer the slot only to the clients listed for it.");
    }
    // Another business's opening (with a good body or a bad one) and an unknown id: 404.
    for (const json of [{ client_ids: [noa] }, {}]) {
      const res = await offer(stranger, opening.id, json);
      expect(res.status).toBe(404);
      expect(await detail(res)).toBe("Opening not found.");
    }
    expect((await offer(owner, "no-such-opening", { client_ids: [noa] })).status).toBe(404);
    expect(await offerMessages(owner.businessId)).toEqual([]);
    expect(await offerMessages(stranger.businessId)).toEqual([]);
  });

  it("answers 409 once the slot is booked over or its time has come", async () => {
    const { owner, day, opening, noa } = await salonWithOpening();
    const res = await owner.api("/api/bookings", {
      method: "POST",
      json: { name: "Walk In", phone: "0521234567", service: "Haircut", booking_date: day, booking_time: "16:00" },
    });
    expect(res.status).toBe(201);
    const taken = await offer(owner, opening.id, { client_ids: [noa] });
    expect(taken.status).toBe(409);
    expect(await detail(taken)).toBe("This slot was already taken.");

    const second = await salonWithOpening();
    await env.DB.prepare("UPDATE openings SET starts_at = ? WHERE id = ?")
      .bind(Date.now() - 1000, second.opening.id)
      .run();
    const ended = await offer(second.owner, second.opening.id, { client_ids: [second.noa] });
    expect(ended.status).toBe(409);
    expect(await detail(ended)).toBe("This opening has ended: its time has come.");
    expect(await offerMessages(owner.businessId)).toEqual([]);
    expect(await offerMessages(second.owner.businessId)).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    const { opening } = await salonWithOpening();
    const res = await fetchWithoutSession(`/api/openings/${opening.id}/offer`);
    expect(res.status).toBe(401);
  });
});

describe("the offer goes out through the paced queue and the daily budget", () => {
  it("is sent once each, paced as a business-started message and counted against the day's budget; what the budget leaves for tomorrow never goes once the offer ended", async () => {
    const { owner, opening, noa, lior } = await salonWithOpening({ connected: true, budget: 1 });
    expect((await offer(owner, opening.id, { client_ids: [noa, lior] })).status).toBe(200);
    const { gaps, results } = await sweepAndSend(owner.businessId);
    expect(gaps).toEqual([gapFor("business", 20)]);
    expect([...results.values()].map((r) => r.outcome).sort()).toEqual(["over-budget", "sent"]);
    const messages = await offerMessages(owner.businessId);
    const sent = messages.find((m) => m.status === "sent")!;
    expect(sent.budget_day).toBe(localDate(Date.now(), ZONE));
    expect((await sentTo(owner.businessId)).map((s) => s.text)).toEqual([sent.body]);

    // Tomorrow's budget: by then the offer has ended (2 hours), so it is cancelled, not sent.
    const waiting = messages.find((m) => m.id !== sent.id)!;
    const { send_at: later } = (await env.DB.prepare("SELECT send_at FROM scheduled_messages WHERE id = ?")
      .bind(waiting.id)
      .first<{ send_at: number }>())!;
    expect(later).toBeGreaterThan(Date.now() + OFFER_OPEN_MS);
    const next = await sweepAndSend(owner.businessId, later);
    expect(next.ids).toHaveLength(1);
    expect([...next.results.values()]).toEqual([{ outcome: "cancelled" }]);
    expect((await offerMessages(owner.businessId)).find((m) => m.id === waiting.id)).toMatchObject({
      status: "cancelled",
      last_error: OFFER_ENDED,
    });
    expect(await sentTo(owner.businessId)).toHaveLength(1);
  });
});

describe("the first 1 gets the slot", () => {
  it("a cancelled 16:00 booking offered to two clients who asked for that day: the first 1 is booked and confirmed, the second is told it was taken", async () => {
    const { owner, day, opening, noa, lior } = await salonWithOpening({ connected: true });
    expect((await offer(owner, opening.id, { client_ids: [noa, lior] })).status).toBe(200);
    const first = await sweepAndSend(owner.businessId);
    expect(first.gaps).toEqual([gapFor("business", 20), gapFor("business", 20)]);
    expect((await sentTo(owner.businessId)).map((s) => s.text).sort()).toEqual([OFFER_EN, OFFER_HE].sort());

    await clientSays(owner.businessId, lior, "1");
    await clientSays(owner.businessId, noa, "1");
    // Lior's "1" was first: booked on the 16:00, from the chat.
    expect(await bookingsAt(owner.businessId, day)).toEqual([
      { client_id: lior, booking_time: "16:00", status: "scheduled", source: "sync" },
    ]);
    const offers = await env.DB.prepare(
      "SELECT client_id, answer, booking_id FROM opening_offers WHERE opening_id = ? ORDER BY answer",
    )
      .bind(opening.id)
      .all<{ client_id: string; answer: string; booking_id: string | null }>();
    expect(offers.results).toEqual([
      { client_id: lior, answer: "booked", booking_id: expect.any(String) },
      { client_id: noa, answer: "taken", booking_id: null },
    ]);
    expect((await owner.api("/api/openings")).status).toBe(200);
    expect((await (await owner.api("/api/openings")).json<{ openings: unknown[] }>()).openings).toEqual([]);

    // The answers go through the queue as replies (the short gap, no budget).
    const answers = await sweepAndSend(owner.businessId);
    expect(answers.gaps).toEqual([REPLY_GAP, REPLY_GAP]);
    const texts = (await sentTo(owner.businessId)).map((s) => [s.chatId, s.text]);
    expect(texts).toContainEqual([`${await phoneOf(lior)}@c.us`, "התור שלך! Haircut מחר בשעה 16:00 נקבע. נתראה!"]);
    expect(texts).toContainEqual([`${await phoneOf(noa)}@c.us`, "Sorry, it was just taken."]);
    for (const m of (await offerMessages(owner.businessId)).filter((m) => m.ref.includes(":")))
      expect(m).toMatchObject({ origin: "reply", budget_day: null });

    // Offering it again once taken: 409.
    const again = await offer(owner, opening.id, { client_ids: [noa] });
    expect(again.status).toBe(409);
    expect(await detail(again)).toBe("This slot was already taken.");
  });

  it("a 1 after the offer's 2 hours books nothing", async () => {
    const { owner, day, opening, noa } = await salonWithOpening({ connected: true });
    expect((await offer(owner, opening.id, { client_ids: [noa] })).status).toBe(200);
    await sweepAndSend(owner.businessId);
    const later = Date.now() + OFFER_OPEN_MS + 60_000;
    const outcome = await handleClientMessage(
      env,
      owner.businessId,
      { providerId: "late-1", chatId: `${await phoneOf(noa)}@c.us`, body: "1", at: later },
      later,
    );
    expect(outcome).toEqual({ handled: "none" });
    expect(await bookingsAt(owner.businessId, day)).toEqual([]);
    // Within the 2 hours the same "1" books it.
    const soon = Date.now() + OFFER_OPEN_MS - 60_000;
    const taken = await handleClientMessage(
      env,
      owner.businessId,
      { providerId: "soon-1", chatId: `${await phoneOf(noa)}@c.us`, body: "1", at: soon },
      soon,
    );
    expect(taken).toMatchObject({ handled: "offer-booked" });
    expect(await bookingsAt(owner.businessId, day)).toEqual([
      { client_id: noa, booking_time: "16:00", status: "scheduled", source: "sync" },
    ]);
  });
});

describe("an offer and a reminder that asked", () => {
  it("a 1 goes to the newer of the two: the offer sent after a reminder takes it; a reminder sent after the offer is confirmed instead", async () => {
    const { owner, day, opening, noa, lior } = await salonWithOpening({ connected: true });
    const later = addDays(day, 2);
    const now = Date.now();
    // Both have a booking later in the week, made before their ask, whose reminder asked "Reply 1 to confirm or 2 to cancel".
    const noaBooking = await seedBooking(owner.businessId, noa, {
      bookingDate: later,
      bookingTime: "11:00",
      createdAt: now - 3 * DAY,
    });
    const liorBooking = await seedBooking(owner.businessId, lior, {
      bookingDate: later,
      bookingTime: "12:00",
      createdAt: now - 3 * DAY,
    });
    await seedRuleMessage(
      owner.businessId,
      noaBooking,
      { status: "sent", sentAt: now - 3_600_000 },
      { type: "reminder", askConfirmation: true },
    );
    expect((await offer(owner, opening.id, { client_ids: [noa, lior] })).status).toBe(200);
    await sweepAndSend(owner.businessId);
    const { messageId: liorReminder } = await seedRuleMessage(
      owner.businessId,
      liorBooking,
      { status: "sent", sentAt: now + 60_000 },
      { type: "reminder", askConfirmation: true },
    );

    const at = now + 120_000;
    const say = async (clientId: string, id: string) =>
      handleClientMessage(
        env,
        owner.businessId,
        { providerId: id, chatId: `${await phoneOf(clientId)}@c.us`, body: "1", at },
        at,
      );
    expect(await say(noa, "noa-1")).toMatchObject({ handled: "offer-booked" });
    expect(await say(lior, "lior-1")).toMatchObject({ handled: "confirmed", messageId: liorReminder });
    const status = (id: string) => env.DB.prepare("SELECT status FROM bookings WHERE id = ?").bind(id).first("status");
    expect(await status(noaBooking)).toBe("scheduled");
    expect(await status(liorBooking)).toBe("confirmed");
    expect(await bookingsAt(owner.businessId, day)).toEqual([
      { client_id: noa, booking_time: "16:00", status: "scheduled", source: "sync" },
    ]);
  });

  it("two 1s at the same moment book the slot once", async () => {
    const { owner, day, opening, noa, lior } = await salonWithOpening({ connected: true });
    expect((await offer(owner, opening.id, { client_ids: [noa, lior] })).status).toBe(200);
    await sweepAndSend(owner.businessId);
    const at = Date.now() + 1000;
    const outcomes = await Promise.all(
      [noa, lior].map(async (clientId, i) =>
        handleClientMessage(
          env,
          owner.businessId,
          { providerId: `same-${i}`, chatId: `${await phoneOf(clientId)}@c.us`, body: "1", at },
          at,
        ),
      ),
    );
    expect(outcomes.map((o) => o.handled).sort()).toEqual(["offer-booked", "offer-taken"]);
    expect(await bookingsAt(owner.businessId, day)).toHaveLength(1);
  });
});

describe("migration 0017_opening_offers", () => {
  it("leaves opening_offers as the drizzle schema describes it: columns, NOT NULLs, indexes and foreign keys", async () => {
    await expectColumnsAsSchema(schema.openingOffers);
    await expectIndexesAsSchema(schema.openingOffers);
    expect(await foreignKeysOf("opening_offers")).toEqual([
      ["booking_id", "bookings", "SET NULL"],
      ["business_id", "businesses", "CASCADE"],
      ["client_id", "clients", "CASCADE"],
      ["opening_id", "openings", "CASCADE"],
    ]);
  });
});

function fetchWithoutSession(path: string) {
  return SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
}
