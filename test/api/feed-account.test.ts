// The private calendar feed, and deleting an account with everything it owns.
import { env, SELF } from "cloudflare:test";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../app/services/auth/password-hash.server";
import { signedInOwner } from "../support/auth";
import { connectedSession, simControl } from "../support/gateway";
import { seedBooking, seedClient, seedRuleMessage } from "../support/seed";

const pathOf = (url: string) => new URL(url).pathname;
const feed = (url: string) => SELF.fetch(`http://localhost${pathOf(url)}`);

describe("calendar feed", () => {
  it("describes each booking in the business's message language", async () => {
    const owner = await signedInOwner({ timeZone: "Asia/Jerusalem" });
    await env.DB.prepare("UPDATE businesses SET message_lang = 'he' WHERE id = ?").bind(owner.businessId).run();
    const noa = await seedClient(owner.businessId, { name: "נועה", phone: "972521234567" });
    await seedBooking(owner.businessId, noa, {
      service: "תספורת",
      bookingDate: "2030-01-15",
      bookingTime: "10:00",
      status: "confirmed",
      notes: "קצר",
    });
    const created = (await (await owner.api("/api/calendar-feed", { method: "POST" })).json()) as { url: string };
    const cal = new ICAL.Component(ICAL.parse(await (await feed(created.url)).text()));
    const [event] = cal.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    expect(event.description).toBe("סטטוס: אושר\nטלפון: +972 52 123 4567\nקצר");
  });

  it("names the member each booking is with when the business has a team", async () => {
    const owner = await signedInOwner();
    const yossi = (
      await (
        await owner.api("/api/team", { method: "POST", json: { name: "Yossi" } })
      ).json<{ member: { id: string } }>()
    ).member;
    const noa = await seedClient(owner.businessId, { name: "Noa", phone: "972521234567" });
    await seedBooking(owner.businessId, noa, { bookingDate: "2030-01-15", bookingTime: "10:00", memberId: yossi.id });
    const created = (await (await owner.api("/api/calendar-feed", { method: "POST" })).json()) as { url: string };
    const cal = new ICAL.Component(ICAL.parse(await (await feed(created.url)).text()));
    const [event] = cal.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    expect(event.description).toBe("Status: Scheduled\nWith: Yossi\nPhone: +972 52 123 4567");
  });

  it("a private address with each booking that is not cancelled, at its local time, with a stable UID", async () => {
    const owner = await signedInOwner({ timeZone: "Asia/Jerusalem", name: "Dana Hair" });
    const maya = await seedClient(owner.businessId, { name: "Maya", phone: "972521234567" });
    const kept = await seedBooking(owner.businessId, maya, {
      service: "Haircut",
      bookingDate: "2030-01-15",
      bookingTime: "10:00",
    });
    await seedBooking(owner.businessId, maya, {
      service: "Color",
      bookingDate: "2030-07-15",
      bookingTime: "10:00",
      status: "completed",
      durationMinutes: 45,
    });
    await seedBooking(owner.businessId, maya, {
      service: "Nails",
      bookingDate: "2030-01-16",
      bookingTime: "09:00",
      status: "cancelled",
    });
    await seedBooking(owner.businessId, maya, { service: "Old", bookingDate: "2020-01-01", bookingTime: "09:00" });

    const created = (await (await owner.api("/api/calendar-feed", { method: "POST" })).json()) as {
      success: boolean;
      url: string;
    };
    expect(created.success).toBe(true);
    expect(created.url).toMatch(/^http:\/\/localhost:8787\/feed\/[A-Za-z0-9_-]{40,}\.ics$/);
    const secret = /feed\/(.+)\.ics$/.exec(created.url)![1];
    const stored = await env.DB.prepare("SELECT calendar_feed_hash FROM businesses WHERE id = ?")
      .bind(owner.businessId)
      .first<string>("calendar_feed_hash");
    expect(stored).not.toContain(secret); // only its hash is kept

    const res = await feed(created.url);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const text = await res.text();
    const cal = new ICAL.Component(ICAL.parse(text));
    const events = cal.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    expect(events.map((e) => e.summary)).toEqual(["Maya: Haircut", "Maya: Color"]);
    // 10:00 in Jerusalem: UTC+2 in January, UTC+3 in July (summer time).
    expect(events.map((e) => e.startDate.toJSDate().toISOString())).toEqual([
      "2030-01-15T08:00:00.000Z",
      "2030-07-15T07:00:00.000Z",
    ]);
    // Each event lasts its booking's duration (60 minutes unless set).
    expect(events.map((e) => e.endDate.toJSDate().getTime() - e.startDate.toJSDate().getTime())).toEqual([
      3_600_000, 2_700_000,
    ]);
    expect(events[0].uid).toBe(`${kept}@chatbook`);
    expect(cal.getFirstPropertyValue("x-wr-calname")).toBe("Dana Hair");
    expect(events[0].description).toBe("Status: Scheduled\nPhone: +972 52 123 4567");
    expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true); // folded
    // The same UIDs on the next read.
    const again = new ICAL.Component(ICAL.parse(await (await feed(created.url)).text()));
    expect(again.getAllSubcomponents("vevent").map((c) => c.getFirstPropertyValue("uid"))).toEqual(
      events.map((e) => e.uid),
    );

    // A new address replaces the old; revoking ends it.
    const replaced = (await (await owner.api("/api/calendar-feed", { method: "POST" })).json()) as { url: string };
    expect((await feed(created.url)).status).toBe(404);
    expect((await feed(replaced.url)).status).toBe(200);
    expect(await (await owner.api("/api/calendar-feed", { method: "DELETE" })).json()).toEqual({ success: true });
    expect((await feed(replaced.url)).status).toBe(404);
    expect((await SELF.fetch("http://localhost/feed/not-a-secret.ics")).status).toBe(404);
    expect((await SELF.fetch("http://localhost/api/calendar-feed", { method: "POST" })).status).toBe(401);
  });
});

