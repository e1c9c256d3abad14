// The booking link (issue 30), server side: its settings, the public API
// (no sign-in), the hold and its code, the customer's confirmation through the
// real webhook and the simulator, the limits, and the release of holds not
// confirmed in time by the cron. The salon writes nothing to a typed number.
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import worker from "../../workers/app";
import { notifyOwner, readConfirmCode, thanksText } from "../../app/services/booking-link/confirm.server";
import { declinedText } from "../../app/services/booking-link/owner.server";
import { WAITING_REASON } from "../../app/services/delivery.server";
import { businessSession } from "../../app/services/whatsapp/session.server";
import { saveSubscription } from "../../app/services/push/push.server";
import { TEST_VAPID } from "../support/vapid";
import { slugFrom } from "../../app/services/booking-link/slug";
import { signedInOwner } from "../support/auth";
import { uniqueIp } from "../support/accounts";
import { connectedSession, postEvent, simControl, until } from "../support/gateway";
import { db } from "../support/seed";
import { eq } from "drizzle-orm";
import { schema } from "~db";

type Owner = Awaited<ReturnType<typeof signedInOwner>>;
type Slot = { date: string; time: string };
type Json = Record<string, unknown> & { success: boolean };

const SALON = "972500000001";
const phoneNo = () => `97254${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;
const body = async <T = Json>(res: Response) => (await res.json()) as T;
const sentTo = async (name: string) =>
  (await simControl<{ chatId: string; text: string }[]>(`${name}/sent`)).body ?? [];

/** An owner (with a business phone: a page needs a number to confirm on) whose page is on at a fresh slug, with a Haircut (30 minutes) in the catalogue. */
async function salonWithPage(
  settings: Record<string, unknown> = {},
  overrides: Parameters<typeof signedInOwner>[0] = {},
) {
  const owner = await signedInOwner({ phone: "0521234567", ...overrides });
  const slug = `salon-${crypto.randomUUID().slice(0, 8)}`;
  expect(
    (
      await owner.api("/api/services", {
        method: "POST",
        json: { service: "Haircut", duration_minutes: 30, price: 80 },
      })
    ).status,
  ).toBe(201);
  const saved = await owner.api("/api/settings", {
    method: "PATCH",
    json: { booking_slug: slug, booking_page_enabled: true, ...settings },
  });
  expect(saved.status).toBe(200);
  return { owner, slug };
}

const publicGet = (path: string) => SELF.fetch(`http://localhost/api/public/${path}`);
const publicPost = (slug: string, json: unknown, ip = uniqueIp()) =>
  SELF.fetch(`http://localhost/api/public/${slug}/bookings`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify(json),
  });

async function freeSlots(slug: string, days = 14): Promise<Slot[]> {
  const res = await publicGet(`${slug}/availability?service=Haircut&days=${days}`);
  expect(res.status).toBe(200);
  return (await body<{ slots: Slot[] }>(res)).slots;
}

const booking = (slot: Slot, extra: Record<string, unknown> = {}) => ({
  service: "Haircut",
  date: slot.date,
  time: slot.time,
  name: "Noa Cohen",
  phone: phoneNo(),
  ...extra,
});

async function ownerBooking(owner: Owner, id: string) {
  return (
    await body<{
      booking: { status: string; client_phone: string; client_name: string; notes: string; source: string };
    }>(await owner.api(`/api/bookings/${id}`))
  ).booking;
}

/** The customer sends the prefilled message from their own WhatsApp (through the simulator, signed to the webhook). */
async function customerSays(businessId: string, phone: string, text: string, name = "Noa") {
  const msg = await simControl(`${businessId}/incoming`, { from: phone, name, body: text });
  expect((await postEvent(businessId, "message.any", msg.body)).status).toBe(200);
}

const eqId = (bookingId: string) => eq(schema.bookingHolds.bookingId, bookingId);
const prefilled = (confirmUrl: string) => decodeURIComponent(new URL(confirmUrl).searchParams.get("text") ?? "");

