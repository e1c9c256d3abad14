// The Sync tab's booking requests: the cards the page shows, the badge on its
// tab, and the Accept, Edit (Save) and Dismiss actions with the problems the
// screen translates.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~db";
import { syncScreenAction } from "../../app/routes/dashboard.sync/screen.server";
import { storeProposals } from "../../app/services/proposals/store.server";
import { addDays } from "../../app/utils/dates";
import { localDate } from "../../app/utils/time-zone";
import { signedInOwner } from "../support/auth";
import { shownHtml } from "../support/html";
import { seedBooking, seedClient } from "../support/seed";
import { addService, count, HAIRCUT_ASK, seedContact, type Owner } from "../support/sync";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

async function answer(owner: Owner, fields: Record<string, string>) {
  const business = { id: owner.businessId, timeZone: "Asia/Jerusalem", country: "IL", workingHours: {} };
  const res = await syncScreenAction({ db: createDb(env.DB), env, now: Date.now() }, business, form(fields));
  return { status: res.init?.status ?? 200, data: res.data as unknown as Record<string, unknown> };
}

/** The Sync tab as the page shows it (no scripts), in English or Hebrew. */
const syncPage = async (owner: Owner, lang: "en" | "he" = "en") =>
  shownHtml(
    await (
      await SELF.fetch("http://localhost/dashboard/sync", { headers: { Cookie: `${owner.cookie}; lang=${lang}` } })
    ).text(),
  );

const today = () => localDate(Date.now(), "Asia/Jerusalem");

/** An owner with Haircut and Coloring, and open proposals from one chat (newest first). */
async function ownerWithProposals(
  items: { service?: string; date: string; time: string; notes?: string }[],
  contactName = "Maya Azulay",
) {
  const owner = await signedInOwner();
  await addService(owner, "Haircut");
  await addService(owner, "Coloring");
  const contact = await seedContact(owner.businessId, { name: contactName, phone: "972541234567" });
  const stored = await storeProposals(
    createDb(env.DB),
    { id: owner.businessId, country: "IL" },
    { chatId: contact.chatId, phone: contact.phone, name: contactName },
    items.map((i) => ({
      service: i.service ?? "Haircut",
      date: i.date,
      time: i.time,
      notes: i.notes ?? "",
      quote: HAIRCUT_ASK,
    })),
  );
  return { owner, ids: stored.map((p) => p.id) };
}

const bookings = (businessId: string) =>
  env.DB.prepare(
    "SELECT service, booking_date, booking_time, notes FROM bookings WHERE business_id = ? ORDER BY booking_time",
  )
    .bind(businessId)
    .all()
    .then((r) => r.results);

const status = async (id: string) =>
  (await env.DB.prepare("SELECT status FROM proposals WHERE id = ?").bind(id).first<{ status: string }>())?.status;

