// Insights in the browser: from the Calendar tab to the hand-counted week of
// test/support/insights-fixture.ts (a custom period), its figures against the
// week before, the charts' names and table views, and the CSV; then a client
// who comes every 35 days, in words on the Clients tab and due this week with a
// WhatsApp message, and a booking request's reliability line on the Sync tab.
// English and Hebrew, at 390 and 1280 px.
import { describe, expect, it } from "vitest";
import { signInAsNewOwner, whenHydrated } from "./support/account";
import { screenshot } from "./support/browser";
import { useBrowserStack } from "./support/browser-stack";
import { FIXTURE_PERIOD, insightsFixture } from "../support/insights-fixture";
import { addDays } from "../../app/utils/dates";

const { stack, newPage } = useBrowserStack();

const TEXT = {
  en: {
    open: "Insights",
    custom: "Custom",
    from: "From",
    to: "To",
    show: "Show",
    bookings: "Bookings6Up from 1",
    revenue: "Revenue, done₪400.00Up from ₪100.00",
    noShows: "No-shows17%Up from 0%Of bookings whose time has come",
    rebooked: "Clients who rebooked50%Down from 100%Booked again within 60 days",
    heat: "Busiest days and hours. Busiest: Sunday at 10:00, 2 bookings.",
    revenueChart: "Top services by revenue. First: Color, ₪600.00.",
    table: "Show as a table",
    csvHead: "Figure,2026-03-01 to 2026-03-07,2026-02-22 to 2026-02-28",
    rhythm: "comes every 5 weeks",
    due: "Due this week",
    message: "Message Tamar Regular on WhatsApp",
    record: "1 no-show · 1 late cancellation",
  },
  he: {
    open: "תובנות",
    custom: "טווח אחר",
    from: "מתאריך",
    to: "עד תאריך",
    show: "הצגה",
    bookings: "תורים6עלייה מ-1",
    revenue: "הכנסות, בוצעו400.00 ₪עלייה מ-100.00 ₪",
    noShows: "לא הגיעו17%עלייה מ-0%מתוך התורים שזמנם הגיע",
    rebooked: "לקוחות שקבעו שוב50%ירידה מ-100%קבעו שוב בתוך 60 יום",
    heat: "הימים והשעות העמוסים. העמוס ביותר: יום ראשון בשעה 10:00, 2 תורים.",
    revenueChart: "השירותים המובילים בהכנסות. ראשון: Color, 600.00 ₪.",
    table: "הצגה כטבלה",
    csvHead: "נתון,2026-03-01 עד 2026-03-07,2026-02-22 עד 2026-02-28",
    rhythm: "מגיע/ה כל 5 שבועות",
    due: "צריכים לחזור השבוע",
    message: "שליחת הודעה לTamar Regular בוואטסאפ",
    record: "אי-הגעה אחת · ביטול מאוחר אחד",
  },
} as const;

