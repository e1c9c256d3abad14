// The booking link in the browser (issue 30): a customer on a 390 px phone
// with JavaScript off books Haircut on the first free afternoon at /b/<slug>
// and gets "Confirm on WhatsApp" with the salon's wa.me link; nothing is sent
// by the salon until the customer (in the simulator) sends that message, then
// the owner's Calendar shows it confirmed and the customer got the thanks. A
// second customer (JavaScript on, 1280 px) who had the same time open gets
// "This time was just taken" with the next free times and books one of them.
// The page in Hebrew at 390 and 1280 px, and the 404 of an unknown link.
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { newScriptlessPage, screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";
import { calendarEvent } from "./support/calendar";

const bs = useBrowserStack();
const { stack, newPage } = bs;

const SALON = "972501112233";
const NOA = "972541234567";
type Slot = { date: string; time: string };
type Sent = { chatId: string; text: string };

const label = (date: string, weekday: "short" | "long") =>
  `${new Intl.DateTimeFormat("en-GB", { weekday, timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`))} ${date.slice(8)}/${date.slice(5, 7)}`;

describe("The booking page", () => {
  it("books with JavaScript off, confirms on WhatsApp, and tells a second customer the time was just taken", { timeout: 240_000 }, async () => {
    const { page, errors } = await newPage(390);
    const email = "dana.bookingpage@example.com";
    await signInAsNewOwner(page, stack.appUrl, { name: "Dana Levi", business: "Dana Hair", email, password: "booking-page-1", city: "Tel Aviv" });
    await page.getByRole("button", { name: "Connect WhatsApp" }).click();
    await page.getByTestId("wa-qr").waitFor({ timeout: 20_000 });
    const businessId = (await page.locator(".facts .mono").textContent())!.trim();
    await stack.sim(`${businessId}/scan`, { phone: SALON, pushName: "Dana Hair" });
    await expect.poll(() => page.getByTestId("wa-status").textContent(), { timeout: 15_000 }).toBe("Connected");
    const headers = { Origin: stack.appUrl };
    expect((await page.request.post(`${stack.appUrl}/api/services`, { headers, data: { service: "Haircut", duration_minutes: 30, price: 80 } })).status()).toBe(
      201,
    );
    expect((await page.request.post(`${stack.appUrl}/api/services`, { headers, data: { service: "Color", duration_minutes: 90, price: 250 } })).status()).toBe(
      201,
    );
    const slug = "dana-hair";
    const saved = await page.request.patch(`${stack.appUrl}/api/settings`, { headers, data: { booking_slug: slug, booking_page_enabled: true } });
    expect(saved.status()).toBe(200);
    const sent = async () => (await (await fetch(`${stack.simUrl}/__sim/sessions/${businessId}/sent`)).json()) as Sent[];

    // The first free afternoon, as the public API tells it.
    const slots = ((await (await fetch(`${stack.appUrl}/api/public/${slug}/availability?service=Haircut&days=30`)).json()) as { slots: Slot[] }).slots;
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
    expect(await phone.getByRole("link", { name: "Confirm on WhatsApp" }).getAttribute("href")).toBe(`https://wa.me/${SALON}?text=${encodeURIComponent(text)}`);
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
    expect(await other.getByTestId("bp-taken").textContent()).toBe("This time was just taken. Please choose another time.");
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
  });
});
