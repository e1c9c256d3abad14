// Closing the loop with clients, in Chromium against `npm run dev`'s parts:
// a reminder that asks to confirm goes out through the simulator, the client
// answers "1" and the Calendar shows the booking Confirmed while the client
// got the thanks; another answers "2" and the booking is Cancelled with its
// other messages; a third writes something else and waits for the owner.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { screenshot } from "./support/browser";
import { calendarEvent } from "./support/calendar";
import { useBrowserStack } from "./support/browser-stack";
import { cronForClientsWhoWrote } from "./support/safety";
import { connectWhatsApp, cronUntilSent } from "./support/whatsapp";
import { api, reminderDueNow } from "./support/api";

const { stack, newPage } = useBrowserStack();

// The clients here wrote to the salon first (number safety: automatic messages only to clients with a contact basis).
const cron = (businessId: string) => cronForClientsWhoWrote(stack, businessId);

const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

async function openCalendarEvent(page: Page, text: string) {
  await page.goto(`${stack.appUrl}/dashboard/calendar`);
  await whenHydrated(page);
  await page.getByRole("tab", { name: /^(Calendar|יומן)$/ }).click();
  return calendarEvent(page, text);
}

describe("closing the loop on WhatsApp", () => {
  it('"1" confirms, "2" cancels, anything else waits for the owner', { timeout: 600_000 }, async () => {
    const { page, errors } = await newPage(390);
    await signInAsNewOwner(page, stack.appUrl, {
      name: "Dana Levi",
      business: "Dana Hair",
      email: "dana.loop@example.com",
      password: "loop-pass-123",
    });
    const businessId = await connectWhatsApp(page, stack);
    const waitingClients = () =>
      stack.query(
        `SELECT count(*) AS n FROM clients WHERE business_id = '${businessId}' AND awaiting_reply_at IS NOT NULL`,
      );

    // The wizard's message step: the switch is on for a reminder and the preview shows the line.
    const noa = await reminderDueNow(page, stack.appUrl, { name: "Noa Cohen", phone: "972541234567", time: "10:00" });
    await page.goto(`${stack.appUrl}/dashboard/rules`);
    await whenHydrated(page);
    await page.getByRole("button", { name: "Add new rule" }).click();
    const wizard = page.getByRole("dialog", { name: "Create Follow-up Rule" });
    await wizard.getByRole("radio", { name: /Reminder/ }).check();
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByRole("checkbox", { name: "Haircut" }).check();
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByRole("checkbox", { name: "Select all" }).check();
    await wizard.getByRole("button", { name: "Next" }).click();
    const ask = wizard.getByRole("switch", { name: /Ask the client to confirm/ });
    expect(await ask.isChecked()).toBe(true);
    await expect
      .poll(() => wizard.getByTestId("template-preview").textContent())
      .toContain("Reply 1 to confirm or 2 to cancel.");
    await screenshot(page, "loop-wizard-confirm-switch-en-390");
    await ask.uncheck();
    await expect.poll(() => wizard.getByTestId("template-preview").textContent()).not.toContain("Reply 1 to confirm");
    // A custom time inside quiet hours (21:00 to 08:00) is allowed, with a warning.
    await wizard.getByRole("button", { name: "Next" }).click();
    await wizard.getByRole("radio", { name: "Custom" }).check();
    await wizard.getByLabel("Date").fill(noa.tomorrow);
    await wizard.getByLabel("Time").fill("06:30");
    await expect
      .poll(() => wizard.getByTestId("quiet-warning").textContent())
      .toContain("06:30 is inside your quiet hours (21:00 to 08:00)");
    await wizard.getByLabel("Time").fill("09:30");
    await wizard.getByTestId("quiet-warning").waitFor({ state: "detached" });
    await page.keyboard.press("Escape");

    // Settings: the message settings, saved on their own.
    await page.goto(`${stack.appUrl}/dashboard/settings`);
    await whenHydrated(page);
    const messaging = page.getByTestId("messaging-settings");
    expect(await messaging.getByLabel("Message language").inputValue()).toBe("en");
    await messaging.getByLabel("Pause between messages (seconds)").fill("9");
    await messaging.getByRole("button", { name: "Save message settings" }).click();
    await expect.poll(() => messaging.getByTestId("messaging-error").textContent()).toContain("from 10 to 120");
    await messaging.getByLabel("Pause between messages (seconds)").fill("10");
    await messaging.getByRole("button", { name: "Save message settings" }).click();
    await messaging.getByTestId("messaging-saved").waitFor();
    await messaging.scrollIntoViewIfNeeded();
    await screenshot(page, "loop-settings-messages-en-390");

    // The reminder goes out with the line; the client answers "1".
    await cron(businessId);
    await expect
      .poll(async () => (await stack.sent(businessId)).map((s) => s.text), { timeout: 90_000 })
      .toContainEqual(
        `Hi Noa Cohen, see you for your Haircut on ${noa.tomorrow.split("-").reverse().join("/")}!\n\nReply 1 to confirm or 2 to cancel.`,
      );
    await stack.sim(`${businessId}/incoming`, { from: "972541234567", name: "Noa", body: "1" });
    const thanks = `Thank you! Your Haircut on ${ddmm(noa.tomorrow)} at 10:00 is confirmed.`;
    await expect
      .poll(async () => (await stack.sent(businessId)).filter((s) => s.text === thanks).length, { timeout: 30_000 })
      .toBe(1);

    const event = await openCalendarEvent(page, "Noa Cohen - Haircut");
    await expect.poll(() => event.getAttribute("class")).toContain("status-confirmed");
    await event.click();
    const detail = page.getByTestId("booking-detail");
    await expect.poll(() => detail.getByTestId("booking-status").textContent()).toBe("Confirmed");
    await screenshot(page, "loop-calendar-confirmed-en-390");
    await page.keyboard.press("Escape");

    // The rule's details show the reply.
    await page.goto(`${stack.appUrl}/dashboard/rules`);
    await whenHydrated(page);
    await page.locator(".rule-card").first().click();
    await expect.poll(() => page.getByTestId("rule-client-reply").textContent()).toBe("Replied “1”: confirmed");
    await screenshot(page, "loop-rule-reply-en-390");

    // Another client answers "2": the booking is Cancelled and its follow-up too.
    const avi = await reminderDueNow(page, stack.appUrl, { name: "Avi Levi", phone: "972547654321", time: "12:00" });
    await api(page, stack.appUrl, "/api/rules/create", {
      type: "followup",
      services: ["Haircut"],
      template: "Thanks {name}!",
      schedule_type: "preset",
      schedule_value: "15",
      clients: [{ booking_id: avi.bookingId }],
    });
    await cron(businessId);
    await cronUntilSent(stack, businessId, "Hi Avi Levi");
    await stack.sim(`${businessId}/incoming`, { from: "972547654321", name: "Avi", body: "2" });
    const cancelled = `Thank you! Your Haircut on ${ddmm(avi.tomorrow)} at 12:00 is cancelled.`;
    await expect
      .poll(async () => (await stack.sent(businessId)).filter((s) => s.text === cancelled).length, { timeout: 30_000 })
      .toBe(1);
    expect(stack.query(`SELECT status FROM bookings WHERE id = '${avi.bookingId}'`)).toEqual([{ status: "cancelled" }]);
    expect(
      stack.query(`SELECT m.status, m.last_error FROM scheduled_messages m JOIN rules r ON r.id = m.rule_id
      WHERE m.booking_id = '${avi.bookingId}' AND r.type = 'followup'`),
    ).toEqual([{ status: "cancelled", last_error: "rules.reason.bookingCancelled" }]);
    const aviEvent = await openCalendarEvent(page, "Avi Levi - Haircut");
    await expect.poll(() => aviEvent.getAttribute("class")).toContain("status-cancelled");

    // A third asks something else: nothing changes, nothing is sent, the Clients tab shows she waits.
    const maya = await reminderDueNow(page, stack.appUrl, {
      name: "Maya Azulay",
      phone: "972541112233",
      time: "15:00",
    });
    await cron(businessId);
    await cronUntilSent(stack, businessId, "Hi Maya Azulay");
    const before = (await stack.sent(businessId)).length;
    await stack.sim(`${businessId}/incoming`, { from: "972541112233", name: "Maya", body: "can we make it 6pm?" });
    await expect.poll(waitingClients, { timeout: 15_000 }).toEqual([{ n: 1 }]);
    await page.goto(`${stack.appUrl}/dashboard/clients`);
    await whenHydrated(page);
    await expect.poll(() => page.getByTestId("clients-waiting-count").textContent()).toBe("1");
    const mayaRow = page.getByTestId("client-row").filter({ hasText: "Maya Azulay" });
    await mayaRow.getByTestId("client-waiting").waitFor();
    await mayaRow.locator(".client-head").click();
    await mayaRow.getByTestId("client-waiting-detail").waitFor();
    await screenshot(page, "loop-client-waiting-en-390");
    expect((await stack.sent(businessId)).length).toBe(before);
    expect(stack.query(`SELECT status FROM bookings WHERE id = '${maya.bookingId}'`)).toEqual([
      { status: "scheduled" },
    ]);

    // In Hebrew.
    await page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
    await page.goto(`${stack.appUrl}/dashboard/clients`);
    await whenHydrated(page);
    await page.getByText("ממתין לתשובה שלך").first().waitFor();
    await screenshot(page, "loop-client-waiting-he-390");
    const heEvent = await openCalendarEvent(page, "Noa Cohen - Haircut");
    await heEvent.click();
    await expect
      .poll(() => page.getByTestId("booking-detail").getByTestId("booking-status").textContent())
      .toBe("אושר");
    await screenshot(page, "loop-calendar-confirmed-he-390");
    await page.keyboard.press("Escape");
    await page.goto(`${stack.appUrl}/dashboard/rules`);
    await whenHydrated(page);
    await page.getByRole("button", { name: "הוספת כלל חדש" }).click();
    const heWizard = page.getByRole("dialog");
    await heWizard.getByRole("radio").first().waitFor();
    await heWizard.getByRole("radio").nth(1).check();
    const nextHe = heWizard.locator(".wizard-nav .btn-primary");
    await nextHe.click();
    await heWizard.locator(".pick input[type=checkbox]").first().check();
    await nextHe.click();
    await heWizard.locator(".select-all input").check();
    await nextHe.click();
    await heWizard.getByRole("switch", { name: /לבקש מהלקוח לאשר/ }).waitFor();
    await screenshot(page, "loop-wizard-confirm-switch-he-390");
    await page.keyboard.press("Escape");
    await page.goto(`${stack.appUrl}/dashboard/settings`);
    await whenHydrated(page);
    await page.getByTestId("messaging-settings").getByText("הפסקה בין הודעות (שניות)").scrollIntoViewIfNeeded();
    await screenshot(page, "loop-settings-messages-he-390");

    // The owner answers Maya on the phone: she no longer waits.
    await stack.sim(`${businessId}/reply`, { to: "972541112233", body: "18:00 works, see you!" });
    await expect.poll(waitingClients, { timeout: 15_000 }).toEqual([{ n: 0 }]);
    expect(errors).toEqual([]);
  });
});
