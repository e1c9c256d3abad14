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
import { clientsWroteFirst } from "./support/safety";

const { stack, newPage } = useBrowserStack();

const sim = (path: string, body: unknown = {}) => stack.sim(path, body);
const sent = async (businessId: string) =>
  (await (await fetch(`${stack.simUrl}/__sim/sessions/${businessId}/sent`)).json()) as {
    chatId: string;
    text: string;
  }[];
/** One cron run, as a deploy has every minute. */
const tick = () => stack.cron();
// The clients here wrote to the salon first (number safety: automatic messages only to clients with a contact basis).
const cron = async (businessId: string) => {
  clientsWroteFirst(stack, businessId);
  await tick();
};

/**
 * Waits up to 90 s for the gateway to have sent a text starting with `start`
 * (business-started messages of one number are 10 to 30 s apart at the smallest pause).
 * The test is the cron's clock: a message the consumer put back to wait as
 * Scheduled (WhatsApp's status read as not working for a moment) goes out at
 * the next cron run, which a deploy has every minute and this test runs on
 * each look. If it never goes, the failure says where the booking's messages
 * stand (status, attempts, last error), so a slow run shows its cause.
 */
async function sentSoon(businessId: string, bookingId: string, start: string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if ((await sent(businessId)).some((s) => s.text.startsWith(start))) return;
    await tick();
    await new Promise((r) => setTimeout(r, 1000));
  }
  const rows = stack.query(
    `SELECT status, attempts, last_error, send_at FROM scheduled_messages WHERE booking_id = '${bookingId}'`,
  );
  throw new Error(`"${start}..." was not sent within 90 s; the booking's messages: ${JSON.stringify(rows)}`);
}

async function api(page: Page, path: string, data: unknown) {
  const res = await page.request.post(stack.appUrl + path, { data, headers: { Origin: stack.appUrl } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** Today, now and tomorrow on the browser's clock (the business's zone is the browser's). */
async function clock(page: Page) {
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

/** A booking tomorrow and a reminder for it due this minute; the reminder asks to confirm by default. */
async function remindedBooking(page: Page, name: string, phone: string, time: string) {
  const now = await clock(page);
  const { booking } = await api(page, "/api/bookings", {
    name,
    phone,
    service: "Haircut",
    booking_date: now.tomorrow,
    booking_time: time,
  });
  await api(page, "/api/rules/create", {
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
    await page.getByRole("button", { name: "Connect WhatsApp" }).click();
    await page.getByTestId("wa-qr").waitFor({ timeout: 20_000 });
    const businessId = (await page.locator(".facts .mono").textContent())!.trim();
    await sim(`${businessId}/scan`, { phone: "972501112233", pushName: "Dana Hair" });
    await expect.poll(() => page.getByTestId("wa-status").textContent(), { timeout: 15_000 }).toBe("Connected");

    // The wizard's message step: the switch is on for a reminder and the preview shows the line.
    const noa = await remindedBooking(page, "Noa Cohen", "972541234567", "10:00");
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
      .poll(async () => (await sent(businessId)).map((s) => s.text), { timeout: 90_000 })
      .toContainEqual(
        `Hi Noa Cohen, see you for your Haircut on ${noa.tomorrow.split("-").reverse().join("/")}!\n\nReply 1 to confirm or 2 to cancel.`,
      );
    await sim(`${businessId}/incoming`, { from: "972541234567", name: "Noa", body: "1" });
    const thanks = `Thank you! Your Haircut on ${ddmm(noa.tomorrow)} at 10:00 is confirmed.`;
    await expect
      .poll(async () => (await sent(businessId)).filter((s) => s.text === thanks).length, { timeout: 30_000 })
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
    const avi = await remindedBooking(page, "Avi Levi", "972547654321", "12:00");
    await api(page, "/api/rules/create", {
      type: "followup",
      services: ["Haircut"],
      template: "Thanks {name}!",
      schedule_type: "preset",
      schedule_value: "15",
      clients: [{ booking_id: avi.bookingId }],
    });
    await cron(businessId);
    await sentSoon(businessId, avi.bookingId, "Hi Avi Levi");
    await sim(`${businessId}/incoming`, { from: "972547654321", name: "Avi", body: "2" });
    const cancelled = `Thank you! Your Haircut on ${ddmm(avi.tomorrow)} at 12:00 is cancelled.`;
    await expect
      .poll(async () => (await sent(businessId)).filter((s) => s.text === cancelled).length, { timeout: 30_000 })
      .toBe(1);
    expect(stack.query(`SELECT status FROM bookings WHERE id = '${avi.bookingId}'`)).toEqual([{ status: "cancelled" }]);
    expect(
      stack.query(`SELECT m.status, m.last_error FROM scheduled_messages m JOIN rules r ON r.id = m.rule_id
      WHERE m.booking_id = '${avi.bookingId}' AND r.type = 'followup'`),
    ).toEqual([{ status: "cancelled", last_error: "rules.reason.bookingCancelled" }]);
    const aviEvent = await openCalendarEvent(page, "Avi Levi - Haircut");
    await expect.poll(() => aviEvent.getAttribute("class")).toContain("status-cancelled");

    // A third asks something else: nothing changes, nothing is sent, the Clients tab shows she waits.
    const maya = await remindedBooking(page, "Maya Azulay", "972541112233", "15:00");
    await cron(businessId);
    await sentSoon(businessId, maya.bookingId, "Hi Maya Azulay");
    const before = (await sent(businessId)).length;
    await sim(`${businessId}/incoming`, { from: "972541112233", name: "Maya", body: "can we make it 6pm?" });
    await expect
      .poll(
        () =>
          stack.query(
            `SELECT count(*) AS n FROM clients WHERE business_id = '${businessId}' AND awaiting_reply_at IS NOT NULL`,
          ),
        { timeout: 15_000 },
      )
      .toEqual([{ n: 1 }]);
    await page.goto(`${stack.appUrl}/dashboard/clients`);
    await whenHydrated(page);
    await expect.poll(() => page.getByTestId("clients-waiting-count").textContent()).toBe("1");
    const mayaRow = page.getByTestId("client-row").filter({ hasText: "Maya Azulay" });
    await mayaRow.getByTestId("client-waiting").waitFor();
    await mayaRow.locator(".client-head").click();
    await mayaRow.getByTestId("client-waiting-detail").waitFor();
    await screenshot(page, "loop-client-waiting-en-390");
    expect((await sent(businessId)).length).toBe(before);
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
    await sim(`${businessId}/reply`, { to: "972541112233", body: "18:00 works, see you!" });
    await expect
      .poll(
        () =>
          stack.query(
            `SELECT count(*) AS n FROM clients WHERE business_id = '${businessId}' AND awaiting_reply_at IS NOT NULL`,
          ),
        { timeout: 15_000 },
      )
      .toEqual([{ n: 0 }]);
    expect(errors).toEqual([]);
  });
});
