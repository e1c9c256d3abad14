// Each client's rhythm and reliability in GET /api/clients and on the Clients
// tab: visits, no-shows, late cancellations, the usual interval (from three
// visits of a service on) and the day the client is due again.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { rhythmOf } from "../../app/services/clients/rhythm";
import { addDays } from "../../app/utils/dates";
import { bookingInstant, localDate } from "../../app/utils/time-zone";
import { signedInOwner } from "../support/auth";
import { shownHtml } from "../support/html";
import { insightsFixture } from "../support/insights-fixture";
import { seedBooking, seedClient } from "../support/seed";

const ZONE = "Asia/Jerusalem";
const startOf = (date: string, time: string) => bookingInstant(date, time, ZONE);
const row = (booking_date: string, status = "completed", service = "Haircut", updated_at = 0) => ({
  booking_date,
  booking_time: "10:00",
  service,
  status,
  updated_at,
});

describe("rhythmOf", () => {
  const today = "2026-06-01";
  it("tells the median gap between visits of the last service, from three visits on, and the day due", () => {
    const rows = [
      row("2026-02-01"),
      row("2026-03-08"),
      row("2026-04-05", "completed", "Color"),
      row("2026-04-12"),
      row("2026-05-17"),
    ];
    expect(rhythmOf(rows, today, startOf)).toEqual({
      last_visit: "2026-05-17",
      last_service: "Haircut",
      visits: 5,
      no_shows: 0,
      late_cancels: 0,
      usual_interval_days: 35,
      due_date: "2026-06-21",
    });
  });

  it("says nothing of an interval under three visits, and counts no-shows and late cancellations", () => {
    const late = startOf("2026-05-20", "10:00") - 3 * 3_600_000;
    const early = startOf("2026-05-21", "10:00") - 48 * 3_600_000;
    const rows = [
      row("2026-05-01"),
      row("2026-05-10", "no_show"),
      row("2026-05-15", "no_show"),
      row("2026-05-20", "cancelled", "Haircut", late),
      row("2026-05-21", "cancelled", "Haircut", early),
      row("2026-05-25"),
      row("2026-05-30", "pending"),
    ];
    expect(rhythmOf(rows, today, startOf)).toMatchObject({
      last_visit: "2026-05-25",
      visits: 2,
      no_shows: 2,
      late_cancels: 1,
      usual_interval_days: null,
      due_date: null,
    });
  });
});

describe("GET /api/clients rhythm fields", () => {
  it("answers a client who comes every 35 days with the interval and the due date, and the Clients tab says it in words", async () => {
    const owner = await signedInOwner();
    const today = localDate(Date.now(), ZONE);
    const regular = await seedClient(owner.businessId, { name: "Noa Regular" });
    for (const back of [105, 70, 35, 0])
      await seedBooking(owner.businessId, regular, {
        bookingDate: addDays(today, -back),
        bookingTime: "00:00",
        status: "completed",
      });
    await seedBooking(owner.businessId, regular, { bookingDate: addDays(today, -50), status: "no_show" });
    await seedBooking(owner.businessId, regular, { bookingDate: addDays(today, -20), status: "no_show" });
    const newcomer = await seedClient(owner.businessId, { name: "Dana New" });
    await seedBooking(owner.businessId, newcomer, { bookingDate: addDays(today, -10), status: "completed" });

    const res = await owner.api("/api/clients");
    const { clients } = (await res.json()) as { clients: Record<string, unknown>[] };
    expect(clients.find((c) => c.id === regular)).toMatchObject({
      visits: 4,
      no_shows: 2,
      late_cancels: 0,
      usual_interval_days: 35,
      due_date: addDays(today, 35),
      last_visit: today,
    });
    expect(clients.find((c) => c.id === newcomer)).toMatchObject({
      visits: 1,
      no_shows: 0,
      late_cancels: 0,
      usual_interval_days: null,
      due_date: null,
    });

    const html = shownHtml(await (await owner.page("/dashboard/clients")).text());
    expect(html).toContain("comes every 5 weeks · 2 no-shows");
    const hebrew = shownHtml(
      await (
        await SELF.fetch("http://localhost/dashboard/clients", { headers: { Cookie: `${owner.cookie}; lang=he` } })
      ).text(),
    );
    expect(hebrew).toContain("מגיע/ה כל 5 שבועות · 2 אי-הגעות");
  });

  it("counts no booking-link hold: a pending one is no visit, and one that ran out unconfirmed is no late cancellation", async () => {
    const owner = await signedInOwner();
    await env.DB.batch(insightsFixture(owner.businessId).map((s) => env.DB.prepare(s)));
    const { clients } = (await (await owner.api("/api/clients")).json()) as { clients: Record<string, unknown>[] };
    const byName = (name: string) => clients.find((c) => c.name === name);
    // Avi's only booking is a pending hold; Maya's 6 March hold expired 30 minutes before its start.
    expect(byName("Avi Held")).toMatchObject({
      visits: 0,
      no_shows: 0,
      late_cancels: 0,
      last_visit: null,
      last_service: null,
    });
    expect(byName("Maya Peretz")).toMatchObject({ visits: 0, no_shows: 1, late_cancels: 1 });
  });
});

