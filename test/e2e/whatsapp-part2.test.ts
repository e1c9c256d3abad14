// Real WhatsApp, part 2, in Chromium against `npm run dev`'s parts, with the
// simulator posting its own signed webhooks: a reminder answered with 👍
// confirms; a "1" from a hidden number (@lid) confirms; the product's own
// reminder echo does not clear a waiting badge; a "2" edited to "1" after the
// booking was cancelled marks the client as waiting; with the next 3 webhooks
// dropped a "1" still confirms (the backstop, its period shortened to 15 s
// through WA_BACKSTOP_MS, since the Durable Object's clock cannot be moved here).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { screenshot } from "./support/browser";
import { calendarEvent } from "./support/calendar";
import { useBrowserStack } from "./support/browser-stack";
import { clientsWroteFirst, shortestPause } from "./support/safety";
import { connectWhatsApp, cronUntilSent } from "./support/whatsapp";
import { api, browserClock, reminderDueNow } from "./support/api";

const { stack, newPage } = useBrowserStack({ vars: { WA_BACKSTOP_MS: "15000" } });

const status = (bookingId: string) =>
  stack.query<{ status: string }>(`SELECT status FROM bookings WHERE id = '${bookingId}'`)[0]?.status;
const waiting = (phone: string) =>
  stack.query<{ text: string | null }>(
    `SELECT awaiting_reply_text AS text FROM clients WHERE phone = '${phone}' AND awaiting_reply_at IS NOT NULL`,
  )[0]?.text ?? null;

/** A booking tomorrow, a reminder for it due this minute (asking to confirm), sent through the simulator. */
async function reminded(page: Page, businessId: string, name: string, phone: string, time: string) {
  const { bookingId } = await reminderDueNow(page, stack.appUrl, { name, phone, time });
  // The client wrote to the salon's WhatsApp before (number safety: automatic messages only to clients with a contact basis).
  clientsWroteFirst(stack, businessId);
  await cronUntilSent(stack, businessId, `Hi ${name}`);
  return bookingId;
}

describe("real WhatsApp, part 2", () => {
  it("reactions, hidden numbers, echoes, edits and a lost webhook", { timeout: 600_000 }, async () => {
    const { page, errors } = await newPage(390);
    await signInAsNewOwner(page, stack.appUrl, {
      name: "Dana Levi",
      business: "Dana Hair",
      email: "dana.part2@example.com",
      password: "part2-pass-123",
    });
    const businessId = await connectWhatsApp(page, stack);
    shortestPause(stack, businessId);
    // The session asks for reactions, edits and deletions, and for WEBJS acks.
    const info = (await (await fetch(`${stack.simUrl}/api/sessions/${businessId}`)).json()) as {
      config: { webhooks: { events: string[] }[]; webjs: unknown };
    };
    expect(info.config.webhooks[0].events).toEqual(
      expect.arrayContaining(["message.reaction", "message.edited", "message.revoked"]),
    );
    expect(info.config.webjs).toEqual({ tagsEventsOn: true });

    // 👍 on the reminder confirms.
    const noa = await reminded(page, businessId, "Noa Cohen", "972541234567", "10:00");
    await stack.sim(`${businessId}/react`, { from: "972541234567", reaction: "👍🏽" });
    await expect.poll(() => status(noa), { timeout: 45_000 }).toBe("confirmed");
    await page.goto(`${stack.appUrl}/dashboard/calendar`);
    await whenHydrated(page);
    await page.getByRole("tab", { name: /^(Calendar|יומן)$/ }).click();
    const event = await calendarEvent(page, "Noa Cohen - Haircut");
    await expect.poll(() => event.getAttribute("class")).toContain("status-confirmed");
    await screenshot(page, "part2-reaction-confirmed-en-390");

    // A "1" from a hidden number confirms (the phone comes beside the lid).
    const lior = await reminded(page, businessId, "Lior Ben", "972549876543", "11:00");
    await stack.sim(`${businessId}/incoming`, {
      from: "198765432101234@lid",
      pn: "972549876543",
      name: "Lior",
      body: "1",
    });
    await expect.poll(() => status(lior), { timeout: 45_000 }).toBe("confirmed");

    // Maya asks something: she waits for the owner. The echo of another message the product sends her does not clear that.
    const maya = await reminded(page, businessId, "Maya Azulay", "972541112233", "15:00");
    await stack.sim(`${businessId}/incoming`, { from: "972541112233", name: "Maya", body: "can we make it 6pm?" });
    await expect.poll(() => waiting("972541112233"), { timeout: 45_000 }).toBe("can we make it 6pm?");
    const now = await browserClock(page);
    await api(page, stack.appUrl, "/api/rules/create", {
      type: "followup",
      services: ["Haircut"],
      template: "Just a reminder, {name}!",
      schedule_type: "custom",
      customDate: now.date,
      customTime: now.time,
      clients: [{ booking_id: maya }],
    });
    await cronUntilSent(stack, businessId, "Just a reminder, Maya");
    const echoes = () =>
      stack.query<{ n: number }>(`SELECT count(*) AS n FROM wa_messages WHERE body LIKE 'Just a reminder, Maya%'`)[0].n;
    await expect.poll(echoes, { timeout: 45_000 }).toBe(1);
    expect(waiting("972541112233")).toBe("can we make it 6pm?");

    // Avi cancels with "2", then edits it to "1": the booking stays cancelled and Avi waits for the owner, with "1".
    const avi = await reminded(page, businessId, "Avi Levi", "972547654321", "12:00");
    await stack.sim(`${businessId}/incoming`, { from: "972547654321", name: "Avi", body: "2" });
    await expect.poll(() => status(avi), { timeout: 45_000 }).toBe("cancelled");
    await stack.sim(`${businessId}/edit`, { from: "972547654321", body: "1" });
    await expect.poll(() => waiting("972547654321"), { timeout: 45_000 }).toBe("1");
    expect(status(avi)).toBe("cancelled");
    await page.goto(`${stack.appUrl}/dashboard/clients`);
    await whenHydrated(page);
    await expect.poll(() => page.getByTestId("clients-waiting-count").textContent()).toBe("2");
    await page.getByTestId("client-row").filter({ hasText: "Avi Levi" }).getByTestId("client-waiting").waitFor();
    await screenshot(page, "part2-edited-answer-waiting-en-390");

    // The next 3 webhooks are lost; Yael's "1" still confirms, read back by the backstop.
    const yael = await reminded(page, businessId, "Yael Mor", "972543332211", "16:00");
    await stack.sim(`${businessId}/drop-webhooks`, { next: 3 });
    await stack.sim(`${businessId}/incoming`, { from: "972543332211", name: "Yael", body: "1" });
    await expect.poll(() => status(yael), { timeout: 120_000, interval: 1000 }).toBe("confirmed");
    const dropped = (await (await fetch(`${stack.simUrl}/__sim/sessions/${businessId}`)).json()) as {
      drops: { dropped: number };
    };
    expect(dropped.drops.dropped).toBeGreaterThanOrEqual(1);
    // Yael is thanked once (the thanks goes out through the queue, paced).
    const thanked = async () => {
      const n = (await stack.sent(businessId)).filter(
        (s) => s.text.startsWith("Thank you! Your Haircut") && s.text.includes("16:00"),
      ).length;
      if (n === 0) await stack.cron(); // a thanks not handed over at once goes with the next sweep
      return n;
    };
    await expect.poll(thanked, { timeout: 60_000, interval: 1000 }).toBe(1);
    expect(errors).toEqual([]);
  });
});
