// The "done when": a customer writes through the simulator, the owner
// adds the service, selects the contact, Start Sync proposes Haircut,
// tomorrow, 17:00, the owner saves it, and the booking is there. Then a freed
// slot: a cancelled booking becomes an Opening card offered to a customer who
// asked for that day, and her "1" takes it.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { localDate } from "../../app/utils/time-zone";
import { addDays } from "../../app/utils/dates";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { SCREENSHOT_DIR, screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";
import { watchToasts } from "./support/toasts";
import { connectWhatsApp } from "./support/whatsapp";

const { stack, newPage } = useBrowserStack();

const ASK = "Hi! Can I come tomorrow at 5pm for a haircut?";

describe("Sync tab", () => {
  it("turns a customer's WhatsApp message into a saved booking", async () => {
    // An Add Service whose request is lost on purpose below: the browser logs the aborted request.
    const { page, errors } = await newPage(390, undefined, { expectedErrors: [/net::ERR_FAILED/] });
    const toasts = await watchToasts(page);
    await signInAsNewOwner(page, stack.appUrl, {
      name: "Dana Levi",
      business: "Dana Hair",
      email: "dana.sync@example.com",
      password: "secret123",
    });
    const businessId = await connectWhatsApp(page, stack);
    await stack.sim(`${businessId}/incoming`, { from: "972541234567", name: "Maya Azulay", body: ASK });
    await expect
      .poll(() => stack.query(`SELECT body FROM wa_messages WHERE business_id = '${businessId}'`), { timeout: 30_000 })
      .toEqual([{ body: ASK }]);
    await stack.sim(`${businessId}/incoming`, {
      from: "972529876543",
      name: "Rina Katz",
      body: "What are your prices?",
    });
    await expect
      .poll(() => stack.query(`SELECT count(*) AS n FROM wa_contacts WHERE business_id = '${businessId}'`), {
        timeout: 30_000,
      })
      .toEqual([{ n: 2 }]);
    const [{ timestamp, time_zone: zone }] = stack.query<{ timestamp: number; time_zone: string }>(
      `SELECT m.timestamp, b.time_zone FROM wa_messages m JOIN businesses b ON b.id = m.business_id WHERE m.business_id = '${businessId}' AND m.body = '${ASK}'`,
    );
    const tomorrow = addDays(localDate(timestamp, zone), 1);

    await page.getByRole("link", { name: "Sync" }).click();
    await page.waitForURL(/\/dashboard\/sync$/);
    await page.getByTestId("services-banner").waitFor();
    const start = page.getByRole("button", { name: "Start Sync" });
    expect(await start.isDisabled()).toBe(true);
    expect(await page.getByText("Add at least one service to start sync.").count()).toBe(1);
    expect(await page.getByText("No results yet. Select contacts above and click Start Sync.").count()).toBe(1);

    // The Service name rule, with its exact texts.
    const name = page.getByLabel("Service name");
    await page.getByRole("button", { name: "Add Service" }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toBe("Please enter service name.");
    await name.fill("x".repeat(61));
    await page.getByRole("button", { name: "Add Service" }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toBe("Service name too long (max 60).");

    // A request that never reaches the server: 'Failed to add service' under the name and in a toast; the tab stays.
    await name.fill("  Haircut ");
    const lost = "**/dashboard/sync.data*";
    await page.route(lost, (route) => (route.request().method() === "POST" ? route.abort() : route.continue()));
    await page.getByRole("button", { name: "Add Service" }).click();
    await toasts.said("Failed to add service");
    await expect.poll(() => page.getByRole("alert").first().textContent()).toBe("Failed to add service");
    expect(await name.inputValue()).toBe("  Haircut ");
    await page.unroute(lost);

    await page.getByRole("button", { name: "Add Service" }).click();
    await toasts.said("Service added.");
    await page.getByRole("button", { name: "Haircut", exact: true }).waitFor();
    expect(await page.getByTestId("services-banner").count()).toBe(0);
    expect(await name.inputValue()).toBe("");
    await name.fill("HAIRCUT");
    await page.getByRole("button", { name: "Add Service" }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toBe('Service "HAIRCUT" already exists.');

    // Inline edit (keyboard focus shows the chip's buttons) and delete.
    await name.fill("Colour");
    await page.getByRole("button", { name: "Add Service" }).click();
    await page.getByRole("button", { name: "Colour", exact: true }).waitFor();
    await page.getByRole("button", { name: "Colour", exact: true }).focus();
    await page.getByRole("button", { name: "Edit Colour" }).click();
    await page.getByLabel("New name for Colour").fill("Coloring");
    await page.getByLabel("New name for Colour").press("Enter");
    await toasts.said("Service updated.");
    // A tap opens the chip; the list reloads after the update, so tap again if that re-render closed it.
    const chip = page.getByRole("button", { name: "Coloring", exact: true });
    const del = page.getByRole("button", { name: "Delete Coloring" });
    await expect
      .poll(async () => {
        if (!(await del.isVisible())) await chip.click();
        return del.isVisible();
      })
      .toBe(true);
    await page.getByRole("button", { name: "Delete Coloring" }).focus();
    await page.keyboard.press("Enter");
    await toasts.said("Service deleted.");
    await expect.poll(() => page.getByRole("button", { name: "Coloring", exact: true }).count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("service-name");
    await page.mouse.move(5, 400);
    expect(await page.getByRole("button", { name: "Edit Haircut" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Haircut", exact: true }).hover();
    expect(await page.getByRole("button", { name: "Edit Haircut" }).isVisible()).toBe(true);

    // Contacts: select all, Start Sync with progress per contact, review the proposals.
    await page.getByRole("checkbox", { name: "Select all contacts" }).check();
    expect(await page.getByText("2 of 2 selected").count()).toBe(1);
    await page.evaluate(() => {
      const seen: string[] = ((window as unknown as { progress: string[] }).progress = []);
      new MutationObserver(() => {
        const text = document.querySelector("[data-testid=sync-progress]")?.textContent;
        if (text) seen.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await start.click();
    await expect.poll(() => page.getByTestId("result-group").count(), { timeout: 20_000 }).toBe(2);
    const progress = await page.evaluate(() => (window as unknown as { progress: string[] }).progress);
    expect(
      progress.some(
        (p) => p.includes("Fetching last 20 messages per user and extracting booking info...") && /1 of 2: /.test(p),
      ),
    ).toBe(true);
    expect(progress.some((p) => /2 of 2: /.test(p))).toBe(true);
    const group = page.getByTestId("result-group").filter({ hasText: "Maya Azulay" });
    const other = page.getByTestId("result-group").filter({ hasText: "Rina Katz" });
    expect(await other.getByText("No bookings found for this contact.").count()).toBe(1);
    expect(await group.getByRole("heading").textContent()).toBe("Maya Azulay");
    expect(await group.getByLabel("Service").inputValue()).toBe("Haircut");
    expect(await group.getByLabel("Date").inputValue()).toBe(tomorrow);
    expect(await group.getByLabel("Time").inputValue()).toBe("17:00");
    // The message it came from, to check before saving; dir="auto" keeps either script readable.
    const quote = group.getByTestId("booking-quote");
    expect(await quote.textContent()).toBe(ASK);
    expect(await quote.getAttribute("dir")).toBe("auto");
    expect(await group.getByText("From the chat").count()).toBe(1);
    await screenshot(page, "sync-proposal-en-390");
    await group.screenshot({ path: path.join(SCREENSHOT_DIR, "sync-quote-en-390.png") }); // the card alone: the bottom bar covers it in the full page

    // A cleared field is outlined and explained; restoring it lets Save through.
    await group.getByLabel("Time").fill("");
    await group.getByRole("button", { name: "Save" }).click();
    await expect
      .poll(() => group.getByRole("alert").textContent())
      .toBe("Please complete Service, Date, and Time for this contact.");
    expect(await group.getByLabel("Time").getAttribute("aria-invalid")).toBe("true");
    await screenshot(page, "sync-invalid-en-390");
    await group.getByLabel("Time").fill("17:00");
    await group.getByRole("button", { name: "Save" }).click();
    await toasts.said("Saved 1, skipped 0 for Maya Azulay");

    const bookings = await (await page.request.get(`${stack.appUrl}/api/bookings`)).json();
    expect(bookings.bookings).toEqual([
      expect.objectContaining({
        client_name: "Maya Azulay",
        client_phone: "972541234567",
        service: "Haircut",
        booking_date: tomorrow,
        booking_time: "17:00",
        source: "sync",
      }),
    ]);

    // Syncing twice never duplicates.
    await start.click();
    await group.getByRole("button", { name: "Save" }).waitFor({ timeout: 30_000 });
    await group.getByRole("button", { name: "Save" }).click();
    await toasts.said("Saved 0, skipped 1 for Maya Azulay");
    expect(stack.query(`SELECT count(*) AS n FROM bookings WHERE business_id = '${businessId}'`)).toEqual([{ n: 1 }]);

    // Delete clears the group here only.
    await group.getByRole("button", { name: "Delete" }).click();
    expect(await group.getByText("No bookings found for this contact.").count()).toBe(1);
    await page.getByRole("button", { name: "Clear" }).click();
    expect(await page.getByText("No results yet. Select contacts above and click Start Sync.").count()).toBe(1);
    expect(await page.getByRole("checkbox", { name: "Select Maya Azulay" }).isChecked()).toBe(false);

    // Hebrew, right to left.
    await page.locator("form[action^='/language'] button[value='he']").click();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await page.getByRole("checkbox", { name: "בחירת Maya Azulay" }).check();
    await page.getByRole("button", { name: "התחלת סנכרון" }).click();
    await page.getByTestId("result-group").first().getByLabel("שירות").waitFor({ timeout: 20_000 });
    await page.getByRole("button", { name: "Haircut", exact: true }).focus();
    const heGroup = page.getByTestId("result-group").first();
    expect(await heGroup.getByText("מתוך השיחה").count()).toBe(1);
    expect(await heGroup.getByTestId("booking-quote").textContent()).toBe(ASK);
    // The English line inside the right-to-left card starts at the left edge of its box.
    const box = await heGroup.getByTestId("booking-quote").evaluate((el) => getComputedStyle(el).direction);
    expect(box).toBe("ltr");
    await screenshot(page, "sync-proposal-he-390");
    await heGroup.screenshot({ path: path.join(SCREENSHOT_DIR, "sync-quote-he-390.png") });
    expect(errors).toEqual([]);
  });

  it(
    "offers a freed slot: a cancelled booking becomes an opening, offered to one who asked for that day, and her 1 takes it",
    { timeout: 120_000 },
    async () => {
      const { page, errors } = await newPage(390);
      const toasts = await watchToasts(page);
      await signInAsNewOwner(page, stack.appUrl, {
        name: "Dana Levi",
        business: "Dana Hair",
        email: "dana.openings@example.com",
        password: "openings123",
      });
      const businessId = await connectWhatsApp(page, stack);
      const headers = { Origin: stack.appUrl };
      expect(
        (
          await page.request.post(`${stack.appUrl}/api/services`, {
            headers,
            data: { service: "Haircut", duration_minutes: 45 },
          })
        ).status(),
      ).toBe(201);
      // No quiet hours, so the offer goes out whatever the hour the test runs at.
      stack.query(`UPDATE businesses SET quiet_start = '00:00', quiet_end = '00:00' WHERE id = '${businessId}'`);
      const [{ time_zone: zone }] = stack.query<{ time_zone: string }>(
        `SELECT time_zone FROM businesses WHERE id = '${businessId}'`,
      );
      const tomorrow = addDays(localDate(Date.now(), zone), 1);
      // Noa and Lior wrote in yesterday asking for tomorrow (their chats read into drafts).
      for (const [key, name, phone] of [
        ["noa", "Noa Cohen", "972541230101"],
        ["lior", "Lior Ben", "972541230102"],
      ]) {
        const at = Date.now() - 86_400_000;
        stack.query(
          `INSERT INTO clients (id, business_id, name, phone, created_at, updated_at) VALUES ('${businessId}_${key}', '${businessId}', '${name}', '${phone}', ${at}, ${at})`,
        );
        stack.query(
          `INSERT INTO contact_consent (business_id, phone, first_in_at) VALUES ('${businessId}', '${phone}', ${at})`,
        );
        stack.query(
          `INSERT INTO drafts (id, business_id, chat_id, client_phone, service, text, asked_date, status, created_at)
         VALUES ('${businessId}_d_${key}', '${businessId}', '${phone}@c.us', '${phone}', 'Haircut', 'Hi!', '${tomorrow}', 'dismissed', ${at})`,
        );
      }
      // Maya's 16:00 haircut tomorrow is cancelled.
      const made = await page.request.post(`${stack.appUrl}/api/bookings`, {
        headers,
        data: {
          name: "Maya Katz",
          phone: "972541230103",
          service: "Haircut",
          booking_date: tomorrow,
          booking_time: "16:00",
        },
      });
      expect(made.status()).toBe(201);
      const { booking } = (await made.json()) as { booking: { id: string } };
      expect(
        (
          await page.request.patch(`${stack.appUrl}/api/bookings/${booking.id}`, {
            headers,
            data: { status: "cancelled" },
          })
        ).status(),
      ).toBe(200);

      // The Sync tab shows the opening with both, and why; the owner offers it to Noa.
      await page.goto(`${stack.appUrl}/dashboard/sync`);
      await whenHydrated(page);
      const card = page.getByTestId("opening-card");
      expect(await card.getByRole("heading", { level: 3 }).textContent()).toContain("Tomorrow · 16:00");
      const weekday = new Intl.DateTimeFormat("en", { weekday: "long", timeZone: "UTC" }).format(
        new Date(`${tomorrow}T12:00:00Z`),
      );
      expect(await card.getByRole("checkbox", { name: `Noa Cohen asked for ${weekday}` }).count()).toBe(1);
      expect(await card.getByRole("checkbox", { name: `Lior Ben asked for ${weekday}` }).count()).toBe(1);
      await screenshot(page, "sync-opening-en-390");
      await card.getByRole("checkbox", { name: /Noa Cohen/ }).check();
      await card.getByRole("button", { name: "Offer the 16:00 slot to the chosen clients" }).click();
      await toasts.said("The offer is on its way to 1.");
      await expect.poll(() => card.getByTestId("opening-state").textContent()).toBe("Offered to 1");

      // The offer goes out on the next sweep; Noa answers 1 and the slot is hers.
      const offered = "A 16:00 slot opened tomorrow for a haircut. Reply 1 to take it.";
      const sentToNoa = async () =>
        (await stack.sent(businessId)).filter((m) => m.chatId === "972541230101@c.us").map((m) => m.text);
      await expect
        .poll(async () => (await stack.cron(), sentToNoa()), { timeout: 60_000, interval: 2_000 })
        .toContain(offered);
      await stack.sim(`${businessId}/incoming`, { from: "972541230101", name: "Noa Cohen", body: "1" });
      await expect
        .poll(
          () =>
            stack.query(
              `SELECT client_id, booking_time FROM bookings WHERE business_id = '${businessId}' AND status != 'cancelled'`,
            ),
          {
            timeout: 30_000,
          },
        )
        .toEqual([{ client_id: `${businessId}_noa`, booking_time: "16:00" }]);
      await page.reload();
      await whenHydrated(page);
      expect(await card.getByTestId("opening-state").textContent()).toContain("Taken by Noa Cohen");
      await screenshot(page, "sync-opening-taken-en-390");

      // In Hebrew, right to left.
      await page.locator("form[action^='/language'] button[value='he']").click();
      await page.waitForFunction(() => document.documentElement.dir === "rtl");
      expect(await page.getByTestId("opening-state").textContent()).toContain("נקבע לNoa Cohen");
      await screenshot(page, "sync-opening-taken-he-390");
      expect(errors).toEqual([]);
    },
  );
});
