// Booking requests on the Sync tab, as an owner between two clients meets
// them on a phone: the count on the tab, one tap on Accept saves the booking
// (it is in the Calendar at once), Edit then Save books the corrected time,
// Dismiss removes it for good, a notification's ?proposal= link focuses its
// card; the same in Hebrew with no English on the screen. Screenshots at 390
// and 1280 px in both languages.
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addDays } from "../../app/utils/dates";
import { localDate } from "../../app/utils/time-zone";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { SCREENSHOT_DIR, screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";
import { watchToasts } from "./support/toasts";

const { stack, newPage } = useBrowserStack();

type Request = {
  name: string;
  phone: string;
  service: string;
  date: string;
  time: string;
  notes?: string;
  quote: string;
};

/**
 * Open booking requests for the business, as the live trigger stores them from
 * its chats (newest first in the order given). The one place that makes them:
 * later they come from simulated WhatsApp messages instead.
 */
function seedProposals(businessId: string, requests: Request[]): string[] {
  const now = Date.now();
  const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const ids = requests.map(() => crypto.randomUUID());
  stack.query(
    requests
      .map(
        (r, i) =>
          `INSERT INTO proposals (id, business_id, chat_id, client_name, client_phone, service, date, time, notes, quote, status, created_at)
           VALUES (${q(ids[i])}, ${q(businessId)}, ${q(`${r.phone}@c.us`)}, ${q(r.name)}, ${q(r.phone)}, ${q(r.service)}, ${q(r.date)}, ${q(r.time)}, ${q(r.notes ?? "")}, ${q(r.quote)}, 'open', ${now - i * 1000});`,
      )
      .join(""),
  );
  return ids;
}

/** Signs up an owner with a catalogue; returns the business and its today (in its time zone). */
async function owner(page: Page, email: string, services: string[]) {
  await signInAsNewOwner(page, stack.appUrl, {
    name: "Dana Levi",
    business: "Dana Hair",
    email,
    password: "secret123",
  });
  const [{ id, time_zone: zone }] = stack.query<{ id: string; time_zone: string }>(
    `SELECT b.id, b.time_zone FROM businesses b JOIN users u ON u.id = b.owner_user_id WHERE u.email = '${email}'`,
  );
  for (const service of services)
    expect((await page.request.post(`${stack.appUrl}/api/services`, { data: { service } })).status()).toBe(201);
  return { businessId: id, today: localDate(Date.now(), zone) };
}

const cards = (page: Page) => page.getByTestId("proposal-card");
const badge = (page: Page) => page.getByTestId("proposals-count");

describe("Booking requests on the Sync tab", () => {
  it("accepts with one tap, books an edited time, dismisses for good, and opens a linked request", async () => {
    const { page, errors } = await newPage(390);
    const toasts = await watchToasts(page);
    const { businessId, today } = await owner(page, "dana.proposals@example.com", ["Haircut", "Coloring"]);
    const tomorrow = addDays(today, 1);
    const [maya, rina, omer] = seedProposals(businessId, [
      {
        name: "Maya Azulay",
        phone: "972541234567",
        service: "Haircut",
        date: tomorrow,
        time: "17:00",
        quote: "Hi! Can I come tomorrow at 5pm for a haircut?",
      },
      {
        name: "Rina Katz",
        phone: "972529876543",
        service: "Coloring",
        date: today,
        time: "12:00",
        notes: "roots only",
        quote: "Coloring today at noon?",
      },
      {
        name: "Omer Tal",
        phone: "972501112222",
        service: "Haircut",
        date: addDays(today, 3),
        time: "10:00",
        quote: "Haircut on the weekend?",
      },
    ]);

    await page.goto(`${stack.appUrl}/dashboard`);
    await whenHydrated(page);
    expect(await badge(page).textContent()).toBe("3");
    expect(await badge(page).getAttribute("aria-label")).toBe("3 booking requests");
    await page.getByRole("link", { name: /^Sync/ }).click();
    await page.waitForURL(/\/dashboard\/sync$/);
    await expect.poll(() => cards(page).count()).toBe(3);
    // Newest first, above the catalogue; the day for people, the customer's words.
    expect(await cards(page).locator("h3").allTextContents()).toEqual(["Maya Azulay", "Rina Katz", "Omer Tal"]);
    const first = cards(page).first();
    expect(await first.textContent()).toMatch(/\+972 54 123 4567.*Haircut.*Tomorrow · 17:00/);
    expect(await first.getByTestId("proposal-quote").textContent()).toBe(
      "Hi! Can I come tomorrow at 5pm for a haircut?",
    );
    expect(await cards(page).nth(1).textContent()).toMatch(/Today · 12:00.*roots only/);
    expect(await cards(page).nth(2).textContent()).toMatch(
      /(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) \d{1,2} \w+ · 10:00/,
    );
    const top = await page.getByTestId("proposals").boundingBox();
    const catalogue = await page.getByRole("heading", { name: "Services" }).boundingBox();
    expect(top!.y).toBeLessThan(catalogue!.y);
    // Touch targets.
    for (const name of ["Accept", "Edit", "Dismiss"])
      expect((await first.getByRole("button", { name }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, "proposals-en-390");
    await first.screenshot({ path: path.join(SCREENSHOT_DIR, "proposals-card-en-390.png") });

    // Accept: one tap, a toast, the card leaves, the badge counts down, the Calendar has it.
    await first.getByRole("button", { name: "Accept" }).click();
    await toasts.said("Booking saved for Maya Azulay.");
    await expect.poll(() => cards(page).count()).toBe(2);
    await expect.poll(() => badge(page).textContent()).toBe("2");
    expect(await badge(page).getAttribute("aria-label")).toBe("2 booking requests");
    await page.getByRole("link", { name: "Calendar" }).click();
    await page.waitForURL(/\/dashboard\/calendar/);
    const booked = page.getByTestId("booking-card");
    await expect.poll(() => booked.count()).toBe(1);
    expect(await booked.first().textContent()).toMatch(/Maya Azulay.*\+972 54 123 4567.*Haircut.*17:00/);

    // Edit: change the time, Save books it at that time.
    await page.getByRole("link", { name: /^Sync/ }).click();
    await page.waitForURL(/\/dashboard\/sync$/);
    const rinaCard = cards(page).filter({ hasText: "Rina Katz" });
    await rinaCard.getByRole("button", { name: "Edit" }).click();
    expect(await rinaCard.getByLabel("Service").inputValue()).toBe("Coloring");
    expect(await rinaCard.getByLabel("Date").inputValue()).toBe(today);
    // A cleared time is refused under its field.
    await rinaCard.getByLabel("Time").fill("");
    await rinaCard.getByRole("button", { name: "Save" }).click();
    const time = rinaCard.getByLabel("Time");
    await expect.poll(() => time.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`[id="${await time.getAttribute("aria-describedby")}"]`).textContent()).toBe(
      "Time is required",
    );
    await screenshot(page, "proposals-edit-en-390");
    await time.fill("13:30");
    await rinaCard.getByLabel("Notes").fill("roots and toner");
    await rinaCard.getByRole("button", { name: "Save" }).click();
    await toasts.said("Booking saved for Rina Katz.");
    await expect.poll(() => cards(page).count()).toBe(1);
    await expect.poll(() => badge(page).textContent()).toBe("1");
    expect(await badge(page).getAttribute("aria-label")).toBe("1 booking request");
    expect(
      stack.query(
        `SELECT service, booking_date, booking_time, notes FROM bookings WHERE business_id = '${businessId}' ORDER BY booking_time`,
      ),
    ).toEqual([
      { service: "Coloring", booking_date: today, booking_time: "13:30", notes: "roots and toner" },
      { service: "Haircut", booking_date: tomorrow, booking_time: "17:00", notes: "" },
    ]);
    await page.getByRole("link", { name: "Calendar" }).click();
    await expect
      .poll(() => page.getByTestId("booking-card").filter({ hasText: "Rina Katz" }).textContent())
      .toMatch(/Coloring.*13:30/);

    // Dismiss: gone, still gone after a reload, never booked.
    await page.getByRole("link", { name: /^Sync/ }).click();
    await page.waitForURL(/\/dashboard\/sync$/);
    await cards(page).filter({ hasText: "Omer Tal" }).getByRole("button", { name: "Dismiss" }).click();
    await toasts.said("Request dismissed.");
    await expect.poll(() => cards(page).count()).toBe(0);
    await expect.poll(() => badge(page).count()).toBe(0);
    expect(await page.getByTestId("proposals").count()).toBe(0);
    await page.reload();
    await whenHydrated(page);
    expect(await cards(page).count()).toBe(0);
    expect(
      stack.query(
        `SELECT status FROM proposals WHERE id IN ('${maya}', '${rina}', '${omer}') ORDER BY created_at DESC`,
      ),
    ).toEqual([{ status: "accepted" }, { status: "accepted" }, { status: "dismissed" }]);
    expect(stack.query(`SELECT count(*) AS n FROM bookings WHERE business_id = '${businessId}'`)).toEqual([{ n: 2 }]);

    // A notification's link: the card is scrolled to, focused and marked; an unknown id changes nothing.
    const many = seedProposals(
      businessId,
      Array.from({ length: 6 }, (_, i) => ({
        name: `Client ${i + 1}`,
        phone: `97254000000${i}`,
        service: "Haircut",
        date: addDays(today, 2),
        time: `1${i}:00`,
        quote: "Can I book?",
      })),
    );
    const linked = many[5];
    await page.goto(`${stack.appUrl}/dashboard/sync?proposal=${linked}`);
    await whenHydrated(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`proposal-${linked}`);
    const target = page.locator(`[id="proposal-${linked}"]`);
    expect(await target.getAttribute("class")).toContain("is-target");
    expect(await target.isVisible()).toBe(true);
    const box = (await target.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    await screenshot(page, "proposals-linked-en-390");
    await page.goto(`${stack.appUrl}/dashboard/sync?proposal=nope`);
    await whenHydrated(page);
    expect(await page.locator(".proposal-card.is-target").count()).toBe(0);

    // Two cards at once: each has its own fetcher.
    await cards(page).filter({ hasText: "Client 1" }).getByRole("button", { name: "Accept" }).click();
    await cards(page).filter({ hasText: "Client 2" }).getByRole("button", { name: "Dismiss" }).click();
    await expect.poll(() => cards(page).count()).toBe(4);
    expect(
      stack.query(`SELECT status FROM proposals WHERE id IN ('${many[0]}', '${many[1]}') ORDER BY created_at DESC`),
    ).toEqual([{ status: "accepted" }, { status: "dismissed" }]);

    // Wide screen.
    const wide = await newPage(1280);
    await wide.page.context().addCookies(await page.context().cookies());
    await wide.page.goto(`${stack.appUrl}/dashboard/sync`);
    await whenHydrated(wide.page);
    await screenshot(wide.page, "proposals-en-1280");
    expect(wide.errors).toEqual([]);
    expect(errors).toEqual([]);
  });

  it("speaks Hebrew, with a request decided elsewhere explained and removed", async () => {
    const { page, errors } = await newPage(390);
    const toasts = await watchToasts(page);
    const { businessId, today } = await owner(page, "noa.proposals.he@example.com", ["תספורת", "צבע"]);
    await page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
    const [first, second] = seedProposals(businessId, [
      {
        name: "מאיה אזולאי",
        phone: "972541234567",
        service: "תספורת",
        date: addDays(today, 1),
        time: "17:00",
        quote: "היי, אפשר להגיע מחר בחמש לתספורת?",
      },
      {
        name: "רינה כץ",
        phone: "972529876543",
        service: "צבע",
        date: addDays(today, 4),
        time: "09:30",
        notes: "שורשים",
        quote: "אפשר צבע בשבוע הבא?",
      },
    ]);
    await page.goto(`${stack.appUrl}/dashboard/sync`);
    await whenHydrated(page);
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    expect(await badge(page).getAttribute("aria-label")).toBe("2 בקשות לתור");
    expect(await cards(page).first().textContent()).toContain("מחר · 17:00");
    // No English on the screen ("AI" is the product's word in both languages).
    const shown = await page.evaluate(() =>
      [document.querySelector("main")!.innerText, document.querySelector<HTMLElement>("nav.tabbar")!.innerText].join(
        "\n",
      ),
    );
    expect(shown.replace(/\bAI\b/g, "").match(/[A-Za-z]+/g)).toBeNull();
    await screenshot(page, "proposals-he-390");

    await cards(page).first().getByRole("button", { name: "עריכה" }).click();
    await screenshot(page, "proposals-edit-he-390");
    await cards(page).first().getByRole("button", { name: "ביטול" }).click();

    // Accepted in another tab: the Hebrew message, and the card leaves.
    stack.query(`UPDATE proposals SET status = 'accepted' WHERE id = '${first}'`);
    await cards(page).first().getByRole("button", { name: "אישור" }).click();
    await toasts.said("ההצעה הזו כבר אושרה.");
    await expect.poll(() => cards(page).count()).toBe(1);
    await expect.poll(() => badge(page).textContent()).toBe("1");
    expect(await badge(page).getAttribute("aria-label")).toBe("בקשה אחת לתור");
    await cards(page).first().getByRole("button", { name: "אישור" }).click();
    await toasts.said("התור של רינה כץ נשמר.");
    await expect.poll(() => cards(page).count()).toBe(0);
    expect(stack.query(`SELECT status FROM proposals WHERE id = '${second}'`)).toEqual([{ status: "accepted" }]);

    seedProposals(businessId, [
      {
        name: "מאיה אזולאי",
        phone: "972541234567",
        service: "צבע",
        date: addDays(today, 2),
        time: "11:00",
        quote: "ואפשר גם צבע?",
      },
    ]);
    const wide = await newPage(1280);
    await wide.page.context().addCookies(await page.context().cookies());
    await wide.page.goto(`${stack.appUrl}/dashboard/sync`);
    await whenHydrated(wide.page);
    await screenshot(wide.page, "proposals-he-1280");
    expect(wide.errors).toEqual([]);
    expect(errors).toEqual([]);
  });
});
