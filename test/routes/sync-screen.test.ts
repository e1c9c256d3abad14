import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~db";
import { syncScreenAction } from "../../app/routes/dashboard.sync/screen.server";
import { localDate } from "../../app/utils/time-zone";
import { addDays } from "../../app/utils/dates";
import { signedInOwner } from "../support/auth";
import { addService, count, HAIRCUT_ASK, seedContact } from "../support/sync";
import { shownHtml } from "../support/html";
import { seedBooking, seedClient } from "../support/seed";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

/** The action's answer: its status and data (problems are message keys, never sentences; a service's refusal answers 200, a form its schema refuses 400). */
async function answer(owner: Awaited<ReturnType<typeof signedInOwner>>, fields: Record<string, string>) {
  const business = { id: owner.businessId, timeZone: "Asia/Jerusalem", country: "IL", workingHours: {} };
  const res = await syncScreenAction({ db: createDb(env.DB), env, now: Date.now() }, business, form(fields));
  return { status: res.init?.status ?? 200, data: res.data as unknown as Record<string, unknown> };
}

const act = async (owner: Awaited<ReturnType<typeof signedInOwner>>, fields: Record<string, string>) =>
  (await answer(owner, fields)).data;

describe("Sync tab", () => {
  it("sends visitors who are not signed in to /login", async () => {
    const res = await SELF.fetch("http://localhost/dashboard/sync", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Fsync");
  });

  it("shows the banner, the contacts with formatted phones, and the empty results text", async () => {
    const owner = await signedInOwner();
    await seedContact(owner.businessId, {
      name: "Maya Azulay",
      phone: "972541234567",
      messages: [[false, "hi", 1000]],
    });
    await seedContact(owner.businessId, { name: "", phone: null, messages: [[false, "hello", 2000]] });
    const html = await (await owner.page("/dashboard/sync")).text();
    expect(html).toContain("Add at least one service before syncing.");
    expect(html).toContain("Add at least one service to start sync.");
    expect(html).toContain("No results yet. Select contacts above and click Start Sync.");
    expect(html).toContain("Maya Azulay");
    expect(html).toContain("+972 54 123 4567");
    expect(html).toContain("Hidden number");
    expect(html).toMatch(
      /<button type="button" class="btn btn-primary" disabled="">Start Sync<\/button>|disabled=""[^>]*>Start Sync</,
    );

    await addService(owner, "Haircut");
    const after = shownHtml(await (await owner.page("/dashboard/sync")).text());
    expect(after).not.toContain("Add at least one service before syncing.");
    expect(after).toMatch(
      /aria-label="Haircut"[^>]*>Haircut<!-- --> <span id="chip-meta-[^"]+" class="chip-meta">60 min<\/span><\/button>/,
    );
  });

  it("speaks Hebrew", async () => {
    const owner = await signedInOwner();
    const res = await SELF.fetch("http://localhost/dashboard/sync", {
      headers: { Cookie: `${owner.cookie}; lang=he` },
    });
    const html = await res.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain("התחלת סנכרון");
  });

  it("handles the catalogue's actions with problems the screen translates", async () => {
    const owner = await signedInOwner();
    expect(await act(owner, { intent: "service-add", service: " Haircut " })).toMatchObject({
      intent: "service-add",
      ok: true,
      name: "Haircut",
    });
    const dup = await answer(owner, { intent: "service-add", service: "haircut" });
    expect(dup.status).toBe(200);
    expect(dup.data).toMatchObject({
      intent: "service-add",
      ok: false,
      problem: { key: "sync.err.duplicate", params: { name: "haircut" } },
    });
    // The form's reply puts the problem under its field (conform's lastResult).
    expect(dup.data.reply).toMatchObject({
      error: { service: [{ key: "sync.err.duplicate", params: { name: "haircut" } }] },
    });
    const empty = await answer(owner, { intent: "service-add", service: "" });
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({
      ok: false,
      problem: { key: "sync.err.empty" },
      reply: { error: { service: [{ key: "sync.err.empty" }] } },
    });
    expect(await act(owner, { intent: "service-add", service: "y".repeat(61) })).toMatchObject({
      ok: false,
      problem: { key: "sync.err.tooLong" },
    });
    const { id } = (await env.DB.prepare("SELECT id FROM services WHERE business_id = ?")
      .bind(owner.businessId)
      .first<{ id: string }>())!;
    expect(await act(owner, { intent: "service-update", id, service: "Men's cut" })).toMatchObject({
      intent: "service-update",
      id,
      ok: true,
      name: "Men's cut",
    });
    expect(await act(owner, { intent: "service-update", id, service: " " })).toMatchObject({
      ok: false,
      problem: { key: "sync.err.empty" },
    });

    const intruder = await signedInOwner();
    expect(await answer(intruder, { intent: "service-update", id, service: "Mine" })).toMatchObject({
      status: 200,
      data: { ok: false, problem: { key: "sync.err.notFound" } },
    });
    expect(await act(intruder, { intent: "service-delete", id })).toEqual({
      intent: "service-delete",
      id,
      ok: false,
      problem: { key: "sync.err.notFound" },
    });
    expect(await act(owner, { intent: "service-delete", id })).toEqual({ intent: "service-delete", id, ok: true });
    expect(await answer(owner, { intent: "nonsense" })).toEqual({
      status: 400,
      data: { intent: null, ok: false, problem: { key: "problem.unknownAction" } },
    });
  });

  it("refuses the 201st service", async () => {
    const owner = await signedInOwner();
    const now = Date.now();
    await env.DB.batch(
      Array.from({ length: 200 }, (_, i) =>
        env.DB.prepare(
          "INSERT INTO services (id, business_id, name, name_key, created_at) VALUES (?, ?, ?, ?, ?)",
        ).bind(crypto.randomUUID(), owner.businessId, `S${i}`, `s${i}`, now),
      ),
    );
    expect(await answer(owner, { intent: "service-add", service: "One more" })).toMatchObject({
      status: 200,
      data: { ok: false, problem: { key: "sync.err.limit", params: { max: 200 } } },
    });
  });

  it("previews one contact per request and saves a group", async () => {
    const owner = await signedInOwner();
    const sentAt = Date.now() - 60_000;
    const contact = await seedContact(owner.businessId, { name: "Maya", messages: [[false, HAIRCUT_ASK, sentAt]] });
    expect(await act(owner, { intent: "preview", user_id: contact.id })).toEqual({
      intent: "preview",
      userId: contact.id,
      ok: false,
      problem: { key: "sync.hint" },
    });
    await addService(owner, "Haircut");
    const preview = await act(owner, { intent: "preview", user_id: contact.id });
    const tomorrow = addDays(localDate(sentAt, "Asia/Jerusalem"), 1);
    expect(preview).toMatchObject({
      ok: true,
      result: { id: contact.id, name: "Maya", items: [{ service: "Haircut", date: tomorrow, time: "17:00" }] },
    });
    const other = await signedInOwner();
    await addService(other, "Haircut");
    expect(await act(other, { intent: "preview", user_id: contact.id })).toMatchObject({
      ok: false,
      problem: { key: "sync.readFailed" },
    });
    // Nothing stored and no WhatsApp session to ask: the screen says the chat could not be read.
    const unread = await seedContact(owner.businessId, { name: "Offline" });
    expect(await answer(owner, { intent: "preview", user_id: unread.id })).toMatchObject({
      status: 200,
      data: { ok: false, problem: { key: "sync.readFailed" } },
    });

    const items = JSON.stringify([{ service: "Haircut", date: tomorrow, time: "17:00", notes: "" }]);
    expect(await act(owner, { intent: "save", user_id: contact.id, items })).toMatchObject({
      intent: "save",
      userId: contact.id,
      ok: true,
      saved: 1,
      skipped: 0,
      conflicts: [],
    });
    expect(await act(owner, { intent: "save", user_id: contact.id, items })).toMatchObject({
      ok: true,
      saved: 0,
      skipped: 1,
    });
    expect(
      await act(owner, {
        intent: "save",
        user_id: contact.id,
        items: JSON.stringify([{ service: "Haircut", date: "", time: "17:00" }]),
      }),
    ).toMatchObject({
      ok: false,
      problem: { key: "sync.incomplete" },
    });
    expect(
      await act(owner, {
        intent: "save",
        user_id: contact.id,
        items: JSON.stringify([{ service: "Haircut", date: tomorrow, time: "17:00", notes: "x".repeat(2001) }]),
      }),
    ).toMatchObject({ ok: false, problem: { key: "sync.err.notesTooLong" } });
    expect(await act(owner, { intent: "save", user_id: contact.id, items: "{oops" })).toMatchObject({
      ok: false,
      problem: { key: "sync.saveFailed" },
    });
    expect(await act(other, { intent: "save", user_id: contact.id, items })).toMatchObject({
      ok: false,
      problem: { key: "sync.saveFailed" },
    });
    const hidden = await seedContact(owner.businessId, { phone: null });
    expect(await answer(owner, { intent: "save", user_id: hidden.id, items })).toMatchObject({
      status: 200,
      data: { ok: false, problem: { key: "sync.hiddenSave" } },
    });
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(1);
  });

  it("with a team, each result defaults to the member placement would choose and saves with the member chosen", async () => {
    const owner = await signedInOwner();
    await addService(owner, "Haircut");
    const sentAt = Date.now() - 60_000;
    const tomorrow = addDays(localDate(sentAt, "Asia/Jerusalem"), 1);
    const contact = await seedContact(owner.businessId, { name: "Maya", messages: [[false, HAIRCUT_ASK, sentAt]] });
    const team = async () =>
      (await (await owner.api("/api/team")).json<{ members: { id: string; name: string }[] }>()).members;
    // One member: nothing to choose.
    expect(await act(owner, { intent: "preview", user_id: contact.id })).toMatchObject({
      ok: true,
      result: { items: [{ time: "17:00", memberId: "" }] },
    });
    const [dana] = await team();
    const yossi = (
      await (
        await owner.api("/api/team", { method: "POST", json: { name: "Yossi" } })
      ).json<{ member: { id: string } }>()
    ).member;
    // Dana is taken at 17:00 tomorrow: placement would choose Yossi.
    const regular = await seedClient(owner.businessId, { name: "Noa Cohen", phone: "+972501111111" });
    await seedBooking(owner.businessId, regular, { bookingDate: tomorrow, bookingTime: "17:00", memberId: dana.id });
    expect(await act(owner, { intent: "preview", user_id: contact.id })).toMatchObject({
      ok: true,
      result: { items: [{ service: "Haircut", date: tomorrow, time: "17:00", memberId: yossi.id }] },
    });
    const whose = async () =>
      (
        await env.DB.prepare(
          "SELECT b.booking_time, m.name FROM bookings b JOIN members m ON m.id = b.member_id WHERE b.business_id = ? AND b.client_id != ? ORDER BY b.booking_time",
        )
          .bind(owner.businessId, regular)
          .all()
      ).results;
    const items = (list: Record<string, string>[]) =>
      JSON.stringify(list.map((i) => ({ service: "Haircut", date: tomorrow, notes: "", ...i })));

    // Another business's member: refused with the member's message, and nothing written (not even the client).
    const other = await signedInOwner();
    const [stranger] = (await (await other.api("/api/team")).json<{ members: { id: string }[] }>()).members;
    expect(
      await answer(owner, {
        intent: "save",
        user_id: contact.id,
        items: items([{ time: "18:00", member_id: stranger.id }]),
      }),
    ).toMatchObject({
      status: 200,
      data: { intent: "save", ok: false, problem: { key: "team.err.notFound" } },
    });
    expect(
      await count("SELECT count(*) AS n FROM clients WHERE business_id = ? AND name = 'Maya'", owner.businessId),
    ).toBe(0);
    expect(
      await answer(owner, { intent: "save", user_id: contact.id, items: items([{ time: "18:00", member_id: " " }]) }),
    ).toMatchObject({
      status: 400,
      data: { ok: false, problem: { key: "team.err.memberId" } },
    });

    // Chosen: Dana even though she is taken (the overlap is reported); absent: the first free member, as today.
    expect(
      await act(owner, {
        intent: "save",
        user_id: contact.id,
        items: items([
          { time: "17:00", member_id: dana.id },
          { time: "17:30", notes: "second" },
        ]),
      }),
    ).toMatchObject({ ok: true, saved: 2, conflicts: [{ client_name: "Noa Cohen", booking_time: "17:00" }] });
    expect(await whose()).toEqual([
      { booking_time: "17:00", name: "Dana Levi" },
      { booking_time: "17:30", name: "Yossi" },
    ]);
  });
});