async function runCron() {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("booking link settings", () => {
  it("suggests a slug from the name (Hebrew transliterated), checks it, keeps it unique and refuses a page without one", async () => {
    expect(slugFrom("Noa's Hair & Nails")).toBe("noas-hair-nails");
    expect(slugFrom("מספרת נועה")).toBe("msprt-nvah");
    const owner = await signedInOwner({ name: "מספרת נועה" });
    const read = await body<{ settings: Json }>(await owner.api("/api/settings"));
    expect(read.settings).toMatchObject({
      booking_slug: null,
      booking_page_enabled: false,
      booking_hold_minutes: 30,
      booking_owner_confirms: false,
    });
    expect(read.settings.booking_slug_suggestion).toMatch(/^msprt-nvah(-\d+)?$/);

    const patch = (json: unknown) => owner.api("/api/settings", { method: "PATCH", json });
    const problems: [unknown, string][] = [
      [{ booking_slug: "ab" }, "The link name must be 3 to 40 characters: lower-case letters, digits and dashes."],
      [
        { booking_slug: "noa salon" },
        "The link name must be 3 to 40 characters: lower-case letters, digits and dashes.",
      ],
      [
        { booking_slug: "x".repeat(41) },
        "The link name must be 3 to 40 characters: lower-case letters, digits and dashes.",
      ],
      [{ booking_hold_minutes: 9 }, "Hold time must be a whole number of minutes from 10 to 120."],
      [{ booking_hold_minutes: 121 }, "Hold time must be a whole number of minutes from 10 to 120."],
      [{ booking_page_enabled: "yes" }, "booking_page_enabled must be true or false."],
      [{ booking_page_enabled: true }, "Save a link name before turning the booking page on."],
    ];
    for (const [json, message] of problems) {
      const res = await patch(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await body(res)).detail).toBe(message);
    }
    const slug = `noa-${crypto.randomUUID().slice(0, 8)}`;
    // No WhatsApp connected and no business phone: nothing for customers to confirm on, so the page stays off.
    const noNumber = await patch({ booking_slug: slug, booking_page_enabled: true });
    expect(noNumber.status).toBe(400);
    expect((await body(noNumber)).detail).toBe(
      "Connect WhatsApp or add your business phone before turning the booking page on: customers confirm their booking by writing to that number.",
    );
    expect((await body<{ settings: Json }>(await owner.api("/api/settings"))).settings).toMatchObject({
      booking_slug: null,
      booking_page_enabled: false,
    });
    // The business phone sent in the same patch counts.
    const saved = await patch({
      phone: "0521234567",
      booking_slug: slug.toUpperCase(),
      booking_page_enabled: true,
      booking_hold_minutes: 45,
      booking_owner_confirms: true,
    });
    expect(saved.status).toBe(200);
    expect((await body<{ settings: Json }>(saved)).settings).toMatchObject({
      booking_slug: slug,
      booking_page_enabled: true,
      booking_hold_minutes: 45,
      booking_owner_confirms: true,
    });

    // Another business cannot take it: 409 naming a free one, and nothing of that patch is saved.
    const other = await signedInOwner();
    const clash = await other.api("/api/settings", { method: "PATCH", json: { city: "Eilat", booking_slug: slug } });
    expect(clash.status).toBe(409);
    expect((await body(clash)).detail).toBe(`This link name is already taken. Try another, such as ${slug}-2.`);
    expect((await body<{ settings: Json }>(await other.api("/api/settings"))).settings).toMatchObject({
      booking_slug: null,
      city: "",
    });
    // No business phone but WhatsApp connected: that number is the one customers confirm on.
    const connected = await signedInOwner();
    await connectedSession(connected.businessId, { phone: SALON });
    const on = await connected.api("/api/settings", {
      method: "PATCH",
      json: { booking_slug: `${slug}-wa`, booking_page_enabled: true },
    });
    expect(on.status).toBe(200);
    // Clearing the slug turns the page off.
    expect((await body<{ settings: Json }>(await patch({ booking_slug: null }))).settings).toMatchObject({
      booking_slug: null,
      booking_page_enabled: false,
    });
  });

  it("Settings' booking link section saves the link and, once the page is on, shares it: the address, its QR code and Share on WhatsApp", async () => {
    const owner = await signedInOwner({ name: "Dana Hair" });
    const slug = `share-${crypto.randomUUID().slice(0, 8)}`;
    const post = (fields: Record<string, string>) =>
      owner.page("/dashboard/settings", {
        method: "POST",
        body: new URLSearchParams({ intent: "booking-link", ...fields }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
    const off = await (await owner.page("/dashboard/settings")).text();
    expect(off).toContain('href="#booking-link-title"');
    expect(off).not.toContain("wa.me/?text=");
    // No number yet: the section says so, and turning the page on is refused in those words.
    expect(off).toContain(
      "Customers confirm by writing to your WhatsApp: connect WhatsApp or add your business phone before turning the page on.",
    );
    expect(
      (
        await post({
          booking_slug: "x",
          booking_page_enabled: "true",
          booking_hold_minutes: "30",
          booking_owner_confirms: "false",
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await post({
          booking_slug: slug,
          booking_page_enabled: "true",
          booking_hold_minutes: "45",
          booking_owner_confirms: "true",
        })
      ).status,
    ).toBe(400);
    expect((await body<{ settings: Json }>(await owner.api("/api/settings"))).settings).toMatchObject({
      booking_page_enabled: false,
    });
    // With a business phone the section no longer warns, and the page turns on.
    expect((await owner.api("/api/settings", { method: "PATCH", json: { phone: "0521234567" } })).status).toBe(200);
    expect(await (await owner.page("/dashboard/settings")).text()).not.toContain(
      'data-testid="booking-link-no-number"',
    );
    expect(
      (
        await post({
          booking_slug: slug,
          booking_page_enabled: "true",
          booking_hold_minutes: "45",
          booking_owner_confirms: "true",
        })
      ).status,
    ).toBe(200);
    expect((await body<{ settings: Json }>(await owner.api("/api/settings"))).settings).toMatchObject({
      booking_slug: slug,
      booking_page_enabled: true,
      booking_hold_minutes: 45,
      booking_owner_confirms: true,
    });
    const on = await (await owner.page("/dashboard/settings")).text();
    expect(on).toContain(`http://localhost/b/${slug}`);
    expect(on).toContain(
      `https://wa.me/?text=${encodeURIComponent(`Book your next visit at Dana Hair: http://localhost/b/${slug}`)}`,
    );
    expect(on).toMatch(/src="data:image\/svg\+xml;base64,[^"]+" alt="QR code of your booking link"/);
    expect(on).toContain(`download="booking-link-${slug}.svg"`);
  });
});

describe("the public booking API", () => {
  it("answers the business, its services and free times, and 404 for an unknown slug or a page that is off", async () => {
    const { owner, slug } = await salonWithPage({}, { name: "Noa's Studio", city: "Haifa" });
    const info = await publicGet(slug);
    expect(info.status).toBe(200);
    expect(await body(info)).toEqual({
      success: true,
      business: { name: "Noa's Studio", city: "Haifa", time_zone: "Asia/Jerusalem", currency: "ILS" },
      services: [{ name: "Haircut", duration_minutes: 30, price: 80 }],
    });
    const slots = await freeSlots(slug);
    expect(slots.length).toBeGreaterThan(0);
    expect(Object.keys(slots[0]).sort()).toEqual(["date", "time"]);

    expect((await publicGet(`no-such-${crypto.randomUUID().slice(0, 8)}`)).status).toBe(404);
    expect((await publicGet(`no-such-${crypto.randomUUID().slice(0, 8)}/availability?service=Haircut`)).status).toBe(
      404,
    );
    expect((await publicPost(`no-such-${crypto.randomUUID().slice(0, 8)}`, booking(slots[0]))).status).toBe(404);
    await owner.api("/api/settings", { method: "PATCH", json: { booking_page_enabled: false } });
    const off = await publicGet(slug);
    expect(off.status).toBe(404);
    expect((await body(off)).detail).toBe("This booking page does not exist or is turned off.");
    expect((await publicGet(`${slug}/availability?service=Haircut`)).status).toBe(404);
    expect((await publicPost(slug, booking(slots[0]))).status).toBe(404);
  });

  it("books a free time as pending with a code and a wa.me link to the salon; the time is taken and nothing is sent to the typed number", async () => {
    const { owner, slug } = await salonWithPage();
    await connectedSession(owner.businessId, { phone: SALON });
    const [slot] = await freeSlots(slug);
    const typed = phoneNo();
    const res = await publicPost(slug, booking(slot, { phone: typed, notes: "Short please" }));
    expect(res.status).toBe(201);
    const made = await body<{
      success: boolean;
      booking_id: string;
      status: string;
      code: string;
      confirm_url: string;
    }>(res);
    expect(made).toMatchObject({ success: true, status: "pending", code: expect.stringMatching(/^\d{4}$/) });
    expect(made.confirm_url.startsWith(`https://wa.me/${SALON}?text=`)).toBe(true);
    const [y, m, d] = slot.date.split("-").map(Number);
    const day = new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "UTC" }).format(
      new Date(Date.UTC(y, m - 1, d)),
    );
    expect(prefilled(made.confirm_url)).toBe(
      `Confirm booking ${made.code}: Haircut, ${day} ${slot.date.slice(8)}/${slot.date.slice(5, 7)} ${slot.time}`,
    );

    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({ status: "pending", notes: "Short please" });
    expect((await freeSlots(slug)).some((s) => s.date === slot.date && s.time === slot.time)).toBe(false);
    // The owner's own if_free booking at that time is refused too: a pending booking occupies its time.
    const ownerTry = await owner.api("/api/bookings", {
      method: "POST",
      json: {
        name: "Dana",
        phone: phoneNo(),
        service: "Haircut",
        booking_date: slot.date,
        booking_time: slot.time,
        if_free: true,
      },
    });
    expect(ownerTry.status).toBe(409);
    expect(await sentTo(owner.businessId)).toEqual([]);

    // The same time again: 409 in the customer's words, with the next free times.
    const again = await publicPost(slug, booking(slot));
    expect(again.status).toBe(409);
    const refused = await body<{ detail: string; slots: Slot[] }>(again);
    expect(refused.detail).toBe("This time was just taken. Please choose another time.");
    expect(refused.slots.length).toBeGreaterThan(0);
    expect(refused.slots).not.toContainEqual(slot);
  });

  it("books with the member_id chosen; an unknown member, another business's, or one who does not do the service is a 400 and books nothing", async () => {
    const { owner, slug } = await salonWithPage();
    await connectedSession(owner.businessId, { phone: SALON });
    const yossi = (
      await body<{ member: { id: string } }>(await owner.api("/api/team", { method: "POST", json: { name: "Yossi" } }))
    ).member;
    const nails = await owner.api("/api/team", { method: "POST", json: { name: "Rina", services: ["Nails"] } });
    const rina = (await body<{ member: { id: string } }>(nails)).member;
    const [theirs] = (await body<{ members: { id: string }[] }>(await (await signedInOwner()).api("/api/team")))
      .members;
    const [slot] = await freeSlots(slug);
    for (const [member_id, detail] of [
      [theirs.id, "Choose someone from this salon's team, or Anyone."],
      ["mem_nobody", "Choose someone from this salon's team, or Anyone."],
      [rina.id, "Rina does not do Haircut. Choose someone else, or Anyone."],
    ]) {
      const refused = await publicPost(slug, booking(slot, { member_id }));
      expect(refused.status).toBe(400);
      expect(await body(refused)).toMatchObject({ success: false, detail });
      const asked = await publicGet(`${slug}/availability?service=Haircut&days=7&member_id=${member_id}`);
      expect(asked.status).toBe(400);
      expect(await body(asked)).toMatchObject({ success: false, detail });
    }
    const unknownService = await publicGet(`${slug}/availability?service=Massage&days=7`);
    expect(unknownService.status).toBe(400);
    expect(await body(unknownService)).toMatchObject({ detail: "Service must be the name of one of your services." });
    expect((await body<{ bookings: unknown[] }>(await owner.api("/api/bookings"))).bookings).toEqual([]);

    const made = await publicPost(slug, booking(slot, { member_id: yossi.id }));
    expect(made.status).toBe(201);
    const listed = await body<{ bookings: { member_name: string; source: string }[] }>(
      await owner.api("/api/bookings"),
    );
    expect(listed.bookings).toEqual([expect.objectContaining({ member_name: "Yossi", source: "online" })]);
    // Yossi's time is taken: his free times no longer list it, and the 409 names times only, never whose booking is there.
    const his = await body<{ slots: Slot[] }>(
      await publicGet(`${slug}/availability?service=Haircut&days=1&from=${slot.date}&member_id=${yossi.id}`),
    );
    expect(his.slots.some((s) => s.time === slot.time)).toBe(false);
    const again = await publicPost(slug, booking(slot, { member_id: yossi.id }));
    expect(again.status).toBe(409);
    const refusedBody = await body<{ slots: Slot[] }>(again);
    expect(refusedBody.slots.length).toBeGreaterThan(0);
    expect(refusedBody.slots.every((s) => Object.keys(s).join() === "date,time")).toBe(true);
    expect(JSON.stringify(refusedBody)).not.toContain("Noa");
  });

  it("refuses bad fields in the spec's words", async () => {
    const { slug } = await salonWithPage();
    const slot = (await freeSlots(slug)).at(-1)!;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: "" }, 400, "Name is required"],
      [{ phone: "abc" }, 400, "Phone must contain digits (optionally starts with +)"],
      [{ phone: undefined }, 400, "Phone must contain digits (optionally starts with +)"],
      [{ service: "Massage" }, 400, "Service must be the name of one of your services."],
      [{ date: "2026-02-30" }, 400, "Date must be a date as YYYY-MM-DD."],
      [{ website: "http://spam.example" }, 400, "This booking could not be sent."],
      [
        { date: new Date(Date.now() + 70 * 86_400_000).toISOString().slice(0, 10), time: "10:00" },
        400,
        "Bookings can be made up to 60 days ahead.",
      ],
      [
        { date: new Date(Date.now() - 86_400_000).toISOString().slice(0, 10), time: "10:00" },
        400,
        "This time is too soon to book. Please choose a later time.",
      ],
      [{ time: "03:07" }, 400, "This time is not free. Please choose one of the free times."],
    ];
    for (const [extra, status, detail] of cases) {
      const res = await publicPost(slug, booking(slot, extra));
      expect(res.status, JSON.stringify(extra)).toBe(status);
      const problem = await body(res);
      expect(problem.detail, JSON.stringify(extra)).toBe(detail);
    }
  });

  it("two customers racing for the same time: exactly one gets it", async () => {
    const { slug } = await salonWithPage();
    const [slot] = await freeSlots(slug);
    const answers = await Promise.all([publicPost(slug, booking(slot)), publicPost(slug, booking(slot))]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await env.DB.prepare(
      `SELECT count(*) AS n FROM bookings b JOIN businesses biz ON biz.id = b.business_id WHERE biz.booking_slug = ?1 AND b.booking_date = ?2 AND b.booking_time = ?3`,
    )
      .bind(slug, slot.date, slot.time)
      .first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("limits: 3 pending per typed phone, 20 bookings per address an hour, then 429 with a clear message", async () => {
    const { slug } = await salonWithPage();
    // On the hour only: a 30-minute Haircut at each never overlaps the next.
    const slots = (await freeSlots(slug, 21)).filter((s) => s.time.endsWith(":00"));
    const phone = phoneNo();
    for (let i = 0; i < 3; i++) expect((await publicPost(slug, booking(slots[i], { phone }))).status).toBe(201);
    const fourth = await publicPost(slug, booking(slots[3], { phone }));
    expect(fourth.status).toBe(429);
    expect((await body(fourth)).detail).toBe(
      "This phone number already has 3 bookings waiting for confirmation on WhatsApp. Confirm them or wait until they expire.",
    );
    // The refused booking did not keep its time.
    expect((await freeSlots(slug, 21)).some((s) => s.date === slots[3].date && s.time === slots[3].time)).toBe(true);

    const ip = uniqueIp();
    let n = 0;
    for (let i = 4; n < 20; i++, n++) expect((await publicPost(slug, booking(slots[i]), ip)).status).toBe(201);
    const over = await publicPost(slug, booking(slots[30]), ip);
    expect(over.status).toBe(429);
    expect((await body(over)).detail).toBe("Too many bookings from this connection. Please try again in an hour.");
  }, 30_000);
});

describe("confirmation on WhatsApp", () => {
  it("the customer's message confirms the booking for the SENDER's number, who gets the thanks as a reply; the typed number gets nothing", async () => {
    const { owner, slug } = await salonWithPage();
    await connectedSession(owner.businessId, { phone: SALON });
    const [slot] = await freeSlots(slug);
    const typed = phoneNo();
    const sender = phoneNo();
    const made = await body<{ booking_id: string; code: string; confirm_url: string }>(
      await publicPost(slug, booking(slot, { phone: typed, name: "Noa Cohen", notes: "Window seat" })),
    );
    expect(await sentTo(owner.businessId)).toEqual([]);

    await customerSays(owner.businessId, sender, prefilled(made.confirm_url));
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({
      status: "confirmed",
      client_phone: sender,
      client_name: "Noa Cohen",
      notes: "Window seat",
    });
    const thanks = thanksText("en", { name: "Noa Cohen", service: "Haircut", date: slot.date, time: slot.time });
    expect(thanks).toMatch(/^Thank you, Noa! Your Haircut on \w+day \d\d\/\d\d at \d\d:\d\d is confirmed\.$/);
    await until(async () => (await sentTo(owner.businessId)).some((s) => s.text === thanks), "the thanks", 10_000);
    const sent = await sentTo(owner.businessId);
    expect(sent.map((s) => s.chatId)).toEqual([`${sender}@c.us`]);

    // The sender is a client who booked online; the typed number never became one.
    const clients = (
      await body<{ clients: { phone: string; contact_basis: string }[] }>(await owner.api("/api/clients"))
    ).clients;
    expect(clients.find((c) => c.phone === sender)).toMatchObject({ contact_basis: "booked_online" });
    expect(clients.some((c) => c.phone === typed)).toBe(false);
    const consent = await env.DB.prepare(
      `SELECT first_in_at, booked_online_at FROM contact_consent WHERE business_id = ?1 AND phone = ?2`,
    )
      .bind(owner.businessId, sender)
      .first<{ first_in_at: number | null; booked_online_at: number | null }>();
    expect(consent?.first_in_at).not.toBeNull();
    expect(consent?.booked_online_at).not.toBeNull();

    // The same message again (or the code once more) changes nothing and sends nothing more.
    await customerSays(owner.businessId, sender, prefilled(made.confirm_url));
    await customerSays(owner.businessId, phoneNo(), `Confirm booking ${made.code}`);
    expect((await sentTo(owner.businessId)).length).toBe(1);
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({ status: "confirmed", client_phone: sender });
  }, 30_000);

  it("reads the Hebrew form, and thanks in Hebrew for a Hebrew page", async () => {
    expect(readConfirmCode("אישור תור 4821: תספורת, יום ה׳ 28/11 16:30")).toBe("4821");
    expect(readConfirmCode("confirm booking #0571")).toBe("0571");
    expect(readConfirmCode("Can I book 4821?")).toBeNull();
    const { owner, slug } = await salonWithPage({}, { messageLang: "he" });
    await connectedSession(owner.businessId, { phone: SALON });
    const [slot] = await freeSlots(slug);
    const made = await body<{ booking_id: string; confirm_url: string }>(
      await publicPost(slug, booking(slot, { name: "נועה כהן" })),
    );
    const text = prefilled(made.confirm_url);
    expect(text.startsWith("אישור תור ")).toBe(true);
    const sender = phoneNo();
    await customerSays(owner.businessId, sender, text);
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({ status: "confirmed" });
    const thanks = thanksText("he", { name: "נועה כהן", service: "Haircut", date: slot.date, time: slot.time });
    expect(thanks.startsWith("תודה, נועה!")).toBe(true);
    await until(
      async () => (await sentTo(owner.businessId)).some((s) => s.text === thanks && s.chatId === `${sender}@c.us`),
      "the Hebrew thanks",
      10_000,
    );
  }, 30_000);

  it("with booking_owner_confirms on, the customer's message makes it wait for the owner and sends no thanks yet", async () => {
    const { owner, slug } = await salonWithPage({ booking_owner_confirms: true });
    await connectedSession(owner.businessId, { phone: SALON });
    const [slot] = await freeSlots(slug);
    const made = await body<{ booking_id: string; confirm_url: string }>(await publicPost(slug, booking(slot)));
    const sender = phoneNo();
    await customerSays(owner.businessId, sender, prefilled(made.confirm_url));
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({
      status: "pending",
      client_phone: sender,
      awaiting_owner: true,
    });
    const [hold] = await db().select().from(schema.bookingHolds).where(eqId(made.booking_id));
    expect(hold).toMatchObject({ state: "awaiting_owner", confirmedPhone: sender });
    // It no longer expires: the owner decides.
    await env.DB.prepare(`UPDATE booking_holds SET expires_at = 0 WHERE booking_id = ?1`).bind(made.booking_id).run();
    await runCron();
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({ status: "pending" });
    expect(await sentTo(owner.businessId)).toEqual([]);
    // Another business's owner cannot answer it; this owner accepts, once, and the customer gets the thanks.
    const stranger = await signedInOwner();
    expect((await stranger.api(`/api/bookings/${made.booking_id}/accept`, { method: "POST" })).status).toBe(404);
    const accepted = await owner.api(`/api/bookings/${made.booking_id}/accept`, { method: "POST" });
    expect(accepted.status).toBe(200);
    expect(await body(accepted)).toEqual({ success: true, booking_id: made.booking_id, status: "confirmed" });
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({ status: "confirmed", awaiting_owner: false });
    const again = await owner.api(`/api/bookings/${made.booking_id}/decline`, { method: "POST" });
    expect(again.status).toBe(409);
    expect(await body(again)).toMatchObject({ success: false, detail: "This booking is not waiting for your answer." });
    const thanks = thanksText("en", { name: "Noa Cohen", service: "Haircut", date: slot.date, time: slot.time });
    await until(
      async () => (await sentTo(owner.businessId)).some((s) => s.text === thanks && s.chatId === `${sender}@c.us`),
      "the thanks",
      10_000,
    );
  }, 30_000);

  it("an online booking carries source online; the list's card says so and offers Accept and Decline while it waits for the owner", async () => {
    const { owner, slug } = await salonWithPage({ booking_owner_confirms: true });
    await connectedSession(owner.businessId, { phone: SALON });
    const [slot] = await freeSlots(slug);
    const made = await body<{ booking_id: string; confirm_url: string }>(await publicPost(slug, booking(slot)));
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({ source: "online" });
    const list = async (lang: "en" | "he" = "en") =>
      (
        await SELF.fetch("http://localhost/dashboard/calendar?view=list", {
          headers: { Cookie: `${owner.cookie}; lang=${lang}` },
        })
      ).text();
    const open = await list();
    expect(open).toContain("Booked online");
    // Still waiting for the customer's message: nothing for the owner to answer yet.
    expect(open).not.toContain('data-testid="booking-waiting"');

    await customerSays(owner.businessId, phoneNo(), prefilled(made.confirm_url));
    const waiting = await list();
    expect(waiting).toContain('data-testid="booking-waiting"');
    expect(waiting).toMatch(/data-testid="booking-waiting"[\s\S]*>Accept<\/button>[\s\S]*>Decline<\/button>/);
    const he = await list("he");
    expect(he).toContain("הוזמן אונליין");
    expect(he).toMatch(/data-testid="booking-waiting"[\s\S]*>אישור<\/button>[\s\S]*>דחייה<\/button>/);
    // The card's Accept answers through the screen's action, as the calendar's detail does.
    const accept = await owner.page("/dashboard/calendar?view=list", {
      method: "POST",
      body: new URLSearchParams({ intent: "accept", id: made.booking_id }),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(accept.status).toBe(200);
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({ status: "confirmed", source: "online" });
    expect(await list()).not.toContain('data-testid="booking-waiting"');
  }, 30_000);

  it("the owner declines a booking waiting for them: cancelled, its time free again, the customer told; an open hold is not waiting (409)", async () => {
    const { owner, slug } = await salonWithPage({ booking_owner_confirms: true });
    await connectedSession(owner.businessId, { phone: SALON });
    const slots = await freeSlots(slug);
    const [slot, later] = [slots[0], slots[slots.length - 1]];
    const open = await body<{ booking_id: string }>(await publicPost(slug, booking(later)));
    expect((await owner.api(`/api/bookings/${open.booking_id}/accept`, { method: "POST" })).status).toBe(409);
    const made = await body<{ booking_id: string; confirm_url: string }>(await publicPost(slug, booking(slot)));
    const sender = phoneNo();
    await customerSays(owner.businessId, sender, prefilled(made.confirm_url));
    // The Calendar's detail panel answers through the screen's action: another business's owner is refused there too.
    const stranger = await signedInOwner();
    const decide = (who: Owner, intent: string) =>
      who.page("/dashboard/calendar", {
        method: "POST",
        body: new URLSearchParams({ intent, id: made.booking_id }),
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
    await decide(stranger, "decline");
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({ status: "pending", awaiting_owner: true });
    expect((await decide(owner, "decline")).status).toBe(200);
    const declined = await owner.api(`/api/bookings/${made.booking_id}/decline`, { method: "POST" });
    expect(declined.status).toBe(409);
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({ status: "cancelled" });
    expect(await freeSlots(slug)).toContainEqual(slot);
    const sorry = declinedText("en", { name: "Noa Cohen", service: "Haircut", date: slot.date, time: slot.time });
    expect(sorry.startsWith("Sorry, Noa: your Haircut on ")).toBe(true);
    await until(
      async () => (await sentTo(owner.businessId)).some((s) => s.text === sorry && s.chatId === `${sender}@c.us`),
      "the refusal",
      10_000,
    );
  }, 30_000);

  it("the thanks waits while the salon's WhatsApp is away, survives a failed send, and goes out once when it is back", async () => {
    const { owner, slug } = await salonWithPage();
    await connectedSession(owner.businessId, { phone: SALON });
    const [slot] = await freeSlots(slug);
    const made = await body<{ booking_id: string; confirm_url: string }>(await publicPost(slug, booking(slot)));
    const answer = () =>
      env.DB.prepare(
        "SELECT status, origin, last_error FROM scheduled_messages WHERE kind = 'answer' AND booking_id = ?",
      )
        .bind(made.booking_id)
        .first<{ status: string; origin: string; last_error: string | null }>();
    // WhatsApp is known to be away when the customer's confirmation comes in: the thanks is kept, not sent.
    await env.DB.prepare("UPDATE businesses SET wa_status = 'STARTING' WHERE id = ?").bind(owner.businessId).run();
    const sender = phoneNo();
    await customerSays(owner.businessId, sender, prefilled(made.confirm_url));
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({ status: "confirmed" });
    await runCron();
    expect(await answer()).toMatchObject({ status: "scheduled", origin: "reply" });
    expect(await sentTo(owner.businessId)).toEqual([]);

    // WhatsApp seems back but drops the connection as the thanks goes: it waits again, nothing lost.
    await env.DB.prepare("UPDATE businesses SET wa_status = 'WORKING' WHERE id = ?").bind(owner.businessId).run();
    await simControl(`${owner.businessId}/disconnect`, { seconds: 2 });
    await runCron();
    await until(
      async () => (await answer())?.last_error === WAITING_REASON && (await answer())?.status === "scheduled",
      "the thanks waiting",
      10_000,
    );
    expect(await sentTo(owner.businessId)).toEqual([]);

    await until(
      async () => (await simControl<{ status: string }>(owner.businessId)).body?.status === "WORKING",
      "the reconnect",
    );
    await businessSession(env, owner.businessId).reconcile(owner.businessId, true);
    await runCron();
    const thanks = thanksText("en", { name: "Noa Cohen", service: "Haircut", date: slot.date, time: slot.time });
    await until(async () => (await answer())?.status === "sent", "the thanks sent", 15_000);
    expect(await sentTo(owner.businessId)).toEqual([
      expect.objectContaining({ chatId: `${sender}@c.us`, text: thanks }),
    ]);
    // Later cron runs send nothing more.
    await runCron();
    expect(await sentTo(owner.businessId)).toHaveLength(1);
  }, 40_000);

  it("a hold not confirmed in time is cancelled 'Not confirmed in time' exactly once by the cron, and its time is free again", async () => {
    const { owner, slug } = await salonWithPage({ booking_hold_minutes: 10 });
    await connectedSession(owner.businessId, { phone: SALON });
    const [slot] = await freeSlots(slug);
    const made = await body<{ booking_id: string; code: string; confirm_url: string }>(
      await publicPost(slug, booking(slot, { notes: "Hi" })),
    );
    const [hold] = await db().select().from(schema.bookingHolds).where(eqId(made.booking_id));
    expect(hold.expiresAt - hold.createdAt).toBe(10 * 60_000);
    // Not yet due: the cron leaves it.
    await runCron();
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({ status: "pending" });

    // The test shortens the hold: it ran out a moment ago.
    await env.DB.prepare(`UPDATE booking_holds SET expires_at = ?2 WHERE booking_id = ?1`)
      .bind(made.booking_id, Date.now() - 1000)
      .run();
    await Promise.all([runCron(), runCron()]);
    await runCron();
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({
      status: "cancelled",
      notes: "Hi\nNot confirmed in time",
    });
    expect((await freeSlots(slug)).some((s) => s.date === slot.date && s.time === slot.time)).toBe(true);

    // A confirmation that comes too late confirms nothing and is read as any message.
    await customerSays(owner.businessId, phoneNo(), prefilled(made.confirm_url));
    expect(await ownerBooking(owner, made.booking_id)).toMatchObject({ status: "cancelled" });
    expect(await sentTo(owner.businessId)).toEqual([]);
  }, 30_000);

  it("the owner's phones get a Web Push of the confirmed online booking, in their language", async () => {
    const owner = await signedInOwner();
    const withKeys = { ...env, ...TEST_VAPID } as Env;
    // This file's own phone (test/support/global-setup.ts): the Settings tests read theirs.
    const sub = inject("pushSubscribers")[6];
    await saveSubscription(db(), withKeys, owner.businessId, { ...sub, lang: "he" }, Date.now());
    const bookingId = crypto.randomUUID();
    await notifyOwner(withKeys, owner.businessId, {
      bookingId,
      name: "Noa Cohen",
      service: "Haircut",
      date: "2031-03-06",
      time: "16:30",
      waiting: false,
      timeZone: "Asia/Jerusalem",
    });
    const got = await until(async () => {
      const res = await fetch(`${inject("pushUrl")}/__received`);
      const all = (await res.json()) as { received: { endpoint: string; payload: Record<string, string> }[] };
      return all.received.find((r) => r.endpoint === sub.endpoint && r.payload.tag === `online-${bookingId}`);
    }, "the push");
    expect(got.payload).toMatchObject({ title: "הזמנה מהאתר", url: `/dashboard/bookings?booking=${bookingId}` });
    expect(got.payload.body).toMatch(/^Noa Cohen, Haircut, .+: אושר בוואטסאפ$/);
  });
});
