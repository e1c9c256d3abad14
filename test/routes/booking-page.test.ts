// The public booking page /b/<slug> as a browser without JavaScript gets it:
// 404 for an unknown or switched-off page, the business's language (or the
// switch's) with no scripts, and Book's answers: 400 under the fields in the
// spec's words, the hidden field refused, and 201 "Confirm on WhatsApp".
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInOwner } from "../support/auth";
import { uniqueIp } from "../support/accounts";
import { addDays } from "../../app/utils/dates";
import { db } from "../support/seed";
import { without } from "../support/unreadable";
import { schema } from "~db";
import { eq } from "drizzle-orm";

type Slot = { date: string; time: string };

async function salonWithPage(overrides: Parameters<typeof signedInOwner>[0] = {}) {
  const owner = await signedInOwner({ name: "Dana Hair", city: "Haifa", phone: "0521234567", ...overrides });
  const slug = `page-${crypto.randomUUID().slice(0, 8)}`;
  expect(
    (
      await owner.api("/api/services", {
        method: "POST",
        json: { service: "Haircut", duration_minutes: 30, price: 80 },
      })
    ).status,
  ).toBe(201);
  expect(
    (await owner.api("/api/settings", { method: "PATCH", json: { booking_slug: slug, booking_page_enabled: true } }))
      .status,
  ).toBe(200);
  const slots = (
    (await (await SELF.fetch(`http://localhost/api/public/${slug}/availability?service=Haircut&days=14`)).json()) as {
      slots: Slot[];
    }
  ).slots;
  return { owner, slug, slot: slots[0] };
}

