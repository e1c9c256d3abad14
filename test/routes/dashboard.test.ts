import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";

describe("dashboard shell", () => {
  it("sends visitors who are not signed in to /login, coming back afterwards", async () => {
    const res = await SELF.fetch("http://localhost/dashboard/clients", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Fclients");
  });

  it("shows the owner's initials, e-mail, business and the six tabs", async () => {
    const owner = await signedInOwner({ name: "Dana's Salon" });
    const res = await owner.page("/dashboard");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div class="avatar" aria-hidden="true">DL</div>');
    expect(html).toContain(owner.email);
    expect(html).toContain("Dana&#x27;s Salon");
    for (const [href, label] of [
      ["/dashboard", "Connect"],
      ["/dashboard/clients", "Clients"],
      ["/dashboard/sync", "Sync"],
      ["/dashboard/calendar", "Calendar"],
      ["/dashboard/rules", "Rules"],
      ["/dashboard/settings", "Settings"],
    ]) {
      expect(html).toMatch(new RegExp(`href="${href}"[^>]*>.*?<span>${label}</span>`));
    }
  });

  it("names every page in its title, in the page's language", async () => {
    const owner = await signedInOwner();
    const titleOf = async (path: string, lang: "en" | "he", signedIn: boolean) => {
      const headers = { Cookie: `lang=${lang}${signedIn ? `; ${owner.cookie}` : ""}` };
      const html = await (await SELF.fetch(`http://localhost${path}`, { headers, redirect: "manual" })).text();
      return /<title>([^<]*)<\/title>/.exec(html)?.[1];
    };
    for (const [path, signedIn, en, he] of [
      ["/", false, "Chatbook: WhatsApp bookings for small businesses", "Chatbook: תורים מוואטסאפ לעסקים קטנים"],
      ["/login", false, "Login · Chatbook", "התחברות · Chatbook"],
      ["/register", false, "Register · Chatbook", "הרשמה · Chatbook"],
      ["/forgot-password", false, "Forgot password · Chatbook", "שכחתי סיסמה · Chatbook"],
      ["/reset-password?token=x", false, "Reset password · Chatbook", "איפוס סיסמה · Chatbook"],
      ["/dashboard", true, "Connect · Chatbook", "חיבור · Chatbook"],
      ["/dashboard/clients", true, "Clients · Chatbook", "לקוחות · Chatbook"],
      ["/dashboard/sync", true, "Sync · Chatbook", "סנכרון · Chatbook"],
      ["/dashboard/calendar", true, "Calendar · Chatbook", "יומן · Chatbook"],
      ["/dashboard/rules", true, "Rules · Chatbook", "כללים · Chatbook"],
      ["/dashboard/settings", true, "Settings · Chatbook", "הגדרות · Chatbook"],
    ] as const) {
      expect(await titleOf(path, "en", signedIn)).toBe(en);
      // No English on a Hebrew page: the title is Hebrew, with the product's name.
      expect(await titleOf(path, "he", signedIn)).toBe(he);
    }
  });

  it("logout ends the server session and goes to /", async () => {
    const owner = await signedInOwner();
    const res = await owner.page("/logout", { method: "POST" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.get("Set-Cookie")).toMatch(/^session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    const after = await owner.page("/dashboard");
    expect(after.status).toBe(302);
    const rows = await env.DB.prepare("SELECT count(*) AS n FROM auth_sessions WHERE user_id = ? AND kind = 'cookie'")
      .bind(owner.userId)
      .first<{ n: number }>();
    expect(rows?.n).toBe(0);
  });
});
