// Issue 27's drafted replies as an owner meets them: two customers ask for a
// free time on WhatsApp (one in English, one in Hebrew), the chats go quiet,
// and the Sync tab holds a reply for each offering times that are free in the
// calendar. The owner edits the English one and sends it (it reaches the
// customer's chat through the simulator), then reads the Hebrew one on a
// Hebrew screen and dismisses it. Nothing is seeded but the working hours:
// the webhooks, the business's Durable Object, the extractor, the availability
// module and the one-off queue are all real. Noa then takes one of the times
// (a booking request, accepted) and asks to move it (a change proposal whose
// Move moves the booking).
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";
import { watchToasts } from "./support/toasts";
import { connectWhatsApp } from "./support/whatsapp";

const { stack, newPage } = useBrowserStack();

const NOA = "972541230001";
const YAEL = "972541230002";
const ASK_EN = "Hi, do you have anything tomorrow afternoon for a haircut?";
const ASK_HE = "היי, יש משהו מחר בערב לתספורת?";
const OPEN_ALL_WEEK = JSON.stringify(
  Object.fromEntries(Array.from({ length: 7 }, (_, d) => [String(d), [["09:00", "19:00"]]])),
);
// A chat is read once it has been quiet a while (10 s on the shared stack: WA_LIVE_QUIET_MS), then the draft is written.
const READ_AFTER_QUIET = 150_000;

