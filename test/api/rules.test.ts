import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { db, seedBooking, seedClient } from "../support/seed";
import { schema } from "~db";
import { localDate } from "../../app/utils/time-zone";
import { addDays } from "../../app/utils/dates";
import { DEFAULT_SERVICES } from "../../app/services/rules/candidates.server";
import type { RuleGroup } from "../../app/services/rules/rules.server";
import { DEFAULT_TEMPLATE } from "../../app/services/templates";

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
/** POST /api/rules/create's answer: the new group (201), or `success: false` and `detail` (4xx). */
type CreateAnswer = { success: boolean; rule_group_id: string; rules: RuleGroup[]; detail: string };

async function ownerWithBookings() {
  const owner = await signedInOwner();
  const noa = await seedClient(owner.businessId, { name: "Noa Cohen", phone: "972501111111" });
  const avi = await seedClient(owner.businessId, { name: "Avi Levi", phone: "972502222222" });
  const haircut = await seedBooking(owner.businessId, noa, {
    service: "Haircut",
    bookingDate: "2030-03-12",
    bookingTime: "14:30",
  });
  const coloring = await seedBooking(owner.businessId, avi, {
    service: "Coloring",
    bookingDate: "2030-03-20",
    bookingTime: "09:00",
  });
  return { owner, haircut, coloring };
}

const followup = (clients: string[], extra: Record<string, unknown> = {}) => ({
  type: "followup",
  services: ["Haircut"],
  template: DEFAULT_TEMPLATE,
  schedule_type: "preset",
  schedule_value: "15",
  customDate: "",
  customTime: "",
  clients: clients.map((booking_id) => ({ booking_id })),
  ...extra,
});

async function create(owner: Owner, body: unknown) {
  const res = await owner.api("/api/rules/create", { method: "POST", json: body });
  return { status: res.status, body: (await res.json()) as CreateAnswer };
}

