// The drafted reply to an ask: which free times it offers and how it says them.
// Over generated calendars, every offered time is one the availability module
// (services/time free-slots) lists as free, inside working hours and touching
// no booking, and inside the asked window unless the reply says it is full.
import { describe, expect, it } from "vitest";
import { customerLang, dayName, draftText, offerFor, PART_HOURS, timeList } from "../../app/services/drafts/reply";
import { freeSlots, type Slot } from "../../app/services/time/free-slots";
import type { Span, WorkingHours } from "../../app/services/time/span";
import type { DayPart } from "../../app/providers/ai/types";
import { addDays } from "../../app/utils/dates";
import { zonedInstant } from "../../app/utils/time-zone";

const MINUTE = 60_000;
const ZONE = "Asia/Jerusalem";
const TODAY = "2026-11-23"; // a Monday

/** A small deterministic generator (mulberry32): the same calendars every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pad = (n: number) => String(n).padStart(2, "0");
const hhmm = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

describe("offered times over generated calendars", () => {
  it("are always free per the availability module, and inside the window unless the reply says it is full", () => {
    const parts: Array<DayPart | null> = [null, "morning", "afternoon", "evening"];
    let offers = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const r = random(seed);
      const hours: WorkingHours = {};
      for (let day = 0; day < 7; day++) {
        if (r() < 0.2) continue;
        const open = 7 * 60 + Math.floor(r() * 8) * 30;
        hours[String(day)] = [[hhmm(open), hhmm(Math.min(open + 4 * 60 + Math.floor(r() * 10) * 30, 23 * 60))]];
      }
      const duration = [20, 30, 45, 60, 90][Math.floor(r() * 5)];
      const buffer = [0, 5, 10, 15][Math.floor(r() * 4)];
      const busy: Span[] = [];
      for (let i = 0; i < Math.floor(r() * 40); i++) {
        const start = zonedInstant(
          addDays(TODAY, Math.floor(r() * 14)),
          hhmm(7 * 60 + Math.floor(r() * 28) * 30),
          ZONE,
        );
        busy.push({ start, end: start + (30 + Math.floor(r() * 4) * 30) * MINUTE });
      }
      const now = zonedInstant(TODAY, hhmm(6 * 60 + Math.floor(r() * 12 * 60)), ZONE);
      const facts = {
        from: TODAY,
        days: 14,
        hours,
        timeOff: [],
        busy,
        durationMinutes: duration,
        bufferMinutes: buffer,
        stepMinutes: 15,
        noticeMinutes: 60,
        now,
        timeZone: ZONE,
      };
      const free = freeSlots(facts);
      const freeKeys = new Set(free.map((s) => `${s.date} ${s.time}`));
      const window = { date: r() < 0.3 ? null : addDays(TODAY, Math.floor(r() * 7)), part: parts[Math.floor(r() * 4)] };
      const offer = offerFor(free, window);
      if (!offer) {
        expect(free.filter((s) => !window.date || s.date >= window.date)).toEqual([]);
        continue;
      }
      offers++;
      expect(offer.slots.length).toBeGreaterThan(0);
      expect(offer.slots.length).toBeLessThanOrEqual(3);
      for (const slot of offer.slots) {
        expect(freeKeys.has(`${slot.date} ${slot.time}`)).toBe(true);
        expect(slot.date).toBe(offer.date);
        // Independently of the module: the chair is free for the whole span, inside the day's hours, after the notice.
        const start = zonedInstant(slot.date, slot.time, ZONE);
        const end = start + (duration + buffer) * MINUTE;
        expect(busy.some((b) => b.start < end && start < b.end)).toBe(false);
        expect(start).toBeGreaterThanOrEqual(now + 60 * MINUTE);
        const [open, close] = hours[String(new Date(`${slot.date}T12:00:00Z`).getUTCDay())][0];
        expect(slot.time >= open && end <= zonedInstant(slot.date, close, ZONE)).toBe(true);
        if (offer.inWindow) {
          if (window.date) expect(slot.date).toBe(window.date);
          if (window.part)
            expect(slot.time >= PART_HOURS[window.part].from && slot.time < PART_HOURS[window.part].to).toBe(true);
        }
      }
      if (!offer.inWindow) {
        // Nothing was free inside the window, and the offer is the next day after it.
        expect(
          free.some(
            (s) =>
              (!window.date || s.date === window.date) &&
              (!window.part || (s.time >= PART_HOURS[window.part].from && s.time < PART_HOURS[window.part].to)),
          ),
        ).toBe(false);
        if (window.date) expect(offer.date > window.date).toBe(true);
      }
    }
    expect(offers).toBeGreaterThan(200);
  });
});

describe("the reply's words", () => {
  const slots = (date: string, ...times: string[]): Slot[] => times.map((time) => ({ date, time }));

  it("offers times in the asked part of the asked day, spread over it", () => {
    const free = slots("2026-11-26", "09:00", "12:00", "14:00", "16:30", "17:00").concat(slots("2026-11-27", "12:00"));
    expect(offerFor(free, { date: "2026-11-26", part: "afternoon" })).toEqual({
      date: "2026-11-26",
      slots: slots("2026-11-26", "12:00", "14:00", "16:30"),
      inWindow: true,
    });
    expect(offerFor(free, { date: null, part: null })!.slots).toEqual(slots("2026-11-26", "09:00", "14:00", "17:00"));
    expect(offerFor(free, { date: "2026-11-26", part: "evening" })!.slots).toEqual(slots("2026-11-26", "17:00"));
    expect(offerFor(free, { date: "2026-11-28", part: null })).toBeNull();
  });

  it("offers round times across a free afternoon, not three neighbours on a 15-minute grid", () => {
    const quarter = Array.from(
      { length: 20 },
      (_, i) => `${String(12 + Math.floor(i / 4)).padStart(2, "0")}:${String((i % 4) * 15).padStart(2, "0")}`,
    );
    const afternoon = { date: "2026-11-26", part: "afternoon" as const };
    expect(offerFor(slots("2026-11-26", ...quarter), afternoon)!.slots).toEqual(
      slots("2026-11-26", "12:00", "14:00", "16:00"),
    );
    // Not enough on the hour: the half hours; not enough of those either: any, still spread.
    expect(offerFor(slots("2026-11-26", "12:15", "12:30", "13:00", "13:45", "14:30"), afternoon)!.slots).toEqual(
      slots("2026-11-26", "12:30", "13:00", "14:30"),
    );
    expect(offerFor(slots("2026-11-26", "12:15", "12:45", "13:00", "13:15", "16:45"), afternoon)!.slots).toEqual(
      slots("2026-11-26", "12:15", "13:00", "16:45"),
    );
  });

  it("says the day as a person would and each time as HH:MM, in English", () => {
    expect(dayName("2026-11-23", TODAY, "en")).toBe("today");
    expect(dayName("2026-11-24", TODAY, "en")).toBe("tomorrow");
    expect(dayName("2026-11-26", TODAY, "en")).toBe("Thursday 26/11");
    expect(timeList(slots("2026-11-26", "14:00", "15:00", "16:30"), "en")).toBe("14:00, 15:00 or 16:30");
    const offer = { date: "2026-11-26", slots: slots("2026-11-26", "14:00", "16:30"), inWindow: true };
    expect(
      draftText({
        name: "Noa Cohen",
        service: "Haircut",
        offer,
        window: { date: "2026-11-26", part: "afternoon" },
        today: TODAY,
        lang: "en",
      }),
    ).toBe("Hi Noa! On Thursday 26/11 I can do 14:00 or 16:30 for a haircut. Which suits you?");
    const next = { date: "2026-11-24", slots: slots("2026-11-24", "10:00"), inWindow: false };
    expect(
      draftText({
        name: "",
        service: null,
        offer: next,
        window: { date: "2026-11-23", part: "evening" },
        today: TODAY,
        lang: "en",
      }),
    ).toBe("Hi! This evening is full, but tomorrow I can do 10:00. Which suits you?");
  });

  it("writes Hebrew to a customer who wrote Hebrew", () => {
    expect(customerLang("מה יש לך מחר בערב?")).toBe("he");
    expect(customerLang("anything Thursday?")).toBe("en");
    const offer = { date: "2026-11-26", slots: slots("2026-11-26", "14:00", "16:30"), inWindow: true };
    expect(
      draftText({
        name: "נועה לוי",
        service: "תספורת",
        offer,
        window: { date: "2026-11-26", part: "afternoon" },
        today: TODAY,
        lang: "he",
      }),
    ).toBe("היי נועה! ביום חמישי 26/11 אפשר ב-14:00 או ב-16:30 לתספורת. מה מתאים לך?");
    const tomorrow = { date: "2026-11-24", slots: slots("2026-11-24", "18:00"), inWindow: true };
    expect(
      draftText({
        name: "",
        service: null,
        offer: tomorrow,
        window: { date: "2026-11-24", part: "evening" },
        today: TODAY,
        lang: "he",
      }),
    ).toBe("היי! מחר אפשר ב-18:00. מה מתאים לך?");
  });

  it("offers the booking page after the times when there is a link, in the reply's language", () => {
    const offer = { date: "2026-11-26", slots: slots("2026-11-26", "14:00", "16:30"), inWindow: true };
    const window = { date: "2026-11-26", part: "afternoon" as const };
    const link = "https://chatbook.example/b/dana-hair";
    expect(
      draftText({ name: "Noa Cohen", service: "Haircut", offer, window, today: TODAY, lang: "en", bookingLink: link }),
    ).toBe(
      "Hi Noa! On Thursday 26/11 I can do 14:00 or 16:30 for a haircut. Which suits you? Or pick a time yourself: https://chatbook.example/b/dana-hair",
    );
    expect(
      draftText({ name: "נועה לוי", service: "תספורת", offer, window, today: TODAY, lang: "he", bookingLink: link }),
    ).toBe(
      "היי נועה! ביום חמישי 26/11 אפשר ב-14:00 או ב-16:30 לתספורת. מה מתאים לך? אפשר גם לבחור שעה בעצמך: https://chatbook.example/b/dana-hair",
    );
    expect(draftText({ name: "Noa", service: null, offer, window, today: TODAY, lang: "en", bookingLink: null })).toBe(
      "Hi Noa! On Thursday 26/11 I can do 14:00 or 16:30. Which suits you?",
    );
  });
});
