// The salon's time over the API: working hours, the grid and the notice in
// /api/settings, time off, and free start times (/api/availability).
import { describe, expect, it } from "vitest";
import { HOURS_DEFAULT, HOURS_IL, defaultWorkingHours, hoursProblem } from "../../app/services/time/hours";
import { callJson, registeredUser, row } from "../support/accounts";
import { signedInOwner } from "../support/auth";
import { db, seedBooking, seedBusiness, seedClient } from "../support/seed";
import { schema } from "~db";

type Answer = {
  success: boolean;
  detail: string;
  settings: Record<string, unknown>;
  id: string;
  time_off: unknown[];
  time_zone: string;
  slots: { date: string; time: string }[];
};

async function asJson(res: Response) {
  return { status: res.status, data: (await res.json()) as Answer };
}

async function seedService(businessId: string, name: string, durationMinutes: number, bufferMinutes = 0) {
  await db()
    .insert(schema.services)
    .values({ id: crypto.randomUUID(), businessId, name, nameKey: name.toLowerCase(), durationMinutes, bufferMinutes });
}

const SUN_THU_FRI = {
  "0": [["09:00", "19:00"]],
  "1": [["09:00", "19:00"]],
  "2": [["09:00", "19:00"]],
  "3": [["09:00", "19:00"]],
  "4": [["09:00", "19:00"]],
  "5": [["09:00", "14:00"]],
  "6": [],
};

