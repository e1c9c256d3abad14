// Changes asked in the chat: a client with an upcoming booking who asks to
// move it, says they are late or cannot come (English and Hebrew) gets a
// change proposal tied to that booking (GET /api/proposals: kind, booking_id,
// from); Accept applies it through the bookings' update path (moved with its
// reminder re-timed, a note added, cancelled with its pending messages and an
// opening recorded) and queues a short answer in the customer's language once,
// unless `ack: false`. Accepting twice, a booking gone or cancelled: 409;
// another business: 404.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { offlineExtractor } from "../../app/providers/ai/offline";
import { readChatForProposals } from "../../app/services/proposals/live.server";
import { DEFAULT_TEMPLATE } from "../../app/services/templates";
import { schema } from "~db";
import { signedInOwner } from "../support/auth";
import { expectColumnsAsSchema, expectIndexesAsSchema } from "../support/schema-match";
import { seedBooking, seedClient } from "../support/seed";
import { addService, seedContact, type Owner } from "../support/sync";

type ProposalJson = {
  id: string;
  kind: string;
  booking_id: string | null;
  from: { date: string; time: string } | null;
  minutes: number | null;
  client_name: string;
  service: string;
  date: string;
  time: string;
  quote: string;
};
type BookingJson = { booking_date: string; booking_time: string; notes: string; status: string };

const ALL_WEEK = Object.fromEntries(
  Array.from({ length: 7 }, (_, d) => [String(d), [["09:00", "19:00"]] as [string, string][]]),
);
// Monday 14 January 2030, 09:00 in Jerusalem.
const NOW = Date.parse("2030-01-14T09:00:00+02:00");
const DAY = 86_400_000;
const PHONE = "972541234567";

/** An owner (WhatsApp held: an answer waits for the sweep) whose client Noa has a Haircut at `date` `time`. */
async function salon({ date = "2030-01-17", time = "16:30", lang = "en" as "en" | "he" } = {}) {
  const owner = await signedInOwner({ workingHours: ALL_WEEK, waStatus: "STARTING", messageLang: lang });
  expect((await addService(owner, "Haircut")).status).toBe(201);
  const client = await seedClient(owner.businessId, { name: "Noa Cohen", phone: PHONE });
  const booking = await seedBooking(owner.businessId, client, {
    service: "Haircut",
    bookingDate: date,
    bookingTime: time,
    durationMinutes: 45,
  });
  return { owner, client, booking };
}

/** Noa writes `text` (at `at`) and her chat is read as the live trigger reads it; the open proposals. */
let chats = 0;
async function chat(owner: Owner, text: string, at = NOW) {
  const chatId = `${PHONE}-${chats++}@c.us`;
  const contact = await seedContact(owner.businessId, {
    name: "Noa Cohen",
    phone: PHONE,
    chatId,
    messages: [[false, text, at - 120_000]],
  });
  await readChatForProposals(env, owner.businessId, contact.chatId, 0, at, () => offlineExtractor);
  return list(owner);
}

const list = async (owner: Owner) =>
  (await (await owner.api("/api/proposals")).json<{ proposals: ProposalJson[] }>()).proposals;
const accept = (owner: Owner, id: string, json?: unknown) =>
  owner.api(`/api/proposals/${id}/accept`, { method: "POST", ...(json === undefined ? {} : { json }) });
const booking = async (owner: Owner, id: string) =>
  (await (await owner.api(`/api/bookings/${id}`)).json<{ booking: BookingJson }>()).booking;
const acks = async (proposalId: string) =>
  (
    await env.DB.prepare(
      "SELECT body, status, origin, to_phone, booking_id FROM scheduled_messages WHERE kind = 'ack' AND ref = ?",
    )
      .bind(proposalId)
      .all<{ body: string; status: string; origin: string; to_phone: string; booking_id: string }>()
  ).results;
const failure = async (res: Response) => ({
  status: res.status,
  ...(await res.json<{ key: string; detail: string }>()),
});

