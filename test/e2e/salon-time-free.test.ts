// The salon's time in the browser: Settings' index leads to Working hours and
// time off (a lunch break, an overlap refused, time off added and deleted),
// Add Booking offers the Sunday as free-time chips (09:00, then
// nothing before 11:00), and the week view shades working hours and time off.
// English and Hebrew, at 390 and 1280 px.
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { addDays } from "../../app/utils/dates";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";
import { showDate } from "./support/calendar";

const { stack, newPage } = useBrowserStack();

const TEXT = {
  en: {
    saved: "Working hours saved.",
    addMonday: "Add hours on Monday",
    overlap: "Working hours: intervals on one day must not overlap (09:00-13:00 and 12:00-19:00).",
    addOff: "Add time off",
    deleteOff: /^Delete time off/,
    noOff: "No time off planned.",
    add: "Add Booking",
    save: "Save",
    week: "Week",
    chip: (time: string) => `Book at ${time}`,
  },
  he: {
    saved: "שעות הפעילות נשמרו.",
    addMonday: "הוספת שעות ביום שני",
    overlap: "שעות הפעילות: טווחים באותו יום לא יכולים לחפוף (09:00-13:00 ו-12:00-19:00).",
    addOff: "הוספת חופשה",
    deleteOff: /^מחיקת החופשה/,
    noOff: "אין חופשות מתוכננות.",
    add: "הוספת תור",
    save: "שמירה",
    week: "שבוע",
    chip: (time: string) => `קביעה ל-${time}`,
  },
} as const;

/** The business's local date, `days` from now. */
function localDay(timeZone: string, days = 0) {
  return new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date(Date.now() + days * 86_400_000));
}
/** The first Sunday at least two days ahead (the notice stays out of its way): always in next week. */
function nextSunday(timeZone: string) {
  for (let d = 2; ; d++) {
    const date = localDay(timeZone, d);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) return date;
  }
}

async function both(page: Page, name: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 390, height: 844 });
}

