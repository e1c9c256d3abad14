import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { localDate } from "../../app/utils/time-zone";
import { addDays } from "../../app/utils/dates";
import { signedInOwner } from "../support/auth";
import { addService, HAIRCUT_ASK, preview, seedContact, type Preview } from "../support/sync";

describe("POST /api/sync/preview", () => {
  it("proposes Haircut, tomorrow in the business's zone, 17:00 from the stored chat", async () => {
    const owner = await signedInOwner({ timeZone: "America/New_York" });
    await addService(owner, "Haircut");
    await addService(owner, "Coloring");
    const sentAt = Date.now() - 3600_000;
    const contact = await seedContact(owner.businessId, { name: "Dana", messages: [[false, HAIRCUT_ASK, sentAt]] });
    const res = await preview(owner, { user_ids: [contact.id], limit: 20 });
    expect(res.status).toBe(200);
    const body = await res.json<Preview>();
    expect(body).toEqual({
      success: true,
      results: [
        {
          id: contact.id,
          name: "Dana",
          items: [
            {
              bookingId: expect.any(String),
              service: "Haircut",
              date: addDays(localDate(sentAt, "America/New_York"), 1),
              time: "17:00",
              notes: expect.any(String),
              quote: HAIRCUT_ASK,
            },
          ],
        },
      ],
    });
  });

  it("reads only the last `limit` messages, names a nameless contact 'User', and keeps the order asked", async () => {
    const owner = await signedInOwner();
    await addService(owner, "Haircut");
    const t = Date.now() - 3600_000;
    const a = await seedContact(owner.businessId, {
      name: "",
      messages: [
        [false, HAIRCUT_ASK, t],
        [true, "Let me check", t + 1000],
        [false, "ok", t + 2000],
      ],
    });
    const b = await seedContact(owner.businessId, { name: "Rina", messages: [[false, "What are your prices?", t]] });
    const body = await (await preview(owner, { user_ids: [b.id, a.id, b.id], limit: 2 })).json<Preview>();
    expect(body.results).toEqual([
      { id: b.id, name: "Rina", items: [] },
      { id: a.id, name: "User", items: [] },
    ]);
    const all = await (await preview(owner, { user_ids: [a.id] })).json<Preview>();
    expect(all.results[0].items).toHaveLength(1);
  });

  it("reads the gateway when nothing is stored for the contact, and copes when the gateway has nothing", async () => {
    const owner = await signedInOwner();
    await addService(owner, "Haircut");
    const simUrl = env.WAHA_URL;
    const headers = { "X-Api-Key": "test-waha-key", "Content-Type": "application/json" };
    await fetch(`${simUrl}/api/sessions`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: owner.businessId, start: true }),
    });
    for (let i = 0; i < 50; i++) {
      const s = await (
        await fetch(`${simUrl}/api/sessions/${owner.businessId}`, { headers })
      ).json<{ status: string }>();
      if (s.status === "SCAN_QR_CODE") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(
      (await fetch(`${simUrl}/__sim/sessions/${owner.businessId}/scan`, { method: "POST", headers, body: "{}" }))
        .status,
    ).toBeLessThan(300);
    const phone = "972541112233";
    const incoming = await fetch(`${simUrl}/__sim/sessions/${owner.businessId}/incoming`, {
      method: "POST",
      headers,
      body: JSON.stringify({ from: phone, name: "Gil", body: HAIRCUT_ASK }),
    });
    expect(incoming.status).toBeLessThan(300);
    const contact = await seedContact(owner.businessId, { name: "Gil", phone });
    const body = await (await preview(owner, { user_ids: [contact.id], limit: 20 })).json<Preview>();
    expect(body.results[0].items).toMatchObject([{ service: "Haircut", time: "17:00" }]);

    const lonely = await seedContact(owner.businessId, { name: "Nobody" });
    const none = await preview(owner, { user_ids: [lonely.id] });
    expect(none.status).toBe(200);
    expect((await none.json<Preview>()).results[0].items).toEqual([]);
    const offline = await signedInOwner(); // no session at the gateway at all
    await addService(offline, "Haircut");
    const c = await seedContact(offline.businessId);
    expect((await (await preview(offline, { user_ids: [c.id] })).json<Preview>()).results[0].items).toEqual([]);
  });

  it("asks for a service first", async () => {
    const owner = await signedInOwner();
    const contact = await seedContact(owner.businessId, { messages: [[false, HAIRCUT_ASK, Date.now()]] });
    const res = await preview(owner, { user_ids: [contact.id], limit: 20 });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, detail: "Add at least one service to start sync." });
  });

  it("answers 404 for another business's contact, and bad input with a 4xx and a message", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    await addService(owner, "Haircut");
    const mine = await seedContact(owner.businessId);
    const theirs = await seedContact(other.businessId, { messages: [[false, HAIRCUT_ASK, Date.now()]] });
    for (const ids of [[theirs.id], [mine.id, theirs.id], ["nope"]]) {
      const res = await preview(owner, { user_ids: ids });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, detail: "Contact not found." });
    }
    const bad: unknown[] = [
      {},
      { user_ids: "x" },
      { user_ids: [] },
      { user_ids: [1] },
      { user_ids: ["x".repeat(10_000)] },
      { user_ids: Array.from({ length: 51 }, (_, i) => `id${i}`) },
      { user_ids: [mine.id], limit: 0 },
      { user_ids: [mine.id], limit: 1000 },
      { user_ids: [mine.id], limit: "20" },
      [],
      null,
    ];
    for (const json of bad) {
      const res = await preview(owner, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect((await res.json<{ detail: string }>()).detail.length).toBeGreaterThan(3);
    }
    const malformed = await owner.api("/api/sync/preview", {
      method: "POST",
      body: "{",
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect((await owner.api("/api/sync/preview")).status).toBe(405);
    expect((await SELF.fetch("http://localhost/api/sync/preview", { method: "POST", body: "{}" })).status).toBe(401);
  });
});