/** A reminder 2 days before the booking, at the business's send time (10:00). */
async function remind(owner: Owner, bookingId: string) {
  const body = {
    type: "reminder",
    services: ["Haircut"],
    template: DEFAULT_TEMPLATE,
    schedule_type: "preset",
    schedule_value: "2",
    customDate: "",
    customTime: "",
    clients: [{ booking_id: bookingId }],
  };
  expect((await owner.api("/api/rules/create", { method: "POST", json: body })).status).toBe(201);
}
const reminderOf = (bookingId: string) =>
  env.DB.prepare("SELECT send_date, send_time, status FROM scheduled_messages WHERE booking_id = ? AND kind = 'rule'")
    .bind(bookingId)
    .first<{ send_date: string; send_time: string; status: string }>();

describe("a reschedule asked in the chat", () => {
  it("is proposed against Noa's booking (English), and Accept moves it, re-times its reminder and answers her once", async () => {
    const { owner, booking: id } = await salon();
    await remind(owner, id);
    expect(await reminderOf(id)).toMatchObject({ send_date: "2030-01-15", status: "scheduled" });

    const [p] = await chat(owner, "Hi, can we move it to Friday at 18:00 instead?");
    expect(p).toMatchObject({
      kind: "reschedule",
      booking_id: id,
      from: { date: "2030-01-17", time: "16:30" },
      service: "Haircut",
      date: "2030-01-18",
      time: "18:00",
      quote: "Hi, can we move it to Friday at 18:00 instead?",
    });

    const res = await accept(owner, p.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, booking_id: id, conflicts: [], warnings: [] });
    expect(await booking(owner, id)).toMatchObject({
      booking_date: "2030-01-18",
      booking_time: "18:00",
      status: "scheduled",
    });
    expect(await reminderOf(id)).toMatchObject({ send_date: "2030-01-16", status: "scheduled" });
    expect(await acks(p.id)).toEqual([
      {
        body: "Done! Your Haircut is moved to Friday 18/1 at 18:00. See you then!",
        status: "scheduled",
        origin: "reply",
        to_phone: PHONE,
        booking_id: id,
      },
    ]);
    expect(await list(owner)).toEqual([]);

    // Twice: 409, and still one answer.
    expect(await failure(await accept(owner, p.id))).toMatchObject({
      status: 409,
      key: "proposals.err.alreadyAccepted",
    });
    expect(await acks(p.id)).toHaveLength(1);
  });

  it("in Hebrew: 'tomorrow at the same time' moves today's booking to tomorrow, answered in Hebrew", async () => {
    const { owner, booking: id } = await salon({ date: "2030-01-14", time: "16:30" });
    const [p] = await chat(owner, "היי, אפשר להזיז למחר באותה שעה?");
    expect(p).toMatchObject({
      kind: "reschedule",
      booking_id: id,
      from: { date: "2030-01-14", time: "16:30" },
      date: "2030-01-15",
      time: "16:30",
    });
    expect((await accept(owner, p.id)).status).toBe(200);
    expect(await booking(owner, id)).toMatchObject({ booking_date: "2030-01-15", booking_time: "16:30" });
    expect((await acks(p.id)).map((a) => a.body)).toEqual([
      "סגור! התור שלך ל-Haircut הועבר ליום שלישי 15/1 בשעה 16:30. נתראה!",
    ]);
  });

  it("onto another booking: reported beside the move, or refused with if_free (nothing moved, the proposal still open)", async () => {
    const { owner, booking: id } = await salon();
    const other = await seedClient(owner.businessId, { name: "Maya Azulay" });
    await seedBooking(owner.businessId, other, {
      bookingDate: "2030-01-17",
      bookingTime: "18:00",
      durationMinutes: 60,
    });
    const [p] = await chat(owner, "Can we make it 18:00 instead?");
    expect(p).toMatchObject({ kind: "reschedule", date: "2030-01-17", time: "18:00" });

    const refused = await accept(owner, p.id, { if_free: true });
    expect(refused.status).toBe(409);
    expect(
      (await refused.json<{ conflicts: { client_name: string }[] }>()).conflicts.map((c) => c.client_name),
    ).toEqual(["Maya Azulay"]);
    expect(await booking(owner, id)).toMatchObject({ booking_time: "16:30" });
    expect((await list(owner)).map((x) => x.id)).toEqual([p.id]);
    expect(await acks(p.id)).toEqual([]);

    const anyway = await accept(owner, p.id, { ack: false });
    expect(anyway.status).toBe(200);
    const body = await anyway.json<{ conflicts: { client_name: string }[] }>();
    expect(body.conflicts.map((c) => c.client_name)).toEqual(["Maya Azulay"]);
    expect(await booking(owner, id)).toMatchObject({ booking_time: "18:00" });
    expect(await acks(p.id)).toEqual([]);
  });
});

