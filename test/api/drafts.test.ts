// Drafted replies: a customer's ask read at the live read becomes a draft
// offering really free times; the list, dismiss (once), another business's id,
// and the owner answering in the chat (the draft is withdrawn).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { offlineExtractor } from "../../app/providers/ai/offline";
import { withdrawDrafts } from "../../app/services/drafts/drafts.server";
import { readChatForProposals } from "../../app/services/proposals/live.server";
import { availability } from "../../app/services/time/salon-time.server";
import { signedInOwner } from "../support/auth";
import { db, seedBooking, seedClient } from "../support/seed";
import { addService, seedContact, type Owner } from "../support/sync";

type DraftJson = {
  id: string;
  client_name: string;
  client_phone: string;
  question: string;
  text: string;
  slots: { date: string; time: string }[];
  created_at: number;
};

const ALL_WEEK = Object.fromEntries(
  Array.from({ length: 7 }, (_, d) => [String(d), [["09:00", "19:00"]] as [string, string][]]),
);
// Monday 14 January 2030, 09:00 in Jerusalem: "Thursday" is the 17th.
const NOW = Date.parse("2030-01-14T09:00:00+02:00");
const THURSDAY = "2030-01-17";
const ASK = "Hi, do you have anything Thursday afternoon for a haircut?";

async function ownerWithAsk(body = ASK, name = "Noa Cohen") {
  const owner = await signedInOwner({ workingHours: ALL_WEEK });
  expect((await addService(owner, "Haircut")).status).toBe(201);
  const contact = await seedContact(owner.businessId, { name, messages: [[false, body, NOW - 120_000]] });
  return { owner, contact };
}

const read = (owner: Owner, chatId: string, now = NOW) =>
  readChatForProposals(env, owner.businessId, chatId, 0, now, () => offlineExtractor);
const list = async (owner: Owner) => (await owner.api("/api/drafts")).json<{ success: boolean; drafts: DraftJson[] }>();
const dismiss = (owner: Owner, id: string) => owner.api(`/api/drafts/${id}/dismiss`, { method: "POST" });

describe("drafts made at the live read", () => {
  it("offers up to 3 Thursday afternoon times that the availability module lists as free, in the customer's words", async () => {
    const { owner, contact } = await ownerWithAsk();
    const clientId = await seedClient(owner.businessId, { phone: contact.phone! });
    await seedBooking(owner.businessId, clientId, { bookingDate: THURSDAY, bookingTime: "12:00", durationMinutes: 60 });
    const outcome = await read(owner, contact.chatId);
    expect(outcome.kind).toBe("read");

    const body = await list(owner);
    expect(body.success).toBe(true);
    expect(body.drafts).toHaveLength(1);
    const [draft] = body.drafts;
    expect(draft).toMatchObject({ client_name: "Noa Cohen", client_phone: contact.phone, question: ASK });
    expect(Object.keys(draft).sort()).toEqual([
      "client_name",
      "client_phone",
      "created_at",
      "id",
      "question",
      "slots",
      "text",
    ]);
    expect(draft.slots.length).toBeGreaterThan(0);
    expect(draft.slots.length).toBeLessThanOrEqual(3);
    const [business] = await db().query.businesses.findMany({ where: (b, { eq }) => eq(b.id, owner.businessId) });
    const free = await availability(db(), business, { service: "Haircut", from: THURSDAY, days: 1 }, NOW);
    for (const slot of draft.slots) {
      expect(slot.date).toBe(THURSDAY);
      expect(slot.time >= "12:00" && slot.time < "17:00").toBe(true);
      expect(free.slots.some((s) => s.date === slot.date && s.time === slot.time)).toBe(true);
    }
    expect(draft.slots.map((s) => s.time)).not.toContain("12:00"); // the booking's
    // The asked day is kept, so a freed Thursday slot finds who asked for it (services/openings).
    expect(await env.DB.prepare("SELECT asked_date FROM drafts WHERE id = ?").bind(draft.id).first("asked_date")).toBe(
      THURSDAY,
    );
    expect(draft.text).toBe(
      `Hi Noa! On Thursday 17/1 I can do ${draft.slots
        .map((s) => s.time)
        .join(", ")
        .replace(/, (?=[^,]*$)/, " or ")} for a haircut. Which suits you?`,
    );
  });

  it("writes in Hebrew to a customer who asked in Hebrew, and makes no draft for a chat that asks nothing", async () => {
    const { owner, contact } = await ownerWithAsk("היי, יש משהו מחר בערב לתספורת?", "נועה לוי");
    await read(owner, contact.chatId);
    const [draft] = (await list(owner)).drafts;
    expect(draft.text).toMatch(/^היי נועה! מחר אפשר ב-1[78]:\d\d/);
    expect(draft.slots.every((s) => s.date === "2030-01-15" && s.time >= "17:00")).toBe(true);

    const other = await seedContact(owner.businessId, {
      messages: [[false, "Thanks, the cut looks great!", NOW - 60_000]],
    });
    await read(owner, other.chatId);
    expect((await list(owner)).drafts).toHaveLength(1);
  });
});

