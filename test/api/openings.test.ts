// Freed slots: a booking cancelled while still ahead becomes an opening, listed
// by GET /api/openings with the clients worth offering it to (who asked for
// that day in a chat read into a draft, who is due for that service) and why;
// never a client who opted out, has no contact basis or already has a booking
// that day; nothing for a booking whose time has passed; another business's
// openings not listed; one booked over is no longer open. Dates are relative to
// the moment the test runs (the API reads the clock), in the business's zone.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { schema } from "~db";
import { addDays } from "../../app/utils/dates";
import { localDate } from "../../app/utils/time-zone";
import { signedInOwner } from "../support/auth";
import { handleClientMessage } from "../../app/services/replies/replies.server";
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

const DAY = 86_400_000;
const ZONE = "Asia/Jerusalem";
const EN_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const list = async (owner: Owner) => {
  const res = await owner.api("/api/openings");
  expect(res.status).toBe(200);
  return res.json<{ success: boolean; openings: OpeningJson[] }>();
};
const cancel = async (owner: Owner, bookingId: string) => {
  const res = await owner.api(`/api/bookings/${bookingId}`, { method: "PATCH", json: { status: "cancelled" } });
  expect(res.status).toBe(200);
};
const phoneOf = async (clientId: string) =>
  (await env.DB.prepare("SELECT phone FROM clients WHERE id = ?").bind(clientId).first<{ phone: string }>())!.phone;

let chats = 0;
/** The client's chat was read into a draft asking for `askedDate` (null: no day), `daysAgo` days ago. */
async function asked(
  businessId: string,
  clientId: string,
  askedDate: string | null,
  { daysAgo = 1, status = "open" as "open" | "dismissed" } = {},
) {
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
      askedDate,
      status,
      createdAt: Date.now() - daysAgo * DAY,
    });
}

