// The free-slots module: examples a salon would recognise (the issue's
// Sunday, buffers, a lunch break, time off, notice, DST days in Jerusalem and
// New York), then generated calendars checked against the rules one by one.
import { describe, expect, it } from "vitest";
import { dayClock, freeSlots, mergeSpans, type SlotFacts } from "../../../app/services/time/free-slots";
import { HOURS_IL, WEEKDAYS } from "../../../app/services/time/hours";
import { occupiedSpan, overlaps, weekdayOf, type Span, type WorkingHours } from "../../../app/services/time/span";
import { addDays, minutesOfDay } from "../../../app/utils/dates";
import { localTime, zonedInstant } from "../../../app/utils/time-zone";

const JERUSALEM = "Asia/Jerusalem";
const NEW_YORK = "America/New_York";
const LONG_AGO = Date.UTC(2020, 0, 1);

const facts = (over: Partial<SlotFacts>): SlotFacts => ({
  from: "2030-01-06",
  days: 1,
  hours: HOURS_IL,
  timeOff: [],
  busy: [],
  durationMinutes: 60,
  bufferMinutes: 0,
  stepMinutes: 15,
  noticeMinutes: 0,
  now: LONG_AGO,
  timeZone: JERUSALEM,
  ...over,
});
const times = (f: SlotFacts) => freeSlots(f).map((s) => s.time);
const only = (day: string, intervals: [string, string][]): WorkingHours =>
  Object.fromEntries(WEEKDAYS.map((d) => [d, d === day ? intervals : []]));
const booked = (date: string, time: string, durationMinutes: number, bufferMinutes = 0, zone = JERUSALEM) =>
  occupiedSpan({ date, time, durationMinutes, bufferMinutes }, zone);