describe("lateness said in the chat", () => {
  it("is proposed for today's booking with the minutes; Accept adds the note to the booking and answers once", async () => {
    const { owner, booking: id } = await salon({ date: "2030-01-14", time: "11:00" });
    const [p] = await chat(owner, "So sorry, running 10 min late!");
    expect(p).toMatchObject({
      kind: "late",
      booking_id: id,
      from: { date: "2030-01-14", time: "11:00" },
      date: "2030-01-14",
      time: "11:00",
      minutes: 10,
    });
    expect((await accept(owner, p.id)).status).toBe(200);
    expect(await booking(owner, id)).toMatchObject({
      booking_time: "11:00",
      status: "scheduled",
      notes: "Running 10 min late",
    });
    expect((await acks(p.id)).map((a) => a.body)).toEqual(["No problem, see you soon!"]);
  });

  it("in Hebrew ('a quarter of an hour'), for a Hebrew-speaking owner: the note in Hebrew after the booking's notes, the answer in Hebrew", async () => {
    const { owner, booking: id } = await salon({ date: "2030-01-14", time: "11:00", lang: "he" });
    await env.DB.prepare("UPDATE bookings SET notes = 'short fringe' WHERE id = ?").bind(id).run();
    const [p] = await chat(owner, "מאחרת ברבע שעה, סליחה");
    expect(p).toMatchObject({ kind: "late", booking_id: id, minutes: 15 });
    expect((await accept(owner, p.id)).status).toBe(200);
    expect((await booking(owner, id)).notes).toBe("short fringe\nמאחר/ת ב-15 דק׳");
    expect((await acks(p.id)).map((a) => a.body)).toEqual(["אין בעיה, נתראה בקרוב!"]);
  });
});

describe("a cancellation said in the chat", () => {
  it("is proposed (English); Accept with ack false cancels the booking and its reminder, records the opening, and sends nothing", async () => {
    const { owner, booking: id } = await salon({ date: "2030-01-17", time: "16:30" });
    await remind(owner, id);
    const [p] = await chat(owner, "Hi Dana, I'm really sorry but I can't make it on Thursday");
    expect(p).toMatchObject({
      kind: "cancel",
      booking_id: id,
      from: { date: "2030-01-17", time: "16:30" },
      date: "2030-01-17",
      time: "16:30",
    });
    expect((await accept(owner, p.id, { ack: false })).status).toBe(200);
    expect(await booking(owner, id)).toMatchObject({ status: "cancelled" });
    expect(await reminderOf(id)).toMatchObject({ status: "cancelled" });
    const opening = await env.DB.prepare(
      "SELECT opening_date, opening_time, service FROM openings WHERE booking_id = ?",
    )
      .bind(id)
      .first();
    expect(opening).toEqual({ opening_date: "2030-01-17", opening_time: "16:30", service: "Haircut" });
    expect(await acks(p.id)).toEqual([]);
  });

  it("in Hebrew: the booking the words name (not the nearest) is cancelled, answered in Hebrew once", async () => {
    const { owner, client, booking: nearest } = await salon({ date: "2030-01-15", time: "10:00" });
    const thursday = await seedBooking(owner.businessId, client, {
      service: "Haircut",
      bookingDate: "2030-01-17",
      bookingTime: "16:30",
    });
    const [p] = await chat(owner, "היי, לא אוכל להגיע ביום חמישי, צריכה לבטל");
    expect(p).toMatchObject({ kind: "cancel", booking_id: thursday, from: { date: "2030-01-17", time: "16:30" } });
    expect((await accept(owner, p.id)).status).toBe(200);
    expect(await booking(owner, thursday)).toMatchObject({ status: "cancelled" });
    expect(await booking(owner, nearest)).toMatchObject({ status: "scheduled" });
    expect((await acks(p.id)).map((a) => a.body)).toEqual([
      "בסדר, התור שלך ל-Haircut (יום חמישי 17/1 בשעה 16:30) בוטל. נשמח לראות אותך בפעם אחרת!",
    ]);
    expect(await failure(await accept(owner, p.id))).toMatchObject({
      status: 409,
      key: "proposals.err.alreadyAccepted",
    });
    expect(await acks(p.id)).toHaveLength(1);
  });
});

