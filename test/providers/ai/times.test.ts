// The clock-time reading rules, one describe per rule: given this text, these times.
import { describe, expect, it } from "vitest";
import { hasAddressAfter, pickTime, scanTimes } from "../../../app/providers/ai/offline/times";

const pad = (n: number) => String(n).padStart(2, "0");
/** "17:00 slot", with "?" when the hour was guessed (no am/pm, not clearly 24-hour). */
const read = (text: string, loose = false) =>
  scanTimes(text, { loose }).map((t) => `${pad(t.hour)}:${pad(t.minute)}${t.ambiguous ? "?" : ""} ${t.role}`);

describe("isClockTime: which numbers are times", () => {
  it("takes numbers written or introduced as times", () => {
    expect(read("17:30 please")).toEqual(["17:30 slot"]);
    expect(read("can I come at 5")).toEqual(["17:00? slot"]);
    expect(read("5 works for me")).toEqual(["17:00? slot"]);
    expect(read("ב-10 בבוקר")).toEqual(["10:00 slot"]);
  });

  it("leaves counts, prices, addresses and bare numbers alone", () => {
    expect(read("I need 5")).toEqual([]);
    expect(read("at 5 hours it is too long")).toEqual([]);
    expect(read("it costs £20 at most")).toEqual([]);
    expect(read("we are at 14 Station Road")).toEqual([]);
    expect(read("at 5 Tomorrow?")).toEqual(["17:00? slot"]);
    expect(read("24h notice to cancel")).toEqual([]);
    expect(read("open 24 hours")).toEqual([]);
    expect(read("at 24:00")).toEqual(["00:00 slot"]);
  });

  it("reads a dotted number as a date unless it can only be a time", () => {
    expect(read("10.11")).toEqual([]);
    expect(read("17.30 works")).toEqual(["17:30 slot"]);
    expect(read("at 9.30")).toEqual(["09:30? slot"]);
  });

  it("takes any number in loose mode (a phrase known to be a time)", () => {
    expect(read("5", true)).toEqual(["17:00? slot"]);
  });
});

describe("clockHour: the hour on a 24-hour clock", () => {
  it("follows am/pm and period words in five languages", () => {
    expect(read("at 5pm")).toEqual(["17:00 slot"]);
    expect(read("at 12am")).toEqual(["00:00 slot"]);
    expect(read("at 5 in the evening")).toEqual(["17:00 slot"]);
    expect(read("в 3 часа дня")).toEqual(["15:00 slot"]);
    expect(read("الساعة 6 المسا")).toEqual(["18:00 slot"]);
    expect(read("um 9 Uhr")).toEqual(["09:00 slot"]);
  });

  it("keeps 24-hour and zero-padded times as written", () => {
    expect(read("at 17")).toEqual(["17:00 slot"]);
    expect(read("09:00 then")).toEqual(["09:00 slot"]);
  });

  it("puts a guessed 1-7 (1-6 with minutes) in the afternoon, later hours in the morning", () => {
    expect(read("at 7")).toEqual(["19:00? slot"]);
    expect(read("at 8")).toEqual(["08:00? slot"]);
    expect(read("6:30 is good")).toEqual(["18:30? slot"]);
    expect(read("7:30 is good")).toEqual(["07:30? slot"]);
  });

  it("adds the minutes said after the hour and the fractions said before it", () => {
    expect(read("בשעה 5 וחצי")).toEqual(["17:30? slot"]);
    expect(read("half 2 works")).toEqual(["14:30? slot"]);
    expect(read("quarter to 4 then")).toEqual(["15:45? slot"]);
    expect(read("um halb 3")).toEqual(["14:30? slot"]);
  });
});

describe("timeRole: what kind of time it is", () => {
  it("tells limits, opening hours, ranges and other people's plans from slots", () => {
    expect(read("anytime after 5")).toEqual(["17:00? constraint"]);
    expect(read("we close at 7 today")).toEqual(["19:00? hours"]);
    expect(read("I'm free 10-14")).toEqual(["10:00? range", "14:00 range"]);
    expect(read("my flight lands at 6")).toEqual(["18:00? event"]);
  });

  it("marks the time being moved or replaced as old", () => {
    expect(read("can we push your 2pm to 3pm")).toEqual(["14:00 old", "15:00 slot"]);
    expect(read("instead of 13:00 could I do 15:00")).toEqual(["13:00 old", "15:00 slot"]);
  });

  it("gives a time that continues a list the role of the list", () => {
    expect(read("after 5, 6 or 7")).toEqual(["17:00? constraint", "18:00? constraint", "19:00? constraint"]);
    expect(read("5 p.m., 6 or 7")).toEqual(["17:00 slot", "18:00? slot", "19:00? slot"]);
  });
});

describe("hasAddressAfter: a capitalised word after a bare hour", () => {
  it("is an address unless it is a day, a month or a time word", () => {
    expect(hasAddressAfter("at 14 Station Road", 5)).toBe(true);
    expect(hasAddressAfter("at 5 Tomorrow", 4)).toBe(false);
    expect(hasAddressAfter("at 5 Friday", 4)).toBe(false);
    expect(hasAddressAfter("at 5 please", 4)).toBe(false);
  });
});

describe("times written as words and noon", () => {
  it("reads number words with their minutes and limits", () => {
    expect(read("see you at five o'clock")).toEqual(["17:00? slot"]);
    expect(read("at five thirty")).toEqual(["17:30? slot"]);
    expect(read("בשש וחצי")).toEqual(["18:30? slot"]);
    expect(read("not before six")).toEqual(["18:00? constraint"]);
    expect(read("at ten am")).toEqual(["10:00 slot"]);
  });

  it("reads noon alone and other midday words after 'at'", () => {
    expect(read("noon works")).toEqual(["12:00 slot"]);
    expect(read("um Mittag")).toEqual(["12:00 slot"]);
    expect(read("Mittag ist gut")).toEqual([]);
  });
});

describe("pickTime", () => {
  it("takes the first slot-like time of a phrase", () => {
    expect(pickTime(scanTimes("after 3, at 5pm"))?.hour).toBe(17);
    expect(pickTime(scanTimes("whenever"))).toBeNull();
  });
});
