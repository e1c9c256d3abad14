// The booking link in the browser (issue 30): a customer on a 390 px phone
// with JavaScript off books Haircut on the first free afternoon at /b/<slug>
// and gets "Confirm on WhatsApp" with the salon's wa.me link; nothing is sent
// by the salon until the customer (in the simulator) sends that message, then
// the owner's Calendar shows it confirmed and the customer got the thanks. A
// second customer (JavaScript on, 1280 px) who had the same time open gets
// "This time was just taken" with the next free times and books one of them.
// The page in Hebrew at 390 and 1280 px, and the 404 of an unknown link.
// With "I confirm online bookings myself" on, the owner Accepts one waiting
// booking from the list (English) and Declines another from the Calendar's
// detail (Hebrew), and each customer gets the answer on WhatsApp.
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { newScriptlessPage, screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";
import { calendarEvent } from "./support/calendar";
import { connectWhatsApp } from "./support/whatsapp";
import { api } from "./support/api";

const bs = useBrowserStack();
const { stack, newPage } = bs;

const SALON = "972501112233";
const NOA = "972541234567";
type Slot = { date: string; time: string };

const label = (date: string, weekday: "short" | "long") =>
  `${new Intl.DateTimeFormat("en-GB", { weekday, timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`))} ${date.slice(8)}/${date.slice(5, 7)}`;

describe("The booking page", () => {
  it(
    "books with JavaScript off, confirms on WhatsApp, and tells a second customer the time was just taken",
    { timeout: 240_000 },
    async () => {
      const { page, errors } = await newPage(390);
      const email = "dana.bookingpage@example.com";
      await signInAsNewOwner(page, stack.appUrl, {
        name: "Dana Levi",
        business: "Dana Hair",
        email,
        password: "booking-page-1",
        city: "Tel Aviv",
      });
      const businessId = await connectWhatsApp(page, stack, SALON);
      await api(page, stack.appUrl, "/api/services", { service: "Haircut", duration_minutes: 30, price: 80 });
      await api(page, stack.appUrl, "/api/services", { service: "Color", duration_minutes: 90, price: 250 });
      const slug = "dana-hair";
      await api(page, stack.appUrl, "/api/settings", { booking_slug: slug, booking_page_enabled: true }, "PATCH");
      const sent = () => stack.sent(businessId);

      // The first free afternoon, as the public API tells it.
      const slots = (
        (await (await fetch(`${stack.appUrl}/api/public/${slug}/availability?service=Haircut&days=30`)).json()) as {
          slots: Slot[];
        }
      ).slots;
      const slot = slots.find((s) => s.time >= "12:00")!;
      expect(slot).toBeTruthy();

      // The second customer opens the same time first (JavaScript on, 1280 px).
      // The second customer's Book is answered 409 (the time was just taken): the browser logs that answer.
      const { page: other } = await newPage(1280, undefined, { expectedErrors: [/status of 409 \(Conflict\)/] });
      await other.goto(`${stack.appUrl}/b/${slug}?service=Haircut&date=${slot.date}&time=${slot.time}`);
      await other.getByRole("button", { name: "Book" }).waitFor();

      // The customer, scripts off, on a phone.
      const phone = await newScriptlessPage(bs.browser, 390);
      await phone.goto(`${stack.appUrl}/b/${slug}`);
      expect(await phone.getByRole("heading", { level: 1 }).textContent()).toBe("Dana Hair");
      expect(await phone.getByText("Tel Aviv").count()).toBe(1);
      expect(await phone.locator("html").getAttribute("dir")).toBe("ltr");
      expect(await phone.locator("script").count()).toBe(0);
      await phone.getByRole("link", { name: /^Haircut/ }).click();
      expect(await phone.getByRole("link", { name: /^Haircut/ }).textContent()).toContain("30 min");
      await phone.getByRole("link", { name: label(slot.date, "short"), exact: true }).click();
      await screenshot(phone, "booking-page-times-en-390");
      await phone.getByRole("link", { name: slot.time, exact: true }).click();
      await phone.getByLabel("Name").fill("Noa Cohen");
      await phone.getByLabel("Phone").fill("054-123-4567");
      await phone.getByRole("button", { name: "Book" }).click();
      await phone.getByRole("heading", { name: "Confirm on WhatsApp" }).waitFor();
      const code = /Booking code: (\d+)/.exec((await phone.getByTestId("bp-held").textContent()) ?? "")![1];
      const text = `Confirm booking ${code}: Haircut, ${label(slot.date, "short")} ${slot.time}`;
      expect(await phone.getByRole("link", { name: "Confirm on WhatsApp" }).getAttribute("href")).toBe(
        `https://wa.me/${SALON}?text=${encodeURIComponent(text)}`,
      );
      expect(await phone.getByText("The time is held for 30 minutes").count()).toBe(1);
      await screenshot(phone, "booking-page-confirm-en-390");

      // Nothing from the salon until the customer writes; then the booking is confirmed and the thanks goes back.
      expect(await sent()).toEqual([]);
      await stack.sim(`${businessId}/incoming`, { from: NOA, name: "Noa", body: text });
      const thanks = `Thank you, Noa! Your Haircut on ${label(slot.date, "long")} at ${slot.time} is confirmed.`;
      await expect.poll(async () => (await sent()).map((s) => s.text), { timeout: 30_000 }).toEqual([thanks]);
      await page.goto(`${stack.appUrl}/dashboard/calendar?view=calendar`);
      await whenHydrated(page);
      const event = await calendarEvent(page, "Noa Cohen - Haircut");
      await expect.poll(() => event.getAttribute("class")).toContain("status-confirmed");

      // Settings shares the link: its address, QR code and Share on WhatsApp.
      await page.goto(`${stack.appUrl}/dashboard/settings`);
      await whenHydrated(page);
      const share = page.getByTestId("booking-link-share");
      expect(await share.getByRole("link", { name: `${stack.appUrl}/b/${slug}` }).count()).toBe(1);
      expect(await share.getByRole("link", { name: "Share on WhatsApp" }).getAttribute("href")).toBe(
        `https://wa.me/?text=${encodeURIComponent(`Book your next visit at Dana Hair: ${stack.appUrl}/b/${slug}`)}`,
      );
      await share.scrollIntoViewIfNeeded();
      await screenshot(page, "booking-page-settings-share-en-390");

      // The second customer books the same time: taken, with the next free times to choose from.
      await other.getByLabel("Name").fill("Tamar Levi");
      await other.getByLabel("Phone").fill("0527654321");
      await other.getByRole("button", { name: "Book" }).click();
      await other.getByTestId("bp-taken").waitFor();
      expect(await other.getByTestId("bp-taken").textContent()).toBe(
        "This time was just taken. Please choose another time.",
      );
      const next = other.getByRole("radio");
      expect(await next.count()).toBeGreaterThan(0);
      expect(await other.getByLabel("Name").inputValue()).toBe("Tamar Levi");
      await screenshot(other, "booking-page-taken-en-1280");
      await other.getByRole("button", { name: "Book" }).click();
      await other.getByRole("heading", { name: "Confirm on WhatsApp" }).waitFor();
      expect(await other.getByRole("img", { name: "QR code of the WhatsApp link" }).isVisible()).toBe(true);

      // Hebrew by the switch, at 390 and 1280 px.
      const he = await newScriptlessPage(bs.browser, 390);
      await he.goto(`${stack.appUrl}/b/${slug}?service=Haircut`);
      await he.getByRole("link", { name: "HE" }).click();
      expect(await he.locator("html").getAttribute("dir")).toBe("rtl");
      await he.getByRole("link", { name: /^Haircut/ }).click();
      expect(await he.getByRole("heading", { name: "בחרו יום" }).count()).toBe(1);
      await screenshot(he, "booking-page-he-390");

      // An unknown link, or a page turned off, is a 404.
      expect((await phone.goto(`${stack.appUrl}/b/no-such-salon`))!.status()).toBe(404);
      expect(await phone.getByText("This booking page does not exist or is turned off.").count()).toBe(1);
      expect(errors).toEqual([]);
    },
  );

  it(
    "the owner accepts a waiting booking from the list and declines one from the Calendar; each customer is told",
    { timeout: 120_000 },
    async () => {
      const { page, errors } = await newPage(390);
      await signInAsNewOwner(page, stack.appUrl, {
        name: "Rina Katz",
        business: "Rina Nails",
        email: "rina.bookingpage@example.com",
        password: "booking-page-2",
      });
      const businessId = await connectWhatsApp(page, stack, "972501114455");
      await api(page, stack.appUrl, "/api/services", { service: "Haircut", duration_minutes: 30, price: 80 });
      const slug = "rina-nails";
      const patch = { booking_slug: slug, booking_page_enabled: true, booking_owner_confirms: true };
      await api(page, stack.appUrl, "/api/settings", patch, "PATCH");
      const sent = async () => (await stack.sent(businessId)).map((s) => s.text);
      const firstFree = async () =>
        (
          (await (await fetch(`${stack.appUrl}/api/public/${slug}/availability?service=Haircut&days=30`)).json()) as {
            slots: Slot[];
          }
        ).slots[0];

      // Two customers book on the page and confirm on WhatsApp: each booking then waits for the owner.
      const { page: customer } = await newPage(390);
      const book = async (name: string, from: string): Promise<Slot> => {
        const slot = await firstFree();
        await customer.goto(`${stack.appUrl}/b/${slug}?service=Haircut&date=${slot.date}&time=${slot.time}`);
        await customer.getByLabel("Name").fill(name);
        await customer.getByLabel("Phone").fill(`0${from.slice(3)}`);
        await customer.getByRole("button", { name: "Book" }).click();
        await customer.getByRole("heading", { name: "Confirm on WhatsApp" }).waitFor();
        const code = /Booking code: (\d+)/.exec((await customer.getByTestId("bp-held").textContent()) ?? "")![1];
        await stack.sim(`${businessId}/incoming`, {
          from,
          name: name.split(" ")[0],
          body: `Confirm booking ${code}: Haircut, ${label(slot.date, "short")} ${slot.time}`,
        });
        return slot;
      };
      const noa = await book("Noa Cohen", NOA);
      const maya = await book("Maya Katz", "972547654321");
      const waiting = async () =>
        (
          (await (await page.request.get(`${stack.appUrl}/api/bookings`)).json()) as {
            bookings: { awaiting_owner: boolean }[];
          }
        ).bookings.filter((b) => b.awaiting_owner).length;
      await expect.poll(waiting, { timeout: 30_000 }).toBe(2);
      expect(await sent()).toEqual([]);

      // Accept on the list's card.
      await page.goto(`${stack.appUrl}/dashboard/calendar`);
      await whenHydrated(page);
      const card = page.getByTestId("booking-card").filter({ hasText: "Noa Cohen" });
      await card.getByTestId("booking-waiting").waitFor();
      await screenshot(page, "booking-page-owner-waiting-en-390");
      await card.getByRole("button", { name: "Accept" }).click();
      await expect.poll(() => card.getByTestId("booking-status").textContent()).toBe("Confirmed");
      expect(await card.getByTestId("booking-waiting").count()).toBe(0);
      const thanks = `Thank you, Noa! Your Haircut on ${label(noa.date, "long")} at ${noa.time} is confirmed.`;
      await expect.poll(sent, { timeout: 30_000 }).toEqual([thanks]);

      // Decline in the Calendar's detail, in Hebrew.
      await page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
      await page.goto(`${stack.appUrl}/dashboard/calendar?view=calendar`);
      await whenHydrated(page);
      await (await calendarEvent(page, "Maya Katz - Haircut")).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByTestId("booking-waiting").waitFor();
      expect(await dialog.getByTestId("booking-waiting").textContent()).toContain("ממתין לאישור");
      await screenshot(page, "booking-page-owner-waiting-he-390");
      await dialog.getByRole("button", { name: "דחייה" }).click();
      await expect.poll(() => dialog.getByTestId("booking-status").first().textContent()).toBe("בוטל");
      const sorry = `Sorry, Maya: your Haircut on ${label(maya.date, "long")} at ${maya.time} could not be booked. Please choose another time.`;
      await expect.poll(sent, { timeout: 30_000 }).toEqual([thanks, sorry]);
      expect(errors).toEqual([]);
    },
  );
});