describe("Due this week on the Clients tab", () => {
  /** A client with Haircut visits `backs` days ago (their interval is the gaps'). */
  async function regular(businessId: string, name: string, phone: string, backs: number[], today: string) {
    const id = await seedClient(businessId, { name, phone });
    for (const back of backs)
      await seedBooking(businessId, id, {
        bookingDate: addDays(today, -back),
        bookingTime: "00:00",
        status: "completed",
      });
    return id;
  }

  it("lists clients due within 7 days and overdue ones not booked again, each with a WhatsApp message typed in, never an opted-out one", async () => {
    const owner = await signedInOwner();
    const today = localDate(Date.now(), ZONE);
    // Every 35 days, last 30 days ago: due in 5 days.
    await regular(owner.businessId, "Tamar Soon", "972501230001", [100, 65, 30], today);
    // Every 35 days, last 20 days ago: due in 15 days, not this week.
    await regular(owner.businessId, "Rina Later", "972501230002", [90, 55, 20], today);
    // Every 28 days, last 33 days ago: 5 days overdue, nothing booked.
    await regular(owner.businessId, "Omer Late", "972501230003", [89, 61, 33], today);
    // Overdue too, but already booked again.
    const booked = await regular(owner.businessId, "Gal Booked", "972501230004", [89, 61, 33], today);
    await seedBooking(owner.businessId, booked, { bookingDate: addDays(today, 3), status: "scheduled" });
    // Due in 5 days but asked not to be messaged.
    await regular(owner.businessId, "Shir Stop", "972501230005", [100, 65, 30], today);
    await env.DB.prepare("UPDATE contact_consent SET opted_out_at = ?3 WHERE business_id = ?1 AND phone = ?2")
      .bind(owner.businessId, "972501230005", Date.now())
      .run();

    const html = await (await owner.page("/dashboard/clients")).text();
    const section = html.slice(html.indexOf('data-testid="due-list"'), html.indexOf('role="search"'));
    const shown = shownHtml(section);
    expect(shown).toContain("Due this week");
    expect(shown).toContain("Tamar Soon");
    expect(shown.replace(/<!-- -->/g, "")).toContain("Haircut · comes every 5 weeks");
    expect(shown).toContain("Omer Late");
    expect(shown).toContain("overdue since");
    for (const absent of ["Rina Later", "Gal Booked", "Shir Stop"]) expect(shown).not.toContain(absent);
    // Soonest due first: the overdue one leads.
    expect(shown.indexOf("Omer Late")).toBeLessThan(shown.indexOf("Tamar Soon"));
    const text = encodeURIComponent("Hi Tamar! It's about time for your next Haircut. Shall I book you in?");
    expect(section).toContain(`href="https://wa.me/972501230001?text=${text.replace(/'/g, "&#x27;")}"`);
    expect(section).toContain('aria-label="Message Tamar Soon on WhatsApp"');
  });

  it("follows the bookings as they change: a booking ahead cancelled puts the client back on, a visit moved later takes them off", async () => {
    const owner = await signedInOwner();
    const today = localDate(Date.now(), ZONE);
    const dueNames = async () => {
      const html = await (await owner.page("/dashboard/clients")).text();
      return shownHtml(html.slice(html.indexOf('data-testid="due-list"'), html.indexOf('role="search"')));
    };
    // Every 28 days, last 33 days ago (5 days overdue), but booked again in 3 days.
    const id = await seedClient(owner.businessId, { name: "Gal Moved", phone: "972501230021" });
    const visits: string[] = [];
    for (const back of [89, 61, 33])
      visits.push(await seedBooking(owner.businessId, id, { bookingDate: addDays(today, -back), status: "completed" }));
    const ahead = await seedBooking(owner.businessId, id, { bookingDate: addDays(today, 3), status: "scheduled" });
    expect(await dueNames()).not.toContain("Gal Moved");

    expect((await owner.api(`/api/bookings/${ahead}`, { method: "PATCH", json: { status: "cancelled" } })).status).toBe(
      200,
    );
    expect(await dueNames()).toContain("Gal Moved");

    // The last visit was 5 days ago after all: gaps of 28 and 56 days, due in 37 days.
    expect(
      (await owner.api(`/api/bookings/${visits[2]}`, { method: "PATCH", json: { booking_date: addDays(today, -5) } }))
        .status,
    ).toBe(200);
    expect(await dueNames()).not.toContain("Gal Moved");
  });

  it("types the message in the business's message language, and says the list in Hebrew on a Hebrew screen", async () => {
    const owner = await signedInOwner({ messageLang: "he" });
    const today = localDate(Date.now(), ZONE);
    await regular(owner.businessId, "תמר", "972501230011", [100, 65, 30], today);
    const html = await (
      await SELF.fetch("http://localhost/dashboard/clients", { headers: { Cookie: `${owner.cookie}; lang=he` } })
    ).text();
    const text = encodeURIComponent("היי תמר! הגיע הזמן לתור הבא (Haircut). לקבוע לך?");
    expect(html).toContain(`href="https://wa.me/972501230011?text=${text}"`);
    const shown = shownHtml(html);
    expect(shown).toContain("צריכים לחזור השבוע");
    expect(shown).toContain(`אמור/ה לחזור ב-${addDays(today, 5).split("-").reverse().join("/")}`);
  });
});
