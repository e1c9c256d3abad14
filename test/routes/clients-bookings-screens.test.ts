import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { seedBooking, seedClient } from "../support/seed";

const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });
const row = (sql: string, ...args: unknown[]) => env.DB.prepare(sql).bind(...args).first<Record<string, unknown>>();

describe("Clients and Calendar screens", () => {
  it("render the owner's clients and bookings only", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const mine = await seedClient(owner.businessId, { name: "Noa Cohen", phone: "972541234567" });
    await seedClient(other.businessId, { name: "Secret Client" });
    await seedBooking(owner.businessId, mine, { bookingDate: new Date().toISOString().slice(0, 10), service: "Balayage" });
    const clients = await (await owner.page("/dashboard/clients")).text();
    expect(clients).toContain("Noa Cohen");
    expect(clients).toContain("+972 54 123 4567");
    expect(clients).not.toContain("Secret Client");
    const calendar = await (await owner.page("/dashboard/calendar")).text();
    expect(calendar).toContain("Balayage");
    expect(calendar).toContain("Search name or phone");
  });

  it("answer a hand-edited bad query string with 400, not a crash", async () => {
    const owner = await signedInOwner();
    const clients = await owner.page("/dashboard/clients?from=nope");
    expect(clients.status).toBe(400);
    expect(await clients.text()).toContain("from must be a date as YYYY-MM-DD.");
    const calendar = await owner.page("/dashboard/calendar?limit=-1");
    expect(calendar.status).toBe(400);
    expect(await calendar.text()).toContain("limit must be a whole number");
  });

  it("save through their forms, and leave another business's rows alone", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const theirs = await seedClient(other.businessId, { name: "Theirs" });
    const theirBooking = await seedBooking(other.businessId, theirs);

    expect((await owner.page("/dashboard/clients", form({ intent: "create", name: "Maya", phone: "052-555-1234", tags: "vip" }))).status).toBe(200);
    expect(await row("SELECT name, phone, tags FROM clients WHERE business_id = ?", owner.businessId)).toEqual({ name: "Maya", phone: "972525551234", tags: '["vip"]' });
    expect((await owner.page("/dashboard/clients", form({ intent: "create", name: "", phone: "052" }))).status).toBe(400);

    expect((await owner.page("/dashboard/clients", form({ intent: "update", id: theirs, name: "Mine" }))).status).toBe(404);
    expect((await owner.page("/dashboard/clients", form({ intent: "delete", id: theirs }))).status).toBe(404);
    expect((await owner.page("/dashboard/calendar", form({ intent: "update", id: theirBooking, status: "cancelled" }))).status).toBe(404);
    expect((await owner.page("/dashboard/calendar", form({ intent: "delete", id: theirBooking }))).status).toBe(404);
    expect(await row("SELECT name FROM clients WHERE id = ?", theirs)).toEqual({ name: "Theirs" });
    expect(await row("SELECT status FROM bookings WHERE id = ?", theirBooking)).toEqual({ status: "scheduled" });

    const created = await owner.page("/dashboard/calendar", form({
      intent: "create", name: "Dan", phone: "0507654321", service: "Haircut", booking_date: "2030-02-01", booking_time: "09:30", notes: "",
    }));
    expect(created.status).toBe(200);
    const booking = await row("SELECT b.id, b.status, c.name FROM bookings b JOIN clients c ON c.id = b.client_id WHERE b.business_id = ?", owner.businessId);
    expect(booking).toMatchObject({ status: "scheduled", name: "Dan" });
    expect((await owner.page("/dashboard/calendar", form({ intent: "update", id: String(booking!.id), status: "no_show" }))).status).toBe(200);
    expect(await row("SELECT status FROM bookings WHERE id = ?", booking!.id)).toEqual({ status: "no_show" });
    expect((await owner.page("/dashboard/calendar", form({ intent: "update", id: String(booking!.id), booking_time: "9pm" }))).status).toBe(400);
  });
});
