// The week and day views show the salon's day whole (no box that scrolls inside
// the page): an hour either side of the working hours, widened to every booking.
import { describe, expect, it } from "vitest";
import { toEvent, visibleHours } from "~/components/bookings/calendar-view";
import type { CalendarEvent } from "~/services/bookings/bookings.server";

const at = (time: string, minutes?: number) =>
  ({
    id: time,
    name: "Noa",
    service: "Haircut",
    date: "2030-03-17",
    time,
    status: "scheduled",
    minutes,
  }) as CalendarEvent;
const ZONE = "Asia/Jerusalem";
const HOURS = {
  "0": [["09:00", "13:00"] as [string, string], ["14:00", "19:00"] as [string, string]],
  "5": [["09:00", "14:00"] as [string, string]],
  "6": [],
};

describe("the hours a week or day shows", () => {
  it("runs from an hour before the earliest opening to an hour after the latest closing", () => {
    expect(visibleHours(HOURS, [], ZONE)).toEqual({ slotMinTime: "08:00:00", slotMaxTime: "20:00:00" });
  });

  it("shows a booking outside working hours, whole, to the hour", () => {
    expect(visibleHours(HOURS, [at("06:30"), at("21:15", 45)], ZONE)).toEqual({
      slotMinTime: "06:00:00",
      slotMaxTime: "22:00:00",
    });
  });

  it("ends at midnight for a booking that runs past it, and starts at midnight at the earliest", () => {
    expect(visibleHours(HOURS, [at("23:30", 90), at("00:15")], ZONE)).toEqual({
      slotMinTime: "00:00:00",
      slotMaxTime: "24:00:00",
    });
  });

  it("shows 08:00 to 20:00 without working hours, or with every day closed", () => {
    expect(visibleHours(undefined, [], ZONE)).toEqual({ slotMinTime: "08:00:00", slotMaxTime: "20:00:00" });
    expect(visibleHours({ "0": [], "6": [] }, [], ZONE)).toEqual({ slotMinTime: "08:00:00", slotMaxTime: "20:00:00" });
  });

  it("reads a booking's end on the wall clock across a DST night, as the event is drawn", () => {
    // Israel moves to summer time on Friday 2030-03-29 at 02:00: 01:30 plus an hour ends at 03:30 on the wall.
    const night = { "5": [["00:00", "01:00"] as [string, string]] };
    const booking = { ...at("01:30", 60), date: "2030-03-29" };
    expect(visibleHours(night, [booking], ZONE)).toEqual({ slotMinTime: "00:00:00", slotMaxTime: "04:00:00" });
  });

  it("keeps a closing at 23:30 inside the day", () => {
    expect(visibleHours({ "4": [["10:00", "23:30"]] }, [], ZONE)).toEqual({
      slotMinTime: "09:00:00",
      slotMaxTime: "24:00:00",
    });
  });
});

describe("where an event ends in the week and day views", () => {
  const event = (date: string, time: string, minutes: number, zone: string) =>
    toEvent({ ...at(time, minutes), date }, "Unknown", zone) as { start: string; end: string };

  it("spans the booking's duration on an ordinary day, past midnight too", () => {
    expect(event("2030-03-17", "10:00", 45, "Asia/Jerusalem")).toMatchObject({
      start: "2030-03-17T10:00",
      end: "2030-03-17T10:45",
    });
    expect(event("2030-03-17", "23:30", 90, "Asia/Jerusalem")).toMatchObject({ end: "2030-03-18T01:00" });
  });

  it("ends where the booking's end time says across a DST night (Jerusalem and London, spring and fall)", () => {
    expect(event("2030-03-29", "01:30", 90, "Asia/Jerusalem").end).toBe("2030-03-29T04:00");
    expect(event("2030-10-27", "00:30", 120, "Asia/Jerusalem").end).toBe("2030-10-27T01:30");
    expect(event("2030-03-31", "00:30", 60, "Europe/London").end).toBe("2030-03-31T02:30");
    expect(event("2030-10-27", "00:30", 90, "Europe/London").end).toBe("2030-10-27T01:00");
  });
});