async function rowsMentioning(values: string[]) {
  const { results: tables } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
  ).all<{ name: string }>();
  const found: string[] = [];
  for (const { name } of tables) {
    const { results } = await env.DB.prepare(`SELECT * FROM "${name}"`).all<Record<string, unknown>>();
    for (const row of results) if (values.some((v) => JSON.stringify(row).includes(v))) found.push(name);
  }
  return found;
}

describe("DELETE /api/account", () => {
  it("a wrong password deletes nothing; the right one deletes the business, everything it owns, its sessions and its WhatsApp session", async () => {
    const owner = await signedInOwner();
    await env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?")
      .bind(await hashPassword("right-pass-1"), owner.userId)
      .run();
    const client = await seedClient(owner.businessId, { name: "Maya" });
    const booking = await seedBooking(owner.businessId, client);
    await seedRuleMessage(owner.businessId, booking);
    await env.DB.prepare("INSERT INTO services (id, business_id, name, name_key) VALUES (?, ?, 'Haircut', 'haircut')")
      .bind(crypto.randomUUID(), owner.businessId)
      .run();
    await env.DB.prepare(
      "INSERT INTO wa_contacts (id, business_id, chat_id, phone) VALUES (?, ?, '972541234567@c.us', '972541234567')",
    )
      .bind(crypto.randomUUID(), owner.businessId)
      .run();
    await env.DB.prepare(
      "INSERT INTO wa_messages (id, business_id, provider_id, chat_id, from_me, body, timestamp) VALUES (?, ?, 'p1', '972541234567@c.us', 0, 'hi', 1)",
    )
      .bind(crypto.randomUUID(), owner.businessId)
      .run();
    await env.DB.prepare(
      "INSERT INTO proposals (id, business_id, chat_id, client_phone, service, date, time, status, booking_id) VALUES (?, ?, '972541234567@c.us', '972541234567', 'Haircut', '2030-01-15', '10:00', 'accepted', ?)",
    )
      .bind(crypto.randomUUID(), owner.businessId, booking)
      .run();
    await env.DB.prepare("INSERT INTO email_outbox (id, \"to\", subject, text) VALUES (?, ?, 's', 't')")
      .bind(crypto.randomUUID(), owner.email)
      .run();
    await owner.api("/api/calendar-feed", { method: "POST", json: { password: "right-pass-1" } });
    await connectedSession(owner.businessId);
    const other = await signedInOwner();
    await seedClient(other.businessId, { name: "Not Mine" });

    const del = (json: unknown) => owner.api("/api/account", { method: "DELETE", json });
    const wrong = await del({ password: "wrong-pass" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({
      success: false,
      detail: "The password is not correct. Nothing was deleted.",
    });
    expect((await del({})).status).toBe(400);
    expect(await rowsMentioning([owner.businessId])).toContain("clients");

    const res = await del({ password: "right-pass-1" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect(await rowsMentioning([owner.businessId, owner.userId, owner.email])).toEqual([]);
    expect((await simControl(owner.businessId)).status).toBe(404); // the gateway's session is gone
    expect((await owner.api("/api/clients")).status).toBe(401); // its tokens and sessions ended
    expect(await rowsMentioning([other.businessId])).toContain("clients");
  });

  it("an account that signs in only with Google confirms with a fresh Google sign-in", async () => {
    const owner = await signedInOwner();
    await env.DB.prepare("UPDATE users SET password_hash = NULL WHERE id = ?").bind(owner.userId).run();
    const ok = await owner.api("/api/account", { method: "DELETE", json: {} });
    expect(ok.status).toBe(200);
    expect(await rowsMentioning([owner.businessId, owner.userId])).toEqual([]);
  });
});
