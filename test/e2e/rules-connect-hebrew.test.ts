// The Rules and Connect tabs on Hebrew screens: every kind of message the
// server can answer there reads in Hebrew. Connect: a gateway too old, a
// gateway that does not answer (while connecting, while polling, on Restart,
// Cancel and Logout), through the simulator's control endpoints. Rules: a
// Send the server refuses (a date in the past, a booking gone, signed out), a
// Delete of a rule already gone, and the reasons in rule details (cancelled,
// an old row stored in English, WhatsApp's 463 refusal).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";
import { gateway as setGateway, keepGatewayAsFound } from "./support/gateway";
import { watchToasts } from "./support/toasts";
import { cronForClientsWhoWrote } from "./support/safety";
import { api, browserClock, browserDay } from "./support/api";

const { stack, newPage } = useBrowserStack();

keepGatewayAsFound(stack);
const gateway = (settings: { version?: string; down?: boolean }) => setGateway(stack, settings);
// The clients here wrote to the salon first (number safety: automatic messages only to clients with a contact basis).
const cron = (businessId: string) => cronForClientsWhoWrote(stack, businessId);

/** Answers the server gave with an error status are logged by the browser (this file provokes them); anything else is a real console error. */
const REFUSED = { expectedErrors: [/Failed to load resource: the server responded with a status of (40[014]|50[23])/] };

async function hebrewOwner(page: Page, who: string) {
  await signInAsNewOwner(page, stack.appUrl, {
    name: "Dana Levi",
    business: `${who} Salon`,
    email: `hebrew.${who.toLowerCase()}.${Date.now()}@example.com`,
    password: "hebrew-pass-1",
  });
  await page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
  const profile = await (await page.request.get(`${stack.appUrl}/api/user/profile`)).json();
  return profile.data.business_id as string;
}

describe("Connect tab in Hebrew", () => {
  it("says the gateway's failures in Hebrew", { timeout: 300_000 }, async () => {
    const { page, errors } = await newPage(390, undefined, REFUSED);
    const businessId = await hebrewOwner(page, "Connect");
    await page.goto(`${stack.appUrl}/dashboard`);
    await whenHydrated(page);
    const status = page.getByTestId("wa-status");
    const alert = page.locator(".alert-error");
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe("מנותק");

    // A WAHA too old for Chatbook: refused before anything is created.
    await gateway({ version: "2024.10.8" });
    await page.getByRole("button", { name: "חיבור וואטסאפ" }).click();
    await expect
      .poll(() => alert.textContent(), { timeout: 15_000 })
      .toBe(
        "שער הוואטסאפ שלכם הוא WAHA 2024.10.8, ישן מדי עבור Chatbook: נדרש WAHA 2026.6.1 ומעלה לסשנים בעלי שם, ל-webhooks חתומים ולחותמות זמן. עדכנו את השער והתחברו שוב.",
      );
    expect(await status.textContent()).toBe("מנותק");
    await screenshot(page, "connect-too-old-he-390");
    await gateway({ version: "2026.7.1" });

    // No gateway at all: Connect fails, and the panel stays where it was.
    await gateway({ down: true });
    await page.getByRole("button", { name: "חיבור וואטסאפ" }).click();
    await expect.poll(() => alert.textContent(), { timeout: 15_000 }).toBe("יצירת הסשן נכשלה");
    expect(await status.textContent()).toBe("מנותק");
    await screenshot(page, "connect-create-failed-he-390");

    // The gateway goes away while the QR is shown: the 2-second poll says so.
    await gateway({ down: false });
    await page.getByRole("button", { name: "חיבור וואטסאפ" }).click();
    await page.getByTestId("wa-qr").waitFor({ timeout: 20_000 });
    expect(await status.textContent()).toBe("סריקת QR");
    expect(await alert.count()).toBe(0);
    await gateway({ down: true });
    await expect.poll(() => alert.textContent().catch(() => null), { timeout: 20_000 }).toBe("שגיאה בבדיקת הסשן");
    await screenshot(page, "connect-checking-he-390");

    // Back, then FAILED: leaving the QR clears the error; Restart and Cancel fail while the gateway is away.
    await gateway({ down: false });
    await stack.sim(`${businessId}/fail`);
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe("נכשל");
    expect(await alert.count()).toBe(0);
    await gateway({ down: true });
    await page.getByRole("button", { name: "הפעלה מחדש" }).click();
    await expect
      .poll(() => alert.textContent().catch(() => null), { timeout: 15_000 })
      .toBe("ההפעלה מחדש של הסשן נכשלה");
    await page.getByRole("button", { name: "ביטול הסשן" }).click();
    await expect.poll(() => alert.textContent().catch(() => null), { timeout: 15_000 }).toBe("מחיקת הסשן נכשלה");
    expect(await status.textContent()).toBe("נכשל");
    await screenshot(page, "connect-delete-failed-he-390");

    // Connected, then Logout while the gateway is away.
    await gateway({ down: false });
    await page.getByRole("button", { name: "הפעלה מחדש" }).click();
    await page.getByTestId("wa-qr").waitFor({ timeout: 30_000 });
    await stack.sim(`${businessId}/scan`, { phone: "972501112233", pushName: "Dana Hair" });
    await expect.poll(() => status.textContent(), { timeout: 20_000 }).toBe("מחובר");
    await gateway({ down: true });
    await page.getByRole("button", { name: "התנתקות מוואטסאפ" }).click();
    await expect.poll(() => alert.textContent().catch(() => null), { timeout: 15_000 }).toBe("ההתנתקות נכשלה");
    expect(await status.textContent()).toBe("מחובר");
    await screenshot(page, "connect-logout-failed-he-390");
    await gateway({ down: false });

    expect(errors).toEqual([]);
    await page.context().close();
  });
});

