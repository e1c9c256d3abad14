// RELIABILITY.md test 14: send moments in the business's zone across DST,
// and pending messages following their booking. Time is injected.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { processOutboundBatch, type OutboundMessage } from "../../app/services/delivery.server";
import { bookingsChanged } from "../../app/services/booking-events.server";
import { createRules, type RulesBusiness } from "../../app/services/rules/rules.server";
import { REASON_SUPERSEDED } from "../../app/services/rules/catch-up";
import { REASON_AFTER_APPOINTMENT, REASON_APPOINTMENT_PASSED } from "../../app/services/rules/schedule";
import { zonedInstant } from "../../app/utils/time-zone";
import { fakeGateway, sweepInto } from "../support/fake-gateway";
import { messageRow, seedBooking, seedBusiness, seedClient } from "../support/seed";

const NY = "America/New_York";

async function newYorkBusiness(): Promise<RulesBusiness> {
  const { businessId } = await seedBusiness({ timeZone: NY });
  return { id: businessId, timeZone: NY, sendTime: "10:00" };
}

async function booking(business: RulesBusiness, date: string, time = "09:00", name = "Noa Cohen") {
  return seedBooking(business.id, await seedClient(business.id, { name }), { bookingDate: date, bookingTime: time });
}

async function rule(business: RulesBusiness, now: number, bookingIds: string[], body: Record<string, unknown>) {
  const result = await createRules({ d1: env.DB, business, now }, {
    type: "followup",
    services: ["Haircut"],
    template: "Hi {name}, see you on {date}",
    schedule_type: "preset",
    schedule_value: "15",
    customDate: "",
    customTime: "",
    clients: bookingIds.map((booking_id) => ({ booking_id })),
    ...body,
  } as never);
  const clients = result.rules.map((r) => r.clients[0]);
  return bookingIds.map((id) => clients.find((c) => c.booking_id === id)!);
}

/** The cron at `at`, then the queue consumer, both at that instant; what the gateway got. */
async function runAt(at: number, gateway = fakeGateway()) {
  const { ids } = await sweepInto(at);
  if (ids.length) {
    const batch = createMessageBatch<OutboundMessage>(
      "chatbook-outbound",
      ids.map((id, i) => ({ id: `q${i}-${at}`, timestamp: new Date(at), attempts: 1, body: { id } })),
    );
    await processOutboundBatch(batch, { env, sender: gateway.sender, now: () => at });
    await getQueueResult(batch, createExecutionContext());
  }
  return { ids, gateway };
}