describe("the booking link in drafts", () => {
  it("follows the offered times while the booking page is on, in the customer's language, and not once it is off", async () => {
    const { owner, contact } = await ownerWithAsk();
    const slug = `drafts-${crypto.randomUUID().slice(0, 8)}`;
    const on = await owner.api("/api/settings", {
      method: "PATCH",
      json: { phone: "0521234567", booking_slug: slug, booking_page_enabled: true },
    });
    expect(on.status).toBe(200);
    const url = `${env.APP_URL.replace(/\/+$/, "")}/b/${slug}`;
    await read(owner, contact.chatId);
    const [draft] = (await list(owner)).drafts;
    expect(draft.text).toMatch(
      /^Hi Noa! On Thursday 17\/1 I can do .+ for a haircut\. Which suits you\? Or pick a time yourself: (.+)$/,
    );
    expect(draft.text.endsWith(` Or pick a time yourself: ${url}`)).toBe(true);

    const hebrew = await seedContact(owner.businessId, {
      name: "נועה לוי",
      messages: [[false, "היי, יש משהו מחר בערב לתספורת?", NOW - 60_000]],
    });
    await read(owner, hebrew.chatId);
    const he = (await list(owner)).drafts.find((d) => d.client_name === "נועה לוי")!;
    expect(he.text).toMatch(/^היי נועה! מחר אפשר ב-1[78]:\d\d.* מה מתאים לך\? אפשר גם לבחור שעה בעצמך: /);
    expect(he.text.endsWith(` אפשר גם לבחור שעה בעצמך: ${url}`)).toBe(true);

    expect((await owner.api("/api/settings", { method: "PATCH", json: { booking_page_enabled: false } })).status).toBe(
      200,
    );
    const later = await seedContact(owner.businessId, { name: "Maya Katz", messages: [[false, ASK, NOW - 30_000]] });
    await read(owner, later.chatId);
    const off = (await list(owner)).drafts.find((d) => d.client_name === "Maya Katz")!;
    expect(off.text).toMatch(/Which suits you\?$/);
    expect(off.text).not.toContain("/b/");
  });
});

describe("POST /api/drafts/{id}/dismiss", () => {
  it("dismisses once: again answers 409, another business's id 404, and the list no longer shows it", async () => {
    const { owner, contact } = await ownerWithAsk();
    await read(owner, contact.chatId);
    const [draft] = (await list(owner)).drafts;
    const stranger = await signedInOwner();
    expect((await dismiss(stranger, draft.id)).status).toBe(404);
    expect((await stranger.api("/api/drafts").then((r) => r.json<{ drafts: DraftJson[] }>())).drafts).toEqual([]);
    const res = await dismiss(owner, draft.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    expect((await list(owner)).drafts).toEqual([]);
    const again = await dismiss(owner, draft.id);
    expect(again.status).toBe(409);
    expect((await again.json<{ detail: string }>()).detail).toBe("This draft was dismissed.");
    expect((await dismiss(owner, "no-such-draft")).status).toBe(404);
  });

  it("answers 409 for a draft withdrawn because the owner answered in the chat", async () => {
    const { owner, contact } = await ownerWithAsk();
    await read(owner, contact.chatId);
    const [draft] = (await list(owner)).drafts;
    await withdrawDrafts(env.DB, owner.businessId, contact.chatId, NOW + 60_000);
    expect((await list(owner)).drafts).toEqual([]);
    const res = await dismiss(owner, draft.id);
    expect(res.status).toBe(409);
    expect((await res.json<{ detail: string }>()).detail).toBe(
      "You already answered in this chat, so this draft was withdrawn.",
    );
  });

  it("needs a signed-in owner", async () => {
    const { SELF } = await import("cloudflare:test");
    expect((await SELF.fetch("http://localhost/api/drafts")).status).toBe(401);
    expect((await SELF.fetch("http://localhost/api/drafts/x/dismiss", { method: "POST" })).status).toBe(401);
  });
});
