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
