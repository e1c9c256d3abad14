// The one time-of-day rule (utils/dates.ts): "HH:MM" on a 24-hour clock, with
// the two things some callers read besides it (seconds, a one-digit hour), the
// same rule as a form's pattern attribute, and minutes since midnight.
import { describe, expect, it } from "vitest";
import { isTimeOfDay, minutesOfDay, readTimeOfDay, TIME_OF_DAY_PATTERN } from "../../app/utils/dates";
import { timeText } from "../../app/validation/fields";

const NOT_TIMES = [
  "",
  "24:00",
  "23:60",
  "7:30",
  "07:3",
  "0730",
  "07.30",
  " 07:30",
  "07:30 ",
  "ab:cd",
  "07:30:00",
  "007:30",
];

describe("the time-of-day rule", () => {
  it("reads HH:MM from 00:00 to 23:59 and nothing else by default", () => {
    for (const time of ["00:00", "07:30", "12:05", "19:59", "23:59"]) expect(readTimeOfDay(time)).toBe(time);
    for (const text of NOT_TIMES) expect(isTimeOfDay(text), text).toBe(false);
  });

  it("reads HH:MM:SS as HH:MM only for callers that take seconds, and real seconds only", () => {
    expect(readTimeOfDay("18:45:30", { seconds: true })).toBe("18:45");
    expect(readTimeOfDay("18:45:00")).toBeNull();
    for (const text of ["18:45:60", "18:45:5", "24:00:00", "18:45:00:00"])
      expect(isTimeOfDay(text, { seconds: true }), text).toBe(false);
  });

  it("pads a one-digit hour only for callers that take one", () => {
    expect(readTimeOfDay("9:05", { singleDigitHour: true })).toBe("09:05");
    expect(readTimeOfDay("9:05:59", { singleDigitHour: true, seconds: true })).toBe("09:05");
    expect(readTimeOfDay("9:05")).toBeNull();
    for (const text of ["9:5", ":05", "9:60"]) expect(isTimeOfDay(text, { singleDigitHour: true }), text).toBe(false);
  });

  it("is the same rule as a form's pattern attribute (anchored, v flag, as the browser compiles it)", () => {
    const browser = new RegExp(`^(?:${TIME_OF_DAY_PATTERN})$`, "v");
    for (const text of ["00:00", "09:30", "23:59", ...NOT_TIMES])
      expect(browser.test(text), text).toBe(isTimeOfDay(text));
  });

  it("counts minutes since midnight; 24:00, a day's end, is 1440", () => {
    expect([minutesOfDay("00:00"), minutesOfDay("09:30"), minutesOfDay("23:59:59"), minutesOfDay("24:00")]).toEqual([
      0, 570, 1439, 1440,
    ]);
  });

  it("is what a typed time field keeps: trimmed, HH:MM, H:MM or HH:MM:SS, stored as HH:MM", () => {
    const field = timeText("bookings.err.timeRequired", "bookings.err.timeFormat");
    expect([" 9:05 ", "09:05:30", "21:00"].map((t) => field.safeParse(t).data)).toEqual(["09:05", "09:05", "21:00"]);
    for (const text of ["24:00", "9:5", "09:05:60"]) expect(field.safeParse(text).success, text).toBe(false);
  });
});
