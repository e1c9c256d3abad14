// The Calendar's month grid in browser tests.
import type { Locator, Page } from "playwright-core";

/**
 * The first event showing `text` in the month grid, moving to the next month
 * when it is not in this one (tomorrow may be there). The toolbar's third
 * button is Next in either language.
 */
export async function calendarEvent(page: Page, text: string): Promise<Locator> {
  const event = page.locator(".fc-event", { hasText: text }).first();
  const shown = await event.waitFor({ timeout: 5000 }).then(
    () => true,
    () => false,
  );
  if (!shown) {
    await page.locator(".cal-nav button").nth(2).click();
    await event.waitFor({ timeout: 15_000 });
  }
  return event;
}

/**
 * Moves the week (or day) grid forward with Next until `date` (YYYY-MM-DD)
 * is one of its columns, reading the columns FullCalendar drew rather than
 * the clock (the week shown and the week wanted depend on the weekday the
 * test runs on).
 */
export async function showDate(page: Page, date: string) {
  const columns = page.locator(".fc-timegrid .fc-col-header-cell[data-date]");
  for (let step = 0; step < 8; step++) {
    await columns.first().waitFor();
    const shown = await columns.evaluateAll((cells) => cells.map((c) => c.getAttribute("data-date") ?? ""));
    if (shown.includes(date)) return;
    if (shown[0]! > date) throw new Error(`The grid shows ${shown[0]} on, after ${date}.`);
    await page.locator(".cal-nav button").nth(2).click();
    await page.locator(`.fc-timegrid .fc-col-header-cell[data-date="${shown[0]}"]`).waitFor({ state: "detached" });
  }
  throw new Error(`${date} is not within eight steps of the grid shown.`);
}
