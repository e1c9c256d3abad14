// The salon's time for the catalogue and bookings: service durations, buffers
// and prices, the business's currency, bookings' durations and price
// snapshots, and overlap reports, hours warnings and if_free refusals.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { storeProposals } from "../../app/services/proposals/store.server";
import { signedInOwner } from "../support/auth";
import { db, seedBooking, seedClient } from "../support/seed";
import { save, seedContact } from "../support/sync";

const HOURS = {
  "0": [["09:00", "19:00"]],
  "1": [["09:00", "19:00"]],
  "2": [["09:00", "19:00"]],
  "3": [["09:00", "19:00"]],
  "4": [["09:00", "19:00"]],
  "5": [["09:00", "14:00"]],
  "6": [],
} as Record<string, [string, string][]>;
const SUNDAY = "2030-03-17";
const SATURDAY = "2030-03-16";

type Item = { id: string; service: string; duration_minutes: number; buffer_minutes: number; price: number | null };
type Conflict = { id: string; client_name: string; booking_date: string; booking_time: string; end_time: string };
type Booked = {
  success: boolean;
  detail: string;
  key?: string;
  booking: {
    id: string;
    duration_minutes: number;
    end_time: string;
    price: number | null;
    booking_time: string;
    service: string;
  };
  conflicts: Conflict[];
  warnings: string[];
};

const owner = () => signedInOwner({ workingHours: HOURS });
const body = async <T>(res: Response) => (await res.json()) as T;
const haircut = { service: "Haircut", duration_minutes: 45, buffer_minutes: 15, price: 120.5 };
const booking = (time: string, extra: Record<string, unknown> = {}) => ({
  name: "Dana Levi",
  phone: "054-000-0001",
  service: "Haircut",
  booking_date: SUNDAY,
  booking_time: time,
  ...extra,
});
const count = async (businessId: string) =>
  (await env.DB.prepare("SELECT count(*) AS n FROM bookings WHERE business_id = ?")
    .bind(businessId)
    .first<{ n: number }>())!.n;

describe("services carry duration, buffer and price", () => {
  it("adds with defaults, adds with details, edits only what is sent, and lists them", async () => {
    const o = await owner();
    const plain = await body<{ item: Item }>(
      await o.api("/api/services", { method: "POST", json: { service: "Coloring" } }),
    );
    expect(plain.item).toMatchObject({ service: "Coloring", duration_minutes: 60, buffer_minutes: 0, price: null });
    const added = await o.api("/api/services", { method: "POST", json: haircut });
    expect(added.status).toBe(201);
    const { item } = await body<{ item: Item }>(added);
    expect(item).toMatchObject(haircut);

    const patched = await body<{ item: Item }>(
      await o.api(`/api/services/${item.id}`, { method: "PATCH", json: { price: null, duration_minutes: 30 } }),
    );
    expect(patched.item).toMatchObject({ service: "Haircut", duration_minutes: 30, buffer_minutes: 15, price: null });
    const renamed = await body<{ item: Item }>(
      await o.api(`/api/services/${item.id}`, { method: "PATCH", json: { service: "Men's haircut" } }),
    );
    expect(renamed.item).toMatchObject({ service: "Men's haircut", duration_minutes: 30, buffer_minutes: 15 });

    const list = await body<{ services: string[]; items: Item[] }>(await o.api("/api/services"));
    expect(list.services).toEqual(["Coloring", "Men's haircut"]);
    expect(list.items.map(({ id: _id, ...rest }) => rest)).toEqual([
      { service: "Coloring", duration_minutes: 60, buffer_minutes: 0, price: null },
      { service: "Men's haircut", duration_minutes: 30, buffer_minutes: 15, price: null },
    ]);
  });

  it("refuses bad values with 400 and a clear message, writing nothing", async () => {
    const o = await owner();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ service: "A", duration_minutes: 4 }, /duration_minutes must be a whole number of minutes from 5 to 480/],
      [{ service: "A", duration_minutes: 481 }, /from 5 to 480/],
      [{ service: "A", duration_minutes: 30.5 }, /duration_minutes/],
      [{ service: "A", duration_minutes: "long" }, /duration_minutes/],
      [{ service: "A", buffer_minutes: -5 }, /buffer_minutes must be a whole number of minutes from 0 to 120/],
      [{ service: "A", buffer_minutes: 121 }, /buffer_minutes/],
      [{ service: "A", price: -1 }, /price must be an amount/],
      [{ service: "A", price: 10.123 }, /at most two decimals/],
      [{ service: "A", price: "free" }, /price/],
      [{ service: "", duration_minutes: 30 }, /Please enter service name/],
    ];
    for (const [json, message] of cases) {
      const res = await o.api("/api/services", { method: "POST", json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await body<{ detail: string }>(res)).detail).toMatch(message);
    }
    const { item } = await body<{ item: Item }>(await o.api("/api/services", { method: "POST", json: haircut }));
    const bad = await o.api(`/api/services/${item.id}`, { method: "PATCH", json: { duration_minutes: 0 } });
    expect(bad.status).toBe(400);
    const empty = await o.api(`/api/services/${item.id}`, { method: "PATCH", json: {} });
    expect(empty.status).toBe(400);
    const list = await body<{ items: Item[] }>(await o.api("/api/services"));
    expect(list.items).toEqual([item]);
  });

  it("answers 404 for another business's service", async () => {
    const o = await owner();
    const other = await owner();
    const { item } = await body<{ item: Item }>(await other.api("/api/services", { method: "POST", json: haircut }));
    const res = await o.api(`/api/services/${item.id}`, { method: "PATCH", json: { duration_minutes: 30 } });
    expect(res.status).toBe(404);
    const list = await body<{ items: Item[] }>(await other.api("/api/services"));
    expect(list.items[0].duration_minutes).toBe(45);
  });
});

