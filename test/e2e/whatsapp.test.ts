// WhatsApp in the real world, as an owner lives it with `npm run dev`'s parts
// (wrangler dev + the simulator behaving like WAHA's NOWEB engine): an owner's
// reply typed on the phone reaches Sync; a reminder due during a 12 s
// disconnect, or while the phone is logged out, waits and goes out once; a
// restricted send ends Failed with its reason; a session the gateway forgets
// stops showing Connected.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { screenshot } from "./support/browser";
import { reminderDueNow } from "./support/api";
import { useBrowserStack } from "./support/browser-stack";
import { syncEveryContact } from "./support/sync";
import { cronForClientsWhoWrote, shortestPause } from "./support/safety";
import { connectWhatsApp } from "./support/whatsapp";

const { stack, newPage } = useBrowserStack();

// Long enough for the checks made while WhatsApp is away, on a busy machine.
const DISCONNECT_SECONDS = 20;
// A reminder right after another waits the number's pacing gap (up to three times the 10 s pause) and the queue's retry.
const PACED_MS = 60_000;

/** Opens the first rule's details, in whatever language the page is in. */
async function ruleDetails(page: Page) {
  await page.goto(`${stack.appUrl}/dashboard/rules`);
  await whenHydrated(page);
  await page.locator(".rule-card").first().click();
  const details = page.getByTestId("rule-details");
  await details.waitFor();
  return details;
}