describe("The salon's time: hours, time off and free times", () => {
  for (const lang of ["en", "he"] as const) {
    it(
      `sets a lunch break and time off, and books a free time with one tap (${lang})`,
      { timeout: 300_000 },
      async () => {
        const T = TEXT[lang];
        const { page, errors } = await newPage(390);
        if (lang === "he") await page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
        const email = `dana.hours.${lang}@example.com`;
        await signInAsNewOwner(page, stack.appUrl, {
          name: "Dana Levi",
          business: "Dana Hair",
          email,
          password: "hours-pass-1",
        });
        const [business] = stack.query<{ id: string; time_zone: string; working_hours: string }>(
          `SELECT b.id, b.time_zone, b.working_hours FROM businesses b JOIN users u ON u.id = b.owner_user_id WHERE u.email = '${email}'`,
        );
        // Registered in Israel: Sunday to Thursday 09:00-19:00, Friday 09:00-14:00.
        expect(JSON.parse(business.working_hours)).toMatchObject({
          "0": [["09:00", "19:00"]],
          "5": [["09:00", "14:00"]],
          "6": [],
        });

        // Settings' index leads to the hours page.
        await page.goto(`${stack.appUrl}/dashboard/settings`);
        await whenHydrated(page);
        await both(page, `hours-settings-index-${lang}`);
        await page.getByTestId("settings-hours-link").click();
        await page.waitForURL((u) => u.pathname === "/dashboard/settings/hours");
        await whenHydrated(page);

        // Monday becomes a day with a lunch break; an overlap is refused before saving.
        await page.locator("#hours-1-0-to").fill("13:00");
        await page.getByRole("button", { name: T.addMonday }).click();
        await page.locator("#hours-1-1-to").fill("19:00");
        await page.locator("#hours-1-1-from").fill("12:00");
        await expect.poll(() => page.locator("#hours-error-1").textContent()).toBe(T.overlap);
        await both(page, `hours-overlap-${lang}`);
        await page.locator("#hours-1-1-from").fill("14:00");
        await page.locator("#hours-error-1").filter({ hasText: /./ }).waitFor({ state: "detached" });
        await page.getByTestId("working-hours").locator("button[type='submit']").click();
        await page.getByTestId("hours-saved").waitFor({ timeout: 60_000 });
        expect(await page.getByTestId("hours-saved").textContent()).toBe(T.saved);
        const [saved] = stack.query<{ working_hours: string }>(
          `SELECT working_hours FROM businesses WHERE id = '${business.id}'`,
        );
        expect(JSON.parse(saved.working_hours)["1"]).toEqual([
          ["09:00", "13:00"],
          ["14:00", "19:00"],
        ]);

        // Time off: the Monday after the Sunday (so its week shows both) and a day to delete.
        const sunday = nextSunday(business.time_zone);
        const monday = addDays(sunday, 1);
        const later = addDays(sunday, 40);
        const off = page.getByTestId("time-off");
        for (const [from, note] of [
          [monday, "Training"],
          [later, "Vacation"],
        ]) {
          await page.locator("#time-off-from").fill(from);
          await page.locator("#time-off-to").fill(from);
          await page.locator("#time-off-note").fill(note);
          await off.getByRole("button", { name: T.addOff }).click();
          await off.getByText(note).waitFor();
        }
        await both(page, `hours-time-off-${lang}`);
        await off.getByRole("button", { name: T.deleteOff }).nth(1).click();
        await off.getByText("Vacation").waitFor({ state: "detached" });
        expect(
          stack.query(`SELECT date_from, date_to, note FROM time_off WHERE business_id = '${business.id}'`),
        ).toEqual([{ date_from: monday, date_to: monday, note: "Training" }]);

        // The Sunday: Haircut 45 minutes + 15, Noa Cohen at 10:00.
        const headers = { Origin: stack.appUrl };
        expect(
          (await page.request.post(`${stack.appUrl}/api/services`, { data: { service: "Haircut" }, headers })).status(),
        ).toBe(201);
        stack.query(
          `UPDATE services SET duration_minutes = 45, buffer_minutes = 15 WHERE business_id = '${business.id}'`,
        );
        const noa = await page.request.post(`${stack.appUrl}/api/bookings`, {
          data: {
            name: "Noa Cohen",
            phone: "0521234567",
            service: "Haircut",
            booking_date: sunday,
            booking_time: "10:00",
          },
          headers,
        });
        expect(noa.status()).toBe(201);

        await page.goto(`${stack.appUrl}/dashboard/calendar`);
        await whenHydrated(page);
        await page.getByRole("button", { name: T.add }).click();
        const dialog = page.getByRole("dialog");
        await dialog.locator("input[name='name']").fill("Maya Katz");
        await dialog.locator("input[name='phone']").fill("0525551234");
        await dialog.locator("#add-booking-service").fill("Haircut");
        await dialog.locator("#add-booking-date").fill(sunday);
        const chips = dialog.getByTestId("free-times").locator("button");
        // The Sunday's times (the dialog may first show today's, asked for before the date was typed).
        await expect
          .poll(async () => (await chips.allTextContents()).slice(0, 3), { timeout: 15_000 })
          .toEqual(["09:00", "11:00", "11:15"]);
        await dialog.getByRole("button", { name: T.chip("11:00") }).click();
        expect(await dialog.locator("#add-booking-time").inputValue()).toBe("11:00");
        await expect
          .poll(() => dialog.getByRole("button", { name: T.chip("11:00") }).getAttribute("aria-pressed"))
          .toBe("true");
        await both(page, `hours-free-chips-${lang}`);
        await dialog.getByRole("button", { name: T.save, exact: true }).click();
        await dialog.waitFor({ state: "detached" });
        expect(
          stack.query(
            `SELECT booking_date, booking_time FROM bookings WHERE business_id = '${business.id}' ORDER BY booking_time`,
          ),
        ).toEqual([
          { booking_date: sunday, booking_time: "10:00" },
          { booking_date: sunday, booking_time: "11:00" },
        ]);

        // The Sunday's week (next week: weeks start on Sunday here) shades working hours and shows Monday's time off.
        await page.goto(`${stack.appUrl}/dashboard/calendar?view=calendar`);
        await whenHydrated(page);
        await page.getByRole("button", { name: T.week, exact: true }).click();
        await page.locator(".fc-timegrid").waitFor();
        // This week holds no booking: the page scrolls through the working day, no box inside it that a keyboard cannot reach (axe runs in the shot).
        expect(
          await page
            .locator(".fc-timegrid .fc-scroller")
            .evaluateAll((boxes) => boxes.filter((b) => b.scrollHeight > b.clientHeight).length),
        ).toBe(0);
        await screenshot(page, `hours-week-empty-${lang}`);
        await showDate(page, sunday);
        await page.locator(".fc-event", { hasText: "Maya Katz" }).waitFor();
        await page.locator(".fc-non-business").first().waitFor({ state: "attached" });
        await page.locator(".cal-time-off").first().waitFor({ state: "attached" });
        await both(page, `hours-week-${lang}`);
        expect(errors).toEqual([]);
      },
    );
  }
});