describe("free slots: examples", () => {
  it("the issue's Sunday: Haircut 45 + 15, Noa at 10:00 -> 09:00, then nothing before 11:00", () => {
    // 2030-01-06 is a Sunday; Sunday to Thursday 09:00-19:00.
    const slots = times(
      facts({ durationMinutes: 45, bufferMinutes: 15, busy: [booked("2030-01-06", "10:00", 45, 15)] }),
    );
    expect(slots.slice(0, 3)).toEqual(["09:00", "11:00", "11:15"]);
    expect(slots.at(-1)).toBe("18:00"); // 18:00 + 60 ends at closing
    expect(slots).toHaveLength(1 + 29);
  });

  it("keeps the buffer after a booking and after the new slot", () => {
    const slots = times(
      facts({ durationMinutes: 30, bufferMinutes: 15, busy: [booked("2030-01-06", "12:00", 30, 15)] }),
    );
    expect(slots).toContain("11:15"); // 11:15-12:00 touches 12:00 only
    expect(slots).not.toContain("11:30"); // its buffer would run into 12:00
    expect(slots).not.toContain("12:30"); // the booking's buffer holds the chair until 12:45
    expect(slots).toContain("12:45");
  });

  it("a lunch break is two intervals: a slot ends inside the interval it starts in", () => {
    const hours = only("0", [
      ["09:00", "12:00"],
      ["13:00", "17:00"],
    ]);
    const slots = times(facts({ hours }));
    expect(slots).toContain("11:00");
    expect(slots).not.toContain("11:15");
    expect(slots).not.toContain("12:00");
    expect(slots).not.toContain("12:30");
    expect(slots[slots.indexOf("11:00") + 1]).toBe("13:00");
    expect(slots.at(-1)).toBe("16:00");
  });

  it("the grid starts at each interval's start", () => {
    const hours = only("0", [["09:10", "11:00"]]);
    expect(times(facts({ hours, stepMinutes: 20, durationMinutes: 30 }))).toEqual([
      "09:10",
      "09:30",
      "09:50",
      "10:10",
      "10:30",
    ]);
  });

  it("offers nothing on time off, and the day after as usual", () => {
    const slots = freeSlots(facts({ days: 3, timeOff: [{ dateFrom: "2030-01-06", dateTo: "2030-01-07" }] }));
    expect(new Set(slots.map((s) => s.date))).toEqual(new Set(["2030-01-08"]));
  });

  it("offers nothing sooner than now + notice", () => {
    const now = zonedInstant("2030-01-06", "10:07", JERUSALEM);
    expect(times(facts({ now, noticeMinutes: 60 }))[0]).toBe("11:15");
    expect(times(facts({ now, noticeMinutes: 0 }))[0]).toBe("10:15");
    expect(times(facts({ now: zonedInstant("2030-01-06", "18:30", JERUSALEM), noticeMinutes: 0 }))).toEqual([]);
  });

  it("closed days and a service longer than the day offer nothing", () => {
    expect(times(facts({ from: "2030-01-12" }))).toEqual([]); // a Saturday in Israel
    expect(times(facts({ from: "2030-01-11", durationMinutes: 360 }))).toEqual([]); // Friday 09:00-14:00
  });

  it("a booking late the day before that runs past midnight occupies the morning", () => {
    const hours = Object.fromEntries(WEEKDAYS.map((d) => [d, [["00:00", "24:00"]] as [string, string][]]));
    const slots = times(facts({ hours, stepMinutes: 60, busy: [booked("2030-01-05", "23:00", 120)] }));
    expect(slots[0]).toBe("01:00");
    expect(slots.at(-1)).toBe("23:00");
  });

  it("Jerusalem, spring forward (Friday 2030-03-29, 02:00 -> 03:00): no slot inside the skipped hour", () => {
    const slots = times(
      facts({ from: "2030-03-29", hours: only("5", [["00:00", "06:00"]]), stepMinutes: 30, durationMinutes: 30 }),
    );
    expect(slots).toEqual(["00:00", "00:30", "01:00", "01:30", "03:00", "03:30", "04:00", "04:30", "05:00", "05:30"]);
  });

  it("Jerusalem, fall back (Sunday 2030-10-27, 02:00 -> 01:00): one slot per wall time on the repeated hour", () => {
    const slots = times(
      facts({ from: "2030-10-27", hours: only("0", [["00:00", "04:00"]]), stepMinutes: 30, durationMinutes: 30 }),
    );
    expect(slots).toEqual(["00:00", "00:30", "01:00", "01:30", "02:00", "02:30", "03:00", "03:30"]);
  });

  it("New York, spring forward (Sunday 2030-03-10): an hour-long slot at 01:00 ends at 03:00 wall time", () => {
    const hours = only("0", [["00:00", "05:00"]]);
    expect(times(facts({ from: "2030-03-10", hours, stepMinutes: 60, timeZone: NEW_YORK }))).toEqual([
      "00:00",
      "01:00",
      "03:00",
      "04:00",
    ]);
  });

  it("New York, fall back (Sunday 2030-11-03): 01:00 once, and a booking at 01:00 takes it", () => {
    const hours = only("0", [["00:00", "04:00"]]);
    const base = facts({ from: "2030-11-03", hours, stepMinutes: 60, timeZone: NEW_YORK });
    expect(times(base)).toEqual(["00:00", "01:00", "02:00", "03:00"]);
    const busy = [booked("2030-11-03", "01:00", 60, 0, NEW_YORK)];
    expect(times({ ...base, busy })).toEqual(["00:00", "02:00", "03:00"]);
  });

  it("a span with no real instant occupies nothing and does not hide the others", () => {
    const busy = [{ start: Number.NaN, end: Number.NaN }, booked("2030-01-06", "09:00", 60)];
    expect(times(facts({ busy, stepMinutes: 60 }))[0]).toBe("10:00");
  });

  it("reads wall times as utils/time-zone does, on ordinary days and around DST changes", () => {
    for (const zone of [JERUSALEM, NEW_YORK, "Australia/Lord_Howe", "Asia/Kolkata"]) {
      const clock = dayClock(zone);
      for (const start of ["2030-03-08", "2030-03-28", "2030-04-05", "2030-10-05", "2030-10-26", "2030-11-02"]) {
        for (let d = 0; d < 3; d++) {
          const date = addDays(start, d);
          for (let m = 0; m <= 1440; m += 15)
            expect(clock.instant(date, wall(m)), `${zone} ${date} ${wall(m)}`).toBe(zonedInstant(date, wall(m), zone));
        }
      }
    }
  });

  it("merges occupied spans that touch or overlap", () => {
    expect(
      mergeSpans([
        { start: 5, end: 9 },
        { start: 0, end: 3 },
        { start: 3, end: 4 },
        { start: 6, end: 7 },
      ]),
    ).toEqual([
      { start: 0, end: 4 },
      { start: 5, end: 9 },
    ]);
  });
});

