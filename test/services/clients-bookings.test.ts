import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createDb } from "../../db";
import { findOrCreateClient, deleteClient } from "../../app/services/clients/clients.server";
import { createBooking, deleteBooking, updateBooking } from "../../app/services/bookings/bookings.server";
import { bookingsChanged } from "../../app/services/booking-events.server";
import { seedBooking, seedBusiness, seedClient } from "../support/seed";

vi.mock("../../app/services/booking-events.server", () => ({ bookingsChanged: vi.fn(async () => {}) }));

const db = () => createDb(env.DB);
const NOW = Date.UTC(2030, 0, 10, 9);

describe("findOrCreateClient", () => {
  it("creates a client once per normalized phone, with the business's country as the region", async () => {
    const { businessId } = await seedBusiness({ country: "IL" });
    const first = await findOrCreateClient(db(), businessId, { name: "Noa", phone: "054-123-4567" }, NOW);
    expect(first.created).toBe(true);
    expect(first.client).toMatchObject({ name: "Noa", phone: "972541234567", businessId });
    const again = await findOrCreateClient(db(), businessId, { name: "Other name", phone: "+972541234567" }, NOW);
    expect(again).toMatchObject({ created: false, client: { id: first.client.id, name: "Noa" } });
  });

  it("fills in a missing name but never renames a client", async () => {
    const { businessId } = await seedBusiness();
    const nameless = await findOrCreateClient(db(), businessId, { name: "", phone: "+4917611111111" }, NOW);
    const named = await findOrCreateClient(db(), businessId, { name: "Jonas", phone: "4917611111111" }, NOW);
    expect(named.client).toMatchObject({ id: nameless.client.id, name: "Jonas" });
  });

  it("keeps businesses apart: the same phone is a different client in another business", async () => {
    const a = await seedBusiness();
    const b = await seedBusiness();
    const ca = await findOrCreateClient(db(), a.businessId, { name: "Noa", phone: "+972541234567" }, NOW);
    const cb = await findOrCreateClient(db(), b.businessId, { name: "Noa", phone: "+972541234567" }, NOW);
    expect(ca.client.id).not.toBe(cb.client.id);
  });

  it("refuses what is not a phone number", async () => {
    const { businessId } = await seedBusiness();
    await expect(findOrCreateClient(db(), businessId, { name: "X", phone: "hello" }, NOW)).rejects.toMatchObject({ status: 400 });
  });
});

describe("booking writes tell the rule scheduler afterwards", () => {
  beforeEach(() => vi.mocked(bookingsChanged).mockClear());

  it("on create, edit, status change and delete, with the booking's id", async () => {
    const { businessId } = await seedBusiness();
    const deps = { db: db(), env, now: NOW };
    const business = { id: businessId, country: "IL", timeZone: "Asia/Jerusalem" };
    const booking = await createBooking(deps, business, {
      name: "Noa",
      phone: "0541234567",
      service: "Haircut",
      booking_date: "2030-01-20",
      booking_time: "10:00",
      notes: "",
      status: "scheduled",
    });
    expect(bookingsChanged).toHaveBeenLastCalledWith(env, [booking.id], NOW);
    // The write is visible when the hook runs.
    vi.mocked(bookingsChanged).mockImplementationOnce(async () => {
      const row = await env.DB.prepare("SELECT booking_date FROM bookings WHERE id = ?").bind(booking.id).first<{ booking_date: string }>();
      expect(row?.booking_date).toBe("2030-02-01");
    });
    await updateBooking(deps, businessId, booking.id, { booking_date: "2030-02-01" });
    await updateBooking(deps, businessId, booking.id, { status: "cancelled" });
    await deleteBooking(deps, businessId, booking.id);
    expect(vi.mocked(bookingsChanged).mock.calls.map((c) => c[1])).toEqual([[booking.id], [booking.id], [booking.id], [booking.id]]);
  });

  it("when a client is deleted, for each of their bookings", async () => {
    const { businessId } = await seedBusiness();
    const clientId = await seedClient(businessId);
    const ids = [await seedBooking(businessId, clientId), await seedBooking(businessId, clientId)];
    await deleteClient({ db: db(), env, now: NOW }, businessId, clientId);
    expect([...vi.mocked(bookingsChanged).mock.calls[0][1]].sort()).toEqual([...ids].sort());
  });

  it("not for a booking of another business", async () => {
    const a = await seedBusiness();
    const b = await seedBusiness();
    const id = await seedBooking(b.businessId, await seedClient(b.businessId));
    await expect(updateBooking({ db: db(), env, now: NOW }, a.businessId, id, { status: "cancelled" })).rejects.toMatchObject({ status: 404 });
    expect(bookingsChanged).not.toHaveBeenCalled();
  });
});
