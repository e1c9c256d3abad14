import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~db";
import { findOrCreateClient, deleteClient } from "../../app/services/clients/clients.server";
import { createBooking, deleteBooking, updateBooking } from "../../app/services/bookings/bookings.server";
import { messageRow, seedBooking, seedBusiness, seedClient, seedRuleMessage } from "../support/seed";

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
    await expect(findOrCreateClient(db(), businessId, { name: "X", phone: "hello" }, NOW)).rejects.toMatchObject({
      status: 400,
    });
  });
});

// Each write calls the rule scheduler (booking-events.server.ts) after it is
// stored; what an owner sees is that the booking's pending messages follow it.
describe("booking writes move or cancel the booking's pending messages", () => {
  const pending = async (businessId: string, bookingId: string) =>
    (await seedRuleMessage(businessId, bookingId, { sendAt: NOW + 86_400_000 })).messageId;

  it("on edit, status change and delete", async () => {
    const { businessId } = await seedBusiness();
    const deps = { db: db(), env, now: NOW };
    const business = { id: businessId, country: "IL", timeZone: "Asia/Jerusalem" };
    const input = {
      name: "Noa",
      phone: "0541234567",
      service: "Haircut",
      booking_date: "2030-01-20",
      booking_time: "10:00",
      notes: "",
      status: "scheduled" as const,
    };
    const booking = await createBooking(deps, business, input);
    const followup = await pending(businessId, booking.id);
    await updateBooking(deps, businessId, booking.id, { booking_date: "2030-02-01" });
    expect(await messageRow(followup)).toMatchObject({ status: "scheduled", send_date: "2030-02-16" });
    await updateBooking(deps, businessId, booking.id, { status: "cancelled" });
    expect((await messageRow(followup))?.status).toBe("cancelled");

    const other = await createBooking(deps, business, { ...input, booking_date: "2030-01-22", booking_time: "11:00" });
    const otherMessage = await pending(businessId, other.id);
    await deleteBooking(deps, businessId, other.id);
    expect((await messageRow(otherMessage))?.status ?? "gone").not.toBe("scheduled");
  });

  it("when a client is deleted, for each of their bookings", async () => {
    const { businessId } = await seedBusiness();
    const clientId = await seedClient(businessId);
    const ids = [await seedBooking(businessId, clientId), await seedBooking(businessId, clientId)];
    const messages = [await pending(businessId, ids[0]), await pending(businessId, ids[1])];
    await deleteClient({ db: db(), env, now: NOW }, businessId, clientId);
    for (const id of messages) expect((await messageRow(id))?.status ?? "gone").not.toBe("scheduled");
  });

  it("not for a booking of another business", async () => {
    const a = await seedBusiness();
    const b = await seedBusiness();
    const id = await seedBooking(b.businessId, await seedClient(b.businessId));
    const message = await pending(b.businessId, id);
    await expect(
      updateBooking({ db: db(), env, now: NOW }, a.businessId, id, { status: "cancelled" }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await messageRow(message))?.status).toBe("scheduled");
  });
});