/** The business phone cleared behind the settings' back (as an older account may have none), with no WhatsApp connected. */
const noNumber = (businessId: string) =>
  db().update(schema.businesses).set({ phone: "" }).where(eq(schema.businesses.id, businessId));

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
    const notFound = await unknown.text();
    expect(notFound).toContain("This booking page does not exist or is turned off.");
    // The page's own plain look, no script, and no way into the product.
    expect(notFound).toContain('<main class="bp bp-main">');
    expect(notFound).not.toMatch(/<script\b/);
    expect(notFound).not.toContain('href="/dashboard');
    const { owner, slug } = await salonWithPage();
    expect((await owner.api("/api/settings", { method: "PATCH", json: { booking_page_enabled: false } })).status).toBe(
      200,
    );
    expect((await SELF.fetch(`http://localhost/b/${slug}`)).status).toBe(404);
  });

  it("a failure shows the page's plain 'Something went wrong', with no script and no button that needs one", async () => {
    const { slug } = await salonWithPage();
    const res = await without("services", () => SELF.fetch(`http://localhost/b/${slug}`));
    expect(res.status).toBe(500);
    const html = await res.text();
    expect(html).toContain('<main class="bp bp-main">');
    expect(html).toContain("Something went wrong");
    expect(html).not.toMatch(/<script\b/);
    expect(html).not.toContain("Try again");
  });

  it("speaks the business's message language, or the switch's, and loads no script", async () => {
    const { slug, slot } = await salonWithPage({ messageLang: "he" });
    const he = await (await SELF.fetch(`http://localhost/b/${slug}?service=Haircut`)).text();
    expect(he).toContain('<html lang="he" dir="rtl">');
    expect(he).toContain("בחרו יום");
    expect(he).not.toMatch(/<script\b/);
    expect(he).toContain(`href="/b/${slug}?service=Haircut&amp;date=${slot.date}#bp-times"`);
    const en = await (
      await SELF.fetch(`http://localhost/b/${slug}?service=Haircut&lang=en`, { headers: { Cookie: "lang=he" } })
    ).text();
    expect(en).toContain('<html lang="en" dir="ltr">');
    expect(en).toContain("Choose a day");
    expect(en).toContain("Haifa");
  });

  it("answers Book: fields under their inputs (400), the hidden field refused, then Confirm on WhatsApp (201)", async () => {
    const { slug, slot } = await salonWithPage({ phone: "0521234567" });
    const base = { service: "Haircut", date: slot.date, time: slot.time, lang: "en" };
    const bad = await book(slug, { ...base, name: "", phone: "12" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toMatch(/id="bp-name"[^>]*aria-invalid="true"/);
    expect(badHtml).toMatch(/id="bp-phone"[^>]*aria-invalid="true"/);
    expect(badHtml).toMatch(/id="bp-name-error"[^>]*role="alert"/);
    const offGrid = await book(slug, {
      ...base,
      date: addDays(slot.date, 7),
      time: "03:07",
      name: "Noa Cohen",
      phone: "0541234567",
    });
    expect(offGrid.status).toBe(400);
    expect(await offGrid.text()).toContain("This time is not free. Please choose one of the free times.");
    const trap = await book(slug, { ...base, name: "Noa Cohen", phone: "0541234567", website: "http://spam.example" });
    expect(trap.status).toBe(400);
    expect(await trap.text()).toContain("This booking could not be sent.");
    const held = await book(slug, { ...base, name: "Noa Cohen", phone: "0541234567" });
    expect(held.status).toBe(201);
    const html = await held.text();
    expect(html).toContain("Confirm on WhatsApp");
    expect(html).toMatch(/href="https:\/\/wa\.me\/972521234567\?text=Confirm%20booking%20\d{4}/);
    expect(html).toContain("The time is held for 30 minutes");
  });

  it("a page whose WhatsApp number is gone: it says so before Book, Book says the request was sent, without a WhatsApp step, and the booking waits for the owner", async () => {
    const { owner, slug, slot } = await salonWithPage();
    // Turned on with a number, which is gone since (no WhatsApp connected, no business phone).
    await noNumber(owner.businessId);
    const form = await (
      await SELF.fetch(`http://localhost/b/${slug}?service=Haircut&date=${slot.date}&time=${slot.time}&lang=en`)
    ).text();
    expect(form).toContain(
      "Dana Hair has no WhatsApp number for confirming online right now: Book sends your request, and the salon confirms it with you.",
    );
    // The owner's Settings says so too.
    expect(await (await owner.page("/dashboard/settings")).text()).toContain(
      "Your page has no WhatsApp number for customers to confirm on: its bookings arrive as requests you Accept or Decline yourself.",
    );
    const withNumber = await salonWithPage();
    const usual = await (
      await SELF.fetch(
        `http://localhost/b/${withNumber.slug}?service=Haircut&date=${withNumber.slot.date}&time=${withNumber.slot.time}`,
      )
    ).text();
    expect(usual).toContain('id="bp-name"');
    expect(usual).not.toContain("bp-request-note");
    const held = await book(slug, {
      service: "Haircut",
      date: slot.date,
      time: slot.time,
      lang: "en",
      name: "Noa Cohen",
      phone: "0541234567",
    });
    expect(held.status).toBe(201);
    const html = await held.text();
    expect(html).toContain("Request sent");
    expect(html).toContain("Dana Hair has your request for this time and will confirm it with you.");
    expect(html).not.toContain("wa.me");
    expect(html).not.toContain("Confirm on WhatsApp");
    const listed = (await (await owner.api("/api/bookings")).json()) as {
      bookings: { status: string; source: string; awaiting_owner: boolean }[];
    };
    expect(listed.bookings).toEqual([
      expect.objectContaining({ status: "pending", source: "online", awaiting_owner: true }),
    ]);
    // The API says so too: no link to a chat that does not exist.
    const [later] = (
      await (
        await SELF.fetch(`http://localhost/api/public/${slug}/availability?service=Haircut&days=14`)
      ).json<{ slots: Slot[] }>()
    ).slots.slice(-1);
    const api = await SELF.fetch(`http://localhost/api/public/${slug}/bookings`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
      body: JSON.stringify({
        service: "Haircut",
        date: later.date,
        time: later.time,
        name: "Maya",
        phone: "0547654321",
      }),
    });
    expect(api.status).toBe(201);
    expect(await api.json()).toMatchObject({ success: true, status: "pending", confirm_url: null });

    const { owner: heOwner, slug: heSlug, slot: heSlot } = await salonWithPage({ messageLang: "he" });
    await noNumber(heOwner.businessId);
    const heForm = await (
      await SELF.fetch(`http://localhost/b/${heSlug}?service=Haircut&date=${heSlot.date}&time=${heSlot.time}`)
    ).text();
    expect(heForm).toContain("ל-Dana Hair אין כרגע מספר וואטסאפ לאישור באתר: הכפתור שולח בקשה, והעסק יאשר אותה מולך.");
    const he = await (
      await book(heSlug, {
        service: "Haircut",
        date: heSlot.date,
        time: heSlot.time,
        lang: "he",
        name: "נועה",
        phone: "0541234567",
      })
    ).text();
    expect(he).toContain("הבקשה נשלחה");
    expect(he).not.toContain("wa.me");
  });

  it("with a team, the customer chooses whom to book with ('Anyone' by default) and books with that member", async () => {
    const { owner, slug } = await salonWithPage({ phone: "0521234567" });
    const late = Object.fromEntries(Array.from({ length: 7 }, (_, d) => [String(d), [["12:00", "20:00"]]]));
    const made = await owner.api("/api/team", { method: "POST", json: { name: "Yossi", working_hours: late } });
    const yossi = ((await made.json()) as { member: { id: string } }).member;
    const page = async (query: string, lang = "en") =>
      (await SELF.fetch(`http://localhost/b/${slug}?service=Haircut&lang=${lang}${query}`)).text();
    const times = (html: string) => [...html.matchAll(/class="bp-time"[^>]*>([\d:]+)</g)].map((m) => m[1]);

    const anyone = await page("");
    expect(anyone).toContain("With whom");
    expect(anyone).toMatch(/class="bp-member"[^>]*aria-current="true"[^>]*>Anyone</);
    expect(anyone).toContain(`href="/b/${slug}?service=Haircut&amp;member=${yossi.id}&amp;lang=en#bp-days"`);
    expect(anyone).toContain(">Yossi<");
    const he = await page("", "he");
    expect(he).toContain("אצל מי");
    expect(he).toContain("מי שפנוי");

    const his = await page(`&member=${yossi.id}`);
    expect(his).toMatch(/class="bp-member" href="[^"]*" aria-current="true">Yossi</);
    const free = times(his);
    expect(free.length).toBeGreaterThan(0);
    expect(free.every((t) => t >= "12:00")).toBe(true);
    // The chosen member goes along to the day, the time and Book.
    const day = /class="bp-day" href="[^"]*member=[^"]*date=(\d{4}-\d{2}-\d{2})[^"]*" aria-current="date"/.exec(
      his,
    )?.[1];
    expect(day).toBeTruthy();
    const form = await page(`&member=${yossi.id}&date=${day}&time=${free[0]}`);
    expect(form).toContain(`name="member_id" value="${yossi.id}"`);
    expect(form).toContain("With Yossi");

    const held = await book(slug, {
      service: "Haircut",
      date: day!,
      time: free[0],
      lang: "en",
      member_id: yossi.id,
      name: "Noa Cohen",
      phone: "0541234567",
    });
    expect(held.status).toBe(201);
    const listed = (await (await owner.api("/api/bookings")).json()) as {
      bookings: { member_name: string; booking_time: string }[];
    };
    expect(listed.bookings).toEqual([expect.objectContaining({ member_name: "Yossi", booking_time: free[0] })]);

    // The public API: the team's names to choose from, and one member's free times.
    const info = (await (await SELF.fetch(`http://localhost/api/public/${slug}`)).json()) as {
      members: { id: string; name: string }[];
    };
    expect(info.members.map((m) => m.name)).toEqual(["Dana Levi", "Yossi"]);
    const api = await SELF.fetch(
      `http://localhost/api/public/${slug}/availability?service=Haircut&days=14&member_id=${yossi.id}`,
    );
    const slots = ((await api.json()) as { slots: Slot[] }).slots;
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s) => s.time >= "12:00")).toBe(true);
    expect(Object.keys(slots[0])).toEqual(["date", "time"]);

    // Another business's member: refused (400) above the form, nothing booked.
    const other = await signedInOwner();
    const [stranger] = ((await (await other.api("/api/team")).json()) as { members: { id: string }[] }).members;
    const refused = await book(slug, {
      service: "Haircut",
      date: day!,
      time: free[1] ?? free[0],
      lang: "en",
      member_id: stranger.id,
      name: "Maya",
      phone: "0547654321",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose someone from this salon&#x27;s team, or Anyone.");
    expect(((await (await owner.api("/api/bookings")).json()) as { bookings: unknown[] }).bookings).toHaveLength(1);
  });
});
