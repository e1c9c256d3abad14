// What browser tests set up through the product's JSON API rather than its
// screens (a booking, a rule), with the page's own session cookie, and the
// dates they need on the browser's clock: a new owner's business keeps the
// browser's time zone (signInAsNewOwner), so "today" is the browser's today.
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The JSON API as the screens call it (the page's cookie, the app's Origin); fails the test unless answered 2xx. */
export async function api(
  page: Page,
  appUrl: string,
  path: string,
  data?: unknown,
  method: "POST" | "PATCH" | "DELETE" = "POST",
) {
  const res = await page.request.fetch(appUrl + path, { method, data, headers: { Origin: appUrl } });
  expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  // Each caller reads the answer it knows (playwright's json() is untyped).
  return res.json();
}

/** The day `days` from today (yyyy-mm-dd) on the browser's clock. */
export function browserDay(page: Page, days = 0): Promise<string> {
  return page.evaluate((n) => {
    const d = new Date(Date.now() + n * 86_400_000);
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  }, days);
}

/** Today, this minute (hh:mm) and tomorrow on the browser's clock. */
export async function browserClock(page: Page): Promise<{ date: string; time: string; tomorrow: string }> {
  return page.evaluate(() => {
    const p = (n: number) => String(n).padStart(2, "0");
    const d = new Date();
    const t = new Date(Date.now() + 86_400_000);
    return {
      date: `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`,
      time: `${p(d.getHours())}:${p(d.getMinutes())}`,
      tomorrow: `${t.getFullYear()}-${p(t.getMonth() + 1)}-${p(t.getDate())}`,
    };
  });
}

/**
 * A booking tomorrow at `time` for a new client, and a reminder for it due this
 * minute (a reminder asks to confirm by default).
 */
export async function reminderDueNow(
  page: Page,
  appUrl: string,
  { name, phone, time = "18:00" }: { name: string; phone: string; time?: string },
): Promise<{ bookingId: string; tomorrow: string }> {
  const now = await browserClock(page);
  const { booking } = await api(page, appUrl, "/api/bookings", {
    name,
    phone,
    service: "Haircut",
    booking_date: now.tomorrow,
    booking_time: time,
  });
  await api(page, appUrl, "/api/rules/create", {
    type: "reminder",
    services: ["Haircut"],
    template: "Hi {name}, see you for your {service} on {date}!",
    schedule_type: "custom",
    customDate: now.date,
    customTime: now.time,
    clients: [{ booking_id: booking.id }],
  });
  return { bookingId: booking.id as string, tomorrow: now.tomorrow };
}
