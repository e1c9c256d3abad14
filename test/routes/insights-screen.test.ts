// The Insights screen (from the Calendar tab): its periods, the hand-counted
// week rendered in English and Hebrew, a bad custom range, and the CSV.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { shownHtml } from "../support/html";
import { FIXTURE_PERIOD, insightsFixture } from "../support/insights-fixture";
import { namedPeriod, periodBefore } from "../../app/services/insights/periods";

const WEEK = `?period=custom&from=${FIXTURE_PERIOD.from}&to=${FIXTURE_PERIOD.to}`;

async function seeded() {
  const owner = await signedInOwner();
  await env.DB.batch(insightsFixture(owner.businessId).map((s) => env.DB.prepare(s)));
  return owner;
}

const text = async (res: Response) => shownHtml(await res.text()).replace(/<!-- -->/g, "");
/** A figure card's text, tags dropped. */
const card = (html: string, key: string) => {
  const start = html.indexOf(">", html.indexOf(`data-testid="figure-${key}"`)) + 1;
  return html
    .slice(start, html.indexOf("</div>", start))
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
};

describe("periods", () => {
  it("names this week, this month and last month, and the period each is compared with", () => {
    // Wednesday 4 March 2026.
    expect(namedPeriod("week", "2026-03-04", true)).toEqual({ from: "2026-03-01", to: "2026-03-04" });
    expect(namedPeriod("week", "2026-03-04", false)).toEqual({ from: "2026-03-02", to: "2026-03-04" });
    expect(namedPeriod("month", "2026-03-31", true)).toEqual({ from: "2026-03-01", to: "2026-03-31" });
    expect(namedPeriod("last-month", "2026-03-04", true)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(periodBefore("week", { from: "2026-03-01", to: "2026-03-04" })).toEqual({
      from: "2026-02-22",
      to: "2026-02-25",
    });
    expect(periodBefore("month", { from: "2026-03-01", to: "2026-03-31" })).toEqual({
      from: "2026-02-01",
      to: "2026-02-28",
    });
    expect(periodBefore("month", { from: "2026-03-01", to: "2026-03-04" })).toEqual({
      from: "2026-02-01",
      to: "2026-02-04",
    });
    expect(periodBefore("last-month", { from: "2026-02-01", to: "2026-02-28" })).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
    });
    expect(periodBefore("custom", { from: "2026-03-01", to: "2026-03-07" })).toEqual({
      from: "2026-02-22",
      to: "2026-02-28",
    });
  });
});

describe("the Insights screen", () => {
  it("is reached from the Calendar tab", async () => {
    const owner = await signedInOwner();
    const html = await text(await owner.page("/dashboard/calendar"));
    expect(html).toContain('href="/dashboard/calendar/insights"');
  });

  it("shows the hand-counted week against the week before, with its charts and their tables", async () => {
    const owner = await seeded();
    const res = await owner.page(`/dashboard/calendar/insights${WEEK}`);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("Mar 1, 2026 to Mar 7, 2026");
    expect(html).toContain("Compared with Feb 22, 2026 to Feb 28, 2026");
    expect(card(html, "bookings")).toBe("Bookings 6 Up from 1");
    expect(card(html, "revenue-done")).toBe("Revenue, done ₪400.00 Up from ₪100.00");
    expect(card(html, "revenue-expected")).toBe("Revenue, expected ₪400.00 Up from ₪0.00");
    expect(card(html, "no-show")).toBe("No-shows 17% Up from 0% Of bookings whose time has come");
    expect(card(html, "late-cancel")).toBe("Late cancellations 13% Up from 0% Cancelled less than 24 hours before");
    expect(card(html, "confirmation")).toBe("Reminders confirmed 33% Before: No data Of reminders that asked");
    expect(card(html, "rebooking")).toBe("Clients who rebooked 50% Down from 100% Booked again within 60 days");
    expect(card(html, "new-clients")).toBe("New clients 3 Up from 1");
    expect(card(html, "returning-clients")).toBe("Returning clients 2 Up from 0");
    expect(card(html, "from-chats")).toBe("Bookings from chats 2 Up from 0 Proposals and drafts accepted");
    expect(card(html, "messages-sent")).toBe("Messages sent 4 Up from 0");
    expect(card(html, "messages-refused")).toBe("Messages refused 1 Up from 0");
    expect(html).toContain('aria-label="Busiest days and hours. Busiest: Sunday at 10:00, 2 bookings."');
    expect(html).toContain('aria-label="Top services by revenue. First: Color, ₪600.00."');
    expect(html).toContain('aria-label="Top services by bookings. First: Haircut, 4."');
    expect(html).toMatch(/<th scope="row">Sunday<\/th><td>10:00<\/td><td>2<\/td>/);
    expect(html).toContain(`/dashboard/calendar/insights.csv?period=custom&amp;from=2026-03-01&amp;to=2026-03-07`);
  });

  it("speaks Hebrew on a Hebrew screen", async () => {
    const owner = await seeded();
    const res = await SELF.fetch(`http://localhost/dashboard/calendar/insights${WEEK}`, {
      headers: { Cookie: `${owner.cookie}; lang=he` },
    });
    const html = await text(res);
    expect(card(html, "bookings")).toBe("תורים 6 עלייה מ-1");
    expect(html).toContain("1 במרץ 2026 עד 7 במרץ 2026");
    expect(card(html, "rebooking")).toBe("לקוחות שקבעו שוב 50% ירידה מ-100% קבעו שוב בתוך 60 יום");
    expect(html).toContain("העמוס ביותר: יום ראשון בשעה 10:00, 2 תורים.");
    expect(html).not.toMatch(/>(Bookings|Insights|Show as a table|This week)</);
  });

  it("says what is wrong with a custom range instead of figures", async () => {
    const owner = await signedInOwner();
    const html = await text(
      await owner.page("/dashboard/calendar/insights?period=custom&from=2026-03-08&to=2026-03-01"),
    );
    expect(html).toContain("from must not be after to.");
    expect(html).not.toContain('data-testid="figure-bookings"');
    const long = await owner.page("/dashboard/calendar/insights.csv?period=custom&from=2020-01-01&to=2026-03-01");
    expect(long.status).toBe(400);
    expect(await long.text()).toBe("The period (from, to) can span at most 400 days.");
  });

  it("exports the figures beside the period before's as CSV", async () => {
    const owner = await seeded();
    const res = await owner.page(`/dashboard/calendar/insights.csv${WEEK}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="insights-2026-03-01-2026-03-07.csv"');
    const lines = (await res.text()).replace(/^\uFEFF/, "").split("\r\n");
    expect(lines.slice(0, 8)).toEqual([
      "Figure,2026-03-01 to 2026-03-07,2026-02-22 to 2026-02-28",
      "Bookings,6,1",
      '"Revenue, done (ILS)",400,100',
      '"Revenue, expected (ILS)",400,0',
      "No-shows,16.7%,0%",
      "Late cancellations,12.5%,0%",
      "Reminders confirmed,33.3%,",
      "Clients who rebooked,50%,100%",
    ]);
    expect(lines).toContain("Color: bookings,2,0");
    expect(lines).toContain("Haircut: revenue (ILS),200,100");
    expect(lines).toContain("Busiest Sunday 10:00,2,0");
  });
});