describe("RELIABILITY 14: time zones and booking changes", () => {
  it("a 10:00-local message goes at 10:00 local on both sides of a DST change", async () => {
    const biz = await newYorkBusiness();
    const now = Date.UTC(2030, 1, 10, 12);
    const [winter] = await rule(biz, now, [await booking(biz, "2030-02-18")], {});
    const [summer] = await rule(biz, now, [await booking(biz, "2030-03-01")], {});
    expect([winter.schedule_date, winter.schedule_time, summer.schedule_date, summer.schedule_time]).toEqual([
      "2030-03-05",
      "10:00",
      "2030-03-16",
      "10:00",
    ]);
    expect((await messageRow(winter.id))?.send_at).toBe(Date.UTC(2030, 2, 5, 15)); // EST, UTC-5
    expect((await messageRow(summer.id))?.send_at).toBe(Date.UTC(2030, 2, 16, 14)); // EDT, UTC-4

    const gateway = fakeGateway();
    expect((await runAt(Date.UTC(2030, 2, 16, 13, 59), gateway)).ids).not.toContain(summer.id);
    expect((await runAt(Date.UTC(2030, 2, 16, 14, 0), gateway)).ids).toContain(summer.id);
    expect((await messageRow(summer.id))?.status).toBe("sent");
  });

  it("a local time skipped by the spring change moves forward by the gap; a doubled one means its first occurrence; each sends once", async () => {
    const biz = await newYorkBusiness();
    const now = Date.UTC(2030, 1, 1, 12);
    const [skipped] = await rule(biz, now, [await booking(biz, "2030-02-20")], {
      schedule_type: "custom",
      customDate: "2030-03-10",
      customTime: "02:30",
    });
    expect(skipped).toMatchObject({ schedule_date: "2030-03-10", schedule_time: "03:30" });
    expect((await messageRow(skipped.id))?.send_at).toBe(Date.UTC(2030, 2, 10, 7, 30));

    const [doubled] = await rule(biz, now, [await booking(biz, "2030-10-20")], {
      schedule_type: "custom",
      customDate: "2030-11-03",
      customTime: "01:30",
    });
    expect((await messageRow(doubled.id))?.send_at).toBe(Date.UTC(2030, 10, 3, 5, 30)); // 01:30 EDT
    const gateway = fakeGateway();
    await runAt(Date.UTC(2030, 10, 3, 5, 30), gateway);
    await runAt(Date.UTC(2030, 10, 3, 6, 30), gateway); // 01:30 EST, the second time the clock shows it
    expect(gateway.sent.filter((s) => s.text.includes("20/10/2030"))).toHaveLength(1);
  });

  it("cancelling or deleting a booking cancels its pending messages, also once queued", async () => {
    const biz = await newYorkBusiness();
    const now = Date.UTC(2030, 3, 1, 12);
    const cancelled = await booking(biz, "2030-04-10");
    const deleted = await booking(biz, "2030-04-10", "09:00", "Avi Levi");
    const queuedThenCancelled = await booking(biz, "2030-04-10", "09:00", "Dana Bar");
    const [a, b, c] = await rule(biz, now, [cancelled, deleted, queuedThenCancelled], {});

    await env.DB.prepare("UPDATE bookings SET status = 'cancelled' WHERE id = ?").bind(cancelled).run();
    await bookingsChanged(env, [cancelled], now);
    expect(await messageRow(a.id)).toMatchObject({ status: "cancelled", last_error: "rules.reason.bookingCancelled" });

    await env.DB.prepare("DELETE FROM bookings WHERE id = ?").bind(deleted).run();
    await bookingsChanged(env, [deleted], now);
    expect((await messageRow(b.id))?.status ?? "deleted").not.toMatch(/scheduled|queued/);

    const due = zonedInstant("2030-04-25", "10:00", NY);
    const { ids } = await sweepInto(due);
    expect(ids).toEqual([c.id].filter((id) => ids.includes(id)));
    await env.DB.prepare("UPDATE bookings SET status = 'cancelled' WHERE id = ?").bind(queuedThenCancelled).run();
    const gateway = fakeGateway();
    const batch = createMessageBatch<OutboundMessage>("chatbook-outbound", [
      { id: "q", timestamp: new Date(), attempts: 1, body: { id: c.id } },
    ]);
    await processOutboundBatch(batch, { env, sender: gateway.sender, now: () => due });
    expect(gateway.sent).toEqual([]);
    expect((await messageRow(c.id))?.status).toBe("cancelled");
  });

  it("a moved booking re-times its pending messages", async () => {
    const biz = await newYorkBusiness();
    const now = Date.UTC(2030, 4, 1, 12);
    const id = await booking(biz, "2030-05-10");
    const [followup] = await rule(biz, now, [id], {});
    const [reminder] = await rule(biz, now, [id], { type: "reminder", schedule_value: "1" });
    await env.DB.prepare("UPDATE bookings SET booking_date = '2030-05-20', booking_time = '16:00' WHERE id = ?")
      .bind(id)
      .run();
    await bookingsChanged(env, [id], now);
    expect(await messageRow(followup.id)).toMatchObject({
      status: "scheduled",
      send_date: "2030-06-04",
      send_time: "10:00",
      send_at: zonedInstant("2030-06-04", "10:00", NY),
    });
    expect(await messageRow(reminder.id)).toMatchObject({
      status: "scheduled",
      send_date: "2030-05-19",
      send_time: "10:00",
    });
  });

  it("a booking moved inside the reminder window does not fire every reminder at once", async () => {
    const biz = await newYorkBusiness();
    const id = await booking(biz, "2030-06-20");
    const made = Date.UTC(2030, 5, 1, 12);
    const reminders = [];
    for (const days of ["1", "2", "3"])
      reminders.push((await rule(biz, made, [id], { type: "reminder", schedule_value: days }))[0]);

    // Moved to tomorrow morning; it is now 12:00 local, after every reminder's moment.
    const now = zonedInstant("2030-06-10", "12:00", NY);
    await env.DB.prepare("UPDATE bookings SET booking_date = '2030-06-11' WHERE id = ?").bind(id).run();
    await bookingsChanged(env, [id], now);
    const rows = await Promise.all(reminders.map((r) => messageRow(r.id)));
    expect(rows.map((r) => r?.status)).toEqual(["scheduled", "cancelled", "cancelled"]);
    expect(rows[0]).toMatchObject({ send_at: now, send_date: "2030-06-10", send_time: "12:00" });
    expect(rows[1]?.last_error).toBe(REASON_SUPERSEDED);

    const { gateway } = await runAt(now + 60_000);
    expect(gateway.sent).toHaveLength(1);
    await runAt(now + 120_000, gateway);
    expect(gateway.sent).toHaveLength(1);
  });

  it("a reminder made inside its window goes at the next run, once; a second one for the same appointment is skipped", async () => {
    const biz = await newYorkBusiness();
    const id = await booking(biz, "2030-07-11");
    const now = zonedInstant("2030-07-10", "12:00", NY);
    const [late] = await rule(biz, now, [id], { type: "reminder", schedule_value: "3" });
    expect(await messageRow(late.id)).toMatchObject({ status: "scheduled", send_at: now });
    const [second] = await rule(biz, now, [id], { type: "reminder", schedule_value: "2" });
    expect(await messageRow(second.id)).toMatchObject({ status: "cancelled", last_error: REASON_SUPERSEDED });
    const { gateway } = await runAt(now + 30_000);
    // A reminder asks the client to confirm unless told not to.
    expect(gateway.sent.map((s) => s.text)).toEqual([
      "Hi Noa Cohen, see you on 11/07/2030\n\nReply 1 to confirm or 2 to cancel.",
    ]);
  });

  it("a reminder is never planned after its appointment", async () => {
    const biz = await newYorkBusiness();
    const now = zonedInstant("2030-08-01", "12:00", NY);
    const past = await booking(biz, "2030-07-30");
    const future = await booking(biz, "2030-08-05", "09:00", "Avi Levi");
    const [a] = await rule(biz, now, [past], { type: "reminder", schedule_value: "1" });
    const [b] = await rule(biz, now, [future], {
      type: "reminder",
      schedule_type: "custom",
      customDate: "2030-08-05",
      customTime: "09:30",
    });
    expect(await messageRow(a.id)).toMatchObject({ status: "cancelled", last_error: REASON_APPOINTMENT_PASSED });
    expect(await messageRow(b.id)).toMatchObject({ status: "cancelled", last_error: REASON_AFTER_APPOINTMENT });
  });
});