describe("Sync tab: booking requests", () => {
  it("lists open requests with the day for people, the quote and the formatted phone, and counts them on the tab", async () => {
    const { owner } = await ownerWithProposals([
      { date: addDays(today(), 1), time: "17:00", notes: "short please" },
      { date: today(), time: "09:30", service: "Coloring" },
    ]);
    const html = await syncPage(owner);
    expect(html).toContain("Booking requests");
    expect(html).toContain("Maya Azulay");
    expect(html).toContain("+972 54 123 4567");
    expect(html).toContain("Tomorrow");
    expect(html).toContain("Today");
    expect(html).toContain(HAIRCUT_ASK);
    expect(html).toContain("short please");
    expect(html).toContain('aria-label="2 booking requests"');
    // Above the catalogue.
    expect(html.indexOf("Booking requests")).toBeLessThan(html.indexOf("Add Service"));

    const he = await syncPage(owner, "he");
    expect(he).toContain("בקשות לתור");
    expect(he).toContain("מחר");
    expect(he).toContain('aria-label="2 בקשות לתור"');
  });

  it("tells each request's client record before Accept: visits, no-shows, late cancellations, or a new client", async () => {
    const { owner } = await ownerWithProposals([{ date: addDays(today(), 2), time: "11:00" }]);
    const html = await syncPage(owner);
    expect(html).toContain("New client");
    expect(await syncPage(owner, "he")).toContain("לקוח/ה חדש/ה");

    // The same number is a client with three visits, a no-show, and a booking-link hold that counts nowhere.
    const client = await seedClient(owner.businessId, { phone: "972541234567", name: "Maya Azulay" });
    for (const back of [90, 60, 30])
      await seedBooking(owner.businessId, client, { bookingDate: addDays(today(), -back), status: "completed" });
    await seedBooking(owner.businessId, client, { bookingDate: addDays(today(), -45), status: "no_show" });
    await seedBooking(owner.businessId, client, { bookingDate: addDays(today(), -1), status: "pending" });
    const known = await syncPage(owner);
    expect(known).toContain("3 visits · 1 no-show");
    expect(known).not.toContain("New client");
    expect(await syncPage(owner, "he")).toContain("3 ביקורים · אי-הגעה אחת");
  });

  it("shows a weekday and date past tomorrow, in the owner's language", async () => {
    const later = addDays(today(), 3);
    const { owner } = await ownerWithProposals([{ date: later, time: "12:00" }]);
    const [y, m, d] = later.split("-").map(Number);
    const day = new Date(Date.UTC(y, m - 1, d));
    const en = new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" }).format(day);
    const heDay = new Intl.DateTimeFormat("he-IL", { weekday: "long", timeZone: "UTC" }).format(day);
    expect(heDay).toMatch(/[\u0590-\u05ff]/);
    expect(await syncPage(owner)).toContain(en);
    expect(await syncPage(owner, "he")).toContain(heDay);
  });

  it("shows no requests section and no badge when none wait", async () => {
    const owner = await signedInOwner();
    const html = await syncPage(owner);
    expect(html).not.toContain("Booking requests");
    expect(html).not.toContain("proposals-count");
  });

  it("counts at most 99 on the badge, then 99+", async () => {
    const owner = await signedInOwner();
    // Distinct times: the same booking is proposed once.
    const insert = (from: number, n: number) =>
      env.DB.batch(
        Array.from({ length: n }, (_, k) => from + k).map((i) =>
          env.DB.prepare(
            "INSERT INTO proposals (id, business_id, chat_id, client_phone, service, date, time, created_at) VALUES (?, ?, 'c@c.us', '972541234567', 'Haircut', '2031-01-01', ?, ?)",
          ).bind(
            crypto.randomUUID(),
            owner.businessId,
            `${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`,
            Date.now() + i,
          ),
        ),
      );
    await insert(0, 99);
    expect(await syncPage(owner)).toContain('aria-label="99 booking requests"');
    await insert(99, 5);
    const html = await syncPage(owner);
    expect(html).toContain('aria-label="99+ booking requests"');
    expect(html).toMatch(/data-testid="proposals-count"[^>]*>99\+</);
  });

  it("an Accept that would overlap a booking is held with the bookings in the way until Book anyway", async () => {
    const tomorrow = addDays(today(), 1);
    const { owner, ids } = await ownerWithProposals([
      { date: tomorrow, time: "17:00" },
      { date: tomorrow, time: "17:00", service: "Coloring" },
    ]);
    const [first, second] = ids;
    expect((await answer(owner, { intent: "proposal-accept", id: first })).data).toMatchObject({
      ok: true,
      conflicts: [],
    });
    const held = await answer(owner, { intent: "proposal-accept", id: second });
    expect(held.data).toMatchObject({
      intent: "proposal-accept",
      id: second,
      ok: false,
      conflicts: [
        expect.objectContaining({ client_name: "Maya Azulay", booking_date: tomorrow, booking_time: "17:00" }),
      ],
    });
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(1);
    expect(await status(second)).toBe("open");
    // The card's "Book anyway" sends the same accept with book_anyway=1.
    expect((await answer(owner, { intent: "proposal-accept", id: second, book_anyway: "1" })).data).toMatchObject({
      ok: true,
    });
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(2);
    expect(await status(second)).toBe("accepted");
  });

  it("accepts with one tap: the booking is saved and the request leaves the list", async () => {
    const tomorrow = addDays(today(), 1);
    const { owner, ids } = await ownerWithProposals([{ date: tomorrow, time: "17:00" }]);
    expect(await answer(owner, { intent: "proposal-accept", id: ids[0] })).toEqual({
      status: 200,
      data: { intent: "proposal-accept", id: ids[0], ok: true, conflicts: [], warnings: expect.any(Array) },
    });
    expect(await bookings(owner.businessId)).toEqual([
      { service: "Haircut", booking_date: tomorrow, booking_time: "17:00", notes: "" },
    ]);
    expect(await status(ids[0])).toBe("accepted");
    const html = await syncPage(owner);
    expect(html).not.toContain("Booking requests");
    expect(html).not.toContain("proposals-count");
    // Accepting again: the screen's message, nothing more saved.
    expect(await answer(owner, { intent: "proposal-accept", id: ids[0] })).toEqual({
      status: 200,
      data: { intent: "proposal-accept", id: ids[0], ok: false, problem: { key: "proposals.err.alreadyAccepted" } },
    });
    expect(
      await answer(owner, {
        intent: "proposal-edit",
        id: ids[0],
        service: "Haircut",
        date: tomorrow,
        time: "18:00",
        notes: "",
      }),
    ).toMatchObject({
      status: 200,
      data: { ok: false, problem: { key: "proposals.err.alreadyAccepted" } },
    });
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(1);
  });

  it("saves an edit as the booking, corrected", async () => {
    const { owner, ids } = await ownerWithProposals([{ date: addDays(today(), 1), time: "17:00" }]);
    const date = addDays(today(), 2);
    expect(
      await answer(owner, {
        intent: "proposal-edit",
        id: ids[0],
        service: "Coloring",
        date,
        time: "9:15",
        notes: " roots ",
      }),
    ).toMatchObject({
      status: 200,
      data: { intent: "proposal-edit", id: ids[0], ok: true },
    });
    expect(await bookings(owner.businessId)).toEqual([
      { service: "Coloring", booking_date: date, booking_time: "09:15", notes: "roots" },
    ]);
  });

  it("an edit books with the member chosen, or the first free one when none is", async () => {
    const { owner, ids } = await ownerWithProposals([
      { date: addDays(today(), 1), time: "17:00" },
      { date: addDays(today(), 1), time: "18:00" },
    ]);
    const yossi = (
      await (
        await owner.api("/api/team", { method: "POST", json: { name: "Yossi" } })
      ).json<{ member: { id: string } }>()
    ).member;
    const edit = (id: string, time: string, member_id: string) =>
      answer(owner, {
        intent: "proposal-edit",
        id,
        service: "Haircut",
        date: addDays(today(), 1),
        time,
        notes: "",
        member_id,
      });
    expect(await edit(ids[0], "18:00", yossi.id)).toMatchObject({ data: { ok: true } });
    expect(await edit(ids[1], "17:00", "")).toMatchObject({ data: { ok: true } });
    const placed = await env.DB.prepare(
      "SELECT b.booking_time, m.name FROM bookings b JOIN members m ON m.id = b.member_id WHERE b.business_id = ? ORDER BY b.booking_time",
    )
      .bind(owner.businessId)
      .all();
    expect(placed.results).toEqual([
      { booking_time: "17:00", name: "Dana Levi" },
      { booking_time: "18:00", name: "Yossi" },
    ]);
  });

  it("refuses a bad date or time with the field's message, under the field", async () => {
    const { owner, ids } = await ownerWithProposals([{ date: addDays(today(), 1), time: "17:00" }]);
    const good = {
      intent: "proposal-edit",
      id: ids[0],
      service: "Haircut",
      date: addDays(today(), 1),
      time: "17:00",
      notes: "",
    };
    const badDate = await answer(owner, { ...good, date: "2031-02-30" });
    expect(badDate).toMatchObject({
      status: 400,
      data: {
        ok: false,
        problem: { key: "bookings.err.dateFormat" },
        reply: { error: { date: [{ key: "bookings.err.dateFormat" }] } },
      },
    });
    const badTime = await answer(owner, { ...good, time: "25:00" });
    expect(badTime).toMatchObject({
      status: 400,
      data: {
        ok: false,
        problem: { key: "bookings.err.timeFormat" },
        reply: { error: { time: [{ key: "bookings.err.timeFormat" }] } },
      },
    });
    expect(await answer(owner, { ...good, time: "" })).toMatchObject({
      status: 400,
      data: { problem: { key: "bookings.err.timeRequired" } },
    });
    expect(await answer(owner, { ...good, service: " " })).toMatchObject({
      status: 400,
      data: { problem: { key: "bookings.err.serviceRequired" } },
    });
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(0);
    expect(await status(ids[0])).toBe("open");
  });

  it("dismisses: gone from the list and never accepted afterwards", async () => {
    const { owner, ids } = await ownerWithProposals([{ date: addDays(today(), 1), time: "17:00" }]);
    expect(await answer(owner, { intent: "proposal-dismiss", id: ids[0] })).toEqual({
      status: 200,
      data: { intent: "proposal-dismiss", id: ids[0], ok: true },
    });
    expect(await status(ids[0])).toBe("dismissed");
    expect(await syncPage(owner)).not.toContain("Booking requests");
    expect(await answer(owner, { intent: "proposal-accept", id: ids[0] })).toMatchObject({
      status: 200,
      data: { ok: false, problem: { key: "proposals.err.dismissed" } },
    });
    expect(await count("SELECT count(*) AS n FROM bookings WHERE business_id = ?", owner.businessId)).toBe(0);
  });

  it("does not let another business see, accept or dismiss a request", async () => {
    const { owner, ids } = await ownerWithProposals([{ date: addDays(today(), 1), time: "17:00" }], "Secret Client");
    const intruder = await signedInOwner();
    expect(await syncPage(intruder)).not.toContain("Secret Client");
    const notFound = { status: 200, data: { ok: false, problem: { key: "proposals.err.notFound" } } };
    expect(await answer(intruder, { intent: "proposal-accept", id: ids[0] })).toMatchObject(notFound);
    expect(await answer(intruder, { intent: "proposal-dismiss", id: ids[0] })).toMatchObject(notFound);
    expect(
      await answer(intruder, {
        intent: "proposal-edit",
        id: ids[0],
        service: "Haircut",
        date: "2031-01-01",
        time: "10:00",
        notes: "",
      }),
    ).toMatchObject(notFound);
    expect(await answer(intruder, { intent: "proposal-accept", id: "" })).toMatchObject(notFound);
    expect(await status(ids[0])).toBe("open");
    expect(
      await count(
        "SELECT count(*) AS n FROM bookings WHERE business_id IN (?, ?)",
        owner.businessId,
        intruder.businessId,
      ),
    ).toBe(0);
  });
});
