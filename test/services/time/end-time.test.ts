// A booking's end as the owner reads it (end_time): its start plus its
// duration as time that passes, shown on the salon's wall clock, so a booking
// across a DST night ends when the clock on the wall says it does.
import { describe, expect, it } from "vitest";
import { endTime } from "../../../app/services/time/span";

const JERUSALEM = "Asia/Jerusalem";
const LONDON = "Europe/London";
const end = (date: string, time: string, durationMinutes: number, zone: string) =>
  endTime({ date, time, durationMinutes }, zone);

describe("a booking's end time", () => {
  it("is the start plus the duration on an ordinary day, and past midnight", () => {
    expect(end("2030-01-06", "10:00", 45, JERUSALEM)).toBe("10:45");
    expect(end("2030-01-06", "23:30", 90, JERUSALEM)).toBe("01:00");
    expect(end("2030-01-06", "10:00:00", 30, LONDON)).toBe("10:30");
  });

  it("Jerusalem, spring forward (Friday 2030-03-29, 02:00 -> 03:00): 01:30 + 90 minutes ends at 04:00", () => {
    expect(end("2030-03-29", "01:30", 90, JERUSALEM)).toBe("04:00");
    // Started after the change: nothing to add.
    expect(end("2030-03-29", "09:00", 60, JERUSALEM)).toBe("10:00");
  });

  it("Jerusalem, fall back (Sunday 2030-10-27, 02:00 -> 01:00): 00:30 + 2 hours ends at 01:30", () => {
    expect(end("2030-10-27", "00:30", 120, JERUSALEM)).toBe("01:30");
  });

  it("London, spring forward (Sunday 2030-03-31, 01:00 -> 02:00): 00:30 + 60 minutes ends at 02:30", () => {
    expect(end("2030-03-31", "00:30", 60, LONDON)).toBe("02:30");
  });

  it("London, fall back (Sunday 2030-10-27, 02:00 -> 01:00): 00:30 + 90 minutes ends at 01:00", () => {
    expect(end("2030-10-27", "00:30", 90, LONDON)).toBe("01:00");
  });
});
