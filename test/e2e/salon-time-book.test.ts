// The salon's time on the screens: the catalogue's service form (duration,
// break, price) and its chips, and Add Booking warning "Overlaps Noa Cohen
// 10:00-10:45" before saving on "Book anyway", in English and Hebrew (each
// screenshot is checked at 390 and at 1280 px).
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";

const { stack, newPage } = useBrowserStack();
const SUNDAY = "2030-03-17";
const HOURS = JSON.stringify({
  "0": [["09:00", "19:00"]],
  "1": [["09:00", "19:00"]],
  "2": [["09:00", "19:00"]],
  "3": [["09:00", "19:00"]],
  "4": [["09:00", "19:00"]],
  "5": [["09:00", "14:00"]],
  "6": [],
});

type Words = {
  add: string;
  name: string;
  phone: string;
  service: string;
  date: string;
  time: string;
  save: string;
  anyway: string;
  details: string;
};
const EN: Words = {
  add: "Add Booking",
  name: "Name",
  phone: "Phone",
  service: "Service",
  date: "Date",
  time: "Time",
  save: "Save",
  anyway: "Book anyway",
  details: "Time and price: Haircut",
};
const HE: Words = {
  add: "הוספת תור",
  name: "שם",
  phone: "טלפון",
  service: "שירות",
  date: "תאריך",
  time: "שעה",
  save: "שמירה",
  anyway: "לקבוע בכל זאת",
  details: "זמן ומחיר: Haircut",
};

describe("the salon's time on the screens", () => {
  it("edits a service's duration and price, and books over another booking only after Book anyway, in English and Hebrew", async () => {
    const { page, errors } = await newPage(390);
    const app = stack.appUrl;
    const { businessId } = await signInAsNewOwner(page, app, {
      name: "Dana Levi",
      business: "Dana Hair",
      email: "dana.time@example.com",
      password: "secret123",
    });
    stack.query(`UPDATE businesses SET working_hours = '${HOURS}' WHERE id = '${businessId}'`);
    const dialog = () => page.getByRole("dialog");

    async function book(w: Words, name: string, phone: string, time: string) {
      await page.getByRole("button", { name: w.add }).click();
      await dialog().getByLabel(w.name, { exact: true }).fill(name);
      await dialog().getByLabel(w.phone).fill(phone);
      await dialog().getByLabel(w.service).fill("Haircut");
      await dialog().getByLabel(w.date).fill(SUNDAY);
      await dialog().getByLabel(w.time, { exact: true }).fill(time);
      await dialog().getByRole("button", { name: w.save }).click();
    }

    // The catalogue: add Haircut, then its form sets 45 minutes, a 15-minute break and a price.
    await page.goto(`${app}/dashboard/sync`);
    await whenHydrated(page);
    await page.getByLabel("Service name").fill("Haircut");
    await page.getByRole("button", { name: "Add Service" }).click();
    const chip = page.locator(".chip").filter({ hasText: "Haircut" });
    await expect.poll(() => chip.locator(".chip-meta").textContent()).toBe("60 min");
    // A tap on the chip shows its buttons (as on a phone).
    await chip.locator(".chip-name").click();
    await chip.getByRole("button", { name: EN.details }).click();
    const form = page.getByTestId("service-details");
    await form.getByLabel("Duration (minutes)").fill("45");
    await form.getByLabel("Break after (minutes)").fill("15");
    await form.getByLabel("Price (ILS)").fill("120");
    await screenshot(page, "time-book-service-form-en-390");
    await form.getByRole("button", { name: "Save service" }).click();
    await expect.poll(() => chip.locator(".chip-meta").textContent()).toBe("45 min · ₪120.00");
    await screenshot(page, "time-book-catalogue-en-390");

    // Noa at 10:00 takes the chair until 11:00 (45 minutes and the break); Dana at 10:30 overlaps her.
    await page.goto(`${app}/dashboard/calendar?view=list&from=2030-03-01&to=2030-03-31`);
    await whenHydrated(page);
    await book(EN, "Noa Cohen", "054-000-0002", "10:00");
    await dialog().waitFor({ state: "detached" });
    await book(EN, "Dana Levi", "054-000-0003", "10:30");
    const warning = dialog().getByTestId("overlap-warning");
    await expect.poll(() => warning.locator("li").allTextContents()).toEqual(["Overlaps Noa Cohen 10:00-10:45"]);
    expect(
      Number(stack.query<{ n: number }>(`SELECT count(*) AS n FROM bookings WHERE business_id = '${businessId}'`)[0].n),
    ).toBe(1);
    await screenshot(page, "time-book-overlap-en-390");
    await dialog().getByRole("button", { name: EN.anyway }).click();
    await dialog().waitFor({ state: "detached" });
    await expect
      .poll(() => page.getByTestId("booking-notice").textContent())
      .toBe("Saved. Overlaps Noa Cohen 10:00-10:45");
    await expect.poll(() => page.locator(".booking-facts").first().textContent()).toMatch(/10:30–11:15.*₪120\.00/);
    await screenshot(page, "time-book-booked-en-390");

    // A Saturday booking is saved with a visible warning.
    await page.getByRole("button", { name: EN.add }).click();
    await dialog().getByLabel(EN.name, { exact: true }).fill("Maya Katz");
    await dialog().getByLabel(EN.phone).fill("054-000-0004");
    await dialog().getByLabel(EN.service).fill("Haircut");
    await dialog().getByLabel(EN.date).fill("2030-03-16");
    await dialog().getByLabel(EN.time, { exact: true }).fill("12:00");
    await dialog().getByRole("button", { name: EN.save }).click();
    await dialog().waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("booking-notice").textContent()).toBe("Saved. Outside working hours.");

    // Hebrew: the same screens read right to left.
    await page.locator("form[action^='/language'] button[value='he']").click();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await page.goto(`${app}/dashboard/sync`);
    await whenHydrated(page);
    await expect.poll(() => chip.locator(".chip-meta").textContent()).toMatch(/^45 דק׳ · .*120\.00.*₪$/);
    await chip.locator(".chip-name").click();
    await chip.getByRole("button", { name: HE.details }).click();
    await expect.poll(() => form.getByLabel("מחיר (ILS)").inputValue()).toBe("120.00");
    await screenshot(page, "time-book-service-form-he-390");
    await form.getByRole("button", { name: "ביטול" }).click();

    await page.goto(`${app}/dashboard/calendar?view=list&from=2030-03-01&to=2030-03-31`);
    await whenHydrated(page);
    await book(HE, "Rina Azulay", "054-000-0005", "10:15");
    await expect
      .poll(() => dialog().getByTestId("overlap-warning").locator("li").allTextContents())
      .toEqual(["חופף ל-Noa Cohen 10:00-10:45", "חופף ל-Dana Levi 10:30-11:15"]);
    await screenshot(page, "time-book-overlap-he-390");
    await dialog().getByRole("button", { name: HE.anyway }).click();
    await dialog().waitFor({ state: "detached" });
    await expect.poll(() => page.getByTestId("booking-notice").textContent()).toMatch(/^נשמר\./);
    expect(
      Number(stack.query<{ n: number }>(`SELECT count(*) AS n FROM bookings WHERE business_id = '${businessId}'`)[0].n),
    ).toBe(4);
    expect(errors).toEqual([]);
  });
});
