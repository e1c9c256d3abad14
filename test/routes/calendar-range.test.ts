// The Calendar's own data calls: a range ships compact events (no phone, no
// notes), a month's too-full day ships a count, and an opened event's details
// come one booking at a time, for this business only.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~db";
import { bookingsScreen } from "../../app/routes/dashboard.calendar/screen.server";
import { DENSE_DAY } from "../../app/services/bookings/bookings.server";
import { signedInOwner } from "../support/auth";
import { seedBooking, seedClient } from "../support/seed";

const NOW = Date.parse("2030-03-10T12:00:00Z");
/** What the calendar's fetcher receives for a query string. */
async function calendarData(businessId: string, query: Record<string, string>) {
  const business = { id: businessId, timeZone: "Asia/Jerusalem", country: "IL" };
  const result = await bookingsScreen(createDb(env.DB), business, new URLSearchParams(query), NOW);
  // A refusal comes back as Remix's data(body, { status }).
  if (result && typeof result === "object" && "init" in result) {
    const wrapped = result as unknown as { data: Record<string, unknown>; init: { status?: number } };
    return { status: wrapped.init.status ?? 200, body: wrapped.data };
  }
  return { status: 200, body: result as unknown as Record<string, unknown> };
}

/** `n` bookings of one client on one day, in one statement batch. */
async function seedDay(businessId: string, clientId: string, date: string, n: number) {
  const insert = env.DB.prepare(
    "INSERT INTO bookings (id, business_id, client_id, service, booking_date, booking_time, notes, status, source, created_at, updated_at) VALUES (?, ?, ?, 'Haircut', ?, ?, 'Secret note', 'scheduled', 'manual', 0, 0)",
  );
  await env.DB.batch(
    Array.from({ length: n }, (_, i) =>
      insert.bind(
        `${businessId}_${date}_${i}`,
        businessId,
        clientId,
        date,
        `${String(8 + (i % 10)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`,
      ),
    ),
  );
}

describe("Calendar range data", () => {
  it("ships compact events: name, service, date, time, status, duration, member and no phone or notes", async () => {
    const owner = await signedInOwner();
    const noa = await seedClient(owner.businessId, { name: "Noa Cohen", phone: "972541234567", notes: "Client note" });
    const id = await seedBooking(owner.businessId, noa, {
      bookingDate: "2030-03-12",
      bookingTime: "10:30",
      notes: "Likes green tea",
      service: "Coloring",
    });
    const { status, body } = await calendarData(owner.businessId, { start: "2030-02-23", end: "2030-04-06" });
    expect(status).toBe(200);
    expect(body).toEqual({
      kind: "range",
      events: [
        {
          id,
          name: "Noa Cohen",
          service: "Coloring",
          date: "2030-03-12",
          time: "10:30",
          status: "scheduled",
          minutes: 60,
          member: owner.memberId,
        },
      ],
      counts: [],
      truncated: false,
      timeOff: [],
    });
    const text = JSON.stringify(body);
    expect(text).not.toContain("972541234567");
    expect(text).not.toContain("Likes green tea");
  });

  it("opens one booking's details on click; another business's booking is not found", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const noa = await seedClient(owner.businessId, { name: "Noa Cohen", phone: "972541234567" });
    const mine = await seedBooking(owner.businessId, noa, {
      bookingDate: "2030-03-12",
      bookingTime: "10:30",
      notes: "Likes green tea",
    });
    const theirs = await seedBooking(other.businessId, await seedClient(other.businessId, { name: "Secret Client" }), {
      notes: "Their note",
    });

    const { body } = await calendarData(owner.businessId, { booking: mine });
    expect(body).toMatchObject({
      kind: "booking",
      problem: null,
      booking: {
        id: mine,
        client_name: "Noa Cohen",
        client_phone_display: "+972 54 123 4567",
        notes: "Likes green tea",
        status: "scheduled",
      },
    });

    const refused = await calendarData(owner.businessId, { booking: theirs });
    expect(refused).toEqual({
      status: 404,
      body: { kind: "booking", booking: null, problem: { key: "bookings.err.notFound" } },
    });
    // Over HTTP too: a 404 page, and nothing of theirs in it.
    const page = await owner.page(`/dashboard/calendar?booking=${theirs}`);
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).not.toContain("Secret Client");
    expect(html).not.toContain("Their note");
  });

  it("ships a count for a month's day with more than DENSE_DAY bookings, and every event of that day in the day and week views", async () => {
    const owner = await signedInOwner();
    const noa = await seedClient(owner.businessId, { name: "Noa Cohen" });
    await seedDay(owner.businessId, noa, "2030-03-14", DENSE_DAY + 10);
    await seedDay(owner.businessId, noa, "2030-03-15", DENSE_DAY); // exactly the threshold: still drawn event by event
    const quiet = await seedBooking(owner.businessId, noa, { bookingDate: "2030-03-20" });

    const month = (await calendarData(owner.businessId, { start: "2030-02-23", end: "2030-04-06" })).body as {
      events: { id: string; date: string }[];
      counts: unknown[];
    };
    expect(month.counts).toEqual([{ date: "2030-03-14", count: DENSE_DAY + 10 }]);
    expect(month.events.filter((e) => e.date === "2030-03-14")).toEqual([]);
    expect(month.events.filter((e) => e.date === "2030-03-15")).toHaveLength(DENSE_DAY);
    expect(month.events.map((e) => e.id)).toContain(quiet);

    const day = (await calendarData(owner.businessId, { start: "2030-03-14", end: "2030-03-15" })).body as {
      events: unknown[];
      counts: unknown[];
    };
    expect(day.counts).toEqual([]);
    expect(day.events).toHaveLength(DENSE_DAY + 10);
    const week = (await calendarData(owner.businessId, { start: "2030-03-10", end: "2030-03-17" })).body as {
      events: unknown[];
      counts: unknown[];
    };
    expect(week.counts).toEqual([]);
    expect(week.events).toHaveLength(2 * DENSE_DAY + 10);

    // A search counts only what it matches: Noa's day is not dense for someone else's name.
    const searched = (await calendarData(owner.businessId, { start: "2030-02-23", end: "2030-04-06", q: "Dana" }))
      .body as {
      events: unknown[];
      counts: unknown[];
    };
    expect(searched).toMatchObject({ events: [], counts: [] });
    const noaSearch = (await calendarData(owner.businessId, { start: "2030-02-23", end: "2030-04-06", q: "Noa" }))
      .body as { counts: unknown[] };
    expect(noaSearch.counts).toEqual([{ date: "2030-03-14", count: DENSE_DAY + 10 }]);
  });
});