describe("the business's currency", () => {
  it("defaults to the country's, can be chosen, and refuses a code that is not ISO 4217", async () => {
    const o = await owner();
    const read = async () =>
      (await body<{ settings: { currency: string } }>(await o.api("/api/settings"))).settings.currency;
    expect(await read()).toBe("ILS");
    const saved = await o.api("/api/settings", { method: "PATCH", json: { currency: "eur" } });
    expect(saved.status).toBe(200);
    expect((await body<{ settings: { currency: string } }>(saved)).settings.currency).toBe("EUR");
    expect(await read()).toBe("EUR");
    for (const currency of ["EURO", "XYZ", 5]) {
      const res = await o.api("/api/settings", { method: "PATCH", json: { currency, city: "Haifa" } });
      expect(res.status).toBe(400);
      expect((await body<{ detail: string }>(res)).detail).toMatch(/ISO 4217/);
    }
    expect(await read()).toBe("EUR");
    const back = await body<{ settings: { currency: string; city: string } }>(
      await o.api("/api/settings", { method: "PATCH", json: { currency: "" } }),
    );
    expect(back.settings.currency).toBe("ILS");
    const us = await signedInOwner({ country: "US" });
    expect((await body<{ settings: { currency: string } }>(await us.api("/api/settings"))).settings.currency).toBe(
      "USD",
    );
  });
});

