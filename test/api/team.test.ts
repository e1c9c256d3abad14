// The team: members as calendars (GET/POST /api/team, PATCH/DELETE
// /api/team/{id}), bookings placed on a member's calendar, overlaps, hours,
// time off and free times per member, and the issue's Dana and Yossi day.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { contrastWithWhite, MAX_MEMBERS, TEAM_PALETTE } from "../../app/services/team/palette";
import { signedInOwner } from "../support/auth";
import { listRules } from "../../app/services/rules/rules.server";
import { renderTemplate } from "../../app/services/templates";
import { seedBooking, seedClient, seedRuleMessage } from "../support/seed";
import { save, seedContact } from "../support/sync";

type Hours = Record<string, [string, string][]>;
type Member = { id: string; name: string; color: string; working_hours: Hours; services: string[] };
type Booked = {
  success: boolean;
  detail: string;
  booking: { id: string; member_id: string | null; member_name: string | null; booking_time: string };
  conflicts: { id: string; client_name: string }[];
  warnings: string[];
};
type Slots = { success: boolean; slots: { date: string; time: string; member_ids: string[] }[]; detail?: string };

const week = (from: string, to: string, days: number[]): Hours =>
  Object.fromEntries(
    ["0", "1", "2", "3", "4", "5", "6"].map((d) => [d, days.includes(Number(d)) ? [[from, to]] : []]),
  ) as Hours;
const SALON = week("09:00", "20:00", [0, 1, 2, 3, 4, 5]);
const SUNDAY = "2030-03-17";
const body = async <T>(res: Response) => (await res.json()) as T;

/** The issue's salon: Dana (the owner: all services, Sun-Thu 09-17) and Yossi (Haircut only, 12-20). */
async function danaAndYossi() {
  const o = await signedInOwner({ workingHours: SALON });
  await o.api("/api/services", { method: "POST", json: { service: "Haircut", duration_minutes: 45 } });
  await o.api("/api/services", { method: "POST", json: { service: "Color", duration_minutes: 90 } });
  const [dana] = (await body<{ members: Member[] }>(await o.api("/api/team"))).members;
  await o.api(`/api/team/${dana.id}`, {
    method: "PATCH",
    json: { name: "Dana", working_hours: week("09:00", "17:00", [0, 1, 2, 3, 4]) },
  });
  const added = await o.api("/api/team", {
    method: "POST",
    json: { name: "Yossi", services: ["Haircut"], working_hours: week("12:00", "20:00", [0, 1, 2, 3, 4]) },
  });
  expect(added.status).toBe(201);
  const yossi = (await body<{ member: Member }>(added)).member;
  const book = (name: string, time: string, extra: Record<string, unknown> = {}) =>
    o.api("/api/bookings", {
      method: "POST",
      json: {
        name,
        phone: `054-${String(name.length).padStart(3, "0")}-${String(Math.floor(Math.random() * 1e4)).padStart(4, "0")}`,
        service: "Haircut",
        booking_date: SUNDAY,
        booking_time: time,
        ...extra,
      },
    });
  return { o, dana: { ...dana, name: "Dana" }, yossi, book };
}