async function countRules(businessId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM rules WHERE business_id = ?")
    .bind(businessId)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("GET /api/rules/services", () => {
  it("offers the catalogue and the services of bookings, once each, sorted", async () => {
    const { owner } = await ownerWithBookings();
    await db()
      .insert(schema.services)
      .values([
        { id: crypto.randomUUID(), businessId: owner.businessId, name: "Styling", nameKey: "styling" },
        { id: crypto.randomUUID(), businessId: owner.businessId, name: "haircut", nameKey: "haircut" },
      ]);
    const res = await owner.api("/api/rules/services");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { services: string[] };
    expect(body.services.map((s) => s.toLowerCase())).toEqual(["coloring", "haircut", "styling"]);
  });

  it("falls back to the four defaults when the business has none, and needs a login", async () => {
    const owner = await signedInOwner();
    expect(await (await owner.api("/api/rules/services")).json()).toEqual({
      success: true,
      services: DEFAULT_SERVICES,
    });
    expect((await SELF.fetch("http://localhost/api/rules/services")).status).toBe(401);
  });
});

describe("GET /api/rules/users/by-service", () => {
  it("lists bookable clients sorted by name, filtered by one or more services", async () => {
    const { owner, haircut, coloring } = await ownerWithBookings();
    const all = (await (await owner.api("/api/rules/users/by-service")).json()) as {
      bookings: Record<string, string>[];
    };
    expect(all.bookings).toEqual([
      {
        booking_id: coloring,
        sender_name: "Avi Levi",
        sender_number: "972502222222",
        service: "Coloring",
        booking_date: "2030-03-20",
        booking_time: "09:00",
      },
      {
        booking_id: haircut,
        sender_name: "Noa Cohen",
        sender_number: "972501111111",
        service: "Haircut",
        booking_date: "2030-03-12",
        booking_time: "14:30",
      },
    ]);
    const one = (await (await owner.api("/api/rules/users/by-service?service=haircut")).json()) as {
      bookings: { booking_id: string }[];
    };
    expect(one.bookings.map((b) => b.booking_id)).toEqual([haircut]);
    const two = (await (await owner.api("/api/rules/users/by-service?service=Haircut&service=Coloring")).json()) as {
      bookings: unknown[];
    };
    expect(two.bookings).toHaveLength(2);
  });

  it("leaves out cancelled bookings, bookings older than 90 days and other businesses' bookings", async () => {
    const { owner } = await ownerWithBookings();
    const client = await seedClient(owner.businessId, { name: "Old Client" });
    const today = localDate(Date.now(), "Asia/Jerusalem");
    await seedBooking(owner.businessId, client, { bookingDate: addDays(today, -91) });
    const recent = await seedBooking(owner.businessId, client, {
      bookingDate: addDays(today, -89),
      status: "completed",
    });
    await seedBooking(owner.businessId, client, { status: "cancelled" });
    const other = await signedInOwner();
    await seedBooking(other.businessId, await seedClient(other.businessId, { name: "Stranger" }));
    const body = (await (await owner.api("/api/rules/users/by-service")).json()) as {
      bookings: { booking_id: string; sender_name: string }[];
    };
    expect(body.bookings.map((b) => b.sender_name)).toEqual(["Avi Levi", "Noa Cohen", "Old Client"]);
    expect(body.bookings[2].booking_id).toBe(recent);
  });

  it("answers 400 for an absurd service filter", async () => {
    const owner = await signedInOwner();
    const res = await owner.api(`/api/rules/users/by-service?service=${"x".repeat(10_000)}`);
    expect(res.status).toBe(400);
  });
});

describe("POST /api/rules/create", () => {
  it("creates one rule per client, planned at the business's send time in its zone, and lists them as one group", async () => {
    const { owner, haircut, coloring } = await ownerWithBookings();
    const { status, body } = await create(owner, followup([haircut, coloring], { services: ["Haircut", "Coloring"] }));
    expect(status).toBe(201);
    expect(body.success).toBe(true);
    expect(body.rules).toHaveLength(2);

    const list = (await (await owner.api("/api/rules/list")).json()) as { rules: RuleGroup[] };
    expect(list.rules).toHaveLength(1);
    const group = list.rules[0];
    expect(group).toMatchObject({
      rule_group_id: body.rule_group_id,
      business_id: owner.businessId,
      rule_name: "Haircut, Coloring",
      type: "followup",
      template: DEFAULT_TEMPLATE,
      schedule_label: "15 days after appointment",
      clients_count: 2,
    });
    expect(
      group.clients.map((c) => [
        c.client_name,
        c.booking_date,
        c.booking_time,
        c.schedule_date,
        c.schedule_time,
        c.client_status,
      ]),
    ).toEqual([
      ["Avi Levi", "2030-03-20", "09:00", "2030-04-04", "10:00", "scheduled"],
      ["Noa Cohen", "2030-03-12", "14:30", "2030-03-27", "10:00", "scheduled"],
    ]);
    // 10:00 in Jerusalem on 27 March 2030 (still winter time, UTC+2) is 08:00 UTC.
    const row = await env.DB.prepare("SELECT send_at FROM scheduled_messages WHERE booking_id = ?")
      .bind(haircut)
      .first<{ send_at: number }>();
    expect(row?.send_at).toBe(Date.UTC(2030, 2, 27, 8, 0));
  });

  it("plans reminders before the appointment, custom dates exactly, and custom day counts at the send time", async () => {
    const { owner, haircut } = await ownerWithBookings();
    const reminder = await create(owner, followup([haircut], { type: "reminder", schedule_value: 2 }));
    expect(reminder.body.rules[0].clients[0]).toMatchObject({
      schedule_date: "2030-03-10",
      schedule_time: "10:00",
      client_status: "scheduled",
    });
    const custom = await create(
      owner,
      followup([haircut], {
        schedule_type: "custom",
        schedule_value: "",
        customDate: "2030-05-01",
        customTime: "18:45",
      }),
    );
    expect(custom.body.rules[0]).toMatchObject({ schedule_label: "Custom: 2030-05-01 18:45" });
    expect(custom.body.rules[0].clients[0]).toMatchObject({ schedule_date: "2030-05-01", schedule_time: "18:45" });
    const days = await create(owner, followup([haircut], { schedule_type: "custom", schedule_value: "45" }));
    expect(days.body.rules[0].clients[0]).toMatchObject({ schedule_date: "2030-04-26", schedule_time: "10:00" });
  });

  it("uses the business's own send time", async () => {
    const owner = await signedInOwner({ sendTime: "08:15", timeZone: "Europe/London" });
    const booking = await seedBooking(owner.businessId, await seedClient(owner.businessId));
    const { body } = await create(owner, followup([booking], { schedule_value: 30 }));
    expect(body.rules[0].clients[0]).toMatchObject({ schedule_date: "2030-02-14", schedule_time: "08:15" });
  });

  it("refuses another business's booking with 404 and writes nothing", async () => {
    const { owner, haircut } = await ownerWithBookings();
    const other = await signedInOwner();
    const { status, body } = await create(other, followup([haircut]));
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, detail: "Booking not found." });
    expect(await countRules(other.businessId)).toBe(0);
    expect(await countRules(owner.businessId)).toBe(0);
  });

  it("answers bad input with a 4xx and a clear message, never a 500", async () => {
    const { owner, haircut } = await ownerWithBookings();
    const cases: [unknown, number, RegExp][] = [
      [{ ...followup([haircut]), type: "weekly" }, 400, /type must be followup or reminder/],
      [{ ...followup([haircut]), services: [] }, 400, /Choose at least one service/],
      [{ ...followup([haircut]), services: "Haircut" }, 400, /services (has the wrong type|is required)/],
      [{ ...followup([haircut]), template: "   " }, 400, /template is empty/],
      [{ ...followup([haircut]), template: "x".repeat(10_000) }, 400, /template is too long/],
      [{ ...followup([]) }, 400, /Choose at least one client/],
      [{ ...followup([haircut]), clients: [{}] }, 400, /booking_id is required/],
      [{ ...followup([haircut]), clients: [{ booking_id: "x".repeat(10_000) }] }, 400, /too long/],
      [{ ...followup([haircut]), schedule_value: "7" }, 400, /Choose a preset schedule: 15, 30, 60 days after/],
      [{ ...followup([haircut]), schedule_type: "custom", schedule_value: "400" }, 400, /from 1 to 365/],
      [
        { ...followup([haircut]), schedule_type: "custom", schedule_value: "" },
        400,
        /custom date and time, or a number of days/,
      ],
      [
        { ...followup([haircut]), schedule_type: "custom", customDate: "2030-02-31", customTime: "10:00" },
        400,
        /real date/,
      ],
      [
        { ...followup([haircut]), schedule_type: "custom", customDate: "2030-02-01", customTime: "25:00" },
        400,
        /HH:mm/,
      ],
      [
        { ...followup([haircut]), schedule_type: "custom", customDate: "2020-01-01", customTime: "10:00" },
        400,
        /cannot be in the past/,
      ],
      [
        { ...followup([haircut]), schedule_type: "custom", customDate: "2030-02-01", customTime: "" },
        400,
        /both a date and a time/,
      ],
      [{ type: "followup" }, 400, /services is required/],
      [[1, 2], 400, /wrong type|Invalid/],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(owner, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(status);
      expect(res.body.detail).toMatch(message);
    }
    const malformed = await owner.api("/api/rules/create", {
      method: "POST",
      body: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { detail: string }).detail).toBe("The request body is not valid JSON.");
    expect(await countRules(owner.businessId)).toBe(0);
  });

  it("refuses a cancelled booking and answers 405 to GET", async () => {
    const { owner } = await ownerWithBookings();
    const cancelled = await seedBooking(owner.businessId, await seedClient(owner.businessId, { name: "Gone" }), {
      status: "cancelled",
    });
    const res = await create(owner, followup([cancelled]));
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/is cancelled/);
    expect((await owner.api("/api/rules/create")).status).toBe(405);
  });
});