describe("drafted replies on the Sync tab", () => {
  it(
    "a customer asks for a time: the owner edits and sends the reply; a Hebrew one is read in Hebrew and dismissed",
    { timeout: 600_000 },
    async () => {
      const { page, errors } = await newPage(390);
      const { businessId } = await signInAsNewOwner(page, stack.appUrl, {
        name: "Dana Levi",
        business: "Dana Hair",
        email: "dana.drafts@example.com",
        password: "drafts-pass-1",
      });
      stack.query(`UPDATE businesses SET working_hours = '${OPEN_ALL_WEEK}' WHERE id = '${businessId}'`);
      const sent = () => stack.sent(businessId);

      expect(await connectWhatsApp(page, stack)).toBe(businessId);
      await page.getByRole("link", { name: "Sync" }).click();
      await page.waitForURL(/\/dashboard\/sync$/);
      await page.getByLabel("Service name").fill("Haircut");
      await page.getByRole("button", { name: "Add Service" }).click();
      await page.getByRole("button", { name: "Haircut", exact: true }).waitFor();

      // Both customers ask; the owner does not answer on the phone.
      await stack.sim(`${businessId}/incoming`, { from: NOA, name: "Noa Cohen", body: ASK_EN });
      await stack.sim(`${businessId}/incoming`, { from: YAEL, name: "יעל לוי", body: ASK_HE });
      await expect
        .poll(
          () =>
            stack.query(
              `SELECT client_name FROM drafts WHERE business_id = '${businessId}' AND status = 'open' ORDER BY client_name`,
            ),
          {
            timeout: READ_AFTER_QUIET,
            interval: 1_000,
          },
        )
        .toEqual([{ client_name: "Noa Cohen" }, { client_name: "יעל לוי" }]);

      // The Sync tab lists both, each with the customer's words, the offered times and the reply.
      await page.reload();
      await whenHydrated(page);
      const drafts = page.getByTestId("drafts");
      expect(await drafts.getByRole("heading", { level: 2 }).textContent()).toBe("Replies ready to send (2)");
      const noa = page.getByTestId("draft-card").filter({ hasText: "Noa Cohen" });
      expect(await noa.getByTestId("draft-question").textContent()).toBe(ASK_EN);
      expect(await noa.getByText("Tomorrow", { exact: true }).count()).toBe(1);
      const offered = (await noa.locator(".draft-slot-list li").allTextContents()).map((s) => s.trim());
      expect(offered.length).toBeGreaterThan(0);
      for (const time of offered) expect(time >= "12:00" && time < "17:00", time).toBe(true);
      const [{ text: drafted }] = stack.query<{ text: string }>(
        `SELECT text FROM drafts WHERE business_id = '${businessId}' AND client_name = 'Noa Cohen'`,
      );
      expect(drafted).toMatch(/^Hi Noa! Tomorrow I can do /);
      for (const time of offered) expect(drafted).toContain(time);
      expect(await noa.textContent()).toContain(drafted);
      await screenshot(page, "drafts-en-390");

      // Edit then Send: the owner's own words go, once, to Noa's chat; the card leaves.
      const toasts = await watchToasts(page);
      await noa.getByRole("button", { name: "Edit then Send" }).click();
      const reply = noa.getByLabel("Your reply");
      await expect.poll(() => reply.evaluate((el) => el === document.activeElement)).toBe(true);
      const mine = `${drafted} See you soon!`;
      await reply.fill(mine);
      await screenshot(page, "drafts-edit-en-390");
      await noa.getByRole("button", { name: "Send", exact: true }).click();
      await toasts.said("Reply on its way to Noa Cohen.");
      await noa.waitFor({ state: "detached" });
      await expect
        .poll(async () => (await sent()).filter((m) => m.chatId === `${NOA}@c.us`).map((m) => m.text), {
          timeout: 60_000,
          interval: 1_000,
        })
        .toEqual([mine]);
      expect(
        stack.query(`SELECT status FROM drafts WHERE business_id = '${businessId}' AND client_name = 'Noa Cohen'`),
      ).toEqual([{ status: "sent" }]);

      // Noa takes the last time offered: after the quiet period, a booking request for it; one tap books it.
      const chosen = offered[offered.length - 1];
      const openProposals = () =>
        stack.query(`SELECT kind, time FROM proposals WHERE business_id = '${businessId}' AND status = 'open'`);
      await stack.sim(`${businessId}/incoming`, { from: NOA, name: "Noa Cohen", body: `${chosen} please` });
      await expect
        .poll(openProposals, { timeout: READ_AFTER_QUIET, interval: 1_000 })
        .toEqual([{ kind: "booking", time: chosen }]);
      await page.reload();
      await whenHydrated(page);
      const request = page.getByTestId("proposal-card").filter({ hasText: "Noa Cohen" });
      await request.getByRole("button", { name: "Accept Haircut for Noa Cohen" }).click();
      await toasts.said("Booking saved for Noa Cohen.");
      await request.waitFor({ state: "detached" });
      const booking = () =>
        stack.query(`SELECT booking_time AS time, status FROM bookings WHERE business_id = '${businessId}'`);
      expect(booking()).toEqual([{ time: chosen, status: "scheduled" }]);

      // Then asks to move it: a change proposal showing the booked time and the new one; Move moves the booking.
      await stack.sim(`${businessId}/incoming`, { from: NOA, name: "Noa Cohen", body: "can we move it to 18:00?" });
      await expect
        .poll(openProposals, { timeout: READ_AFTER_QUIET, interval: 1_000 })
        .toEqual([{ kind: "reschedule", time: "18:00" }]);
      await page.reload();
      await whenHydrated(page);
      const change = page.getByTestId("proposal-card").filter({ hasText: "Noa Cohen" });
      expect(await change.textContent()).toContain("Asks to move the booking");
      expect(await change.textContent()).toContain(chosen);
      expect(await change.textContent()).toContain("18:00");
      await screenshot(page, "drafts-change-en-390");
      await change.getByRole("button", { name: "Move", exact: true }).click();
      await toasts.said("Booking updated for Noa Cohen.");
      await change.waitFor({ state: "detached" });
      expect(booking()).toEqual([{ time: "18:00", status: "scheduled" }]);

      // In Hebrew: the screen and the reply are Hebrew, right to left; Dismiss sends nothing.
      await page.locator("form[action^='/language'] button[value='he']").click();
      await expect.poll(() => page.locator("html").getAttribute("dir")).toBe("rtl");
      await whenHydrated(page);
      expect(await drafts.getByRole("heading", { level: 2 }).textContent()).toBe("תשובות מוכנות לשליחה (1)");
      const yael = page.getByTestId("draft-card").filter({ hasText: "יעל לוי" });
      expect(await yael.getByTestId("draft-question").textContent()).toBe(ASK_HE);
      expect(await yael.getByText("מחר", { exact: true }).count()).toBe(1);
      expect(await yael.textContent()).toMatch(/היי יעל! מחר אפשר ב-/);
      await screenshot(page, "drafts-he-390");
      const heToasts = await watchToasts(page);
      await yael.getByRole("button", { name: "דחיית התשובה אל יעל לוי" }).click();
      await heToasts.said("הטיוטה נדחתה.");
      await yael.waitFor({ state: "detached" });
      expect(await page.getByTestId("drafts").count()).toBe(0);
      expect(
        stack.query(`SELECT status FROM drafts WHERE business_id = '${businessId}' AND client_name = 'יעל לוי'`),
      ).toEqual([{ status: "dismissed" }]);
      expect((await sent()).filter((m) => m.chatId === `${YAEL}@c.us`)).toEqual([]);
      expect(errors).toEqual([]);
    },
  );
});