describe("WhatsApp in the real world", () => {
  it(
    "owner replies, a disconnect, a logged-out phone, a restricted number and a forgotten session",
    { timeout: 600_000 },
    async () => {
      const { page, errors } = await newPage(390);
      await signInAsNewOwner(page, stack.appUrl, {
        name: "Dana Levi",
        business: "Dana Hair",
        email: "dana.realworld@example.com",
        password: "realworld-pass-1",
      });

      const businessId = await connectWhatsApp(page, stack, "972501112233");
      shortestPause(stack, businessId);

      // 1. The customer asks without a time; the owner answers on the phone with one.
      await stack.sim(`${businessId}/incoming`, {
        from: "972541234567",
        name: "Maya Azulay",
        body: "Hi! Can I come tomorrow for a haircut?",
      });
      // The owner answers what they have read: the question is in before the answer.
      await expect
        .poll(() => stack.query(`SELECT from_me FROM wa_messages WHERE business_id = '${businessId}'`), {
          timeout: 15_000,
        })
        .toEqual([{ from_me: 0 }]);
      await stack.sim(`${businessId}/reply`, { to: "972541234567", body: "Tomorrow at 17:00 works?" });
      await expect
        .poll(
          () =>
            stack.query(
              `SELECT from_me, chat_id FROM wa_messages WHERE business_id = '${businessId}' ORDER BY from_me`,
            ),
          { timeout: 15_000 },
        )
        .toEqual([
          { from_me: 0, chat_id: "972541234567@c.us" },
          { from_me: 1, chat_id: "972541234567@c.us" },
        ]);
      const group = await syncEveryContact(page, "Haircut", "Maya Azulay");
      expect(await group.getByLabel("Time").inputValue()).toBe("17:00");
      await screenshot(page, "whatsapp-owner-reply-sync-en-390");

      // 2. A reminder due during a disconnect waits, then goes out once. The
      // window is long enough for the checks below on a busy machine.
      await reminderDueNow(page, stack.appUrl, { name: "Noa Cohen", phone: "972541110001" });
      await stack.sim(`${businessId}/disconnect`, { seconds: DISCONNECT_SECONDS });
      await expect
        .poll(() => stack.query(`SELECT wa_status FROM businesses WHERE id = '${businessId}'`), { timeout: 10_000 })
        .toEqual([{ wa_status: "STARTING" }]);
      await cronForClientsWhoWrote(stack, businessId);
      await page.goto(`${stack.appUrl}/dashboard`);
      await page.getByTestId("wa-waiting").waitFor({ timeout: 10_000 });
      expect(await page.getByTestId("wa-waiting").textContent()).toContain("Waiting for WhatsApp to reconnect");
      await screenshot(page, "whatsapp-waiting-connect-en-390");
      expect(await stack.sent(businessId)).toEqual([]);
      await expect
        .poll(() => stack.simStatus(businessId), { timeout: DISCONNECT_SECONDS * 1000 + 10_000 })
        .toBe("WORKING");
      await expect
        .poll(() => stack.query(`SELECT wa_status FROM businesses WHERE id = '${businessId}'`), { timeout: 15_000 })
        .toEqual([{ wa_status: "WORKING" }]);
      await cronForClientsWhoWrote(stack, businessId);
      await expect
        .poll(() => stack.sent(businessId), { timeout: 30_000 })
        .toEqual([expect.objectContaining({ chatId: "972541110001@c.us" })]);

      // 3. The phone is logged out: a reminder due then stays Scheduled, shown as waiting, and goes out once after a new scan.
      await fetch(`${stack.simUrl}/api/sessions/${businessId}/logout`, { method: "POST" });
      await expect.poll(() => stack.simStatus(businessId), { timeout: 10_000 }).toBe("SCAN_QR_CODE");
      await reminderDueNow(page, stack.appUrl, { name: "Lior Ben David", phone: "972541110002" });
      await expect
        .poll(
          () =>
            stack.query<{ wa_status: string }>(`SELECT wa_status FROM businesses WHERE id = '${businessId}'`)[0]
              .wa_status,
          { timeout: 15_000 },
        )
        .not.toBe("WORKING");
      await cronForClientsWhoWrote(stack, businessId);
      const waiting = await ruleDetails(page);
      await expect.poll(() => waiting.getByTestId("rule-client-waiting").count(), { timeout: 10_000 }).toBe(1);
      await screenshot(page, "whatsapp-waiting-rule-en-390");
      expect(
        stack.query(
          `SELECT status FROM scheduled_messages WHERE business_id = '${businessId}' AND status = 'scheduled'`,
        ),
      ).toHaveLength(1);
      await stack.sim(`${businessId}/scan`, { phone: "972501112233", pushName: "Dana Hair" });
      await expect
        .poll(() => stack.query(`SELECT wa_status FROM businesses WHERE id = '${businessId}'`), { timeout: 15_000 })
        .toEqual([{ wa_status: "WORKING" }]);
      await cronForClientsWhoWrote(stack, businessId);
      // Automatic messages keep a human gap (here 10 to 30 s) after the number's previous send.
      await expect.poll(async () => (await stack.sent(businessId)).length, { timeout: PACED_MS }).toBe(2);
      expect((await stack.sent(businessId))[1].chatId).toBe("972541110002@c.us");

      // 4. WhatsApp restricts the number: the send is accepted, then refused; the rule says why.
      await stack.sim(`${businessId}/restrict`, { next: 1 });
      await reminderDueNow(page, stack.appUrl, { name: "Yael Shapiro", phone: "972541110003" });
      await cronForClientsWhoWrote(stack, businessId);
      await expect
        .poll(
          () =>
            stack.query<{ last_error: string }>(
              `SELECT last_error FROM scheduled_messages WHERE business_id = '${businessId}' AND status = 'failed'`,
            ),
          {
            timeout: PACED_MS,
          },
        )
        .toEqual([{ last_error: "rules.reason.restricted" }]);
      const failed = await ruleDetails(page);
      expect(await failed.textContent()).toContain("error 463");
      await screenshot(page, "whatsapp-restricted-rule-en-390");
      expect((await stack.sent(businessId)).length).toBe(3);

      // 5. The gateway forgets the session (a WAHA restarted without its volume): no longer Connected within a minute.
      await stack.sim(`${businessId}/forget`);
      await page.goto(`${stack.appUrl}/dashboard`);
      await expect
        .poll(
          async () => {
            await page.reload();
            return page.getByTestId("wa-status").textContent();
          },
          { timeout: 75_000, interval: 5_000 },
        )
        .not.toBe("Connected");
      await page.getByRole("button", { name: "Connect WhatsApp" }).waitFor();
      await screenshot(page, "whatsapp-forgotten-en-390");
      expect(errors).toEqual([]);
    },
  );

  it("shows the waiting state in Hebrew", { timeout: 300_000 }, async () => {
    const { page, errors } = await newPage(390);
    await signInAsNewOwner(page, stack.appUrl, {
      name: "Dana Levi",
      business: "Dana Hair",
      email: "dana.realworld.he@example.com",
      password: "realworld-pass-2",
    });
    const businessId = await connectWhatsApp(page, stack, "972501112299");
    await reminderDueNow(page, stack.appUrl, { name: "נועה כהן", phone: "972541110009" });
    await stack.sim(`${businessId}/disconnect`, { seconds: 60 });
    await expect
      .poll(() => stack.query(`SELECT wa_status FROM businesses WHERE id = '${businessId}'`), { timeout: 10_000 })
      .toEqual([{ wa_status: "STARTING" }]);
    await cronForClientsWhoWrote(stack, businessId);
    await page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
    await page.goto(`${stack.appUrl}/dashboard`);
    await page.getByTestId("wa-waiting").waitFor({ timeout: 10_000 });
    expect(await page.getByTestId("wa-waiting").textContent()).toContain("ממתין לחיבור מחדש של וואטסאפ");
    expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
    await screenshot(page, "whatsapp-waiting-connect-he-390");
    const details = await ruleDetails(page);
    expect(await details.getByTestId("rule-client-waiting").textContent()).toBe("ממתין לחיבור מחדש של וואטסאפ");
    await screenshot(page, "whatsapp-waiting-rule-he-390");
    expect(errors).toEqual([]);
  });
});
