// The Sync tab's Opening card: a cancelled booking's time, with the clients
// worth offering it to and why, a checkbox for each and Offer, in English and
// Hebrew; its action with the problems the screen translates; the card after
// offering ("Offered to 2") and once taken ("Taken by ..."); and the Web Push
// the owner's phones get when an opening appears.
import { env, SELF } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { createDb, schema } from "~db";
import { syncScreenAction } from "../../app/routes/dashboard.sync/screen.server";
import { bookingCancelled } from "../../app/services/openings/openings.server";
import { saveSubscription } from "../../app/services/push/push.server";
import { addDays } from "../../app/utils/dates";
import { localDate } from "../../app/utils/time-zone";
import { signedInOwner } from "../support/auth";
import { until } from "../support/gateway";
import { shownHtml } from "../support/html";
import { db, seedBooking, seedClient } from "../support/seed";
import { addService, type Owner } from "../support/sync";
import { TEST_VAPID } from "../support/vapid";

const DAY = 86_400_000;
const ZONE = "Asia/Jerusalem";
const EN_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const HE_DAYS = ["ראשון", "שני", "שלישי", "רביעי", "חמישי", "שישי", "שבת"];

let chats = 0;
/** A salon whose 16:00 haircut tomorrow was cancelled; Noa and Lior asked for that day. WhatsApp held: offers wait for the sweep. */
async function salonWithOpening() {
  const owner = await signedInOwner({ timeZone: ZONE, waStatus: "STARTING" });
  await addService(owner, "Haircut");
  const day = addDays(localDate(Date.now(), ZONE), 1);
  const maya = await seedClient(owner.businessId, { name: "Maya Katz" });
  const booking = await seedBooking(owner.businessId, maya, { bookingDate: day, bookingTime: "16:00" });
  const clients: string[] = [];
  for (const name of ["Noa Cohen", "Lior Ben"]) {
    const id = await seedClient(owner.businessId, { name });
    const { phone } = (await env.DB.prepare("SELECT phone FROM clients WHERE id = ?")
      .bind(id)
      .first<{ phone: string }>())!;
    await db()
      .insert(schema.drafts)
      .values({
        id: crypto.randomUUID(),
        businessId: owner.businessId,
        chatId: `chat${chats++}@c.us`,
        clientName: name,
        clientPhone: phone,
        question: "Anything that day?",
        service: "Haircut",
        text: "Hi! I can do 10:00.",
        askedDate: day,
        status: "dismissed",
        createdAt: Date.now() - DAY - clients.length,
      });
    clients.push(id);
  }
  expect((await owner.api(`/api/bookings/${booking}`, { method: "PATCH", json: { status: "cancelled" } })).status).toBe(
    200,
  );
  const opening = (await env.DB.prepare("SELECT id FROM openings WHERE booking_id = ?")
    .bind(booking)
    .first<{ id: string }>())!.id;
  const [noa, lior] = clients;
  return { owner, day, opening, noa, lior };
}

const form = (fields: Record<string, string | string[]>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) f.append(k, one);
  return f;
};

async function act(owner: Owner, fields: Record<string, string | string[]>) {
  const business = { id: owner.businessId, timeZone: ZONE, country: "IL", workingHours: {} };
  const res = await syncScreenAction({ db: createDb(env.DB), env, now: Date.now() }, business, form(fields));
  return {
    status: res.init?.status ?? 200,
    data: res.data as unknown as { ok: boolean; offered?: number; problem?: { key: string } },
  };
}

const syncPage = async (owner: Owner, lang: "en" | "he" = "en") =>
  shownHtml(
    await (
      await SELF.fetch("http://localhost/dashboard/sync", { headers: { Cookie: `${owner.cookie}; lang=${lang}` } })
    ).text(),
  );

/** The card's checkboxes as the page renders them: [value, checked, disabled]. */
const checkboxes = (html: string) =>
  [...html.matchAll(/<input type="checkbox"[^>]*>/g)].map(([tag]) => [
    /value="([^"]+)"/.exec(tag)?.[1],
    tag.includes("checked"),
    tag.includes("disabled"),
  ]);

