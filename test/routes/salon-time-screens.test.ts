// The screens' side of the salon's time: Settings > Working hours and time
// off (its loader and action), Add Booking's free times, and the calendar's
// time off and working hours.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { action, loader } from "../../app/routes/dashboard.settings_.hours";
import { loader as calendarLoader } from "../../app/routes/dashboard.calendar/route";
import { bookingsScreen } from "../../app/routes/dashboard.calendar/screen.server";
import { createDb, schema } from "~db";
import { signedInOwner } from "../support/auth";
import { db, seedBooking, seedClient } from "../support/seed";
import { shownHtml } from "../support/html";

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
type Answer = { intent: string; ok: boolean; problem?: { key: string; params?: Record<string, unknown> } };
// A new load context per request: requireUser keeps who is signed in on it for the request's life.
const ctx = () => ({ cloudflare: { env } });

async function post(owner: Owner, fields: Record<string, string>) {
  const request = new Request("http://localhost/dashboard/settings/hours", {
    method: "POST",
    headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const res = (await action({ request, context: ctx(), params: {} } as never)) as unknown as {
    data: Answer;
    init?: { status?: number };
  };
  return { status: res.init?.status ?? 200, ...res.data };
}

async function load(owner: Owner) {
  const request = new Request("http://localhost/dashboard/settings/hours", { headers: { Cookie: owner.cookie } });
  return (await loader({ request, context: ctx(), params: {} } as never)) as Awaited<ReturnType<typeof loader>>;
}

async function free(owner: Owner, query: Record<string, string>) {
  const request = new Request(`http://localhost/dashboard/calendar?${new URLSearchParams({ free: "1", ...query })}`, {
    headers: { Cookie: owner.cookie },
  });
  return calendarLoader({ request, context: ctx(), params: {} } as never);
}

const WEEK = JSON.stringify({
  "0": [["09:00", "19:00"]],
  "1": [
    ["09:00", "13:00"],
    ["14:00", "19:00"],
  ],
  "2": [],
  "3": [],
  "4": [],
  "5": [["09:00", "14:00"]],
  "6": [],
});

describe("Settings > Working hours and time off", () => {
  it("Settings lists its sections and links the hours page; the page renders the week and the time off", async () => {
    const owner = await signedInOwner();
    const settings = shownHtml(await (await owner.page("/dashboard/settings")).text());
    expect(settings).toContain('href="/dashboard/settings/hours"');
    expect(settings).toContain('href="#messaging-title"');
    const res = await owner.page("/dashboard/settings/hours");
    expect(res.status).toBe(200);
    const html = shownHtml(await res.text());
    expect(html).toContain("Working hours");
    expect(html).toContain("Monday");
    expect(html).toContain("Time off");
  });

  it("saves a week with a lunch break, the grid and the notice; refuses overlaps and a bad grid with a 400", async () => {
    const owner = await signedInOwner();
    expect(
      await post(owner, { intent: "hours", working_hours: WEEK, slot_step_minutes: "30", min_notice_minutes: "0" }),
    ).toEqual({
      status: 200,
      intent: "hours",
      ok: true,
    });
    const after = await load(owner);
    expect(after.hours.working_hours["1"]).toEqual([
      ["09:00", "13:00"],
      ["14:00", "19:00"],
    ]);
    expect(after.hours).toMatchObject({ slot_step_minutes: 30, min_notice_minutes: 0 });

    const overlap = JSON.stringify({
      "1": [
        ["09:00", "13:00"],
        ["12:30", "19:00"],
      ],
    });
    const refused = await post(owner, {
      intent: "hours",
      working_hours: overlap,
      slot_step_minutes: "30",
      min_notice_minutes: "0",
    });
    expect(refused).toMatchObject({ status: 400, ok: false, problem: { key: "hours.err.overlap" } });
    expect(
      await post(owner, { intent: "hours", working_hours: "{nope", slot_step_minutes: "30", min_notice_minutes: "0" }),
    ).toMatchObject({
      status: 400,
      problem: { key: "hours.err.shape" },
    });
    expect(
      await post(owner, { intent: "hours", working_hours: WEEK, slot_step_minutes: "90", min_notice_minutes: "0" }),
    ).toMatchObject({
      status: 400,
      problem: { key: "hours.err.step" },
    });
    expect((await load(owner)).hours.working_hours["1"]).toHaveLength(2);
  });

  it("adds and deletes time off; another business's id is not found and stays", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    expect(
      await post(owner, { intent: "time-off-add", date_from: "2030-04-10", date_to: "2030-04-12", note: "Passover" }),
    ).toMatchObject({ ok: true });
    expect(
      await post(owner, { intent: "time-off-add", date_from: "2030-04-12", date_to: "2030-04-10", note: "" }),
    ).toMatchObject({
      status: 400,
      problem: { key: "hours.err.backwards" },
    });
    const [item] = (await load(owner)).timeOff;
    expect(item).toMatchObject({ date_from: "2030-04-10", date_to: "2030-04-12", note: "Passover" });
    expect(await post(other, { intent: "time-off-delete", id: item.id })).toMatchObject({
      ok: false,
      problem: { key: "hours.err.notFound" },
    });
    expect((await load(owner)).timeOff).toHaveLength(1);
    expect(await post(owner, { intent: "time-off-delete", id: item.id })).toMatchObject({ ok: true });
    expect((await load(owner)).timeOff).toEqual([]);
  });

  it("needs a signed-in owner", async () => {
    const res = await SELF.fetch("http://localhost/dashboard/settings/hours", { redirect: "manual" });
    expect(res.status).toBe(302);
  });
});

describe("Add Booking's free times", () => {
  it("offers the day's free times for a catalogue service; says when the day is closed or the service unknown", async () => {
    const owner = await signedInOwner();
    await post(owner, { intent: "hours", working_hours: WEEK, slot_step_minutes: "60", min_notice_minutes: "0" });
    await db().insert(schema.services).values({
      id: crypto.randomUUID(),
      businessId: owner.businessId,
      name: "Haircut",
      nameKey: "haircut",
      durationMinutes: 45,
      bufferMinutes: 15,
    });
    const noa = await seedClient(owner.businessId, { name: "Noa Cohen" });
    await seedBooking(owner.businessId, noa, {
      bookingDate: "2030-01-06",
      bookingTime: "10:00",
      durationMinutes: 45,
      bufferMinutes: 15,
    });
    const sunday = await free(owner, { service: "Haircut", date: "2030-01-06" });
    expect(sunday).toEqual({
      kind: "free",
      state: "free",
      times: ["09:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00"],
    });
    expect(await free(owner, { service: "Haircut", date: "2030-01-08" })).toEqual({ kind: "free", state: "closed" }); // a Tuesday, closed in WEEK
    expect(await free(owner, { service: "Massage", date: "2030-01-06" })).toEqual({
      kind: "free",
      state: "unknown-service",
    });
    expect(await free(owner, { service: "Haircut", date: "2030-02-30" })).toEqual({ kind: "free", state: "invalid" });
  });
});

describe("Free times follow With (Add Booking, the list's Edit, a booking request's Edit)", () => {
  it("answers the chosen member's free times, and anyone's without one", async () => {
    const owner = await signedInOwner();
    await post(owner, { intent: "hours", working_hours: WEEK, slot_step_minutes: "60", min_notice_minutes: "0" });
    await db().insert(schema.services).values({
      id: crypto.randomUUID(),
      businessId: owner.businessId,
      name: "Haircut",
      nameKey: "haircut",
      durationMinutes: 45,
      bufferMinutes: 15,
    });
    const [dana] = (await (await owner.api("/api/team")).json<{ members: { id: string }[] }>()).members;
    const late = { ...JSON.parse(WEEK), "0": [["12:00", "20:00"]] };
    const created = await owner.api("/api/team", { method: "POST", json: { name: "Yossi", working_hours: late } });
    const yossi = (await created.json<{ member: { id: string } }>()).member;
    // Noa is on Dana's calendar at 10:00.
    const noa = await seedClient(owner.businessId, { name: "Noa Cohen" });
    const noaAt10 = await seedBooking(owner.businessId, noa, {
      bookingDate: "2030-01-06",
      bookingTime: "10:00",
      durationMinutes: 45,
      bufferMinutes: 15,
      memberId: dana.id,
    });
    const times = async (member_id?: string, except?: string) => {
      const answer = await free(owner, {
        service: "Haircut",
        date: "2030-01-06",
        ...(member_id ? { member_id } : {}),
        ...(except ? { except } : {}),
      });
      return "times" in answer ? answer.times : answer;
    };
    expect(await times(dana.id)).toEqual([
      "09:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
      "18:00",
    ]);
    expect(await times(yossi.id)).toEqual(["12:00", "13:00", "14:00", "15:00", "16:00", "17:00", "18:00", "19:00"]);
    expect(await times()).toEqual([
      "09:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
      "18:00",
      "19:00",
    ]);

    // Noa's own Edit: her booking is not in her way, so Dana's 10:00 is free to keep. Another business's booking id leaves out nothing.
    expect(await times(dana.id, noaAt10)).toEqual([
      "09:00",
      "10:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
      "18:00",
    ]);
    const other = await signedInOwner();
    const theirs = await seedBooking(other.businessId, await seedClient(other.businessId, { name: "Not Noa" }), {
      bookingDate: "2030-01-06",
    });
    expect(await times(dana.id, theirs)).toEqual([
      "09:00",
      "11:00",
      "12:00",
      "13:00",
      "14:00",
      "15:00",
      "16:00",
      "17:00",
      "18:00",
    ]);
    expect(await times(dana.id, "x".repeat(101))).toEqual({ kind: "free", state: "invalid" });
    const [stranger] = (await (await other.api("/api/team")).json<{ members: { id: string }[] }>()).members;
    // Another business's member: no times (the chips' "not a service" line), not an error.
    expect(await times(stranger.id)).toEqual({ kind: "free", state: "unknown-service" });
  });
});

describe("Calendar: working hours and time off", () => {
  it("the screen carries the working hours; a range carries the time off in view", async () => {
    const owner = await signedInOwner();
    await post(owner, { intent: "hours", working_hours: WEEK, slot_step_minutes: "15", min_notice_minutes: "60" });
    await post(owner, { intent: "time-off-add", date_from: "2030-04-10", date_to: "2030-04-12", note: "Passover" });
    await post(owner, { intent: "time-off-add", date_from: "2030-06-01", date_to: "2030-06-01", note: "" });
    const row = await db().query.businesses.findFirst({ where: (b, { eq }) => eq(b.id, owner.businessId) });
    const screen = (await bookingsScreen(
      createDb(env.DB),
      row!,
      new URLSearchParams({ view: "calendar" }),
      Date.now(),
    )) as { workingHours: unknown };
    expect(screen.workingHours).toEqual(JSON.parse(WEEK));
    const range = (await bookingsScreen(
      createDb(env.DB),
      row!,
      new URLSearchParams({ start: "2030-04-12", end: "2030-04-19" }),
      Date.now(),
    )) as {
      timeOff: { dateFrom: string; dateTo: string; note: string }[];
    };
    expect(range.timeOff).toMatchObject([{ dateFrom: "2030-04-10", dateTo: "2030-04-12", note: "Passover" }]);
    const none = (await bookingsScreen(
      createDb(env.DB),
      row!,
      new URLSearchParams({ start: "2030-04-13", end: "2030-04-20" }),
      Date.now(),
    )) as {
      timeOff: unknown[];
    };
    expect(none.timeOff).toEqual([]);
  });
});