describe("bookings carry a duration, an end time and a price", () => {
  it("takes the service's duration, buffer and price when created; a duration can be given or changed", async () => {
    const o = await owner();
    await o.api("/api/services", { method: "POST", json: haircut });
    const made = await body<Booked>(await o.api("/api/bookings", { method: "POST", json: booking("10:00") }));
    expect(made.booking).toMatchObject({ duration_minutes: 45, end_time: "10:45", price: 120.5 });
    const row = await env.DB.prepare("SELECT buffer_minutes, price_cents FROM bookings WHERE id = ?")
      .bind(made.booking.id)
      .first();
    expect(row).toEqual({ buffer_minutes: 15, price_cents: 12050 });

    const longer = await body<Booked>(
      await o.api("/api/bookings", { method: "POST", json: booking("15:00", { duration_minutes: 90 }) }),
    );
    expect(longer.booking).toMatchObject({ duration_minutes: 90, end_time: "16:30", price: 120.5 });
    const unknown = await body<Booked>(
      await o.api("/api/bookings", { method: "POST", json: booking("12:00", { service: "Massage" }) }),
    );
    expect(unknown.booking).toMatchObject({ duration_minutes: 60, end_time: "13:00", price: null });

    const patched = await body<Booked>(
      await o.api(`/api/bookings/${made.booking.id}`, { method: "PATCH", json: { duration_minutes: 30 } }),
    );
    expect(patched.booking).toMatchObject({ duration_minutes: 30, end_time: "10:30", price: 120.5 });
    // The price is a snapshot: a later price change leaves the booking's.
    const { items } = await body<{ items: Item[] }>(await o.api("/api/services"));
    await o.api(`/api/services/${items[0].id}`, { method: "PATCH", json: { price: 150 } });
    const list = await body<{ bookings: Booked["booking"][] }>(
      await o.api(`/api/bookings?from=${SUNDAY}&to=${SUNDAY}`),
    );
    expect(list.bookings.map((b) => [b.booking_time, b.duration_minutes, b.end_time, b.price])).toEqual([
      ["15:00", 90, "16:30", 120.5],
      ["12:00", 60, "13:00", null],
      ["10:00", 30, "10:30", 120.5],
    ]);
  });

  it("ends on the wall clock across a DST night: the answer, the list, the booking and the overlap all say so", async () => {
    // London springs forward on Sunday 2030-03-31 at 01:00: 00:30 + 60 minutes is 02:30 on the wall.
    const o = await signedInOwner({ country: "GB", timeZone: "Europe/London" });
    const night = { ...booking("00:30", { booking_date: "2030-03-31", service: "Colour" }), phone: "07700 900123" };
    const made = await body<Booked>(await o.api("/api/bookings", { method: "POST", json: night }));
    expect(made.booking).toMatchObject({ booking_time: "00:30", duration_minutes: 60, end_time: "02:30" });
    const list = await body<{ bookings: Booked["booking"][] }>(
      await o.api("/api/bookings?from=2030-03-31&to=2030-03-31"),
    );
    expect(list.bookings.map((b) => b.end_time)).toEqual(["02:30"]);
    expect(
      (await body<{ booking: Booked["booking"] }>(await o.api(`/api/bookings/${made.booking.id}`))).booking.end_time,
    ).toBe("02:30");
    // 02:15 on the wall is 01:15 UTC, inside the first booking (00:30-01:30 UTC).
    const after = await body<Booked>(
      await o.api("/api/bookings", {
        method: "POST",
        json: { ...night, booking_time: "02:15", phone: "07700 900124" },
      }),
    );
    expect(after.conflicts.map((c) => [c.booking_time, c.end_time])).toEqual([["00:30", "02:30"]]);
  });

  it("refuses a bad duration with 400 and writes nothing", async () => {
    const o = await owner();
    for (const duration_minutes of [0, 481, 12.5, "x", null]) {
      const res = await o.api("/api/bookings", { method: "POST", json: booking("10:00", { duration_minutes }) });
      expect(res.status, String(duration_minutes)).toBe(400);
      expect((await body<{ detail: string }>(res)).detail).toMatch(/duration_minutes/);
    }
    expect(await count(o.businessId)).toBe(0);
    const made = await body<Booked>(await o.api("/api/bookings", { method: "POST", json: booking("10:00") }));
    const res = await o.api(`/api/bookings/${made.booking.id}`, { method: "PATCH", json: { duration_minutes: 1000 } });
    expect(res.status).toBe(400);
    const flag = await o.api(`/api/bookings/${made.booking.id}`, {
      method: "PATCH",
      json: { booking_time: "11:00", if_free: "yes" },
    });
    expect(flag.status).toBe(400);
    expect((await body<{ detail: string }>(flag)).detail).toMatch(/if_free/);
  });
});

