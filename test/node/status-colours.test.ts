// The calendar's events carry white text on their status colour: each colour
// keeps its meaning (issue 15) and reads at 4.5:1 at least (WCAG AA).
import { describe, expect, it } from "vitest";
import { toEvent } from "~/components/bookings/calendar-view";
import type { CalendarEvent } from "~/services/bookings/bookings.server";

function luminance(hex: string) {
  const [r, g, b] = [1, 3, 5]
    .map((i) => parseInt(hex.slice(i, i + 2), 16) / 255)
    .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
function contrast(a: string, b: string) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
/** The colour's family, from its hue: what an owner reads the colour as. */
function family(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  if (max - min < 30) return "grey";
  if (max === r) return "red";
  if (max === b) return "blue";
  return b > g * 0.75 ? "teal" : "green";
}

const booking = (status: string) =>
  ({ id: status, name: "Maya", service: "Haircut", date: "2030-01-15", time: "10:00", status }) as CalendarEvent;

describe("calendar status colours", () => {
  it.each([
    ["scheduled", "green"],
    ["confirmed", "teal"],
    ["completed", "blue"],
    ["cancelled", "red"],
    ["no_show", "grey"],
  ])("%s is %s with white text at 4.5:1 or more", (status, expected) => {
    const event = toEvent(booking(status), "Unknown", "Asia/Jerusalem");
    const bg = String(event.backgroundColor);
    expect(event.textColor).toBe("#fff");
    expect(family(bg)).toBe(expected);
    expect(contrast(bg, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});
