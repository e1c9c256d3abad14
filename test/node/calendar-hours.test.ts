// The week and day views show the salon's day whole (no box that scrolls inside
// the page): an hour either side of the working hours, widened to every booking.
import { describe, expect, it } from "vitest";
import { visibleHours } from "~/components/bookings/calendar-view";
import type { CalendarEvent } from "~/services/bookings/bookings.server";

const at = (time: string, minutes?: number) =>
  ({ id: time, name: "Noa", service: "Haircut", date: "2030-03-17", time, status: "scheduled", minutes }) as CalendarEvent;
const HOURS = { "0": [["09:00", "13:00"] as [string, string], ["14:00", "19:00"] as [string, string]], "5": [["09:00", "14:00"] as [string, string]], "6": [] };

describe("the hours a week or day shows", () => {
  it("runs from an hour before the earliest opening to an hour after the latest closing", () => {
    expect(visibleHours(HOURS, [])).toEqual({ slotMinTime: "08:00:00", slotMaxTime: "20:00:00" });
  });

  it("shows a booking outside working hours, whole, to the hour", () => {
    expect(visibleHours(HOURS, [at("06:30"), at("21:15", 45)])).toEqual({ slotMinTime: "06:00:00", slotMaxTime: "22:00:00" });
  });

  it("ends at midnight for a booking that runs past it, and starts at midnight at the earliest", () => {
    expect(visibleHours(HOURS, [at("23:30", 90), at("00:15")])).toEqual({ slotMinTime: "00:00:00", slotMaxTime: "24:00:00" });
  });

  it("shows 08:00 to 20:00 without working hours, or with every day closed", () => {
    expect(visibleHours(undefined, [])).toEqual({ slotMinTime: "08:00:00", slotMaxTime: "20:00:00" });
    expect(visibleHours({ "0": [], "6": [] }, [])).toEqual({ slotMinTime: "08:00:00", slotMaxTime: "20:00:00" });
  });

  it("keeps a closing at 23:30 inside the day", () => {
    expect(visibleHours({ "4": [["10:00", "23:30"]] }, [])).toEqual({ slotMinTime: "09:00:00", slotMaxTime: "24:00:00" });
  });
});