describe("Rules tab in Hebrew", () => {
  it("says the server's refusals and the reasons in rule details in Hebrew", { timeout: 400_000 }, async () => {
    const { page, errors } = await newPage(390, undefined, REFUSED);
    const toasts = await watchToasts(page);
    const businessId = await hebrewOwner(page, "Rules");
    const booking = async (name: string, phone: string, service: string, date: string, time: string) =>
      (
        await api(page, stack.appUrl, "/api/bookings", {
          name,
          phone,
          service,
          booking_date: date,
          booking_time: time,
          notes: "",
        })
      ).booking.id as string;
    const noa = await booking("Noa Cohen", "972501111111", "Haircut", await browserDay(page, 1), "18:00");
    const avi = await booking("Avi Levi", "972502222222", "Haircut", await browserDay(page, 3), "09:00");
    const dana = await booking("Dana Bar", "972503333333", "Coloring", await browserDay(page, -2), "10:00");

    await page.goto(`${stack.appUrl}/dashboard/rules`);
    await whenHydrated(page);
    await expect.poll(() => page.locator("h1").textContent()).toBe("רשימת כללים");

    // The wizard, up to Send, for Noa and Avi.
    const wizard = page.getByRole("dialog", { name: "יצירת כלל מעקב" });
    const next = wizard.getByRole("button", { name: "הבא" });
    await page.getByRole("button", { name: "הוספת כלל חדש" }).click();
    await wizard.getByRole("radio", { name: /מעקב/ }).check();
    await next.click();
    await wizard.getByRole("checkbox", { name: "Haircut" }).check();
    await next.click();
    await wizard.getByText("Avi Levi").waitFor();
    await wizard.getByRole("checkbox", { name: "בחירת הכול" }).check();
    await next.click();
    await next.click();
    // "When the client is due", with what it means, in Hebrew.
    await wizard.getByRole("radio", { name: "כשהלקוח/ה אמור/ה לחזור" }).check();
    await wizard.getByText(/^לפי הקצב של כל לקוח\/ה/).waitFor();
    await screenshot(page, "rules-wizard-due-he-390");
    await wizard.getByRole("radio", { name: "מותאם אישית" }).check();
    const send = wizard.getByRole("button", { name: "שליחה" });

    // A date the browser lets through but the server refuses.
    await wizard.getByLabel("תאריך").fill("2020-01-01");
    await wizard.getByLabel("שעה").fill("10:00");
    await send.click();
    await toasts.said("יצירת הכלל נכשלה: התאריך המותאם לא יכול להיות בעבר.");
    await screenshot(page, "rules-refused-past-he-390");

    // A booking deleted since the list was loaded.
    await api(page, stack.appUrl, `/api/bookings/${avi}`, undefined, "DELETE");
    await wizard.getByLabel("תאריך").fill(await browserDay(page, 5));
    await send.click();
    await toasts.said("יצירת הכלל נכשלה: התור לא נמצא.");

    // Signed out in the meantime: the spec's 'Please login again', in Hebrew.
    const cookies = await page.context().cookies();
    await page.context().clearCookies();
    await send.click();
    await toasts.said("יש להתחבר מחדש");
    await page.context().addCookies(cookies);
    await page.keyboard.press("Escape");
    await wizard.waitFor({ state: "detached" });

    // A reminder for an appointment already past is cancelled with its reason; a follow-up's old row says why in English.
    await api(page, stack.appUrl, "/api/rules/create", {
      type: "reminder",
      services: ["Coloring"],
      template: "Hi {name}",
      schedule_type: "preset",
      schedule_value: "1",
      clients: [{ booking_id: dana }],
    });
    const { rule_group_id: noaGroup } = await api(page, stack.appUrl, "/api/rules/create", {
      type: "followup",
      services: ["Haircut"],
      template: "Hi {name}",
      schedule_type: "preset",
      schedule_value: "15",
      clients: [{ booking_id: noa }],
    });
    stack.query(
      `UPDATE scheduled_messages SET status = 'failed', last_error = 'rules.reason.missed' WHERE booking_id = '${noa}'`,
    );

    const details = page.getByTestId("rule-details");
    const openCard = async (service: string) => {
      await page.goto(`${stack.appUrl}/dashboard/rules`);
      await whenHydrated(page);
      await page.locator(".rule-card", { hasText: service }).click();
      await details.waitFor();
    };
    await openCard("Coloring");
    expect(await details.locator(".rule-client-reason").textContent()).toBe("סיבה: התור כבר עבר.");
    await screenshot(page, "rules-reason-cancelled-he-390");

    await openCard("Haircut");
    expect(await details.locator(".rule-client-reason").textContent()).toBe(
      "סיבה: הוחמץ: לא נשלח בתוך 6 שעות מהמועד המתוכנן.",
    );
    await screenshot(page, "rules-reason-missed-he-390");

    // Deleted elsewhere while its details are open.
    await api(page, stack.appUrl, `/api/rules/delete/group/${noaGroup}`, undefined, "DELETE");
    await details.getByRole("button", { name: "מחיקת כלל" }).click();
    await page
      .getByRole("alertdialog", { name: "מחיקת כלל" })
      .getByRole("button", { name: "מחיקה", exact: true })
      .click();
    await toasts.said("מחיקת הכלל נכשלה: הכלל לא נמצא.");
    await screenshot(page, "rules-delete-missing-he-390");

    // WhatsApp refuses a sent reminder (463): the rule says why, in Hebrew.
    await api(page, stack.appUrl, "/api/sessions", { name: businessId });
    const simStatus = () => stack.simStatus(businessId);
    await expect.poll(simStatus, { timeout: 15_000 }).toBe("SCAN_QR_CODE");
    await stack.sim(`${businessId}/scan`, { phone: "972501112244", pushName: "Rules Salon" });
    await expect.poll(simStatus, { timeout: 15_000 }).toBe("WORKING");
    // The cron sends only while the product knows WhatsApp is WORKING (a missed read is set right by the next poll, within a minute).
    await expect
      .poll(() => stack.query(`SELECT wa_status FROM businesses WHERE id = '${businessId}'`), { timeout: 90_000 })
      .toEqual([{ wa_status: "WORKING" }]);
    await stack.sim(`${businessId}/restrict`, { next: 1 });
    const now = await browserClock(page);
    const yael = await booking("Yael Shapiro", "972504444444", "Styling", now.tomorrow, "18:00");
    await api(page, stack.appUrl, "/api/rules/create", {
      type: "reminder",
      services: ["Styling"],
      template: "Hi {name}, see you on {date}",
      schedule_type: "custom",
      customDate: now.date,
      customTime: now.time,
      clients: [{ booking_id: yael }],
    });
    await expect
      .poll(
        async () => {
          await cron(businessId);
          return stack.query(`SELECT status FROM scheduled_messages WHERE booking_id = '${yael}'`);
        },
        { timeout: 90_000 },
      )
      .toEqual([{ status: "failed" }]);
    await openCard("Styling");
    expect(await details.locator(".rule-client-reason").textContent()).toBe(
      "סיבה: וואטסאפ סירב להודעה: המספר הזה מוגבל בשליחת הודעות לאנשי קשר חדשים (שגיאה 463).",
    );
    await screenshot(page, "rules-reason-restricted-he-390");

    expect(errors).toEqual([]);
    await page.context().close();
  });
});