describe("what is not a change, and the refusals", () => {
  it("proposes no change for look-alikes, nor for a client without an upcoming booking", async () => {
    const { owner } = await salon();
    expect(await chat(owner, "Can't wait for Thursday!")).toEqual([]);
    const lone = await signedInOwner({ workingHours: ALL_WEEK });
    await addService(lone, "Haircut");
    expect((await chat(lone, "So sorry, running 10 min late!")).filter((p) => p.kind !== "booking")).toEqual([]);
  });

  it("answers 409 for a booking deleted or already cancelled (nothing sent), 409 once dismissed, 400 for a bad ack, 404 for another business", async () => {
    const { owner, client, booking: id } = await salon({ date: "2030-01-14", time: "11:00" });
    const [late] = await chat(owner, "running 10 min late");
    const stranger = await signedInOwner();
    expect(await failure(await accept(stranger, late.id))).toMatchObject({
      status: 404,
      key: "proposals.err.notFound",
    });
    expect(await list(stranger)).toEqual([]);
    expect(await failure(await accept(owner, late.id, { ack: "yes" }))).toMatchObject({
      status: 400,
      detail: "ack must be true or false.",
    });

    expect((await owner.api(`/api/bookings/${id}`, { method: "PATCH", json: { status: "cancelled" } })).status).toBe(
      200,
    );
    expect(await failure(await accept(owner, late.id))).toMatchObject({
      status: 409,
      key: "proposals.err.bookingCancelled",
      detail: "The booking this change is about is already cancelled.",
    });
    expect(await acks(late.id)).toEqual([]);

    const other = await seedBooking(owner.businessId, client, { bookingDate: "2030-01-20", bookingTime: "12:00" });
    const [cancel] = await chat(owner, "I can't come on Sunday", NOW + DAY);
    expect(cancel).toMatchObject({ kind: "cancel", booking_id: other });
    expect((await owner.api(`/api/bookings/${other}`, { method: "DELETE" })).status).toBe(200);
    expect(await failure(await accept(owner, cancel.id))).toMatchObject({
      status: 409,
      key: "proposals.err.bookingGone",
      detail: "The booking this change is about no longer exists.",
    });
    expect((await owner.api(`/api/proposals/${cancel.id}/dismiss`, { method: "POST" })).status).toBe(200);
    expect(await failure(await accept(owner, cancel.id))).toMatchObject({
      status: 409,
      key: "proposals.err.dismissed",
    });
  });
});

describe("migration 0018_change_proposals", () => {
  it("leaves proposals as the drizzle schema describes them: columns, NOT NULLs and indexes", async () => {
    await expectColumnsAsSchema(schema.proposals);
    await expectIndexesAsSchema(schema.proposals);
  });
});
