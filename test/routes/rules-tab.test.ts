import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { seedBooking, seedClient } from "../support/seed";

describe("Rules tab (server render)", () => {
  it("shows the title, the add button and the empty state", async () => {
    const owner = await signedInOwner();
    const html = await (await owner.page("/dashboard/rules")).text();
    expect(html).toContain("List of Rules");
    expect(html).toContain("Add new rule");
    expect(html).toContain("No rules created yet");
  });

  it("shows a card per rule group with services, type, status, client count and schedule; only the owner's", async () => {
    const owner = await signedInOwner();
    const a = await seedBooking(owner.businessId, await seedClient(owner.businessId, { name: "Noa" }), { service: "Haircut" });
    const b = await seedBooking(owner.businessId, await seedClient(owner.businessId, { name: "Avi" }), { service: "Coloring" });
    const res = await owner.api("/api/rules/create", {
      method: "POST",
      json: { type: "reminder", services: ["Haircut", "Coloring"], template: "Hi {name}", schedule_type: "preset", schedule_value: "2", clients: [{ booking_id: a }, { booking_id: b }] },
    });
    expect(res.status).toBe(201);
    const html = await (await owner.page("/dashboard/rules")).text();
    expect(html).toContain("Haircut, Coloring");
    expect(html).toContain("Reminder");
    expect(html).toMatch(/class="badge badge-amber">Scheduled</);
    expect(html).toContain("2 clients");
    expect(html).toContain("2 days before appointment");

    const other = await signedInOwner();
    const theirs = await (await other.page("/dashboard/rules")).text();
    expect(theirs).not.toContain("Haircut, Coloring");
    expect(theirs).toContain("No rules created yet");
  });

  it("speaks Hebrew when chosen", async () => {
    const owner = await signedInOwner();
    const res = await SELF.fetch("http://localhost/dashboard/rules", { headers: { Cookie: `${owner.cookie}; lang=he` } });
    const html = await res.text();
    expect(html).toContain("רשימת כללים");
    expect(html).toContain("עדיין לא נוצרו כללים");
  });
});
