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