describe("Insights", () => {
  for (const lang of ["en", "he"] as const) {
    it(
      `shows a hand-counted week against the week before, with charts, tables and a CSV (${lang})`,
      { timeout: 180_000 },
      async () => {
        const T = TEXT[lang];
        const { page, errors } = await newPage(390);
        if (lang === "he") await page.context().addCookies([{ name: "lang", value: "he", url: stack.appUrl }]);
        const email = `dana.insights.${lang}@example.com`;
        await signInAsNewOwner(page, stack.appUrl, {
          name: "Dana Levi",
          business: "Dana Hair",
          email,
          password: "insights-pass-1",
        });
        const [{ id }] = stack.query<{ id: string }>(
          `SELECT b.id FROM businesses b JOIN users u ON u.id = b.owner_user_id WHERE u.email = '${email}'`,
        );
        stack.query(
          `UPDATE businesses SET time_zone = 'Asia/Jerusalem' WHERE id = '${id}';${insightsFixture(id).join(";")}`,
        );

        await page.goto(`${stack.appUrl}/dashboard/calendar`);
        await whenHydrated(page);
        await page.getByRole("link", { name: T.open }).click();
        await page.waitForURL(/\/dashboard\/calendar\/insights$/);
        await page.getByRole("link", { name: T.custom }).click();
        await page.getByLabel(T.from, { exact: true }).fill(FIXTURE_PERIOD.from);
        await page.getByLabel(T.to, { exact: true }).fill(FIXTURE_PERIOD.to);
        await page.getByRole("button", { name: T.show }).click();
        await page.waitForURL(/from=2026-03-01&to=2026-03-07/);

        // Hebrew prices carry a right-to-left mark and a no-break space: compared as plain text.
        const plain = (s: string | null) => (s ?? "").replace(/\u200f/g, "").replace(/\u00a0/g, " ");
        const card = async (key: string) => plain(await page.getByTestId(`figure-${key}`).textContent());
        await expect.poll(() => card("bookings")).toBe(T.bookings);
        expect(await card("revenue-done")).toBe(T.revenue);
        expect(await card("no-show")).toBe(T.noShows);
        expect(await card("rebooking")).toBe(T.rebooked);
        const names = (
          await page.getByRole("img").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")))
        ).map(plain);
        expect(names).toEqual(expect.arrayContaining([T.heat, T.revenueChart]));
        expect(await page.locator("html").getAttribute("dir")).toBe(lang === "he" ? "rtl" : "ltr");
        await screenshot(page, `insights-week-${lang}-390`);

        // The heat map's numbers as a table.
        await page.getByText(T.table).first().click();
        const rows = page.locator("figure").first().locator("tbody tr");
        expect(await rows.count()).toBe(5);
        expect((await rows.first().locator("td").allTextContents()).join(" ")).toBe("10:00 2");
        await screenshot(page, `insights-table-${lang}-390`);

        // The CSV holds the same figures beside the week before's.
        const href = await page
          .getByRole("link", { name: lang === "he" ? "ייצוא CSV" : "Export CSV" })
          .getAttribute("href");
        const csv = await page.request.get(`${stack.appUrl}${href}`);
        expect(csv.status()).toBe(200);
        const lines = (await csv.text()).replace(/^\uFEFF/, "").split("\r\n");
        expect(lines[0]).toBe(T.csvHead);
        expect(lines[1]).toMatch(/,6,1$/);

        // A client who comes every 35 days, last 30 days ago: the Clients tab says it in words, and lists her as due.
        const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Jerusalem" }).format(new Date());
        stack.query(
          `INSERT INTO clients (id, business_id, name, phone) VALUES ('${id}-reg', '${id}', 'Tamar Regular', '972501110009');` +
            [135, 100, 65, 30]
              .map(
                (back) =>
                  `INSERT INTO bookings (id, business_id, client_id, service, booking_date, booking_time, status) VALUES ('${id}-reg${back}', '${id}', '${id}-reg', 'Haircut', '${addDays(today, -back)}', '00:00', 'completed')`,
              )
              .join(";"),
        );
        await page.goto(`${stack.appUrl}/dashboard/clients`);
        await whenHydrated(page);
        const regular = page.getByTestId("client-row").filter({ hasText: "Tamar Regular" });
        expect(await regular.getByTestId("client-rhythm").textContent()).toBe(T.rhythm);
        const due = page.getByRole("region", { name: T.due });
        const message = due.getByRole("link", { name: T.message });
        expect(await message.getAttribute("href")).toMatch(/^https:\/\/wa\.me\/972501110009\?text=\S+/);
        await screenshot(page, `insights-client-rhythm-${lang}-390`);

        // Maya (a no-show and a late cancellation in the fixture week) asks again in a chat: the request's card says so.
        stack.query(
          `INSERT INTO proposals (id, business_id, chat_id, client_phone, service, date, time, status)
         VALUES ('${id}-p3', '${id}', '972501110004@c.us', '972501110004', 'Haircut', '${addDays(today, 2)}', '11:00', 'open')`,
        );
        await page.goto(`${stack.appUrl}/dashboard/sync`);
        await whenHydrated(page);
        const request = page.getByTestId("proposal-card").filter({ hasText: "Maya Peretz" });
        expect(await request.getByTestId("proposal-record").textContent()).toBe(T.record);
        await screenshot(page, `insights-proposal-record-${lang}-390`);
        expect(errors).toEqual([]);
      },
    );
  }
});