describe("working hours in /api/settings", () => {
  it("a new business starts with its country's usual hours, a 15-minute grid and an hour's notice", async () => {
    const israeli = await registeredUser();
    const read = await callJson("/api/settings", undefined, { token: israeli.token });
    expect(read.data.settings).toMatchObject({
      working_hours: SUN_THU_FRI,
      slot_step_minutes: 15,
      min_notice_minutes: 60,
    });
    const german = await registeredUser({ country: "DE", timezone: "Europe/Berlin" });
    const other = await callJson("/api/settings", undefined, { token: german.token });
    expect(other.data.settings.working_hours).toEqual(HOURS_DEFAULT);
    expect((other.data.settings.working_hours as Record<string, unknown>)["0"]).toEqual([]);
  });

  it("a Google sign-up (no country yet) starts with its zone's country's hours", () => {
    expect(defaultWorkingHours("", "Asia/Jerusalem")).toEqual(HOURS_IL);
    expect(defaultWorkingHours("", "Europe/Paris")).toEqual(HOURS_DEFAULT);
    expect(defaultWorkingHours("il", "Europe/Paris")).toEqual(HOURS_IL);
  });

  it("saves a week with a lunch break; days left out keep their hours", async () => {
    const owner = await signedInOwner();
    const res = await asJson(
      await owner.api("/api/settings", {
        method: "PATCH",
        json: {
          working_hours: {
            "2": [
              ["14:00", "19:00"],
              ["09:00", "13:00"],
            ],
            "6": [],
          },
          slot_step_minutes: 30,
          min_notice_minutes: 120,
        },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.data.settings).toMatchObject({ slot_step_minutes: 30, min_notice_minutes: 120 });
    const hours = res.data.settings.working_hours as Record<string, unknown>;
    expect(hours["2"]).toEqual([
      ["09:00", "13:00"],
      ["14:00", "19:00"],
    ]);
    expect(hours["6"]).toEqual([]);
    expect(hours["1"]).toEqual([["09:00", "18:00"]]); // the column's default, untouched
    const again = await asJson(await owner.api("/api/settings"));
    expect(again.data.settings).toMatchObject({ working_hours: hours, slot_step_minutes: 30, min_notice_minutes: 120 });
  });

  it("refuses malformed times, backwards or overlapping intervals, and a bad grid or notice, saving nothing", async () => {
    const owner = await signedInOwner();
    const cases: [Record<string, unknown>, string][] = [
      [{ working_hours: { "1": [["9am", "18:00"]] } }, 'Working hours: "9am" is not a time as HH:MM (24-hour).'],
      [{ working_hours: { "1": [["09:00", "25:00"]] } }, 'Working hours: "25:00" is not a time as HH:MM (24-hour).'],
      [
        { working_hours: { "1": [["18:00", "09:00"]] } },
        "Working hours: an interval must start before it ends (18:00-09:00).",
      ],
      [
        { working_hours: { "1": [["09:00", "09:00"]] } },
        "Working hours: an interval must start before it ends (09:00-09:00).",
      ],
      [
        {
          working_hours: {
            "1": [
              ["09:00", "13:00"],
              ["12:00", "18:00"],
            ],
          },
        },
        "Working hours: intervals on one day must not overlap (09:00-13:00 and 12:00-18:00).",
      ],
      [
        { working_hours: { "7": [] } },
        "Working hours must be an object of weekdays (0 = Sunday to 6 = Saturday), each a list of [start, end] times.",
      ],
      [
        { working_hours: [] },
        "Working hours must be an object of weekdays (0 = Sunday to 6 = Saturday), each a list of [start, end] times.",
      ],
      [
        { working_hours: { "1": "09:00-18:00" } },
        "Working hours must be an object of weekdays (0 = Sunday to 6 = Saturday), each a list of [start, end] times.",
      ],
      [{ slot_step_minutes: 4 }, "The slot step must be a whole number of minutes from 5 to 60."],
      [{ slot_step_minutes: 61 }, "The slot step must be a whole number of minutes from 5 to 60."],
      [{ slot_step_minutes: 7.5 }, "The slot step must be a whole number of minutes from 5 to 60."],
      [{ slot_step_minutes: "x" }, "The slot step must be a whole number of minutes from 5 to 60."],
      [{ min_notice_minutes: -1 }, "The minimum notice must be a whole number of minutes from 0 to 10080 (7 days)."],
      [{ min_notice_minutes: 10081 }, "The minimum notice must be a whole number of minutes from 0 to 10080 (7 days)."],
      [{ min_notice_minutes: null }, "The minimum notice must be a whole number of minutes from 0 to 10080 (7 days)."],
    ];
    for (const [body, detail] of cases) {
      // A valid change beside the bad one is not saved either.
      const res = await asJson(
        await owner.api("/api/settings", { method: "PATCH", json: { ...body, business_name: "Changed" } }),
      );
      expect({ body, status: res.status, detail: res.data.detail }).toEqual({ body, status: 400, detail });
    }
    const stored = await row<{
      name: string;
      working_hours: string;
      slot_step_minutes: number;
      min_notice_minutes: number;
    }>(
      "SELECT name, working_hours, slot_step_minutes, min_notice_minutes FROM businesses WHERE id = ?",
      owner.businessId,
    );
    expect(stored).toMatchObject({ name: "Dana's Salon", slot_step_minutes: 15, min_notice_minutes: 60 });
    expect(JSON.parse(stored!.working_hours)["1"]).toEqual([["09:00", "18:00"]]);
  });

  it("checks the shape once more in the pure module (the form uses it too)", () => {
    expect(hoursProblem({ "0": [["00:00", "24:00"]] })).toBeNull();
    expect(hoursProblem({ "0": [["24:00", "24:00"]] })?.key).toBe("hours.err.time");
    expect(hoursProblem({ "0": Array.from({ length: 7 }, (_, i) => [`0${i}:00`, `0${i}:30`]) })?.key).toBe(
      "hours.err.tooMany",
    );
  });
});

describe("time off", () => {
  it("adds, lists and deletes days off; another business's id is 404 and stays", async () => {
    const owner = await signedInOwner();
    const other = await signedInOwner();
    const added = await asJson(
      await owner.api("/api/time-off", {
        method: "POST",
        json: { date_from: "2030-04-10", date_to: "2030-04-12", note: "Passover" },
      }),
    );
    expect(added.status).toBe(201);
    expect(added.data).toEqual({ success: true, id: expect.any(String) });
    const one = await asJson(
      await owner.api("/api/time-off", { method: "POST", json: { date_from: "2030-01-01", date_to: "2030-01-01" } }),
    );
    expect(one.status).toBe(201);

    const list = await asJson(await owner.api("/api/time-off"));
    expect(list.data).toEqual({
      success: true,
      time_off: [
        { id: one.data.id, date_from: "2030-01-01", date_to: "2030-01-01", note: "", member_id: null },
        { id: added.data.id, date_from: "2030-04-10", date_to: "2030-04-12", note: "Passover", member_id: null },
      ],
    });
    expect((await asJson(await other.api("/api/time-off"))).data.time_off).toEqual([]);

    const stolen = await asJson(await other.api(`/api/time-off/${added.data.id}`, { method: "DELETE" }));
    expect(stolen.status).toBe(404);
    expect(stolen.data.detail).toBe("Time off not found.");
    expect(await row("SELECT id FROM time_off WHERE id = ?", added.data.id)).not.toBeNull();

    expect((await owner.api(`/api/time-off/${added.data.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await owner.api(`/api/time-off/${added.data.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await asJson(await owner.api("/api/time-off"))).data.time_off).toHaveLength(1);
  });

  it("refuses bad, missing and backwards dates with a 400 and writes nothing", async () => {
    const owner = await signedInOwner();
    const cases: [unknown, string][] = [
      [{ date_from: "2030-02-30", date_to: "2030-03-01" }, "Enter the first day off as YYYY-MM-DD."],
      [{ date_to: "2030-03-01" }, "Enter the first day off as YYYY-MM-DD."],
      [{ date_from: "2030-03-01", date_to: "03/05/2030" }, "Enter the last day off as YYYY-MM-DD."],
      [{ date_from: "2030-03-05", date_to: "2030-03-01" }, "The last day off cannot be before the first."],
      [{ date_from: "2030-01-01", date_to: "2031-06-01" }, "Time off can be at most 366 days at once."],
      [
        { date_from: "2030-03-01", date_to: "2030-03-01", note: "x".repeat(201) },
        "The note can be at most 200 characters.",
      ],
      [{ date_from: 20300301, date_to: "2030-03-01" }, "Enter the first day off as YYYY-MM-DD."],
    ];
    for (const [json, detail] of cases) {
      const res = await asJson(await owner.api("/api/time-off", { method: "POST", json }));
      expect({ json, status: res.status, detail: res.data.detail }).toEqual({ json, status: 400, detail });
    }
    const bad = await owner.api("/api/time-off", {
      method: "POST",
      body: "{nope",
      headers: { "Content-Type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(await row("SELECT count(*) AS n FROM time_off WHERE business_id = ?", owner.businessId)).toEqual({ n: 0 });
    expect((await callJson("/api/time-off")).status).toBe(401);
  });
});

describe("GET /api/availability", () => {
  it("the issue's example: Sun-Thu 09-19, Fri 09-14, Haircut 45 + 15, Noa on Sunday at 10:00 -> 09:00, then nothing before 11:00", async () => {
    const owner = await signedInOwner();
    expect((await owner.api("/api/settings", { method: "PATCH", json: { working_hours: SUN_THU_FRI } })).status).toBe(
      200,
    );
    await seedService(owner.businessId, "Haircut", 45, 15);
    const noa = await seedClient(owner.businessId, { name: "Noa Cohen" });
    // 2030-01-06 is a Sunday.
    await seedBooking(owner.businessId, noa, {
      bookingDate: "2030-01-06",
      bookingTime: "10:00",
      durationMinutes: 45,
      bufferMinutes: 15,
    });
    const res = await asJson(await owner.api("/api/availability?service=haircut&from=2030-01-06&days=1"));
    expect(res.status).toBe(200);
    expect(res.data.time_zone).toBe("Asia/Jerusalem");
    // The owner is the only member: each slot is theirs.
    expect(res.data.slots.slice(0, 2)).toEqual([
      { date: "2030-01-06", time: "09:00", member_ids: [owner.memberId] },
      { date: "2030-01-06", time: "11:00", member_ids: [owner.memberId] },
    ]);
    // Saturday is closed, Friday closes at 14:00.
    const week = await asJson(await owner.api("/api/availability?service=Haircut&from=2030-01-06"));
    const dates = new Set(week.data.slots.map((s) => s.date));
    expect([...dates]).toEqual(["2030-01-06", "2030-01-07", "2030-01-08", "2030-01-09", "2030-01-10", "2030-01-11"]);
    expect(week.data.slots.filter((s) => s.date === "2030-01-11").at(-1)).toMatchObject({
      date: "2030-01-11",
      time: "13:00",
    });
  });

  it("cancelled bookings and other businesses' bookings take no time; time off takes the day", async () => {
    const owner = await signedInOwner();
    await seedService(owner.businessId, "Color", 60);
    const client = await seedClient(owner.businessId);
    await seedBooking(owner.businessId, client, {
      bookingDate: "2030-01-07",
      bookingTime: "09:00",
      status: "cancelled",
    });
    const other = await seedBusiness();
    await seedBooking(other.businessId, await seedClient(other.businessId), {
      bookingDate: "2030-01-07",
      bookingTime: "09:00",
    });
    await owner.api("/api/time-off", { method: "POST", json: { date_from: "2030-01-08", date_to: "2030-01-08" } });
    const res = await asJson(await owner.api("/api/availability?service=Color&from=2030-01-07&days=2"));
    expect(res.data.slots[0]).toEqual({ date: "2030-01-07", time: "09:00", member_ids: [owner.memberId] });
    expect(res.data.slots.some((s) => s.date === "2030-01-08")).toBe(false);
  });

  it("answers 404 for an unknown service and 400 for bad dates or days", async () => {
    const owner = await signedInOwner();
    await seedService(owner.businessId, "Haircut", 30);
    const unknown = await asJson(await owner.api("/api/availability?service=Massage&from=2030-01-06"));
    expect(unknown.status).toBe(404);
    expect(unknown.data.detail).toBe("Service not found.");
    const cases: [string, string][] = [
      ["service=Haircut&from=2030-02-30", "from must be a date as YYYY-MM-DD."],
      ["service=Haircut&from=tomorrow", "from must be a date as YYYY-MM-DD."],
      ["service=Haircut&days=0", "days must be a whole number from 1 to 31."],
      ["service=Haircut&days=32", "days must be a whole number from 1 to 31."],
      ["service=Haircut&days=1.5", "days must be a whole number from 1 to 31."],
      ["service=Haircut&days=-1", "days must be a whole number from 1 to 31."],
      ["from=2030-01-06", "Service must be the name of one of your services."],
      ["service=%20&from=2030-01-06", "Service must be the name of one of your services."],
    ];
    for (const [query, detail] of cases) {
      const res = await asJson(await owner.api(`/api/availability?${query}`));
      expect({ query, status: res.status, detail: res.data.detail }).toEqual({ query, status: 400, detail });
    }
    const month = await asJson(await owner.api("/api/availability?service=Haircut&from=2030-01-01&days=31"));
    expect(month.status).toBe(200);
    expect(month.data.slots.at(-1)?.date).toBe("2030-01-31");
    expect((await callJson("/api/availability?service=Haircut")).status).toBe(401);
  });
});