describe("the team", () => {
  it("starts with the owner, who follows the business's hours and does every service", async () => {
    const o = await signedInOwner({ workingHours: SALON });
    const res = await body<{ success: boolean; members: Member[] }>(await o.api("/api/team"));
    expect(res.success).toBe(true);
    expect(res.members).toHaveLength(1);
    expect(res.members[0]).toMatchObject({ name: "Dana Levi", working_hours: SALON, services: [] });
  });

  it("adds, changes and deletes members; a new member starts with the business's hours and the next palette colour", async () => {
    const o = await signedInOwner({ workingHours: SALON });
    const added = await body<{ success: boolean; member: Member }>(
      await o.api("/api/team", { method: "POST", json: { name: "  Yossi  " } }),
    );
    expect(added.member).toMatchObject({ name: "Yossi", color: TEAM_PALETTE[1], working_hours: SALON, services: [] });
    const changed = await body<{ member: Member }>(
      await o.api(`/api/team/${added.member.id}`, {
        method: "PATCH",
        json: { color: TEAM_PALETTE[3].toLowerCase(), services: ["Haircut", "haircut"] },
      }),
    );
    expect(changed.member).toMatchObject({ name: "Yossi", color: TEAM_PALETTE[3], services: ["Haircut"] });
    expect((await body<{ members: Member[] }>(await o.api("/api/team"))).members.map((m) => m.name)).toEqual([
      "Dana Levi",
      "Yossi",
    ]);
    const gone = await o.api(`/api/team/${added.member.id}`, { method: "DELETE" });
    expect(gone.status).toBe(200);
    expect((await body<{ members: Member[] }>(await o.api("/api/team"))).members).toHaveLength(1);
  });

  it("refuses bad members with 400 and a clear message, writing nothing", async () => {
    const o = await signedInOwner();
    const cases: [unknown, RegExp][] = [
      [{}, /Enter the member's name/],
      [{ name: "" }, /Enter the member's name/],
      [{ name: "x".repeat(61) }, /1 to 60 characters/],
      [{ name: "Yossi", color: "#FFFF00" }, /color must be one of the palette's colours/],
      [{ name: "Yossi", services: "Haircut" }, /services must be a list of service names/],
      [{ name: "Yossi", working_hours: { "0": [["12:00", "09:00"]] } }, /must start before it ends/],
    ];
    for (const [json, message] of cases) {
      const res = await o.api("/api/team", { method: "POST", json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await body<{ detail: string }>(res)).detail).toMatch(message);
    }
    const [owner] = (await body<{ members: Member[] }>(await o.api("/api/team"))).members;
    const empty = await o.api(`/api/team/${owner.id}`, { method: "PATCH", json: {} });
    expect(empty.status).toBe(400);
    expect((await body<{ members: Member[] }>(await o.api("/api/team"))).members).toHaveLength(1);
  });

  it("moves a member in the team's order, and new bookings ask the team in that order", async () => {
    const { o, dana, yossi, book } = await danaAndYossi();
    const ron = (await body<{ member: Member }>(await o.api("/api/team", { method: "POST", json: { name: "Ron" } })))
      .member;
    const order = async () => (await body<{ members: Member[] }>(await o.api("/api/team"))).members.map((m) => m.name);
    const moved = await o.api(`/api/team/${yossi.id}`, { method: "PATCH", json: { position: 0 } });
    expect(await body(moved)).toMatchObject({ success: true, member: { id: yossi.id, name: "Yossi" } });
    expect(await order()).toEqual(["Yossi", "Dana", "Ron"]);
    expect((await body<Booked>(await book("Noa", "13:00"))).booking.member_name).toBe("Yossi");
    // Past the end is last.
    await o.api(`/api/team/${yossi.id}`, { method: "PATCH", json: { position: 29 } });
    expect(await order()).toEqual(["Dana", "Ron", "Yossi"]);
    for (const position of [-1, 1.5, "first", 30]) {
      const res = await o.api(`/api/team/${ron.id}`, { method: "PATCH", json: { position } });
      expect(res.status).toBe(400);
      expect(await body(res)).toMatchObject({ detail: "position must be a whole number from 0 (first) to 29." });
    }
    expect(await order()).toEqual(["Dana", "Ron", "Yossi"]);
    const other = await signedInOwner();
    expect((await other.api(`/api/team/${dana.id}`, { method: "PATCH", json: { position: 1 } })).status).toBe(404);
    expect(await order()).toEqual(["Dana", "Ron", "Yossi"]);
  });

  it("keeps at least one member and at most thirty", async () => {
    const o = await signedInOwner();
    const [owner] = (await body<{ members: Member[] }>(await o.api("/api/team"))).members;
    const last = await o.api(`/api/team/${owner.id}`, { method: "DELETE" });
    expect(last.status).toBe(409);
    expect((await body<{ detail: string }>(last)).detail).toBe(
      "The last team member cannot be deleted: every business has at least one.",
    );
    const adds = await Promise.all(
      Array.from({ length: MAX_MEMBERS + 2 }, (_, i) =>
        o.api("/api/team", { method: "POST", json: { name: `Member ${i}` } }),
      ),
    );
    expect(adds.filter((r) => r.status === 201)).toHaveLength(MAX_MEMBERS - 1);
    const refused = adds.filter((r) => r.status === 409);
    expect(refused).toHaveLength(3);
    expect((await body<{ detail: string }>(refused[0])).detail).toBe("A team can have at most 30 members.");
    expect((await body<{ members: Member[] }>(await o.api("/api/team"))).members).toHaveLength(MAX_MEMBERS);
  });

  it("will not delete a member with future bookings: 409 with their count, until they are moved or unassigned", async () => {
    const { o, dana, yossi, book } = await danaAndYossi();
    const first = await body<Booked>(await book("Noa", "13:00", { member_id: yossi.id }));
    await book("Ron", "15:00", { member_id: yossi.id });
    const refused = await o.api(`/api/team/${yossi.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    const answer = await body<{ success: boolean; detail: string; count: number }>(refused);
    expect(answer).toMatchObject({
      success: false,
      count: 2,
      detail: "Yossi has 2 future bookings. Move them to another member or unassign them first.",
    });
    const moved = await body<Booked>(
      await o.api(`/api/bookings/${first.booking.id}`, { method: "PATCH", json: { member_id: dana.id } }),
    );
    expect(moved.booking).toMatchObject({ member_id: dana.id, member_name: "Dana" });
    expect(await body(await o.api(`/api/team/${yossi.id}`, { method: "DELETE" }))).toMatchObject({
      count: 1,
      detail: "Yossi has 1 future booking. Move it to another member or unassign it first.",
    });
    const list = await body<{ bookings: Booked["booking"][] }>(
      await o.api(`/api/bookings?from=${SUNDAY}&to=${SUNDAY}`),
    );
    const ron = list.bookings.find((b) => b.member_id === yossi.id)!;
    const unassigned = await body<Booked>(
      await o.api(`/api/bookings/${ron.id}`, { method: "PATCH", json: { member_id: null } }),
    );
    expect(unassigned.booking).toMatchObject({ member_id: null, member_name: null });
    expect((await o.api(`/api/team/${yossi.id}`, { method: "DELETE" })).status).toBe(200);
  });

  it("answers 404 for another business's member everywhere, writing nothing", async () => {
    const { o } = await danaAndYossi();
    const other = await signedInOwner();
    const [theirs] = (await body<{ members: Member[] }>(await other.api("/api/team"))).members;
    const clientId = await seedClient(o.businessId);
    const mine = await seedBooking(o.businessId, clientId, { bookingDate: SUNDAY });
    const attempts: [string, RequestInit & { json?: unknown }][] = [
      [`/api/team/${theirs.id}`, { method: "PATCH", json: { name: "Mine now" } }],
      [`/api/team/${theirs.id}`, { method: "PATCH", json: { name: "" } }],
      [`/api/team/${theirs.id}`, { method: "DELETE" }],
      [
        "/api/bookings",
        {
          method: "POST",
          json: {
            name: "Noa",
            phone: "054-000-0009",
            service: "Haircut",
            booking_date: SUNDAY,
            booking_time: "10:00",
            member_id: theirs.id,
          },
        },
      ],
      [`/api/bookings/${mine}`, { method: "PATCH", json: { member_id: theirs.id } }],
      ["/api/time-off", { method: "POST", json: { date_from: SUNDAY, date_to: SUNDAY, member_id: theirs.id } }],
      [`/api/availability?service=Haircut&from=${SUNDAY}&days=1&member_id=${theirs.id}`, {}],
    ];
    for (const [path, init] of attempts) {
      const res = await o.api(path, init);
      expect(res.status, `${init.method ?? "GET"} ${path}`).toBe(404);
      expect((await body<{ detail: string }>(res)).detail).toBe("Team member not found.");
    }
    expect((await body<{ members: Member[] }>(await other.api("/api/team"))).members[0].name).toBe(theirs.name);
    const counts = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM bookings WHERE business_id = ?1) AS b, (SELECT count(*) FROM time_off WHERE business_id = ?1) AS t",
    )
      .bind(o.businessId)
      .first();
    expect(counts).toEqual({ b: 1, t: 0 });
  });

  it("the issue's day: two Haircuts at 13:00 go one each without a warning, a third overlaps; Yossi is free at 18:00 and Dana is not", async () => {
    const { o, dana, yossi, book } = await danaAndYossi();
    const first = await body<Booked>(await book("Noa Cohen", "13:00"));
    const second = await body<Booked>(await book("Maya Levi", "13:00"));
    expect(first).toMatchObject({
      success: true,
      conflicts: [],
      warnings: [],
      booking: { member_id: dana.id, member_name: "Dana" },
    });
    expect(second).toMatchObject({
      success: true,
      conflicts: [],
      warnings: [],
      booking: { member_id: yossi.id, member_name: "Yossi" },
    });
    const third = await body<Booked>(await book("Rina Azulay", "13:00"));
    expect(third.success).toBe(true);
    expect(third.booking.member_id).toBe(dana.id);
    expect(third.conflicts.map((c) => c.client_name)).toEqual(["Noa Cohen"]);
    // if_free refuses the third: both chairs are taken.
    const refused = await book("Tal", "13:15", { if_free: true });
    expect(refused.status).toBe(409);

    const slots = async (member?: string) =>
      (
        await body<Slots>(
          await o.api(`/api/availability?service=Haircut&from=${SUNDAY}&days=1${member ? `&member_id=${member}` : ""}`),
        )
      ).slots;
    const his = await slots(yossi.id);
    const hers = await slots(dana.id);
    expect(his.map((s) => s.time)).toContain("18:00");
    expect(his.every((s) => s.member_ids.join() === yossi.id)).toBe(true);
    expect(hers.map((s) => s.time)).not.toContain("18:00");
    expect(hers.map((s) => s.time)).not.toContain("13:00");
    const everyone = await slots();
    expect(everyone.find((s) => s.time === "10:00")?.member_ids).toEqual([dana.id]);
    expect(everyone.find((s) => s.time === "15:00")?.member_ids).toEqual([dana.id, yossi.id]);
    expect(everyone.find((s) => s.time === "18:00")?.member_ids).toEqual([yossi.id]);
    expect(everyone.some((s) => s.time === "13:00")).toBe(false);
    // Color is Dana's alone: Yossi's availability for it is empty.
    expect(
      (await body<Slots>(await o.api(`/api/availability?service=Color&from=${SUNDAY}&days=1&member_id=${yossi.id}`)))
        .slots,
    ).toEqual([]);
    // Outside Yossi's hours is a warning for him, not for Dana.
    const early = await body<Booked>(await book("Early", "10:00", { member_id: yossi.id }));
    expect(early.warnings).toEqual(["outside_hours"]);
  });

  it("Sync's save places each booking as Add Booking does: a Haircut at a time Dana is taken goes to Yossi, two at once go one each", async () => {
    const { o, dana, yossi, book } = await danaAndYossi();
    await book("Noa Cohen", "13:00", { member_id: dana.id });
    const [maya, rina, tal] = await Promise.all(
      ["Maya", "Rina", "Tal"].map((name) => seedContact(o.businessId, { name })),
    );
    const item = (time: string) => ({ service: "Haircut", date: SUNDAY, time, notes: "" });
    const res = await save(o, {
      results: [
        { user_id: maya.id, items: [item("13:00")] },
        { user_id: rina.id, items: [item("15:00")] },
        { user_id: tal.id, items: [item("15:00")] },
      ],
    });
    expect(await res.json()).toMatchObject({ success: true, saved: 3, conflicts: [] });
    const placed = await env.DB.prepare(
      "SELECT c.name, b.booking_time, b.member_id FROM bookings b JOIN clients c ON c.id = b.client_id WHERE b.business_id = ? AND b.source = 'sync' ORDER BY b.booking_time, c.name",
    )
      .bind(o.businessId)
      .all();
    expect(placed.results).toEqual([
      { name: "Maya", booking_time: "13:00", member_id: yossi.id },
      { name: "Rina", booking_time: "15:00", member_id: dana.id },
      { name: "Tal", booking_time: "15:00", member_id: yossi.id },
    ]);
  });

  it("a Color goes to Dana even when she is busy (Yossi does not do it); a member's day off is theirs alone", async () => {
    const { o, dana, yossi, book } = await danaAndYossi();
    await book("Noa Cohen", "13:00", { service: "Color", member_id: dana.id });
    const color = await body<Booked>(await book("Maya", "13:30", { service: "Color" }));
    expect(color.booking.member_id).toBe(dana.id);
    expect(color.conflicts.map((c) => c.client_name)).toEqual(["Noa Cohen"]);

    const off = await o.api("/api/time-off", {
      method: "POST",
      json: { date_from: SUNDAY, date_to: SUNDAY, note: "Leave", member_id: dana.id },
    });
    expect(off.status).toBe(201);
    const list = await body<{ time_off: { member_id: string | null }[] }>(await o.api("/api/time-off"));
    expect(list.time_off.map((t) => t.member_id)).toEqual([dana.id]);
    const haircut = await body<Booked>(await book("Ron", "16:00"));
    expect(haircut).toMatchObject({ booking: { member_id: yossi.id }, warnings: [], conflicts: [] });
    const forced = await body<Booked>(await book("Gil", "16:00", { member_id: dana.id }));
    expect(forced.warnings).toEqual(["time_off"]);
    const slots = (await body<Slots>(await o.api(`/api/availability?service=Haircut&from=${SUNDAY}&days=1`))).slots;
    expect(slots.every((s) => s.member_ids.join() === yossi.id)).toBe(true);
  });

  it("twenty concurrent if_free requests for one slot with two free members create exactly two bookings, one each", async () => {
    const { o, book } = await danaAndYossi();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => book(`Client ${i}`, "14:00", { if_free: true })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, ...Array(18).fill(409)]);
    const rows = await env.DB.prepare("SELECT member_id FROM bookings WHERE business_id = ? ORDER BY member_id")
      .bind(o.businessId)
      .all<{ member_id: string }>();
    expect(new Set(rows.results.map((r) => r.member_id)).size).toBe(2);
  });

  it("every palette colour keeps 4.5:1 contrast with white text", () => {
    for (const color of TEAM_PALETTE) expect(contrastWithWhite(color), color).toBeGreaterThanOrEqual(4.5);
  });

  it("{staff} in a message is the member the booking is with", async () => {
    expect(
      renderTemplate("Hi {name}, {staff} will do your {service} on {date}", {
        name: "Noa",
        staff: "Yossi",
        service: "Haircut",
        date: "17/03/2030",
      }),
    ).toBe("Hi Noa, Yossi will do your Haircut on 17/03/2030");
    const { o, yossi } = await danaAndYossi();
    const clientId = await seedClient(o.businessId, { name: "Noa Cohen" }, { basis: "none" });
    const bookingId = await seedBooking(o.businessId, clientId, {
      bookingDate: SUNDAY,
      bookingTime: "13:00",
      memberId: yossi.id,
    });
    await seedRuleMessage(
      o.businessId,
      bookingId,
      { status: "manual" },
      { type: "reminder", template: "Hi {name}, {staff} sees you on {date}" },
    );
    const [rule] = await listRules(env.DB, o.businessId);
    expect(decodeURIComponent(rule.clients[0].send_link!.split("text=")[1])).toBe(
      "Hi Noa Cohen, Yossi sees you on 17/03/2030",
    );
  });
});