/** A small deterministic generator (mulberry32), so a failure can be replayed from its seed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]) => items[int(0, items.length - 1)];
  return { next, int, pick };
}

const pad = (n: number) => String(n).padStart(2, "0");
const wall = (m: number) => (m === 1440 ? "24:00" : `${pad(Math.floor(m / 60))}:${pad(m % 60)}`);
const ZONES = [JERUSALEM, NEW_YORK, "Europe/London", "Australia/Sydney", "Asia/Kolkata", "UTC"];
// Ranges that hold DST changes in these zones, and one that holds none.
const STARTS = ["2030-03-24", "2030-10-23", "2030-03-07", "2030-10-31", "2030-04-04", "2030-07-01"];

function generate(seed: number): SlotFacts {
  const r = random(seed);
  const hours: WorkingHours = {};
  for (const d of WEEKDAYS) {
    const intervals: [string, string][] = [];
    let at = r.int(0, 48) * 5;
    for (let i = r.int(0, 3); i > 0 && at < 1440; i--) {
      const end = Math.min(1440, at + r.int(1, 60) * 5);
      intervals.push([wall(at), wall(end)]);
      at = end + r.int(0, 24) * 5;
    }
    hours[d] = intervals;
  }
  const from = r.pick(STARTS);
  const days = r.int(1, 10);
  const timeZone = r.pick(ZONES);
  const busy: Span[] = [];
  for (let i = r.int(0, 40); i > 0; i--) {
    busy.push(
      booked(addDays(from, r.int(-1, days)), wall(r.int(0, 287) * 5), r.int(1, 48) * 5, r.int(0, 6) * 5, timeZone),
    );
  }
  const timeOff =
    r.next() < 0.5 ? [] : [{ dateFrom: addDays(from, r.int(0, days)), dateTo: addDays(from, r.int(0, days)) }];
  return {
    from,
    days,
    hours,
    timeOff,
    busy,
    durationMinutes: r.int(1, 48) * 5,
    bufferMinutes: r.pick([0, 0, 5, 10, 15, 30]),
    stepMinutes: r.pick([5, 10, 15, 20, 30, 45, 60]),
    noticeMinutes: r.pick([0, 60, 240, 1440]),
    now: zonedInstant(addDays(from, r.int(-2, days)), wall(r.int(0, 287) * 5), timeZone),
    timeZone,
  };
}

/** The rules, checked naively for every grid time of every interval: what freeSlots must answer. */
function expected(f: SlotFacts) {
  const length = (f.durationMinutes + f.bufferMinutes) * 60_000;
  const out: { date: string; time: string }[] = [];
  for (let i = 0; i < f.days; i++) {
    const date = addDays(f.from, i);
    if (f.timeOff.some((o) => o.dateFrom <= date && date <= o.dateTo)) continue;
    for (const [from, to] of f.hours[String(weekdayOf(date))]) {
      for (let m = minutesOfDay(from); m < minutesOfDay(to); m += f.stepMinutes) {
        const start = zonedInstant(date, wall(m), f.timeZone);
        const span = { start, end: start + length };
        const ok =
          localTime(start, f.timeZone) === wall(m) &&
          span.end <= zonedInstant(date, to, f.timeZone) &&
          start >= f.now + f.noticeMinutes * 60_000 &&
          !f.busy.some((b) => overlaps(b, span));
        if (ok) out.push({ date, time: wall(m) });
      }
    }
  }
  return out;
}

describe("free slots: generated calendars", () => {
  it(
    "every slot is free, inside one working interval, on the grid, after the notice, and none is missing",
    { timeout: 60_000 },
    () => {
      let offered = 0;
      for (let seed = 1; seed <= 400; seed++) {
        const f = generate(seed);
        const slots = freeSlots(f);
        offered += slots.length;
        const length = (f.durationMinutes + f.bufferMinutes) * 60_000;
        const seen = new Set<string>();
        for (const s of slots) {
          const where = `seed ${seed}: ${s.date} ${s.time} in ${f.timeZone}`;
          const start = zonedInstant(s.date, s.time, f.timeZone);
          const span = { start, end: start + length };
          expect(localTime(start, f.timeZone), `${where}: a real wall time`).toBe(s.time);
          expect(seen.has(`${s.date} ${s.time}`), `${where}: once`).toBe(false);
          seen.add(`${s.date} ${s.time}`);
          expect(
            f.busy.some((b) => overlaps(b, span)),
            `${where}: free`,
          ).toBe(false);
          expect(start >= f.now + f.noticeMinutes * 60_000, `${where}: after notice`).toBe(true);
          expect(
            f.timeOff.some((o) => o.dateFrom <= s.date && s.date <= o.dateTo),
            `${where}: not on time off`,
          ).toBe(false);
          const inside = f.hours[String(weekdayOf(s.date))].some(
            ([from, to]) =>
              minutesOfDay(from) <= minutesOfDay(s.time) &&
              (minutesOfDay(s.time) - minutesOfDay(from)) % f.stepMinutes === 0 &&
              span.end <= zonedInstant(s.date, to, f.timeZone),
          );
          expect(inside, `${where}: on the grid, inside one interval`).toBe(true);
        }
        expect(slots, `seed ${seed}: exactly the free grid times`).toEqual(expected(f));
      }
      expect(offered).toBeGreaterThan(1000); // the generator makes calendars with room in them
    },
  );
});
