// The time-zone module inside workerd: the DST rule (a skipped time moves
// forward by the gap, a repeated one means its first occurrence) in zones east
// and west of UTC, with half-hour and 45-minute offsets and a half-hour DST.
import { describe, expect, it } from "vitest";
import {
  bookingInstant,
  isValidTimeZone,
  localDate,
  localTime,
  offsetAt,
  zonedInstant,
  zonedParts,
} from "../../app/utils/time-zone";

const MINUTE = 60_000;
const iso = (t: number) => new Date(t).toISOString();

describe("time-zone module", () => {
  it.each([
    // zone, date, local time, the instant (UTC), what the clock does there
    ["America/New_York", "2030-03-10", "02:30", "2030-03-10T07:30:00.000Z"], // skipped: 03:30 EDT
    ["America/New_York", "2030-11-03", "01:30", "2030-11-03T05:30:00.000Z"], // repeated: 01:30 EDT
    ["Europe/London", "2030-03-31", "01:30", "2030-03-31T01:30:00.000Z"], // skipped: 02:30 BST
    ["Europe/London", "2030-10-27", "01:30", "2030-10-27T00:30:00.000Z"], // repeated: 01:30 BST
    ["Europe/Berlin", "2030-10-27", "02:30", "2030-10-27T00:30:00.000Z"], // repeated: 02:30 CEST
    ["Asia/Jerusalem", "2030-03-29", "02:30", "2030-03-29T00:30:00.000Z"], // skipped: 03:30 IDT
    ["Asia/Jerusalem", "2030-10-27", "01:30", "2030-10-26T22:30:00.000Z"], // repeated: 01:30 IDT
    ["Australia/Sydney", "2030-10-06", "02:30", "2030-10-05T16:30:00.000Z"], // skipped: 03:30 AEDT
    ["Australia/Sydney", "2030-04-07", "02:30", "2030-04-06T15:30:00.000Z"], // repeated: 02:30 AEDT
    ["Australia/Lord_Howe", "2030-10-06", "02:15", "2030-10-05T15:45:00.000Z"], // skipped by a 30-minute change: 02:45
    ["Australia/Lord_Howe", "2030-04-07", "01:45", "2030-04-06T14:45:00.000Z"], // repeated: 01:45 +11:00
    ["Pacific/Chatham", "2030-09-29", "03:00", "2030-09-28T14:15:00.000Z"], // skipped: 04:00 +13:45
    ["Pacific/Chatham", "2030-04-07", "03:00", "2030-04-06T13:15:00.000Z"], // repeated: 03:00 +13:45
  ])("%s %s %s is %s", (zone, date, time, instant) => {
    expect(iso(zonedInstant(date, time, zone))).toBe(instant);
    expect(iso(bookingInstant(date, `${time}:00`, zone))).toBe(instant);
  });

  it("reads an instant's wall clock, with 30- and 45-minute offsets", () => {
    const t = Date.UTC(2030, 0, 15, 23, 50);
    expect([localDate(t, "Asia/Kathmandu"), localTime(t, "Asia/Kathmandu")]).toEqual(["2030-01-16", "05:35"]);
    expect([localDate(t, "America/St_Johns"), localTime(t, "America/St_Johns")]).toEqual(["2030-01-15", "20:20"]);
    expect(zonedParts(Date.UTC(2030, 6, 1, 12, 0, 42), "Asia/Jerusalem")).toEqual({
      year: 2030,
      month: 7,
      day: 1,
      hour: 15,
      minute: 0,
      second: 42,
    });
    expect(offsetAt(t, "America/St_Johns")).toBe(-210 * MINUTE);
  });

  it("round-trips every quarter hour around 2030's changes; a repeated clock goes back to its first occurrence", () => {
    for (const [zone, change] of [
      ["America/New_York", Date.UTC(2030, 2, 10, 7)],
      ["America/New_York", Date.UTC(2030, 10, 3, 6)],
      ["Europe/Berlin", Date.UTC(2030, 9, 27, 1)],
      ["Australia/Lord_Howe", Date.UTC(2030, 3, 6, 15)],
    ] as const) {
      const fallBack = offsetAt(change - MINUTE, zone) - offsetAt(change, zone); // > 0 when the clock goes back
      for (let t = change - 3 * 60 * MINUTE; t <= change + 3 * 60 * MINUTE; t += 15 * MINUTE) {
        const back = zonedInstant(localDate(t, zone), localTime(t, zone), zone);
        const secondTime = fallBack > 0 && t >= change && t < change + fallBack;
        expect(back, `${zone} ${iso(t)}`).toBe(secondTime ? t - fallBack : t);
      }
    }
  });

  it("knows IANA names only, and never reads an unknown zone as UTC", () => {
    expect(["UTC", "Asia/Jerusalem", "America/Argentina/Buenos_Aires"].map(isValidTimeZone)).toEqual([
      true,
      true,
      true,
    ]);
    expect(["Mars/Olympus", "Nowhere+05", ""].map(isValidTimeZone)).toEqual([false, false, false]);
    expect(() => localDate(0, "Mars/Olympus")).toThrow(RangeError);
  });
});