describe("Sync tab: an opening", () => {
  it("shows the day, time, service and each candidate with why, a labelled checkbox each and Offer, in English and Hebrew", async () => {
    const { owner, day, noa, lior } = await salonWithOpening();
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const html = await syncPage(owner);
    expect(html).toContain("Openings");
    expect(html).toContain("A booking was cancelled and its time is free again.");
    expect(html).toMatch(/Tomorrow · <bdi dir="ltr">16:00<\/bdi>/);
    expect(html).toContain("Haircut");
    expect(html).toContain("Who might want it (choose up to 3)");
    expect(html).toContain("Noa Cohen");
    expect(html).toContain("Lior Ben");
    expect(html).toContain(`asked for ${EN_DAYS[weekday]}`);
    // Each checkbox is inside its label (the client's name and reason); nothing offered yet.
    expect(html).toMatch(
      /<label class="check opening-candidate"><input type="checkbox" name="client_id" value="[^"]+"[^>]*>/,
    );
    expect(checkboxes(html).sort()).toEqual(
      [
        [noa, false, false],
        [lior, false, false],
      ].sort(),
    );
    expect(html).toContain('aria-label="Offer the 16:00 slot to the chosen clients"');
    expect(html).not.toContain("Offered to");

    const he = await syncPage(owner, "he");
    expect(he).toContain("תורים שהתפנו");
    expect(he).toMatch(/מחר · <bdi dir="ltr">16:00<\/bdi>/);
    expect(he).toContain(`ביקש/ה תור ליום ${HE_DAYS[weekday]}`);
    expect(he).toContain("מי אולי ירצה (בחרו עד 3)");
    expect(he).toContain('aria-label="הציעו את התור של 16:00 ללקוחות שנבחרו"');
    for (const english of ["Openings", "Who might want it", "asked for", "Tomorrow"]) expect(he).not.toContain(english);
  });

  it("Offer sends it to the chosen clients: the card then says 'Offered to 2' and their boxes stay ticked; again, none chosen, or another business's: refused", async () => {
    const { owner, opening, noa, lior } = await salonWithOpening();
    const stranger = await signedInOwner({ timeZone: ZONE });
    expect((await act(stranger, { intent: "opening-offer", id: opening, client_id: [noa] })).data.problem?.key).toBe(
      "openings.err.notFound",
    );
    const none = await act(owner, { intent: "opening-offer", id: opening });
    expect(none).toEqual({
      status: 400,
      data: expect.objectContaining({ ok: false, problem: expect.objectContaining({ key: "openings.err.clients" }) }),
    });

    expect(await act(owner, { intent: "opening-offer", id: opening, client_id: [noa, lior] })).toEqual({
      status: 200,
      data: { intent: "opening-offer", id: opening, ok: true, offered: 2 },
    });
    const queued = await env.DB.prepare(
      "SELECT count(*) AS n FROM scheduled_messages WHERE business_id = ? AND kind = 'offer' AND status = 'scheduled'",
    )
      .bind(owner.businessId)
      .first("n");
    expect(queued).toBe(2);
    expect((await act(owner, { intent: "opening-offer", id: opening, client_id: [noa] })).data.problem?.key).toBe(
      "openings.err.offered",
    );

    const html = await syncPage(owner);
    expect(html).toContain("Offered to 2");
    expect(checkboxes(html).sort()).toEqual(
      [
        [noa, true, true],
        [lior, true, true],
      ].sort(),
    );
    expect(await syncPage(owner, "he")).toContain("הוצע ל-2");
  });

  it("once the first 1 took it, the card says who took it", async () => {
    const { owner, opening, lior } = await salonWithOpening();
    expect((await act(owner, { intent: "opening-offer", id: opening, client_id: [lior] })).data.ok).toBe(true);
    // As the Durable Object's decision records it (test/api/openings-offer.test.ts drives the real one).
    await env.DB.batch([
      env.DB.prepare("UPDATE openings SET taken_at = ? WHERE id = ?").bind(Date.now(), opening),
      env.DB.prepare("UPDATE opening_offers SET answer = 'booked', answered_at = ? WHERE opening_id = ?").bind(
        Date.now(),
        opening,
      ),
    ]);
    const html = await syncPage(owner);
    expect(html).toContain("Taken by Lior Ben");
    expect(checkboxes(html)).toEqual([]);
    expect(await syncPage(owner, "he")).toContain("נקבע לLior Ben");
    expect((await act(owner, { intent: "opening-offer", id: opening, client_id: [lior] })).data.problem?.key).toBe(
      "openings.err.taken",
    );
  });

  it("the owner's phones get a Web Push when an opening appears, in their language, once", async () => {
    const owner = await signedInOwner({ timeZone: ZONE });
    const withKeys = { ...env, ...TEST_VAPID } as Env;
    // This file's own phone (test/support/global-setup.ts).
    const sub = inject("pushSubscribers")[9];
    await saveSubscription(db(), withKeys, owner.businessId, { ...sub, lang: "he" }, Date.now());
    const day = addDays(localDate(Date.now(), ZONE), 1);
    const booking = await seedBooking(owner.businessId, await seedClient(owner.businessId), {
      bookingDate: day,
      bookingTime: "16:00",
      status: "cancelled",
    });
    await bookingCancelled(withKeys, db(), owner.businessId, booking, Date.now());
    await bookingCancelled(withKeys, db(), owner.businessId, booking, Date.now());
    const opening = (await env.DB.prepare("SELECT id FROM openings WHERE booking_id = ?")
      .bind(booking)
      .first<{ id: string }>())!.id;
    const received = async () => {
      const res = await fetch(`${inject("pushUrl")}/__received`);
      const all = (await res.json()) as { received: { endpoint: string; payload: Record<string, string> }[] };
      return all.received.filter((r) => r.endpoint === sub.endpoint && r.payload.tag === `opening-${opening}`);
    };
    const [got] = await until(async () => ((await received()).length ? received() : null), "the push");
    expect(got.payload).toEqual({
      title: "התפנה תור",
      body: "Haircut, מחר בשעה 16:00: אפשר להציע אותו ללקוחות שביקשו.",
      url: `/dashboard/sync?opening=${opening}`,
      tag: `opening-${opening}`,
    });
    // Cancelled again: no second push.
    expect(await received()).toHaveLength(1);
  });
});
