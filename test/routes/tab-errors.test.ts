// A screen that fails stays a screen: a failed load on a tab (or of the
// dashboard itself) keeps the header and the tab bar, says what failed in the
// spec's words with the HTTP status, and offers Try again.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { without } from "../support/unreadable";

const TAB_BAR = 'aria-label="Sections"';

describe("a tab whose load fails", () => {
  it("Settings: the header and tabs stay, with 'Failed to load settings data', the status and Try again", async () => {
    const owner = await signedInOwner();
    const res = await without("push_subscriptions", () => owner.page("/dashboard/settings"));
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('data-testid="tab-error"');
    expect(html).toContain("Failed to load settings data");
    expect(html).toContain("HTTP error! status: 500");
    expect(html).toContain("Try again");
    expect(html).toContain(TAB_BAR);
    expect(html).toContain(owner.email);
  });

  it("Working hours and Team: the failure stays in the page's place under its own title, the signed-in header around it", async () => {
    const owner = await signedInOwner();
    for (const [path, table, title] of [
      ["/dashboard/settings/hours", "time_off", "Working hours and time off"],
      ["/dashboard/settings/team", "members", "Team"],
    ]) {
      const res = await without(table, () => owner.page(path));
      expect(res.status).toBe(500);
      const html = await res.text();
      expect(html).toContain('data-testid="tab-error"');
      expect(html).toContain(`<h1 class="tab-title">${title}</h1>`);
      expect(html).toContain("HTTP error! status: 500");
      expect(html).toContain("Try again");
      expect(html).toContain(TAB_BAR);
      // The page's own boundary, not the layout's: the layout's data (the owner) is still there.
      expect(html).toContain(owner.email);
    }
  });

  it("Rules: the same, in Hebrew on a Hebrew screen", async () => {
    const owner = await signedInOwner();
    const res = await without("rules", () =>
      SELF.fetch("http://localhost/dashboard/rules", { headers: { Cookie: `${owner.cookie}; lang=he` } }),
    );
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('data-testid="tab-error"');
    expect(html).toContain("רשימת כללים");
    expect(html).toContain("שגיאת HTTP! סטטוס: 500");
    expect(html).not.toContain("HTTP error!");
  });

  it("Calendar: 'Failed to load bookings' with the status and Try again, the tabs around it", async () => {
    const owner = await signedInOwner();
    const res = await without("bookings", () => owner.page("/dashboard/calendar"));
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('data-testid="tab-error"');
    expect(html).toContain("Failed to load bookings");
    expect(html).toContain("HTTP error! status: 500");
    expect(html).toContain("Try again");
    expect(html).toContain(TAB_BAR);
  });

  it("Clients: the spec's reason under 'Failed to load data' (here a bad address), with Try again", async () => {
    const owner = await signedInOwner();
    const bad = await SELF.fetch("http://localhost/dashboard/clients?from=2024-13-45", {
      headers: { Cookie: `${owner.cookie}; lang=he` },
    });
    expect(bad.status).toBe(400);
    const he = await bad.text();
    expect(he).toContain('data-testid="tab-error"');
    expect(he).toContain("טעינת הנתונים נכשלה");
    expect(he).not.toContain("HTTP error!");
    expect(he).toContain("לנסות שוב");
    expect(he).toContain('class="tabbar"');
  });

  it("the dashboard's own load: the tab bar stays around the failure", async () => {
    const owner = await signedInOwner();
    await env.DB.prepare("UPDATE businesses SET working_hours = '{not json' WHERE id = ?").bind(owner.businessId).run();
    const res = await owner.page("/dashboard/settings");
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('data-testid="tab-error"');
    expect(html).toContain(TAB_BAR);
    expect(html).toContain("This screen could not be loaded.");
  });
});
