// The whole product in one run, as a new salon owner meets it: register and
// verify, connect WhatsApp, a customer writes, sync and save the booking,
// a reminder rule for the current minute, the cron, the message on the phone.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { localDate } from "../../app/utils/time-zone";
import { addDays } from "../../app/utils/dates";
import { registerAndLogin } from "./support/account";
import { screenshot } from "./support/browser";
import { browserClock } from "./support/api";
import { useBrowserStack } from "./support/browser-stack";
import { syncEveryContact } from "./support/sync";
import { watchToasts } from "./support/toasts";
import { connectWhatsApp } from "./support/whatsapp";

const { stack, newPage } = useBrowserStack();

const gb = (iso: string) => iso.split("-").reverse().join("/");
const ASK = "Hi! Can I come tomorrow at 5pm for a haircut?";

async function waitMinuteRoom(page: Page) {
  // The rule is set for the current minute: avoid starting in its last seconds.
  const s = new Date().getSeconds();
  if (s > 45) await page.waitForTimeout((61 - s) * 1000);
}

describe("the whole journey", () => {
  it(
    "registers, connects WhatsApp, syncs a customer's booking, and sends a reminder on the cron",
    { timeout: 300_000 },
    async () => {
      const { page, errors } = await newPage(390);
      const toasts = await watchToasts(page);
      await registerAndLogin(page, stack.appUrl, {
        name: "Dana Levi",
        business: "Dana Hair",
        email: "dana.journey@example.com",
        password: "journey-pass-1",
      });

      // Connect WhatsApp.
      const businessId = await connectWhatsApp(page, stack);

      // A customer writes.
      await stack.sim(`${businessId}/incoming`, { from: "972541234567", name: "Maya Azulay", body: ASK });
      await expect
        .poll(() => stack.query(`SELECT count(*) AS n FROM wa_messages WHERE business_id = '${businessId}'`), {
          timeout: 15_000,
        })
        .toEqual([{ n: 1 }]);
      const [{ timestamp, time_zone: zone }] = stack.query<{ timestamp: number; time_zone: string }>(
        `SELECT m.timestamp, b.time_zone FROM wa_messages m JOIN businesses b ON b.id = m.business_id WHERE b.id = '${businessId}'`,
      );
      const tomorrow = addDays(localDate(timestamp, zone), 1);

      // Sync: add the service, select the contact, review and save.
      const group = await syncEveryContact(page, "Haircut", "Maya Azulay");
      expect(await group.getByLabel("Service").inputValue()).toBe("Haircut");
      expect(await group.getByLabel("Date").inputValue()).toBe(tomorrow);
      expect(await group.getByLabel("Time").inputValue()).toBe("17:00");
      await group.getByRole("button", { name: "Save" }).click();
      await toasts.said("Saved 1, skipped 0 for Maya Azulay");
      await screenshot(page, "journey-sync-saved-en-390");

      // A reminder rule at a custom time in the current minute.
      await page.getByRole("link", { name: "Rules" }).click();
      await page.waitForURL(/\/dashboard\/rules$/);
      await page.getByRole("button", { name: "Add new rule" }).click();
      const wizard = page.getByRole("dialog", { name: "Create Follow-up Rule" });
      const next = wizard.getByRole("button", { name: "Next" });
      await wizard.getByRole("radio", { name: /Reminder/ }).check();
      await next.click();
      await wizard.getByRole("checkbox", { name: "Haircut" }).check();
      await next.click();
      await wizard.getByText("Maya Azulay").waitFor();
      await wizard.getByRole("checkbox", { name: "Select all" }).check();
      await next.click();
      await wizard.getByRole("textbox", { name: "Message" }).fill("Hi {name}, see you for your {service} on {date}!");
      await next.click();
      await wizard.getByRole("radio", { name: "Custom" }).check();
      await waitMinuteRoom(page);
      const now = await browserClock(page);
      await wizard.getByLabel("Date").fill(now.date);
      await wizard.getByLabel("Time").fill(now.time);
      await wizard.getByRole("button", { name: "Send" }).click();
      await toasts.said("Successfully created 1 rules!");

      // Maya wrote to the salon's WhatsApp, so Chatbook may send her automatic messages (number safety).
      await expect
        .poll(() => stack.query(`SELECT phone FROM contact_consent WHERE business_id = '${businessId}'`), {
          timeout: 15_000,
        })
        .toEqual([{ phone: "972541234567" }]);
      // The cron runs; the message reaches the customer's chat with the tokens filled in.
      await stack.cron();
      await expect
        .poll(() => stack.sent(businessId), { timeout: 30_000 })
        .toEqual([
          expect.objectContaining({
            chatId: "972541234567@c.us",
            text: `Hi Maya Azulay, see you for your Haircut on ${gb(tomorrow)}!\n\nReply 1 to confirm or 2 to cancel.`,
          }),
        ]);

      // And the rule's client is marked Sent.
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByRole("button", { name: /Haircut/ }).textContent();
          },
          { timeout: 20_000 },
        )
        .toMatch(/Sent/);
      await page.getByRole("button", { name: /Haircut/ }).click();
      expect(await page.getByTestId("rule-details").locator(".rule-client").textContent()).toContain("Sent");
      await screenshot(page, "journey-rule-sent-en-390");
      expect(errors).toEqual([]);
    },
  );
});
