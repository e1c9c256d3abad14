// A new owner adds, searches, edits and deletes clients and bookings, sees a
// booking in the month, week and day views, and changes its status.
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { screenshot } from "./support/browser";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { useBrowserStack } from "./support/browser-stack";

const { stack, newPage } = useBrowserStack();
let page: Page;
let errors: string[];
let businessId: string;
const scripts: string[] = [];

beforeAll(async () => {
  ({ page, errors } = await newPage(390));
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  // Delete confirmations are the browser's own dialog; the owner says yes.
  page.on("dialog", (d) => void (d.type() === "confirm" ? d.accept() : d.dismiss()));
  ({ businessId } = await signInAsNewOwner(page, stack.appUrl, {
    name: "Dana Levi",
    business: "Dana Hair",
    email: `owner.${Date.now()}@example.com`,
    password: "dana-pass-1",
  }));
});

const rows = () => page.getByTestId("client-row");
const cards = () => page.getByTestId("booking-card");
const dialog = () => page.getByRole("dialog");

async function addClient(name: string, phone: string, tags = "", notes = "") {
  await page.getByRole("button", { name: "Add Client" }).click();
  await dialog().getByLabel("Name").fill(name);
  await dialog().getByLabel("Phone").fill(phone);
  if (tags) await dialog().getByLabel("Tags (optional)").fill(tags);
  if (notes) await dialog().getByLabel("Notes (optional)").fill(notes);
  await dialog().getByRole("button", { name: "Save" }).click();
  await dialog().waitFor({ state: "detached" });
}