describe("deleting rules", () => {
  it("deletes a whole group and its pending messages, answering deleted_count", async () => {
    const { owner, haircut, coloring } = await ownerWithBookings();
    const { body } = await create(owner, followup([haircut, coloring]));
    const res = await owner.api(`/api/rules/delete/group/${body.rule_group_id}?business_id=${owner.businessId}`, {
      method: "DELETE",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, deleted_count: 2 });
    const left = await env.DB.prepare("SELECT count(*) AS n FROM scheduled_messages WHERE business_id = ?")
      .bind(owner.businessId)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
    expect((await owner.api(`/api/rules/delete/group/${body.rule_group_id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("deletes one rule by id", async () => {
    const { owner, haircut, coloring } = await ownerWithBookings();
    const { body } = await create(owner, followup([haircut, coloring]));
    const res = await owner.api(`/api/rules/${body.rules[0].id}`, { method: "DELETE" });
    expect(await res.json()).toMatchObject({ success: true, deleted_count: 1 });
    expect(await countRules(owner.businessId)).toBe(1);
  });

  it("answers 404 for another business's rules (also with its business_id) and changes nothing", async () => {
    const { owner, haircut } = await ownerWithBookings();
    const { body } = await create(owner, followup([haircut]));
    const other = await signedInOwner();
    for (const path of [
      `/api/rules/delete/group/${body.rule_group_id}`,
      `/api/rules/delete/group/${body.rule_group_id}?business_id=${owner.businessId}`,
      `/api/rules/${body.rules[0].id}`,
    ]) {
      const res = await other.api(path, { method: "DELETE" });
      expect(res.status, path).toBe(404);
      expect(await res.json()).toMatchObject({ success: false, detail: "Rule not found." });
    }
    const mine = await owner.api(`/api/rules/delete/group/${body.rule_group_id}?business_id=${other.businessId}`, {
      method: "DELETE",
    });
    expect(mine.status).toBe(404);
    expect(await countRules(owner.businessId)).toBe(1);
    const list = (await (await other.api("/api/rules/list")).json()) as { rules: unknown[] };
    expect(list.rules).toEqual([]);
  });
});
