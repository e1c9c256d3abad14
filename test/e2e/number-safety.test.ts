// Keeping the owner's number safe, on the screens: a reminder for a client who
// never wrote waits under "Send from your phone" in the rule's details (a
// wa.me link with the text, and Done), the Connect tab's pause switch and the
// number's health with its warning. English and Hebrew, 390 and 1280 px.
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";
import { api, browserDay } from "./support/api";

const { stack, newPage } = useBrowserStack();

const T = {
  en: {
    manual: "Send from your phone",
    open: "Open in WhatsApp",
    done: "Done",
    sent: "Sent",
    pause: "Pause all automatic messages",
    paused: "Automatic messages are paused.",
    resumed: "Automatic messages are on again.",
    pauseNow: "Pause now",
    warning: "WhatsApp refused 3 messages in the last day.",
    // The business's message language is the language its owner registered in.
    confirmLine: "Reply 1 to confirm or 2 to cancel.",
  },
  he: {
    manual: "לשליחה מהטלפון",
    open: "פתיחה בוואטסאפ",
    done: "בוצע",
    sent: "נשלח",
    pause: "השהיית כל ההודעות האוטומטיות",
    paused: "ההודעות האוטומטיות מושהות.",
    resumed: "ההודעות האוטומטיות פועלות שוב.",
    pauseNow: "השהיה עכשיו",
    warning: "וואטסאפ דחתה 3 הודעות ביממה האחרונה.",
    confirmLine: "השיבו 1 לאישור או 2 לביטול.",
  },
} as const;

