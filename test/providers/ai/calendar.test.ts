import { describe, expect, it } from "vitest";
import { nextOccurrence, nextWeekdayAfter, weekdayNextWeek, weekdayOf } from "../../../app/providers/ai/calendar";
import { resolveDatePhrase, resolveTimePhrase } from "../../../app/providers/ai/phrases";
import { localDate, localTime } from "../../../app/utils/time-zone";

const at = (iso: string) => Date.parse(iso);
const wallClock = (iso: string, zone: string) => `${localDate(at(iso), zone)} ${localTime(at(iso), zone)}`;

describe("local dates in the business's time zone", () => {
  it("uses the New York date of an evening message, not the UTC date", () => {
    const ms = at("2026-03-09T20:30:00-04:00"); // already 10 March in UTC
    expect(new Date(ms).toISOString().slice(0, 10)).toBe("2026-03-10");
    expect(localDate(ms, "America/New_York")).toBe("2026-03-09");
  });

  it("follows the offset change in DST weeks", () => {
    // London springs forward on 29 March 2026, New York falls back on 1 November 2026.
    expect(wallClock("2026-03-28T23:30:00Z", "Europe/London")).toBe("2026-03-28 23:30");
    expect(wallClock("2026-03-29T23:30:00Z", "Europe/London")).toBe("2026-03-30 00:30");
    expect(wallClock("2026-11-02T04:30:00Z", "America/New_York")).toBe("2026-11-01 23:30");
    expect(wallClock("2026-03-27T22:30:00Z", "Asia/Jerusalem")).toBe("2026-03-28 01:30");
  });
});

describe("calendar arithmetic", () => {
  it("finds the next weekday strictly after a date", () => {
    expect(weekdayOf("2026-03-09")).toBe(1); // Monday
    expect(nextWeekdayAfter("2026-03-09", 4)).toBe("2026-03-12");
    expect(nextWeekdayAfter("2026-03-12", 4)).toBe("2026-03-19"); // same weekday -> a week later
  });

  it("puts 'next week <weekday>' in the following Monday-start week", () => {
    expect(weekdayNextWeek("2026-03-02", 3)).toBe("2026-03-11"); // Monday -> Wednesday of next week
    expect(weekdayNextWeek("2026-03-08", 3)).toBe("2026-03-11"); // Sunday still belongs to the week of 2 March
    expect(weekdayNextWeek("2025-10-20", 2)).toBe("2025-10-28");
  });

  it("dates without a year take their next occurrence on or after the message date", () => {
    expect(nextOccurrence("2026-12-30", 1, 2)).toBe("2027-01-02");
    expect(nextOccurrence("2026-03-12", 3, 12)).toBe("2026-03-12");
    expect(nextOccurrence("2027-03-01", 2, 29)).toBe("2028-02-29");
  });
});

describe("resolveDatePhrase", () => {
  const monEvening = at("2026-03-09T20:00:00+00:00"); // Monday 9 March, London

  it("resolves relative words in several languages", () => {
    expect(resolveDatePhrase("tomorrow", monEvening, "Europe/London")).toBe("2026-03-10");
    expect(resolveDatePhrase("today", monEvening, "Europe/London")).toBe("2026-03-09");
    expect(resolveDatePhrase("the day after tomorrow", monEvening, "Europe/London")).toBe("2026-03-11");
    expect(resolveDatePhrase("מחרתיים", monEvening, "Asia/Jerusalem")).toBe("2026-03-11");
    expect(resolveDatePhrase("завтра", monEvening, "Europe/Berlin")).toBe("2026-03-10");
    expect(resolveDatePhrase("übermorgen", monEvening, "Europe/Berlin")).toBe("2026-03-11");
    expect(resolveDatePhrase("بكرا", monEvening, "Asia/Jerusalem")).toBe("2026-03-10");
  });

  it("resolves 'tomorrow' from the local date of a late New York message", () => {
    expect(resolveDatePhrase("tomorrow", at("2026-03-07T22:15:00-05:00"), "America/New_York")).toBe("2026-03-08");
  });

  it("resolves weekdays, 'this' and 'next week'", () => {
    expect(resolveDatePhrase("Thursday", monEvening, "Europe/London")).toBe("2026-03-12");
    expect(resolveDatePhrase("next Thursday", monEvening, "Europe/London")).toBe("2026-03-12");
    expect(resolveDatePhrase("this Monday", monEvening, "Europe/London")).toBe("2026-03-09");
    expect(resolveDatePhrase("next week Wednesday", monEvening, "Europe/London")).toBe("2026-03-18");
    expect(resolveDatePhrase("שבוע הבא ביום שלישי", monEvening, "Asia/Jerusalem")).toBe("2026-03-17");
    expect(resolveDatePhrase('מוצ"ש', monEvening, "Asia/Jerusalem")).toBe("2026-03-14");
  });

  it("reads numeric dates day-first, except month-first in American zones", () => {
    expect(resolveDatePhrase("12/3", monEvening, "Asia/Jerusalem")).toBe("2026-03-12");
    expect(resolveDatePhrase("12.03.", monEvening, "Europe/Berlin")).toBe("2026-03-12");
    expect(resolveDatePhrase("12/3", monEvening, "America/New_York")).toBe("2026-12-03");
    expect(resolveDatePhrase("Thursday 12/3", monEvening, "Europe/London")).toBe("2026-03-12");
  });

  it("reads month names in five languages and rolls over the year", () => {
    expect(resolveDatePhrase("March 12th", monEvening, "Europe/London")).toBe("2026-03-12");
    expect(resolveDatePhrase("2nd Jan", monEvening, "Europe/London")).toBe("2027-01-02");
    expect(resolveDatePhrase("12 במרץ", monEvening, "Asia/Jerusalem")).toBe("2026-03-12");
    expect(resolveDatePhrase("20 декабря", monEvening, "Europe/Berlin")).toBe("2026-12-20");
    expect(resolveDatePhrase("den 23.10.", monEvening, "Europe/Berlin")).toBe("2026-10-23");
    expect(resolveDatePhrase("2026-04-01", monEvening, "Europe/London")).toBe("2026-04-01");
  });

  it("returns null when there is no date", () => {
    expect(resolveDatePhrase("sometime soon", monEvening, "Europe/London")).toBeNull();
  });
});

describe("resolveTimePhrase", () => {
  it("reads 12- and 24-hour times and period words", () => {
    expect(resolveTimePhrase("5pm")).toBe("17:00");
    expect(resolveTimePhrase("10am")).toBe("10:00");
    expect(resolveTimePhrase("12:30 pm")).toBe("12:30");
    expect(resolveTimePhrase("17:00")).toBe("17:00");
    expect(resolveTimePhrase("ב-10 בבוקר")).toBe("10:00");
    expect(resolveTimePhrase("6 المسا")).toBe("18:00");
    expect(resolveTimePhrase("15:30 Uhr")).toBe("15:30");
    expect(resolveTimePhrase("noon")).toBe("12:00");
    expect(resolveTimePhrase("в 3 часа дня")).toBe("15:00");
  });

  it("treats a bare afternoon hour as pm and returns null without a time", () => {
    expect(resolveTimePhrase("at 5")).toBe("17:00");
    expect(resolveTimePhrase("at five")).toBe("17:00");
    expect(resolveTimePhrase("at five o'clock")).toBe("17:00");
    expect(resolveTimePhrase("בשש וחצי")).toBe("18:30");
    expect(resolveTimePhrase("whenever")).toBeNull();
  });
});