describe("overlaps and warnings", () => {
  it("reports the bookings a new one overlaps (duration plus buffer), and none for a free time", async () => {
    const o = await owner();
    await o.api("/api/services", { method: "POST", json: haircut });
    const noa = await body<Booked>(
      await o.api("/api/bookings", {
        method: "POST",
        json: booking("10:00", { name: "Noa Cohen", phone: "054-000-0002" }),
      }),
    );
    expect(noa).toMatchObject({ conflicts: [], warnings: [] });
    // 10:00 + 45 + 15 buffer: taken until 11:00.
    const second = await o.api("/api/bookings", { method: "POST", json: booking("10:30") });
    expect(second.status).toBe(201);
    const data = await body<Booked>(second);
    expect(data.conflicts).toEqual([
      { id: noa.booking.id, client_name: "Noa Cohen", booking_date: SUNDAY, booking_time: "10:00", end_time: "10:45" },
    ]);
    const free = await body<Booked>(await o.api("/api/bookings", { method: "POST", json: booking("11:30") }));
    expect(free.conflicts).toEqual([]);
    // 11:00 touches the buffer's end only; the 10:30 booking (ends 12:00 with its buffer) is in the way.
    const touching = await body<Booked>(
      await o.api("/api/bookings", {
        method: "POST",
        json: booking("12:15", { service: "Other", duration_minutes: 15 }),
      }),
    );
    expect(touching.conflicts.map((c) => c.booking_time)).toEqual(["11:30"]);
  });

  it("ignores cancelled and no-show bookings and another business's", async () => {
    const o = await owner();
    const other = await owner();
    const client = await seedClient(o.businessId);
    await seedBooking(o.businessId, client, { bookingDate: SUNDAY, bookingTime: "10:00", status: "cancelled" });
    await seedBooking(o.businessId, client, { bookingDate: SUNDAY, bookingTime: "10:00", status: "no_show" });
    const theirs = await seedClient(other.businessId);
    await seedBooking(other.businessId, theirs, { bookingDate: SUNDAY, bookingTime: "10:00" });
    const made = await body<Booked>(
      await o.api("/api/bookings", { method: "POST", json: booking("10:00", { if_free: true }) }),
    );
    expect(made).toMatchObject({ success: true, conflicts: [] });
  });

  it("sees a booking late the day before running past midnight", async () => {
    const o = await owner();
    const client = await seedClient(o.businessId, { name: "Late Owl" });
    await seedBooking(o.businessId, client, { bookingDate: "2030-03-16", bookingTime: "23:30", durationMinutes: 90 });
    const made = await body<Booked>(
      await o.api("/api/bookings", { method: "POST", json: booking("00:30", { booking_date: SUNDAY }) }),
    );
    expect(made.conflicts).toEqual([
      expect.objectContaining({ client_name: "Late Owl", booking_date: "2030-03-16", end_time: "01:00" }),
    ]);
  });

  it("warns outside working hours and on a day off, and still saves", async () => {
    const o = await owner();
    const saturday = await body<Booked>(
      await o.api("/api/bookings", { method: "POST", json: booking("10:00", { booking_date: SATURDAY }) }),
    );
    expect(saturday).toMatchObject({ success: true, warnings: ["outside_hours"] });
    const late = await body<Booked>(await o.api("/api/bookings", { method: "POST", json: booking("18:30") }));
    expect(late.warnings).toEqual(["outside_hours"]);
    await env.DB.prepare("INSERT INTO time_off (id, business_id, date_from, date_to, note) VALUES (?, ?, ?, ?, '')")
      .bind(crypto.randomUUID(), o.businessId, "2030-03-18", "2030-03-19")
      .run();
    const off = await body<Booked>(
      await o.api("/api/bookings", { method: "POST", json: booking("10:00", { booking_date: "2030-03-19" }) }),
    );
    expect(off.warnings).toEqual(["time_off"]);
    expect(await count(o.businessId)).toBe(3);
  });

  it("if_free refuses an overlapping time with 409 and the conflicts, writing nothing", async () => {
    const o = await owner();
    await o.api("/api/services", { method: "POST", json: haircut });
    const noa = await body<Booked>(
      await o.api("/api/bookings", {
        method: "POST",
        json: booking("10:00", { name: "Noa Cohen", phone: "054-000-0002" }),
      }),
    );
    const res = await o.api("/api/bookings", {
      method: "POST",
      json: booking("10:30", { if_free: true, phone: "054-000-0099" }),
    });
    expect(res.status).toBe(409);
    const data = await body<{ success: boolean; detail: string; conflicts: Conflict[] }>(res);
    expect(data).toMatchObject({ success: false, detail: "This time overlaps another booking." });
    expect(data.conflicts.map((c) => [c.client_name, c.booking_time, c.end_time])).toEqual([
      ["Noa Cohen", "10:00", "10:45"],
    ]);
    expect(await count(o.businessId)).toBe(1);
    // Nor a client for the new number.
    const clients = await env.DB.prepare(
      "SELECT count(*) AS n FROM clients WHERE business_id = ? AND phone = '972540000099'",
    )
      .bind(o.businessId)
      .first();
    expect(clients).toEqual({ n: 0 });
    // A free time is booked.
    expect((await o.api("/api/bookings", { method: "POST", json: booking("11:00", { if_free: true }) })).status).toBe(
      201,
    );
    // A move onto Noa is refused the same way, and the booking stays where it was.
    const later = await body<Booked>(await o.api("/api/bookings", { method: "POST", json: booking("15:00") }));
    const move = await o.api(`/api/bookings/${later.booking.id}`, {
      method: "PATCH",
      json: { booking_time: "09:30", if_free: true },
    });
    expect(move.status).toBe(409);
    expect((await body<{ conflicts: Conflict[] }>(move)).conflicts.map((c) => c.id)).toEqual([noa.booking.id]);
    const still = await body<{ booking: Booked["booking"] }>(await o.api(`/api/bookings/${later.booking.id}`));
    expect(still.booking.booking_time).toBe("15:00");
    // Without if_free the move is made and reported; a status change alone reports nothing.
    const moved = await body<Booked>(
      await o.api(`/api/bookings/${later.booking.id}`, { method: "PATCH", json: { booking_time: "09:30" } }),
    );
    expect(moved.conflicts.map((c) => c.id)).toEqual([noa.booking.id]);
    const confirmed = await body<Booked>(
      await o.api(`/api/bookings/${later.booking.id}`, {
        method: "PATCH",
        json: { status: "confirmed", if_free: true },
      }),
    );
    expect(confirmed).toMatchObject({ success: true, conflicts: [] });
  });

  it("twenty concurrent if_free requests for one slot create exactly one booking", async () => {
    const o = await owner();
    await o.api("/api/services", { method: "POST", json: haircut });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        o.api("/api/bookings", {
          method: "POST",
          json: booking("14:00", {
            if_free: true,
            name: `Client ${i}`,
            phone: `054-100-00${String(i).padStart(2, "0")}`,
          }),
        }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    expect(await count(o.businessId)).toBe(1);
  });

  it("answers 404 for another business's booking, whatever the body", async () => {
    const o = await owner();
    const other = await owner();
    const theirs = await seedBooking(other.businessId, await seedClient(other.businessId), { bookingDate: SUNDAY });
    for (const json of [{ booking_time: "11:00", if_free: true }, { duration_minutes: 30 }, { duration_minutes: 0 }]) {
      expect((await o.api(`/api/bookings/${theirs}`, { method: "PATCH", json })).status).toBe(404);
    }
    const row = await env.DB.prepare("SELECT booking_time, duration_minutes FROM bookings WHERE id = ?")
      .bind(theirs)
      .first();
    expect(row).toEqual({ booking_time: "10:00", duration_minutes: 60 });
  });
});

describe("Sync save and proposal accept take the service's time and report overlaps", () => {
  it("Sync save snapshots duration, buffer and price and answers the bookings its saves overlap", async () => {
    const o = await owner();
    await o.api("/api/services", { method: "POST", json: haircut });
    const noa = await body<Booked>(
      await o.api("/api/bookings", {
        method: "POST",
        json: booking("10:00", { name: "Noa Cohen", phone: "054-000-0002" }),
      }),
    );
    const contact = await seedContact(o.businessId, { name: "Dana" });
    const items = [
      { service: "haircut", date: SUNDAY, time: "10:30", notes: "" },
      { service: "Haircut", date: SATURDAY, time: "12:00", notes: "" },
    ];
    const res = await save(o, { results: [{ user_id: contact.id, items }] });
    const data = await body<{ saved: number; conflicts: Conflict[]; warnings: string[] }>(res);
    expect(data).toMatchObject({ saved: 2, warnings: ["outside_hours"] });
    expect(data.conflicts.map((c) => c.id)).toEqual([noa.booking.id]);
    const rows = await env.DB.prepare(
      "SELECT booking_time, duration_minutes, buffer_minutes, price_cents FROM bookings WHERE source = 'sync' AND business_id = ? ORDER BY booking_date",
    )
      .bind(o.businessId)
      .all();
    expect(rows.results).toEqual([
      { booking_time: "12:00", duration_minutes: 45, buffer_minutes: 15, price_cents: 12050 },
      { booking_time: "10:30", duration_minutes: 45, buffer_minutes: 15, price_cents: 12050 },
    ]);
  });

  it("accepting a proposal reports overlaps, and with if_free refuses with 409 leaving it open", async () => {
    const o = await owner();
    await o.api("/api/services", { method: "POST", json: haircut });
    const noa = await body<Booked>(
      await o.api("/api/bookings", {
        method: "POST",
        json: booking("10:00", { name: "Noa Cohen", phone: "054-000-0002" }),
      }),
    );
    const contact = await seedContact(o.businessId, { name: "Dana" });
    const chat = { chatId: contact.chatId, phone: contact.phone, name: "Dana" };
    const [first, second] = await storeProposals(
      db(),
      { id: o.businessId, country: "IL" },
      chat,
      [
        { service: "Haircut", date: SUNDAY, time: "10:30", notes: "", quote: "" },
        { service: "Haircut", date: SUNDAY, time: "10:40", notes: "", quote: "" },
      ],
      Date.now(),
    );
    const refused = await o.api(`/api/proposals/${first.id}/accept`, { method: "POST", json: { if_free: true } });
    expect(refused.status).toBe(409);
    expect((await body<{ conflicts: Conflict[] }>(refused)).conflicts.map((c) => c.id)).toEqual([noa.booking.id]);
    expect(await count(o.businessId)).toBe(1);
    // Corrected to a free time it is accepted.
    const moved = await o.api(`/api/proposals/${first.id}/accept`, {
      method: "POST",
      json: { if_free: true, time: "12:00" },
    });
    expect(moved.status).toBe(200);
    expect(await body<{ conflicts: Conflict[]; warnings: string[] }>(moved)).toMatchObject({
      success: true,
      conflicts: [],
      warnings: [],
    });
    const anyway = await body<{ booking_id: string; conflicts: Conflict[] }>(
      await o.api(`/api/proposals/${second.id}/accept`, { method: "POST" }),
    );
    expect(anyway.conflicts.map((c) => c.id)).toEqual([noa.booking.id]);
    const row = await env.DB.prepare("SELECT duration_minutes, price_cents FROM bookings WHERE id = ?")
      .bind(anyway.booking_id)
      .first();
    expect(row).toEqual({ duration_minutes: 45, price_cents: 12050 });
  });
});