describe("GET /api/openings", () => {
  it("lists a cancelled 16:00 booking ahead with the two clients who asked for that day and the client due for a haircut, and no one else", async () => {
    const owner = await signedInOwner({ timeZone: ZONE });
    expect((await addService(owner, "Haircut")).status).toBe(201);
    const today = localDate(Date.now(), ZONE);
    const day = addDays(today, 2);
    const weekday = EN_DAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];

    const maya = await seedClient(owner.businessId, { name: "Maya Katz" });
    const booking = await seedBooking(owner.businessId, maya, {
      bookingDate: day,
      bookingTime: "16:00",
      durationMinutes: 45,
    });

    const noa = await seedClient(owner.businessId, { name: "Noa Cohen" });
    await asked(owner.businessId, noa, day);
    const lior = await seedClient(owner.businessId, { name: "Lior Ben" });
    await asked(owner.businessId, lior, day, { daysAgo: 3, status: "dismissed" });
    // Due: a haircut every 30 days, the last 25 days ago.
    const dana = await seedClient(owner.businessId, { name: "Dana Shaked" });
    for (const ago of [85, 55, 25])
      await seedBooking(owner.businessId, dana, {
        bookingDate: addDays(today, -ago),
        bookingTime: "11:00",
        status: "completed",
      });

    // Not candidates: opted out; a booking that day; nobody ever wrote (no contact basis); booked since the ask; asked for another day; asked too long ago.
    const optedOut = await seedClient(owner.businessId, { name: "Opted Out" });
    await asked(owner.businessId, optedOut, day);
    await env.DB.prepare("UPDATE contact_consent SET opted_out_at = ? WHERE business_id = ? AND phone = ?")
      .bind(Date.now() - DAY, owner.businessId, await phoneOf(optedOut))
      .run();
    const busy = await seedClient(owner.businessId, { name: "Busy That Day" });
    await asked(owner.businessId, busy, day);
    await seedBooking(owner.businessId, busy, { bookingDate: day, bookingTime: "10:00" });
    const noBasis = await seedClient(owner.businessId, { name: "No Basis" }, { basis: "none" });
    await asked(owner.businessId, noBasis, day);
    const rebooked = await seedClient(owner.businessId, { name: "Booked Since" });
    await asked(owner.businessId, rebooked, day, { daysAgo: 2 });
    await seedBooking(owner.businessId, rebooked, {
      bookingDate: addDays(today, 5),
      bookingTime: "12:00",
      createdAt: Date.now() - DAY,
    });
    const otherDay = await seedClient(owner.businessId, { name: "Other Day" });
    await asked(owner.businessId, otherDay, addDays(day, 1));
    const stale = await seedClient(owner.businessId, { name: "Asked Long Ago" });
    await asked(owner.businessId, stale, day, { daysAgo: 15 });

    expect((await list(owner)).openings).toEqual([]);
    await cancel(owner, booking);

    const { success, openings } = await list(owner);
    expect(success).toBe(true);
    expect(openings).toEqual([
      {
        id: expect.any(String),
        date: day,
        time: "16:00",
        service: "Haircut",
        candidates: [
          { client_id: lior, name: "Lior Ben", reason: `asked for ${weekday}` },
          { client_id: noa, name: "Noa Cohen", reason: `asked for ${weekday}` },
          { client_id: dana, name: "Dana Shaked", reason: "due for a haircut" },
        ],
      },
    ]);
    const row = await env.DB.prepare("SELECT duration_minutes, member_id, starts_at FROM openings WHERE booking_id = ?")
      .bind(booking)
      .first();
    expect(row).toMatchObject({
      duration_minutes: 45,
      member_id: owner.memberId,
      starts_at: Date.parse(`${day}T16:00:00${offsetOf(day)}`),
    });

    // Cancelling again records nothing new.
    await cancel(owner, booking);
    expect((await list(owner)).openings).toHaveLength(1);

    // A client who asked for anything sooner is a candidate too.
    const sooner = await seedClient(owner.businessId, { name: "Tal Sooner" });
    await asked(owner.businessId, sooner, null);
    expect((await list(owner)).openings[0].candidates.map((c) => c.reason)).toContain("asked for anything sooner");

    // Booked over (the time is someone's again): no longer open.
    const res = await owner.api("/api/bookings", {
      method: "POST",
      json: { name: "Walk In", phone: "0521234567", service: "Haircut", booking_date: day, booking_time: "16:15" },
    });
    expect(res.status).toBe(201);
    expect((await list(owner)).openings).toEqual([]);
  });

  it("is booked over by a late booking the evening before that runs past midnight, and not by one whose buffer only touches it", async () => {
    const owner = await signedInOwner({ timeZone: ZONE });
    const today = localDate(Date.now(), ZONE);
    const day = addDays(today, 3);
    const maya = await seedClient(owner.businessId, { name: "Maya Katz" });
    const night = await seedBooking(owner.businessId, maya, {
      bookingDate: day,
      bookingTime: "00:30",
      durationMinutes: 60,
    });
    const afternoon = await seedBooking(owner.businessId, maya, {
      bookingDate: day,
      bookingTime: "16:00",
      durationMinutes: 45,
    });
    await cancel(owner, night);
    await cancel(owner, afternoon);
    expect((await list(owner)).openings.map((o) => o.time)).toEqual(["00:30", "16:00"]);

    // 15:00 for 45 minutes and 15 of buffer: the chair is free again at 16:00 sharp.
    const tal = await seedClient(owner.businessId, { name: "Tal Levi" });
    await seedBooking(owner.businessId, tal, {
      bookingDate: day,
      bookingTime: "15:00",
      durationMinutes: 45,
      bufferMinutes: 15,
    });
    expect((await list(owner)).openings.map((o) => o.time)).toEqual(["00:30", "16:00"]);

    // 23:30 the evening before, for 90 minutes: it runs to 01:00 and takes the 00:30 opening.
    await seedBooking(owner.businessId, tal, {
      bookingDate: addDays(day, -1),
      bookingTime: "23:30",
      durationMinutes: 90,
    });
    expect((await list(owner)).openings.map((o) => o.time)).toEqual(["16:00"]);
  });

  it("opens the slot when the client answers a reminder with 2", async () => {
    const owner = await signedInOwner({ timeZone: ZONE });
    const client = await seedClient(owner.businessId, { name: "Maya Katz" });
    const day = addDays(localDate(Date.now(), ZONE), 1);
    const booking = await seedBooking(owner.businessId, client, { bookingDate: day, bookingTime: "16:00" });
    const now = Date.now();
    await seedRuleMessage(
      owner.businessId,
      booking,
      { status: "sent", sentAt: now - 3_600_000 },
      { type: "reminder", askConfirmation: true },
    );
    const outcome = await handleClientMessage(
      env,
      owner.businessId,
      { providerId: "wamid-2", chatId: `${await phoneOf(client)}@c.us`, body: "2", at: now },
      now,
    );
    expect(outcome.handled).toBe("cancelled");
    expect((await list(owner)).openings.map((o) => [o.date, o.time, o.service])).toEqual([[day, "16:00", "Haircut"]]);
  });

  it("records nothing when the cancelled booking's time has passed", async () => {
    const owner = await signedInOwner({ timeZone: ZONE });
    const client = await seedClient(owner.businessId, { name: "Maya Katz" });
    const yesterday = addDays(localDate(Date.now(), ZONE), -1);
    const booking = await seedBooking(owner.businessId, client, { bookingDate: yesterday, bookingTime: "16:00" });
    await cancel(owner, booking);
    expect((await list(owner)).openings).toEqual([]);
    expect(
      await env.DB.prepare("SELECT count(*) AS n FROM openings WHERE business_id = ?")
        .bind(owner.businessId)
        .first("n"),
    ).toBe(0);
  });

  it("lists only the business's own openings", async () => {
    const mine = await signedInOwner({ timeZone: ZONE });
    const theirs = await signedInOwner({ timeZone: ZONE });
    const day = addDays(localDate(Date.now(), ZONE), 3);
    const theirBooking = await seedBooking(theirs.businessId, await seedClient(theirs.businessId), {
      bookingDate: day,
      bookingTime: "16:00",
    });
    await cancel(theirs, theirBooking);
    // Another business's booking id is not found, and cancels nothing.
    expect(
      (await mine.api(`/api/bookings/${theirBooking}`, { method: "PATCH", json: { status: "cancelled" } })).status,
    ).toBe(404);

    expect((await list(mine)).openings).toEqual([]);
    expect((await list(theirs)).openings.map((o) => [o.date, o.time])).toEqual([[day, "16:00"]]);
  });

  it("answers 401 without a session", async () => {
    expect((await SELF.fetch("http://localhost/api/openings")).status).toBe(401);
  });
});

describe("migration 0016_openings", () => {
  it("leaves openings and drafts as the drizzle schema describes them: columns, NOT NULLs, indexes and foreign keys", async () => {
    for (const table of [schema.openings, schema.drafts]) {
      await expectColumnsAsSchema(table);
      await expectIndexesAsSchema(table);
    }
    expect(await foreignKeysOf("openings")).toEqual([
      ["booking_id", "bookings", "SET NULL"],
      ["business_id", "businesses", "CASCADE"],
      ["member_id", "members", "SET NULL"],
    ]);
  });
});

/** Jerusalem's UTC offset on that day (+02:00 in winter, +03:00 in summer). */
function offsetOf(date: string): string {
  const noon = Date.parse(`${date}T12:00:00Z`);
  const local = new Date(noon).toLocaleString("en-GB", { timeZone: ZONE, hour: "2-digit", hourCycle: "h23" });
  return `+0${Number(local) - 12}:00`;
}