describe("number safety on the screens", () => {
  for (const lang of ["en", "he"] as const) {
    it(
      `a reminder for a client who never wrote waits for the owner's phone; the Connect tab pauses and shows the number's health (${lang})`,
      { timeout: 300_000 },
      async () => {
        const t = T[lang];
        const { page, errors } = await newPage(390);
        if (lang === "he") await page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
        const email = `dana.safety.${lang}.${Date.now()}@example.com`;
        await signInAsNewOwner(page, stack.appUrl, {
          name: "Dana Levi",
          business: "Dana Hair",
          email,
          password: "safety-pass-1",
        });
        const [{ id: businessId }] = stack.query<{ id: string }>(
          `SELECT b.id FROM businesses b JOIN users u ON u.id = b.owner_user_id WHERE u.email = '${email}'`,
        );

        // A client added by hand (never wrote) with a reminder that is due now.
        await api(page, stack.appUrl, "/api/bookings", {
          name: "Maya Azulay",
          phone: "0521234567",
          service: "Haircut",
          booking_date: await browserDay(page, 3),
          booking_time: "10:00",
        });
        const [{ id: bookingId }] = stack.query<{ id: string }>(
          `SELECT id FROM bookings WHERE business_id = '${businessId}'`,
        );
        await api(page, stack.appUrl, "/api/rules/create", {
          type: "reminder",
          services: ["Haircut"],
          template: "Hi {name}, see you for your {service} on {date}!",
          schedule_type: "preset",
          schedule_value: "1",
          clients: [{ booking_id: bookingId }],
        });
        stack.query(
          `UPDATE scheduled_messages SET send_at = ${Date.now() - 60_000} WHERE business_id = '${businessId}'`,
        );
        // As if the phone were connected: the sweep hands due messages over only while WhatsApp is WORKING.
        stack.query(
          `UPDATE businesses SET wa_status = 'WORKING', wa_status_at = ${Date.now() + 600_000} WHERE id = '${businessId}'`,
        );
        await stack.cron();
        // The queue of the shared server hands its consumer one batch at a time, and a batch of an earlier
        // file's messages may wait out their number's pacing (up to 15 s) or a failed batch's retry (30 s) first.
        await expect
          .poll(() => stack.query(`SELECT status FROM scheduled_messages WHERE business_id = '${businessId}'`), {
            timeout: 75_000,
            interval: 1_000,
          })
          .toEqual([{ status: "manual" }]);

        await page.goto(`${stack.appUrl}/dashboard/rules`);
        await whenHydrated(page);
        await page.getByTestId("rule-cards").getByRole("button").first().click();
        const details = page.getByTestId("rule-details");
        await expect.poll(() => details.locator(".rule-client .badge").textContent()).toBe(t.manual);
        const open = details.getByRole("link", { name: t.open });
        const href = (await open.getAttribute("href"))!;
        expect(href.startsWith("https://wa.me/972521234567?text=")).toBe(true);
        const text = decodeURIComponent(href.split("?text=")[1]);
        expect(text).toMatch(/^Hi Maya Azulay, see you for your Haircut on \d\d\/\d\d\/\d{4}!\n\n/);
        expect(text.endsWith(t.confirmLine)).toBe(true);
        await screenshot(page, `safety-manual-${lang}-390`);
        await details.getByRole("button", { name: t.done }).click();
        await expect.poll(() => details.locator(".rule-client .badge").textContent(), { timeout: 10_000 }).toBe(t.sent);
        expect(stack.query(`SELECT status FROM scheduled_messages WHERE business_id = '${businessId}'`)).toEqual([
          { status: "sent" },
        ]);

        // The Connect tab: the pause switch holds everything until it is off.
        await page.goto(`${stack.appUrl}/dashboard`);
        await whenHydrated(page);
        const card = page.getByTestId("safety-card");
        await expect.poll(() => card.getByTestId("health-sent").locator("dd").textContent()).toBe("1");
        const toggle = page.getByRole("switch", { name: t.pause });
        expect(await toggle.isChecked()).toBe(false);
        await toggle.click();
        await expect.poll(() => page.getByTestId("safety-toast").textContent()).toContain(t.paused);
        expect(stack.query(`SELECT paused FROM businesses WHERE id = '${businessId}'`)).toEqual([{ paused: 1 }]);
        await screenshot(page, `safety-connect-paused-${lang}-390`);
        await toggle.click();
        await expect.poll(() => page.getByTestId("safety-toast").textContent()).toContain(t.resumed);
        expect(stack.query(`SELECT paused FROM businesses WHERE id = '${businessId}'`)).toEqual([{ paused: 0 }]);

        // Three refusals in a day: the tab warns and offers to pause (at 1280 px).
        const refused = [0, 1, 2].map((i) => `refused-${lang}-${i}`);
        for (const id of refused) {
          stack.query(
            `INSERT INTO rules (id, business_id, group_id, type, services, template, schedule_type) VALUES ('${id}', '${businessId}', '${id}', 'followup', '["Haircut"]', 'Hi', 'preset');
             INSERT INTO scheduled_messages (id, business_id, rule_id, booking_id, send_date, send_at, status, sent_at, ack, provider_message_id)
             VALUES ('${id}', '${businessId}', '${id}', '${bookingId}', '${await browserDay(page, 0)}', ${Date.now()}, 'failed', ${Date.now()}, -1, 'wamid-${id}');`,
          );
        }
        await page.setViewportSize({ width: 1280, height: 900 });
        await page.reload();
        await whenHydrated(page);
        const warning = page.getByTestId("safety-warning");
        await expect.poll(() => warning.textContent()).toContain(t.warning);
        expect(await card.getByTestId("health-refused").locator("dd").textContent()).toBe("3");
        await screenshot(page, `safety-connect-warning-${lang}-1280`);
        await warning.getByRole("button", { name: t.pauseNow }).click();
        await expect.poll(() => page.getByTestId("safety-toast").textContent()).toContain(t.paused);
        expect(await page.getByRole("switch", { name: t.pause }).isChecked()).toBe(true);
        expect(stack.query(`SELECT paused FROM businesses WHERE id = '${businessId}'`)).toEqual([{ paused: 1 }]);
        expect(errors).toEqual([]);
      },
    );
  }
});
