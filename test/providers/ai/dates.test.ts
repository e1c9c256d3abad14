// The date reading rules, one describe per rule: given this text (written on
// Monday 9 March 2026), these dates.
import { describe, expect, it } from "vitest";
import { resolveDateSpec } from "../../../app/providers/ai/calendar";
import {
  isGermanMorning,
  saysNextWeek,
  scanDates,
  scanDaysOfMonth,
  scanMonthNameDates,
  scanNumericDates,
  scanRelativeDays,
  scanWeekdays,
  weekdayMode,
} from "../../../app/providers/ai/offline/dates";

const MONDAY = "2026-03-09";
/** The dates a text names, resolved on a Monday in the zone. */
const dates = (text: string, zone = "Europe/London") =>
  scanDates(text).map((mention) => resolveDateSpec(mention.spec, MONDAY, zone) ?? mention.spec.kind);

describe("scanNumericDates", () => {
  it("reads slashes and dots, day-first or month-first by the zone", () => {
    expect(dates("12/3 at 5")).toEqual(["2026-03-12"]);
    expect(dates("12/3 at 5", "America/New_York")).toEqual(["2026-12-03"]);
    expect(dates("am 12.03. um 10")).toEqual(["2026-03-12"]);
    expect(dates("2.1.2027")).toEqual(["2027-01-02"]);
  });

  it("leaves times, quantities, prices and 24/7 alone", () => {
    expect(scanNumericDates("at 9.30")).toEqual([]);
    expect(scanNumericDates("2.5 km away")).toEqual([]);
    expect(scanNumericDates("open 24/7")).toEqual([]);
    expect(scanNumericDates("20/30 off")).toEqual([]);
  });
});

describe("scanMonthNameDates", () => {
  it("reads day and month names in five languages", () => {
    expect(scanMonthNameDates("12th of march").map((d) => d.spec)).toEqual([
      { kind: "monthDay", day: 12, month: 3, year: undefined },
    ]);
    expect(dates("March the 12th")).toEqual(["2026-03-12"]);
    expect(dates("12 במרץ")).toEqual(["2026-03-12"]);
    expect(dates("20 декабря")).toEqual(["2026-12-20"]);
    expect(dates("2 Jan")).toEqual(["2027-01-02"]);
  });
});

describe("scanDaysOfMonth", () => {
  it("reads a day without its month, not an ordinal before a noun", () => {
    expect(dates("the 13th?")).toEqual(["2026-03-13"]);
    expect(dates("13 לחודש")).toEqual(["2026-03-13"]);
    expect(dates("13-го")).toEqual(["2026-03-13"]);
    expect(scanDaysOfMonth("my 1st appointment")).toEqual([]);
    expect(scanDaysOfMonth("on the 2nd floor")).toEqual([]);
  });
});

describe("scanRelativeDays and isGermanMorning", () => {
  it("reads relative days with glued Hebrew prefixes", () => {
    expect(dates("tomorrow")).toEqual(["2026-03-10"]);
    expect(dates("ומחרתיים")).toEqual(["2026-03-11"]);
    expect(dates("послезавтра")).toEqual(["2026-03-11"]);
    expect(dates('מוצ"ש ב-8')).toEqual(["2026-03-14"]);
    expect(scanRelativeDays("same day", "same day").map((d) => d.spec.kind)).toEqual(["sameDay"]);
  });

  it("reads German 'morgen' as tomorrow, but not 'guten Morgen' or a lone capitalised 'Morgen'", () => {
    expect(dates("morgen um 10")).toEqual(["2026-03-10"]);
    expect(dates("Morgen früh?")).toEqual(["2026-03-10"]);
    expect(dates("Guten Morgen!")).toEqual([]);
    expect(isGermanMorning("Morgen, wie geht's", "morgen, wie geht's", 0)).toBe(true);
  });
});

describe("scanWeekdays, isHebrewWeekday and weekdayMode", () => {
  it("reads weekday names, not habits or lowercase abbreviations on their own", () => {
    expect(dates("Thursday at 5")).toEqual(["2026-03-12"]);
    expect(dates("sat at 3")).toEqual(["2026-03-14"]);
    expect(scanWeekdays("we sat down", "we sat down")).toEqual([]);
    expect(scanWeekdays("Tuesdays are best", "tuesdays are best")).toEqual([]);
    expect(dates("الخميس الساعة 5")).toEqual(["2026-03-12"]);
    expect(dates("יום ג' ב-10")).toEqual(["2026-03-10"]);
  });

  it("reads a Hebrew ordinal as a weekday only when it is said as one", () => {
    expect(dates("ביום שלישי")).toEqual(["2026-03-10"]);
    expect(dates("שני ב-10")).toEqual(["2026-03-16"]);
    expect(dates("חמישי?")).toEqual(["2026-03-12"]);
    expect(dates("שני ימים")).toEqual([]);
    expect(dates("כל שני")).toEqual([]);
    expect(dates("שבת שלום")).toEqual([]);
  });

  it("tells the next weekday, this week's and next week's", () => {
    expect(weekdayMode("this monday", 5, 11)).toBe("this");
    expect(dates("this Monday")).toEqual(["2026-03-09"]);
    expect(dates("Monday")).toEqual(["2026-03-16"]);
    expect(dates("next week Wednesday")).toEqual(["2026-03-18"]);
    expect(saysNextWeek("same time next week?")).toBe(true);
  });
});

describe("mergeWeekdaysIntoDates", () => {
  it("uses a weekday beside a date to choose its reading, as one mention", () => {
    expect(dates("Thursday 12/3")).toEqual(["2026-03-12"]);
    expect(dates("4/5")).toEqual(["2026-05-04"]);
    expect(dates("Sunday 4/5")).toEqual(["2026-04-05"]);
    expect(dates("Donnerstag, den 12.")).toEqual(["2026-03-12"]);
    expect(scanDates("Thursday the 12th")).toHaveLength(1);
  });
});
