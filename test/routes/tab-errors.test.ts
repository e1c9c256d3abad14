// A screen that fails stays a screen: a failed load on a tab (or of the
// dashboard itself) keeps the header and the tab bar, says what failed in the
// spec's words with the HTTP status, and offers Try again.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";

/** Makes one table unreadable for the length of `run` (a database the screen cannot read). */
async function without<T>(table: string, run: () => Promise<T>): Promise<T> {
  await env.DB.exec(`ALTER TABLE ${table} RENAME TO ${table}_away`);
  try {
    return await run();
  } finally {
    await env.DB.exec(`ALTER TABLE ${table}_away RENAME TO ${table}`);
  }
}

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
