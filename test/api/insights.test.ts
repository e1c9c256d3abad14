// GET /api/insights: a hand-counted salon week (test/support/insights-fixture.ts)
// and the period before it, figures per business only, and the 400s.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import {
  FIXTURE_BEFORE,
  FIXTURE_BEFORE_FIGURES,
  FIXTURE_FIGURES,
  FIXTURE_PERIOD,
  insightsFixture,
} from "../support/insights-fixture";
import { seedBooking, seedClient } from "../support/seed";

type Answer = Record<string, unknown> & { success: boolean; detail?: string; previous: Record<string, unknown> };

async function seeded() {
  const owner = await signedInOwner();
  await env.DB.batch(insightsFixture(owner.businessId).map((s) => env.DB.prepare(s)));
  return owner;
}

const get = async (owner: Awaited<ReturnType<typeof signedInOwner>>, query: string) => {
  const res = await owner.api(`/api/insights${query}`);
  return { status: res.status, data: (await res.json()) as Answer };
};

describe("GET /api/insights", () => {
  it("answers the week's figures as counted by hand, and the week before under previous", async () => {
    const owner = await seeded();
    const { status, data } = await get(owner, `?from=${FIXTURE_PERIOD.from}&to=${FIXTURE_PERIOD.to}`);
    expect(status).toBe(200);
    const { previous, ...figures } = data;
    expect(figures).toEqual({ success: true, ...FIXTURE_PERIOD, time_zone: "Asia/Jerusalem", ...FIXTURE_FIGURES });
    expect(previous).toEqual({ ...FIXTURE_BEFORE, ...FIXTURE_BEFORE_FIGURES });
  });

  it("counts each business's own rows only: the same week seeded twice answers the same", async () => {
    const other = await seeded();
    const owner = await seeded();
    await seedBooking(other.businessId, await seedClient(other.businessId), {
      bookingDate: "2026-03-03",
      bookingTime: "09:00",
      status: "completed",
      priceCents: 99900,
    });
    const { data } = await get(owner, `?from=${FIXTURE_PERIOD.from}&to=${FIXTURE_PERIOD.to}`);
    expect(data).toMatchObject({ bookings: 6, revenue: { done: 400, expected: 400, currency: "ILS" } });
  });

  it("moves the figures as the owner moves, cancels and deletes the week's bookings", async () => {
    // The figures are read from per-day sums that follow every change to a booking.
    const owner = await seeded();
    const booking = (key: string) => `/api/bookings/${owner.businessId}-${key}`;
    // Dana's Color from Monday 11:00 to 15:00; Lior's Friday Haircut (from Sync) cancelled now, long after
    // its start (a late cancellation); Lior's Saturday Color (an accepted proposal) deleted; Eli booked
    // again on 20 April, within 60 days of his visit on 1 March (rebooked now).
    expect((await owner.api(booking("b3"), { method: "PATCH", json: { booking_time: "15:00" } })).status).toBe(200);
    expect((await owner.api(booking("b7"), { method: "PATCH", json: { status: "cancelled" } })).status).toBe(200);
    expect((await owner.api(booking("b8"), { method: "DELETE" })).status).toBe(200);
    const again = {
      name: "Eli Mizrahi",
      phone: "972501110002",
      service: "Haircut",
      booking_date: "2026-04-20",
      booking_time: "10:00",
    };
    expect((await owner.api("/api/bookings", { method: "POST", json: again })).status).toBe(201);
    const { data } = await get(owner, `?from=${FIXTURE_PERIOD.from}&to=${FIXTURE_PERIOD.to}`);
    expect(data).toMatchObject({
      bookings: 4,
      revenue: { done: 400, expected: 0, currency: "ILS" },
      no_show_rate: 1 / 4,
      late_cancel_rate: 2 / 7,
      rebooking_rate: 2 / 3,
      new_clients: 2,
      returning_clients: 2,
      from_chats: 1,
      busiest: [
        { weekday: 0, hour: 10, count: 2 },
        { weekday: 1, hour: 15, count: 1 },
        { weekday: 2, hour: 10, count: 1 },
      ],
      services: [
        { service: "Color", count: 1, revenue: 300 },
        { service: "Haircut", count: 3, revenue: 100 },
      ],
    });
  });

  it("follows each client's first booking and visits as they are cancelled, deleted, moved and held", async () => {
    // New, returning and rebooked clients are read from chains of each client's bookings that follow every change.
    const owner = await seeded();
    const booking = (key: string) => `/api/bookings/${owner.businessId}-${key}`;
    const change = async (key: string, init: { method: string; json?: Record<string, unknown> }) =>
      expect((await owner.api(booking(key), init)).status).toBe(200);
    const clients = async () => {
      const { data } = await get(owner, `?from=${FIXTURE_PERIOD.from}&to=${FIXTURE_PERIOD.to}`);
      const figures = (f: Record<string, unknown>) => [f.new_clients, f.returning_clients, f.rebooking_rate];
      return { week: figures(data), before: figures(data.previous) };
    };
    expect(await clients()).toEqual({ week: [3, 2, 2 / 4], before: [1, 0, 1] });
    // Eli's first booking (25 February) cancelled: his first is now in the week, and the week before is empty.
    await change("b00", { method: "PATCH", json: { status: "cancelled" } });
    expect(await clients()).toEqual({ week: [4, 1, 2 / 4], before: [0, 0, null] });
    // Noa's first booking (10 February) deleted: she is new in the week too.
    await change("b0", { method: "DELETE" });
    expect(await clients()).toEqual({ week: [5, 0, 2 / 4], before: [0, 0, null] });
    // Her 15 April booking moved earlier, to 26 February: her first again, before the week, and rebooked
    // by her 1 March visit, which nothing follows now.
    await change("b9", { method: "PATCH", json: { booking_date: "2026-02-26" } });
    expect(await clients()).toEqual({ week: [4, 1, 1 / 4], before: [1, 0, 1] });
    // Moved later, to 20 March: her 1 March visit is her first and rebooked again.
    await change("b9", { method: "PATCH", json: { booking_date: "2026-03-20" } });
    expect(await clients()).toEqual({ week: [5, 0, 2 / 4], before: [0, 0, null] });
    // A booking-link hold for Dana on 24 February counts nowhere until it is confirmed; then it is her first.
    const held = await seedBooking(owner.businessId, `${owner.businessId}-dana`, {
      bookingDate: "2026-02-24",
      bookingTime: "10:00",
      status: "pending",
    });
    expect(await clients()).toEqual({ week: [5, 0, 2 / 4], before: [0, 0, null] });
    // As the customer's confirmation does.
    await env.DB.prepare("UPDATE bookings SET status = 'confirmed' WHERE id = ?").bind(held).run();
    expect(await clients()).toEqual({ week: [4, 1, 2 / 4], before: [1, 0, 1] });
  });

  it("reads the cancellation's 24 hours and the period's days in the business's zone", async () => {
    // The same rows for a salon in UTC: Maya's cancellation is 25 hours before a 16:00 there, and
    // the reminder sent at 01:00 Jerusalem time (23:00 UTC) falls on 28 February.
    const owner = await signedInOwner({ timeZone: "UTC" });
    await env.DB.batch(insightsFixture(owner.businessId).map((s) => env.DB.prepare(s)));
    const { data } = await get(owner, `?from=${FIXTURE_PERIOD.from}&to=${FIXTURE_PERIOD.to}`);
    expect(data).toMatchObject({ late_cancel_rate: 0, confirmation_rate: 0, messages: { sent: 4, refused: 1 } });
  });

  it("takes each day's own offset when summer time starts inside the period", async () => {
    // Israel moves to UTC+3 on Friday 27 March 2026: a cancellation 23 hours before Sunday the 29th at 16:00 is late.
    const owner = await signedInOwner();
    const client = await seedClient(owner.businessId);
    const start = Date.parse("2026-03-29T16:00:00+03:00");
    await seedBooking(owner.businessId, client, {
      bookingDate: "2026-03-29",
      bookingTime: "16:00",
      status: "cancelled",
      updatedAt: start - 23 * 3_600_000,
    });
    await seedBooking(owner.businessId, client, {
      bookingDate: "2026-03-22",
      bookingTime: "16:00",
      status: "cancelled",
      updatedAt: Date.parse("2026-03-22T16:00:00+02:00") - 25 * 3_600_000,
    });
    const { data } = await get(owner, "?from=2026-03-20&to=2026-03-31");
    expect(data.late_cancel_rate).toBe(1 / 2);
  });

  it("answers null rates and empty lists for a period with nothing in it", async () => {
    const owner = await signedInOwner();
    const { status, data } = await get(owner, "?from=2026-01-01&to=2026-01-31");
    expect(status).toBe(200);
    expect(data).toMatchObject({
      bookings: 0,
      revenue: { done: 0, expected: 0, currency: "ILS" },
      no_show_rate: null,
      late_cancel_rate: null,
      confirmation_rate: null,
      rebooking_rate: null,
      new_clients: 0,
      returning_clients: 0,
      from_chats: 0,
      busiest: [],
      services: [],
    });
    expect(data.previous).toMatchObject({ from: "2025-12-01", to: "2025-12-31", bookings: 0 });
  });

  it("refuses a missing or wrong date, from after to, and a period over 400 days with a 400", async () => {
    const owner = await signedInOwner();
    const cases: [string, string][] = [
      ["", "from is required."],
      ["?from=2026-03-01", "to is required."],
      ["?from=2026-02-30&to=2026-03-07", "from must be a date as YYYY-MM-DD."],
      ["?from=2026-03-01&to=7.3.2026", "to must be a date as YYYY-MM-DD."],
      ["?from=2026-03-08&to=2026-03-07", "from must not be after to."],
      ["?from=2025-01-01&to=2026-02-05", "The period (from, to) can span at most 400 days."],
    ];
    for (const [query, detail] of cases) {
      const { status, data } = await get(owner, query);
      expect({ query, status, detail: data.detail, success: data.success }).toEqual({
        query,
        status: 400,
        detail,
        success: false,
      });
    }
    expect((await get(owner, "?from=2025-01-01&to=2026-02-04")).status).toBe(200);
  });

  it("answers 401 without a session", async () => {
    const res = await SELF.fetch("http://localhost/api/insights?from=2026-03-01&to=2026-03-07");
    expect(res.status).toBe(401);
  });
});
