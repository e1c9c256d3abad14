import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { seedBooking, seedClient, seedRuleMessage, messageRow } from "../support/seed";

type BookingJson = {
  id: string;
  client_id: string;
  client_name: string;
  client_phone: string;
  service: string;
  booking_date: string;
  booking_time: string;
  notes: string;
  status: string;
};
type Answer = {
  success: boolean;
  detail: string;
  booking: BookingJson;
  bookings: BookingJson[];
  next_cursor: string | null;
  truncated: boolean;
};
const read = async (res: Response) => (await res.json()) as Answer;
const valid = {
  name: "Noa Cohen",
  phone: "054-123-4567",
  service: "Haircut",
  booking_date: "2030-03-14",
  booking_time: "10:30",
  notes: "First visit",
};
const count = async (table: string, businessId: string) =>
  (
    await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE business_id = ?`)
      .bind(businessId)
      .first<{ n: number }>()
  )?.n;

describe("POST /api/bookings", () => {
  it("creates the booking and, for a new phone, the client", async () => {
    const owner = await signedInOwner();
    const res = await owner.api("/api/bookings", { method: "POST", json: valid });
    expect(res.status).toBe(201);
    const data = await read(res);
    expect(data).toMatchObject({ success: true, detail: "Booking created." });
    expect(data.booking).toMatchObject({
      client_name: "Noa Cohen",
      client_phone: "972541234567",
      service: "Haircut",
      booking_date: "2030-03-14",
      booking_time: "10:30",
      notes: "First visit",
      status: "scheduled",
    });
    const clients = await env.DB.prepare("SELECT name, phone FROM clients WHERE business_id = ?")
      .bind(owner.businessId)
      .all();
    expect(clients.results).toEqual([{ name: "Noa Cohen", phone: "972541234567" }]);
  });

  it("books an existing client when the same phone is typed another way", async () => {
    const owner = await signedInOwner();
    const clientId = await seedClient(owner.businessId, { name: "Noa", phone: "972541234567" });
    const data = await read(
      await owner.api("/api/bookings", {
        method: "POST",
        json: { ...valid, name: "Someone else", phone: "+972 54 123 4567", booking_time: "09:15:00" },
      }),
    );
    expect(data.booking).toMatchObject({ client_id: clientId, client_name: "Noa", booking_time: "09:15" });
    expect(await count("clients", owner.businessId)).toBe(1);
  });

  it("checks the spec's fields in order with its messages", async () => {
    const owner = await signedInOwner();
    const cases: [Record<string, unknown>, string][] = [
      [{}, "Name is required"],
      [{ ...valid, name: "  " }, "Name is required"],
      [{ ...valid, phone: "" }, "Phone is required"],
      [{ name: "Noa" }, "Phone is required"],
      [{ ...valid, service: " " }, "Service is required"],
      [{ ...valid, booking_date: undefined }, "Date is required"],
      [{ ...valid, booking_time: "" }, "Time is required"],
      [{ ...valid, phone: "12-34" }, "Phone must contain digits (optionally starts with +)"],
      [{ ...valid, booking_date: "14/03/2030" }, "Date must be a date as YYYY-MM-DD."],
      [{ ...valid, booking_date: "2030-02-30" }, "Date must be a date as YYYY-MM-DD."],
      [{ ...valid, booking_time: "25:00" }, "Time must be a time as HH:MM (24-hour)."],
      [{ ...valid, status: "done" }, "status must be one of scheduled, confirmed, completed, cancelled, no_show."],
      [{ ...valid, service: "s".repeat(61) }, "Service name too long (max 60)."],
    ];
    for (const [json, message] of cases) {
      const res = await owner.api("/api/bookings", { method: "POST", json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await read(res)).detail).toBe(message);
    }
    expect(await count("bookings", owner.businessId)).toBe(0);
    expect(await count("clients", owner.businessId)).toBe(0);
  });

  it("refuses malformed JSON, wrong types and 10,000-character strings with a 4xx, never a 500", async () => {
    const owner = await signedInOwner();
    const huge = "x".repeat(10_000);
    const bodies: (RequestInit & { json?: unknown })[] = [
      { method: "POST", body: '{"name":', headers: { "Content-Type": "application/json" } },
      { method: "POST", json: null },
      { method: "POST", json: [valid] },
      { method: "POST", json: { ...valid, name: ["Noa"] } },
      { method: "POST", json: { ...valid, booking_date: 20300314 } },
      { method: "POST", json: { ...valid, booking_time: { h: 10 } } },
      { method: "POST", json: { ...valid, notes: 5 } },
      ...["name", "phone", "service", "booking_date", "booking_time", "notes", "status"].map((key) => ({
        method: "POST",
        json: { ...valid, [key]: huge },
      })),
    ];
    for (const init of bodies) {
      const res = await owner.api("/api/bookings", init);
      expect(res.status, String(init.body ?? JSON.stringify(init.json)).slice(0, 50)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      const data = await read(res);
      expect(data.success).toBe(false);
      expect(data.detail.length).toBeGreaterThan(3);
    }
    expect(await count("bookings", owner.businessId)).toBe(0);
  });

  it("needs a signed-in owner", async () => {
    const res = await SELF.fetch("http://localhost/api/bookings", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(valid),
    });
    expect(res.status).toBe(401);
  });
});

describe("GET /api/bookings", () => {
  it("lists newest first by date and time, with a cursor to load more", async () => {
    const owner = await signedInOwner();
    const c = await seedClient(owner.businessId, { name: "Noa" });
    await seedBooking(owner.businessId, c, { bookingDate: "2030-01-01", bookingTime: "09:00", service: "A" });
    await seedBooking(owner.businessId, c, { bookingDate: "2030-01-02", bookingTime: "08:00", service: "B" });
    await seedBooking(owner.businessId, c, { bookingDate: "2030-01-02", bookingTime: "17:00", service: "C" });
    await seedBooking(owner.businessId, c, { bookingDate: "2030-01-03", bookingTime: "12:00", service: "D" });
    const first = await read(await owner.api("/api/bookings?limit=3"));
    expect(first.bookings.map((b) => b.service)).toEqual(["D", "C", "B"]);
    expect(first.bookings[0]).toMatchObject({
      client_name: "Noa",
      booking_date: "2030-01-03",
      booking_time: "12:00",
      status: "scheduled",
    });
    const next = await read(await owner.api(`/api/bookings?limit=3&cursor=${first.next_cursor}`));
    expect(next.bookings.map((b) => b.service)).toEqual(["A"]);
    expect(next.next_cursor).toBeNull();
  });

  it("filters by date range (inclusive), status and name or phone", async () => {
    const owner = await signedInOwner();
    const noa = await seedClient(owner.businessId, { name: "Noa", phone: "972541234567" });
    const dan = await seedClient(owner.businessId, { name: "Dan", phone: "972507654321" });
    await seedBooking(owner.businessId, noa, { bookingDate: "2030-01-01", service: "A" });
    await seedBooking(owner.businessId, dan, { bookingDate: "2030-01-10", service: "B", status: "no_show" });
    await seedBooking(owner.businessId, noa, { bookingDate: "2030-01-20", service: "C" });
    const services = async (qs: string) =>
      (await read(await owner.api(`/api/bookings?${qs}`))).bookings.map((b) => b.service);
    expect(await services("from=2030-01-10&to=2030-01-20")).toEqual(["C", "B"]);
    expect(await services("q=dan")).toEqual(["B"]);
    expect(await services("q=0541234567")).toEqual(["C", "A"]);
    expect(await services("status=no_show")).toEqual(["B"]);
  });

  it("answers a calendar range (end exclusive), oldest first", async () => {
    const owner = await signedInOwner();
    const c = await seedClient(owner.businessId);
    await seedBooking(owner.businessId, c, { bookingDate: "2030-02-28", service: "before" });
    await seedBooking(owner.businessId, c, { bookingDate: "2030-03-01", bookingTime: "11:00", service: "second" });
    await seedBooking(owner.businessId, c, { bookingDate: "2030-03-01", bookingTime: "09:00", service: "first" });
    await seedBooking(owner.businessId, c, { bookingDate: "2030-04-01", service: "after" });
    const data = await read(await owner.api("/api/bookings?start=2030-03-01&end=2030-04-01"));
    expect(data.bookings.map((b) => b.service)).toEqual(["first", "second"]);
    expect(data.truncated).toBe(false);
  });

  it("answers bad query strings with a 400", async () => {
    const owner = await signedInOwner();
    for (const qs of [
      "from=2030-13-01",
      "status=gone",
      "limit=501",
      "cursor=abc",
      "start=2030-03-01",
      "start=2030-03-01&end=2030-02-01",
      "start=2030-01-01&end=2030-12-31",
    ]) {
      const res = await owner.api(`/api/bookings?${qs}`);
      expect(res.status, qs).toBe(400);
      expect((await read(res)).detail).toBeTruthy();
    }
  });

  it("never shows another business's bookings", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    await seedBooking(other.businessId, await seedClient(other.businessId));
    expect((await read(await owner.api("/api/bookings"))).bookings).toEqual([]);
    expect((await read(await owner.api("/api/bookings?start=2030-01-01&end=2030-02-01"))).bookings).toEqual([]);
  });
});

describe("PATCH and DELETE /api/bookings/{id}", () => {
  it("edits service, date, time and notes, and changes the status", async () => {
    const owner = await signedInOwner();
    const id = await seedBooking(owner.businessId, await seedClient(owner.businessId));
    const res = await owner.api(`/api/bookings/${id}`, {
      method: "PATCH",
      json: { service: "Coloring", booking_date: "2030-05-05", booking_time: "14:00", notes: "Moved" },
    });
    expect(res.status).toBe(200);
    expect(await read(res)).toMatchObject({
      success: true,
      detail: "Booking updated.",
      booking: {
        service: "Coloring",
        booking_date: "2030-05-05",
        booking_time: "14:00",
        notes: "Moved",
        status: "scheduled",
      },
    });
    for (const status of ["completed", "cancelled", "no_show", "scheduled"]) {
      const changed = await read(await owner.api(`/api/bookings/${id}`, { method: "PATCH", json: { status } }));
      expect(changed.booking.status).toBe(status);
    }
  });

  it("refuses bad edits with a message and changes nothing", async () => {
    const owner = await signedInOwner();
    const id = await seedBooking(owner.businessId, await seedClient(owner.businessId));
    for (const [json, message] of [
      [{ service: "" }, "Service is required"],
      [{ booking_date: "" }, "Date is required"],
      [{ booking_time: "7pm" }, "Time must be a time as HH:MM (24-hour)."],
      [{ status: "done" }, "status must be one of scheduled, confirmed, completed, cancelled, no_show."],
      [{}, "Send at least one of service, booking_date, booking_time, notes, status."],
      [{ notes: "n".repeat(10_000) }, "Notes is too long (max 2000 characters)."],
      [{ service: 12 }, "Service must be text."],
    ] as const) {
      const res = await owner.api(`/api/bookings/${id}`, { method: "PATCH", json });
      expect(res.status).toBe(400);
      expect((await read(res)).detail).toBe(message);
    }
    const row = await env.DB.prepare(
      "SELECT service, booking_date, booking_time, notes, status FROM bookings WHERE id = ?",
    )
      .bind(id)
      .first();
    expect(row).toEqual({
      service: "Haircut",
      booking_date: "2030-01-15",
      booking_time: "10:00",
      notes: "",
      status: "scheduled",
    });
  });

  it("deletes a booking and its pending rule messages", async () => {
    const owner = await signedInOwner();
    const id = await seedBooking(owner.businessId, await seedClient(owner.businessId));
    const { messageId } = await seedRuleMessage(owner.businessId, id);
    expect(await read(await owner.api(`/api/bookings/${id}`, { method: "DELETE" }))).toEqual({
      success: true,
      detail: "Booking deleted.",
    });
    expect(await messageRow(messageId)).toBeNull();
    expect((await owner.api(`/api/bookings/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("answers another business's booking with 404 and changes nothing", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const id = await seedBooking(other.businessId, await seedClient(other.businessId));
    for (const init of [
      { method: "GET" },
      { method: "PATCH", json: { status: "cancelled" } },
      { method: "PATCH", json: { service: "" } },
      { method: "DELETE" },
    ]) {
      const res = await owner.api(`/api/bookings/${id}`, init);
      expect(res.status, init.method).toBe(404);
      expect((await read(res)).detail).toBe("Booking not found.");
    }
    const row = await env.DB.prepare("SELECT status, service FROM bookings WHERE id = ?").bind(id).first();
    expect(row).toEqual({ status: "scheduled", service: "Haircut" });
  });
});
