import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { shownHtml } from "../support/html";

describe("landing page", () => {
  it("renders the headline, the AI badge, Start Free and How It Works in English", async () => {
    const res = await SELF.fetch("http://localhost/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain("Turn WhatsApp Messages into Bookings Automatically");
    expect(html).toContain("AI-powered");
    expect(html).toMatch(/href="\/register"[^>]*>Start Free</);
    expect(html).toContain("How It Works");
    for (const step of ["Connect", "Chat", "Auto-Save"]) expect(html).toContain(`<h3>${step}</h3>`);
    expect(html).toMatch(/href="\/login"[^>]*>Login</);
    expect(html).toMatch(/href="\/register"[^>]*>Register</);
  });

  it("renders Hebrew right-to-left when the browser chose Hebrew", async () => {
    const res = await SELF.fetch("http://localhost/", { headers: { Cookie: "lang=he" } });
    const html = await res.text();
    expect(html).toContain('<html lang="he" dir="rtl">');
    expect(html).toContain("הופכים הודעות וואטסאפ לתורים באופן אוטומטי");
    expect(html).not.toContain("Turn WhatsApp Messages into Bookings Automatically");
  });

  it("remembers the language choice in a cookie and goes back to the page", async () => {
    const body = new URLSearchParams({ lang: "he", redirectTo: "/" });
    const res = await SELF.fetch("http://localhost/language", { method: "POST", body, redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/");
    expect(res.headers.get("Set-Cookie")).toMatch(/^lang=he; Path=\/; Max-Age=31536000/);
  });

  it("never redirects the language switch off-site", async () => {
    const body = new URLSearchParams({ lang: "en", redirectTo: "//evil.example/" });
    const res = await SELF.fetch("http://localhost/language", { method: "POST", body, redirect: "manual" });
    expect(res.headers.get("Location")).toBe("/");
  });
});

describe("unknown paths", () => {
  it("answer 404 with a friendly page and no stack trace", async () => {
    const res = await SELF.fetch("http://localhost/no/such/page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("Page not found");
    expect(html).toContain('href="/"');
    expect(shownHtml(html)).not.toMatch(/at \w+ \(|Error:/);
  });
});
