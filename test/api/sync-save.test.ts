import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { addDays } from "../../app/utils/dates";
import { signedInOwner } from "../support/auth";
import { seedClient } from "../support/seed";
import { count, save, seedContact } from "../support/sync";

describe("GET /api/sync/users", () => {
  it("needs a signed-in owner", async () => {
    expect((await SELF.fetch("http://localhost/api/sync/users")).status).toBe(401);
  });

  it("lists the business's WhatsApp customers, most recent first, and no one else's", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const older = await seedContact(owner.businessId, { name: "Noa", messages: [[false, "hi", 1000]] });
    const hidden = await seedContact(owner.businessId, { name: "", phone: null, messages: [[false, "hello", 2000]] });
    await seedContact(other.businessId, { name: "Not yours" });
    const res = await owner.api("/api/sync/users");
    expect(await res.json()).toEqual({
      success: true,
      users: [
        { id: hidden.id, name: "Unknown", phone: "" },
        { id: older.id, name: "Noa", phone: older.phone },
      ],
    });
  });
});

describe("POST /api/sync/save", () => {
  const item = { service: "Haircut", date: "2031-05-20", time: "17:00", notes: "fringe" };

  it("creates the client and the booking, and saving again skips it", async () => {
    const owner = await signedInOwner();
    const contact = await seedContact(owner.businessId, { name: "Dana" });
    const first = await save(owner, { results: [{ user_id: contact.id, items: [{ bookingId: "tmp1", ...item }] }] });
    expect(await first.json()).toMatchObject({ success: true, saved: 1, skipped: 0, conflicts: [] });
    const client = await env.DB.prepare("SELECT id, name FROM clients WHERE business_id = ? AND phone = ?")
      .bind(owner.businessId, contact.phone)
      .first();
    expect(client).toMatchObject({ name: "Dana" });
    const listed = await (await owner.api("/api/bookings")).json<{ bookings: Record<string, unknown>[] }>();
    expect(listed.bookings).toEqual([
      expect.objectContaining({
        client_name: "Dana",
        client_phone: contact.phone,
        service: "Haircut",
        booking_date: "2031-05-20",
        booking_time: "17:00",
        notes: "fringe",
        status: "scheduled",
        source: "sync",
      }),
    ]);

    const again = await save(owner, {
      results: [
        {
          user_id: contact.id,
          items: [item, { ...item, service: "haircut", time: "17:00:00" }, { ...item, time: "18:00" }],
        },
      ],
    });
    expect(await again.json()).toMatchObject({ success: true, saved: 1, skipped: 2 });
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(2);
    expect(await count("SELECT count(*) AS n FROM clients WHERE business_id = ?", owner.businessId)).toBe(1);
  });

  it("never duplicates, also when the same save arrives twice at once", async () => {
    const owner = await signedInOwner();
    const contact = await seedContact(owner.businessId);
    const payload = { results: [{ user_id: contact.id, items: [item, item] }] };
    const answers = await Promise.all([save(owner, payload), save(owner, payload)]);
    const bodies = await Promise.all(answers.map((r) => r.json<{ saved: number; skipped: number }>()));
    expect(bodies.reduce((n, b) => n + b.saved, 0)).toBe(1);
    expect(bodies.reduce((n, b) => n + b.skipped, 0)).toBe(3);
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(1);
  });

  it("saves more bookings than D1 binds values in one statement, and names the one they overlap", async () => {
    const owner = await signedInOwner();
    const booked = await seedContact(owner.businessId, { name: "First" });
    await save(owner, { results: [{ user_id: booked.id, items: [{ ...item, date: "2031-06-01", time: "10:00" }] }] });
    const contacts = await Promise.all(["A", "B", "C"].map((name) => seedContact(owner.businessId, { name })));
    // 3 x 40 bookings on 120 different days; the first lands on First's 10:00.
    const results = contacts.map((c, i) => ({
      user_id: c.id,
      items: Array.from({ length: 40 }, (_, j) => ({
        ...item,
        date: addDays("2031-06-01", i * 40 + j),
        time: "10:00",
      })),
    }));
    const res = await save(owner, { results });
    expect(await res.json()).toMatchObject({
      success: true,
      saved: 120,
      skipped: 0,
      conflicts: [{ client_name: "First", booking_date: "2031-06-01" }],
    });
  });

  it("books an existing client under their own name", async () => {
    const owner = await signedInOwner();
    const contact = await seedContact(owner.businessId, { name: "dana (wa)" });
    const clientId = await seedClient(owner.businessId, { name: "Dana Levi", phone: contact.phone! });
    expect(await (await save(owner, { results: [{ user_id: contact.id, items: [item] }] })).json()).toMatchObject({
      saved: 1,
    });
    const row = await env.DB.prepare("SELECT client_id FROM bookings WHERE business_id = ?")
      .bind(owner.businessId)
      .first();
    expect(row).toEqual({ client_id: clientId });
    expect(
      await count("SELECT count(*) AS n FROM clients WHERE business_id = ? AND name = 'Dana Levi'", owner.businessId),
    ).toBe(1);
  });

  it("refuses incomplete items with the spec's message and writes nothing", async () => {
    const owner = await signedInOwner();
    const contact = await seedContact(owner.businessId);
    for (const bad of [
      { ...item, service: "  " },
      { ...item, date: "" },
      { ...item, date: "2031-02-30" },
      { ...item, date: "20/05/2031" },
      { ...item, time: "" },
      { ...item, time: "25:00" },
      { ...item, time: "5pm" },
      { notes: "x" },
    ]) {
      const res = await save(owner, { results: [{ user_id: contact.id, items: [item, bad] }] });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        success: false,
        detail: "Please complete Service, Date, and Time for this contact.",
      });
    }
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM clients WHERE business_id = ?", owner.businessId)).toBe(0);
  });

  it("answers 404 for another business's contact and changes nothing", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const mine = await seedContact(owner.businessId);
    const theirs = await seedContact(other.businessId);
    const res = await save(owner, {
      results: [
        { user_id: mine.id, items: [item] },
        { user_id: theirs.id, items: [item] },
      ],
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, detail: "Contact not found." });
    expect(
      await count("SELECT count(*) AS n FROM bookings WHERE business_id IN (?, ?)", owner.businessId, other.businessId),
    ).toBe(0);
    expect(
      await count("SELECT count(*) AS n FROM clients WHERE business_id IN (?, ?)", owner.businessId, other.businessId),
    ).toBe(0);
  });

  it("books each item with its member_id; another business's member answers 404 and writes nothing", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const contact = await seedContact(owner.businessId, { name: "Maya" });
    const yossi = (
      await (
        await owner.api("/api/team", { method: "POST", json: { name: "Yossi" } })
      ).json<{ member: { id: string } }>()
    ).member;
    const [theirs] = (await (await other.api("/api/team")).json<{ members: { id: string }[] }>()).members;
    const refused = await save(owner, {
      results: [{ user_id: contact.id, items: [{ ...item, member_id: theirs.id }] }],
    });
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ success: false, detail: "Team member not found." });
    expect(await count("SELECT count(*) AS n FROM clients WHERE business_id = ?", owner.businessId)).toBe(0);
    expect((await save(owner, { results: [{ user_id: contact.id, items: [{ ...item, member_id: 7 }] }] })).status).toBe(
      400,
    );

    const saved = await save(owner, {
      results: [
        {
          user_id: contact.id,
          items: [
            { ...item, member_id: yossi.id },
            { ...item, time: "18:00" },
          ],
        },
      ],
    });
    expect(await saved.json()).toMatchObject({ success: true, saved: 2 });
    const listed = await (
      await owner.api("/api/bookings")
    ).json<{ bookings: { booking_time: string; member_name: string }[] }>();
    expect(listed.bookings.map((b) => [b.booking_time.slice(0, 5), b.member_name]).sort()).toEqual([
      ["17:00", "Yossi"],
      ["18:00", "Dana Levi"],
    ]);
  });

  it("explains that a hidden-number contact cannot be saved", async () => {
    const owner = await signedInOwner();
    const hidden = await seedContact(owner.businessId, { phone: null });
    const res = await save(owner, { results: [{ user_id: hidden.id, items: [item] }] });
    expect(res.status).toBe(422);
    expect((await res.json<{ detail: string }>()).detail).toMatch(/hides this contact's phone number/);
    // Nothing to save is not an error.
    expect(await (await save(owner, { results: [{ user_id: hidden.id, items: [] }] })).json()).toEqual({
      success: true,
      saved: 0,
      skipped: 0,
      conflicts: [],
      warnings: [],
    });
  });

  it("answers bad input with a 4xx and a message, never a 500", async () => {
    const owner = await signedInOwner();
    const contact = await seedContact(owner.businessId);
    const bad: unknown[] = [
      {},
      { results: [] },
      { results: "x" },
      { results: [{ items: [item] }] },
      { results: [{ user_id: contact.id }] },
      { results: [{ user_id: contact.id, items: "x" }] },
      { results: [{ user_id: contact.id, items: [{ ...item, service: 5 }] }] },
      { results: [{ user_id: contact.id, items: [{ ...item, notes: "x".repeat(10_000) }] }] },
      { results: [{ user_id: "x".repeat(10_000), items: [item] }] },
      null,
      [],
    ];
    for (const json of bad) {
      const res = await save(owner, json);
      expect(res.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect((await res.json<{ detail: string }>()).detail.length).toBeGreaterThan(3);
    }
    expect(
      (
        await owner.api("/api/sync/save", {
          method: "POST",
          body: "nope",
          headers: { "Content-Type": "application/json" },
        })
      ).status,
    ).toBe(400);
    expect((await SELF.fetch("http://localhost/api/sync/save", { method: "POST", body: "{}" })).status).toBe(401);
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(0);
  });
});