describe("clients and bookings in the browser", () => {
  it("adds clients with the spec's validation, newest on top and selected", async () => {
    await page.goto(`${stack.appUrl}/dashboard/clients`);
    await expect.poll(() => page.getByRole("status").first().textContent()).toBe("No clients found.");

    await page.getByRole("button", { name: "Add Client" }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("add-client-name");
    await dialog().getByRole("button", { name: "Save" }).click();
    await expect.poll(() => dialog().getByRole("alert").textContent()).toBe("Name is required");
    await dialog().getByLabel("Name").fill("Noa Cohen");
    await dialog().getByLabel("Phone").fill("12ab");
    await dialog().getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => dialog().getByRole("alert").textContent())
      .toBe("Phone must contain digits (optionally starts with +)");
    await page.keyboard.press("Escape");
    await dialog().waitFor({ state: "detached" });

    await addClient("Noa Cohen", "054-123-4567", "vip, color", "Likes green tea");
    await addClient("Dan Mizrahi", "+972 50 765 4321");
    await expect.poll(() => rows().count()).toBe(2);
    const top = rows().first();
    expect(await top.locator(".client-name").textContent()).toBe("Dan Mizrahi");
    expect(await top.getByRole("button", { expanded: true }).count()).toBe(1);
    expect(await top.locator(".client-phone").textContent()).toBe("+972 50 765 4321");
  });

  it("searches by name or phone and expands one row at a time", async () => {
    await page.getByLabel("Search clients").fill("noa");
    await expect.poll(() => rows().count()).toBe(1);
    await page.getByLabel("Search clients").fill("0541234");
    await expect.poll(() => rows().allTextContents()).toEqual([expect.stringContaining("Noa Cohen")]);
    await page.getByLabel("Search clients").fill("nobody");
    await expect.poll(() => page.getByRole("status").first().textContent()).toBe("No clients found.");
    await page.getByLabel("Search clients").fill("");
    await expect.poll(() => rows().count()).toBe(2);

    await rows().nth(1).locator(".client-head").click();
    await expect.poll(() => page.locator(".client-head[aria-expanded='true']").count()).toBe(1);
    const noa = rows().nth(1);
    expect(await noa.locator(".client-facts").textContent()).toContain("Likes green tea");
    expect(await noa.getByRole("link", { name: /WhatsApp chat with Noa Cohen/ }).getAttribute("href")).toBe(
      "https://wa.me/972541234567",
    );
    await screenshot(page, "clients-en-390");
  });

  it("edits a client inline and deletes one after confirming", async () => {
    const noa = rows().nth(1);
    await noa.getByRole("button", { name: "Edit" }).click();
    await noa.getByLabel("Name").fill("Noa Levi");
    await noa.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => noa.locator(".client-name").textContent()).toBe("Noa Levi");

    await rows().first().locator(".client-head").click();
    await rows().first().getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => rows().allTextContents()).toEqual([expect.stringContaining("Noa Levi")]);
    await page.reload();
    await expect.poll(() => rows().count()).toBe(1);
  });

  it("adds, edits and re-statuses a booking in the list; a new phone becomes a client", async () => {
    await page.goto(`${stack.appUrl}/dashboard/calendar`);
    await expect.poll(() => page.getByRole("status").first().textContent()).toBe("No bookings found.");
    expect(scripts.some((s) => s.includes("booking-calendar"))).toBe(false);

    await page.getByRole("button", { name: "Add Booking" }).click();
    await dialog().getByRole("button", { name: "Save" }).click();
    await expect.poll(() => dialog().getByRole("alert").textContent()).toBe("Name is required");
    await dialog().getByLabel("Name").fill("Maya Katz");
    await dialog().getByRole("button", { name: "Save" }).click();
    await expect.poll(() => dialog().getByRole("alert").textContent()).toBe("Phone is required");
    await dialog().getByLabel("Phone").fill("052-555-1234");
    await dialog().getByLabel("Service").fill("Haircut");
    await dialog().getByLabel("Time").fill("10:00");
    await dialog().getByLabel("Notes (optional)").fill("First visit");
    await dialog().getByRole("button", { name: "Save" }).click();
    await dialog().waitFor({ state: "detached" });
    await expect.poll(() => cards().count()).toBe(1);
    const card = cards().first();
    expect(await card.locator(".booking-name").textContent()).toBe("Maya Katz");
    expect(await card.getByTestId("booking-status").textContent()).toBe("Scheduled");
    expect(await card.locator(".booking-facts").textContent()).toMatch(
      /\+972 52 555 1234.*Haircut.*\d\d\/\d\d\/\d{4}.*10:00.*First visit/,
    );

    await card.getByRole("button", { name: "Edit" }).click();
    await card.getByLabel("Service").fill("Coloring");
    await card.getByLabel("Time").fill("11:30");
    await card.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => card.locator(".booking-facts").textContent()).toMatch(/Coloring.*11:30/);

    await card.getByLabel("Change status").selectOption("completed");
    await expect.poll(() => card.getByTestId("booking-status").textContent()).toBe("Completed");
    await expect.poll(() => card.getByTestId("booking-status").getAttribute("class")).toContain("badge-blue");
    await screenshot(page, "bookings-list-en-390");
  });

  it("shows the booking in the month, week and day views and changes its status from the detail panel", async () => {
    await page.getByRole("tab", { name: "Calendar" }).click();
    const event = page.locator(".fc-event", { hasText: "Maya Katz - Coloring" });
    await event.first().waitFor();
    expect(scripts.some((s) => s.includes("booking-calendar"))).toBe(true);
    await screenshot(page, "calendar-month-en-390");

    await page.getByRole("button", { name: "Week", exact: true }).click();
    await expect.poll(() => page.locator(".fc-timeGridWeek-view").count()).toBe(1);
    await event.first().waitFor();
    await screenshot(page, "calendar-week-en-390");
    await page.getByRole("button", { name: "Day", exact: true }).click();
    await expect.poll(() => page.locator(".fc-timeGridDay-view").count()).toBe(1);
    await event.first().waitFor();
    await screenshot(page, "calendar-day-en-390");

    await event.first().click();
    const detail = page.getByTestId("booking-detail");
    await expect.poll(() => detail.textContent()).toMatch(/Completed.*\+972 52 555 1234.*Coloring.*11:30.*First visit/);
    await dialog().getByLabel("Change status").selectOption("no_show");
    await expect.poll(() => detail.getByTestId("booking-status").textContent()).toBe("No-show");
    await screenshot(page, "calendar-detail-en-390");
    await dialog().getByRole("button", { name: "Close" }).last().click();
    await expect.poll(() => event.first().getAttribute("class")).toContain("status-no_show");

    await page.getByRole("button", { name: "Next" }).click();
    await expect.poll(() => page.getByRole("status").last().textContent()).toBe("There are no events in this range.");
    await page.getByRole("button", { name: "Today" }).click();
    await event.first().waitFor();
  });

  it("the booking's new phone is a client; deleting the booking empties the list", async () => {
    await page.goto(`${stack.appUrl}/dashboard/clients`);
    await expect
      .poll(() => rows().allTextContents())
      .toEqual([expect.stringContaining("Maya Katz"), expect.stringContaining("Noa Levi")]);

    await page.goto(`${stack.appUrl}/dashboard/calendar`);
    await cards().first().getByRole("button", { name: "Delete" }).click();
    await expect.poll(() => page.getByRole("status").first().textContent()).toBe("No bookings found.");
  });

  it("reads right to left in Hebrew", async () => {
    await page.getByRole("button", { name: "HE" }).click();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await page.goto(`${stack.appUrl}/dashboard/clients`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("לקוחות וואטסאפ");
    await rows().first().locator(".client-head").click();
    await screenshot(page, "clients-he-390");
    await page.getByRole("button", { name: "הוספת לקוח" }).click();
    await screenshot(page, "clients-add-he-390");
    await page.keyboard.press("Escape");

    await page.goto(`${stack.appUrl}/dashboard/calendar`);
    await page.getByRole("button", { name: "הוספת תור" }).click();
    await dialog().getByLabel("שם").fill("נועה לוי");
    await dialog().getByLabel("טלפון").fill("0541234567");
    await dialog().getByLabel("שירות").fill("תספורת");
    await dialog().getByLabel("שעה").fill("09:30");
    await dialog().getByRole("button", { name: "שמירה" }).click();
    await dialog().waitFor({ state: "detached" });
    await expect.poll(() => cards().count()).toBe(1);
    // Typed differently, the same phone: the booking went to the existing client.
    expect(await cards().first().locator(".booking-name").textContent()).toBe("Noa Levi");
    await screenshot(page, "bookings-list-he-390");

    await page.getByRole("tab", { name: "יומן" }).click();
    await page.locator(".fc-event").first().waitFor();
    expect(await page.locator(".fc").getAttribute("class")).toContain("fc-direction-rtl");
    await screenshot(page, "calendar-month-he-390");
    await page.locator(".fc-event").first().click();
    await page.getByTestId("booking-detail").waitFor();
    await screenshot(page, "calendar-detail-he-390");
    expect(errors).toEqual([]);
  });

  it("shows a month's too-full day as 'N bookings' that opens the day, in Hebrew and English", async () => {
    // 60 bookings on the 15th of this month: more than the month view draws one by one.
    const now = new Date();
    const dense = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, "0")}-15`;
    const [client] = stack.query<{ id: string; business_id: string }>(
      `SELECT id, business_id FROM clients WHERE business_id = '${businessId}' LIMIT 1`,
    );
    stack.query(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
       INSERT INTO bookings (id, business_id, client_id, service, booking_date, booking_time, notes, status, source, created_at, updated_at)
       SELECT 'dense_' || i, '${client.business_id}', '${client.id}', 'Styling', '${dense}', printf('%02d:00', 8 + i % 10), '', 'scheduled', 'manual', 0, 0 FROM n`,
    );
    const count = page.locator(".fc-event.cal-count");

    await page.goto(`${stack.appUrl}/dashboard/calendar?view=calendar`);
    await expect.poll(() => count.textContent()).toBe("60 תורים");
    await screenshot(page, "calendar-dense-he-390");

    await page.getByRole("button", { name: "EN" }).click();
    await page.waitForFunction(() => document.documentElement.dir === "ltr");
    await page.goto(`${stack.appUrl}/dashboard/calendar?view=calendar`);
    await expect.poll(() => count.textContent()).toBe("60 bookings");
    await screenshot(page, "calendar-dense-en-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.reload();
    await expect.poll(() => count.textContent()).toBe("60 bookings");
    await screenshot(page, "calendar-dense-en-1280");
    await count.click();
    await expect.poll(() => page.locator(".fc-timeGridDay-view").count()).toBe(1);
    await expect.poll(() => page.locator(".fc-event", { hasText: "Styling" }).count()).toBe(60);
    await screenshot(page, "calendar-dense-day-en-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    expect(errors).toEqual([]);
  });
  it("does not report a load Remix cancels on purpose as an error, and still reports real ones", async () => {
    // A navigation that lands while a fetcher's reload is still streaming makes Remix abort that reload,
    // and its single-fetch code can leave the abort's rejection unhandled (seen in a full run, not reproducible on demand).
    await page.goto(`${stack.appUrl}/dashboard/calendar`);
    const before = errors.length;
    await page.evaluate(() => {
      const cancelled = new AbortController();
      cancelled.abort();
      void Promise.reject(cancelled.signal.reason);
      void Promise.reject(new Error("a real failure"));
    });
    await expect.poll(() => errors.slice(before)).toEqual(["a real failure"]);
    errors.splice(before);
  });

  it("a form whose checker's code cannot load still answers: the server's check shows in the dialog", async () => {
    // What the browser logs here is expected: the aborted script and the server's 400 answers to the refused forms.
    const fresh = await newPage(390, undefined, { expectedErrors: [/net::ERR_FAILED|status of 400/] });
    await signInAsNewOwner(fresh.page, stack.appUrl, {
      name: "Lior Ben",
      business: "Lior Nails",
      email: `checker.${Date.now()}@example.com`,
      password: "lior-pass-1",
    });
    // The form's checker loads on first touch; here its code never arrives (a lost connection).
    const checker = /\/assets\/parse-[\w-]+\.js$/;
    await fresh.page.route(checker, (route) => route.abort());
    await fresh.page.goto(`${stack.appUrl}/dashboard/clients`);
    await whenHydrated(fresh.page);
    await fresh.page.getByRole("button", { name: "Add Client" }).click();
    const form = fresh.page.getByRole("dialog");
    await form.getByRole("button", { name: "Save" }).click();
    await expect.poll(() => form.getByRole("alert").textContent()).toBe("Name is required");
    // The connection is back: the next try loads the checker, and the form answers in the browser.
    await fresh.page.unroute(checker);
    await form.getByLabel("Name").fill("Noa Cohen");
    await form.getByLabel("Phone").fill("12ab");
    await form.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => form.getByRole("alert").textContent())
      .toBe("Phone must contain digits (optionally starts with +)");
    expect(fresh.errors).toEqual([]);
    await fresh.page.context().close();
  });
});
