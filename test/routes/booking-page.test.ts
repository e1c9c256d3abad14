// The public booking page /b/<slug> as a browser without JavaScript gets it:
// 404 for an unknown or switched-off page, the business's language (or the
// switch's) with no scripts, and Book's answers: 400 under the fields in the
// spec's words, the hidden field refused, and 201 "Confirm on WhatsApp".
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { uniqueIp } from "../support/accounts";
import { addDays } from "../../app/utils/dates";

type Slot = { date: string; time: string };

async function salonWithPage(overrides: Parameters<typeof signedInOwner>[0] = {}) {
  const owner = await signedInOwner({ name: "Dana Hair", city: "Haifa", ...overrides });
  const slug = `page-${crypto.randomUUID().slice(0, 8)}`;
  expect((await owner.api("/api/services", { method: "POST", json: { service: "Haircut", duration_minutes: 30, price: 80 } })).status).toBe(201);
  expect((await owner.api("/api/settings", { method: "PATCH", json: { booking_slug: slug, booking_page_enabled: true } })).status).toBe(200);
  const slots = ((await (await SELF.fetch(`http://localhost/api/public/${slug}/availability?service=Haircut&days=14`)).json()) as { slots: Slot[] }).slots;
  return { owner, slug, slot: slots[0] };
}

const book = (slug: string, fields: Record<string, string>) =>
  SELF.fetch(`http://localhost/b/${slug}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": uniqueIp() },
  });

describe("the booking page", () => {
  it("is a 404 for an unknown link or a page that is off", async () => {
    const unknown = await SELF.fetch("http://localhost/b/no-such-salon-here");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("This booking page does not exist or is turned off.");
    const { owner, slug } = await salonWithPage();
    expect((await owner.api("/api/settings", { method: "PATCH", json: { booking_page_enabled: false } })).status).toBe(200);
    expect((await SELF.fetch(`http://localhost/b/${slug}`)).status).toBe(404);
  });

  it("speaks the business's message language, or the switch's, and loads no script", async () => {
    const { slug, slot } = await salonWithPage({ messageLang: "he" });
    const he = await (await SELF.fetch(`http://localhost/b/${slug}?service=Haircut`)).text();
    expect(he).toContain('<html lang="he" dir="rtl">');
    expect(he).toContain("בחרו יום");
    expect(he).not.toMatch(/<script\b/);
    expect(he).toContain(`href="/b/${slug}?service=Haircut&amp;date=${slot.date}#bp-times"`);
    const en = await (await SELF.fetch(`http://localhost/b/${slug}?service=Haircut&lang=en`, { headers: { Cookie: "lang=he" } })).text();
    expect(en).toContain('<html lang="en" dir="ltr">');
    expect(en).toContain("Choose a day");
    expect(en).toContain("Haifa");
  });

  it("answers Book: fields under their inputs (400), the hidden field refused, then Confirm on WhatsApp (201)", async () => {
    const { slug, slot } = await salonWithPage();
    const base = { service: "Haircut", date: slot.date, time: slot.time, lang: "en" };
    const bad = await book(slug, { ...base, name: "", phone: "12" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toMatch(/id="bp-name"[^>]*aria-invalid="true"/);
    expect(badHtml).toMatch(/id="bp-phone"[^>]*aria-invalid="true"/);
    expect(badHtml).toMatch(/id="bp-name-error"[^>]*role="alert"/);
    const offGrid = await book(slug, { ...base, date: addDays(slot.date, 7), time: "03:07", name: "Noa Cohen", phone: "0541234567" });
    expect(offGrid.status).toBe(400);
    expect(await offGrid.text()).toContain("This time is not free. Please choose one of the free times.");
    const trap = await book(slug, { ...base, name: "Noa Cohen", phone: "0541234567", website: "http://spam.example" });
    expect(trap.status).toBe(400);
    expect(await trap.text()).toContain("This booking could not be sent.");
    const held = await book(slug, { ...base, name: "Noa Cohen", phone: "0541234567" });
    expect(held.status).toBe(201);
    const html = await held.text();
    expect(html).toContain("Confirm on WhatsApp");
    expect(html).toMatch(/href="https:\/\/wa\.me\/\d*\?text=Confirm%20booking%20\d{4}/);
    expect(html).toContain("The time is held for 30 minutes");
  });
});
