// The Sync tab's drafted replies: the card the page shows (the customer's
// words, the offered times, the draft, Send, Edit then Send, Dismiss) in
// English and Hebrew, and its actions with the problems the screen translates.
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~db";
import { offlineExtractor } from "../../app/providers/ai/offline";
import { syncScreenAction } from "../../app/routes/dashboard.sync/screen.server";
import { readChatForProposals } from "../../app/services/proposals/live.server";
import { storeProposals } from "../../app/services/proposals/store.server";
import { signedInOwner } from "../support/auth";
import { shownHtml } from "../support/html";
import { addService, HAIRCUT_ASK, seedContact, type Owner } from "../support/sync";

const ALL_WEEK = Object.fromEntries(
  Array.from({ length: 7 }, (_, d) => [String(d), [["09:00", "19:00"]] as [string, string][]]),
);
// Monday 14 January 2030, 09:00 in Jerusalem: "Thursday" is the 17th.
const NOW = Date.parse("2030-01-14T09:00:00+02:00");
const ASK = "Hi, do you have anything Thursday afternoon for a haircut?";

type DraftJson = { id: string; text: string; slots: { date: string; time: string }[] };

async function ownerWithDraft() {
  // WhatsApp held: a sent draft waits for the sweep (nothing goes to the queue in these tests).
  const owner = await signedInOwner({ workingHours: ALL_WEEK, waStatus: "STARTING" });
  await addService(owner, "Haircut");
  const contact = await seedContact(owner.businessId, {
    name: "Noa Cohen",
    phone: "972541234567",
    messages: [[false, ASK, NOW - 120_000]],
  });
  await readChatForProposals(env, owner.businessId, contact.chatId, 0, NOW, () => offlineExtractor);
  const [draft] = (await (await owner.api("/api/drafts")).json<{ drafts: DraftJson[] }>()).drafts;
  return { owner, draft };
}

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

async function act(owner: Owner, fields: Record<string, string>) {
  const business = { id: owner.businessId, timeZone: "Asia/Jerusalem", country: "IL", workingHours: {} };
  const res = await syncScreenAction({ db: createDb(env.DB), env, now: Date.now() }, business, form(fields));
  return { status: res.init?.status ?? 200, data: res.data as unknown as { ok: boolean; problem?: { key: string } } };
}

const syncPage = async (owner: Owner, lang: "en" | "he" = "en") =>
  shownHtml(
    await (
      await SELF.fetch("http://localhost/dashboard/sync", { headers: { Cookie: `${owner.cookie}; lang=${lang}` } })
    ).text(),
  );

const queued = (draftId: string) =>
  env.DB.prepare("SELECT body, status FROM scheduled_messages WHERE kind = 'draft' AND ref = ?")
    .bind(draftId)
    .first<{ body: string; status: string }>();

describe("Sync tab: replies ready to send", () => {
  it("shows the customer's words, the offered times, the draft and its three actions, in English and Hebrew", async () => {
    const { owner, draft } = await ownerWithDraft();
    const html = await syncPage(owner);
    expect(html).toContain("Replies ready to send");
    expect(html).toContain("Noa Cohen");
    expect(html).toContain("+972 54 123 4567");
    expect(html).toContain(ASK);
    expect(html).toContain("Offered times");
    for (const slot of draft.slots) expect(html).toContain(slot.time);
    expect(html).toContain("Thursday, 17 January 2030");
    expect(html).toContain(draft.text);
    expect(html).toContain('aria-label="Send the reply to Noa Cohen"');
    expect(html).toContain("Edit then Send");
    expect(html).toContain('aria-label="Dismiss the reply to Noa Cohen"');

    const he = await syncPage(owner, "he");
    expect(he).toContain("תשובות מוכנות לשליחה");
    expect(he).toContain("שעות מוצעות");
    expect(he).toContain("יום חמישי, 17 בינואר 2030");
    expect(he).toContain("עריכה ושליחה");
    expect(he).toContain('aria-label="שליחת התשובה אל Noa Cohen"');
    expect(he).not.toContain("Replies ready to send");
    expect(he).not.toContain("Edit then Send");
  });

  it("Send queues the draft once; again says it was sent; the card leaves the page", async () => {
    const { owner, draft } = await ownerWithDraft();
    expect(await act(owner, { intent: "draft-send", id: draft.id })).toEqual({
      status: 200,
      data: { intent: "draft-send", id: draft.id, ok: true },
    });
    expect(await queued(draft.id)).toEqual({ body: draft.text, status: "scheduled" });
    const again = await act(owner, { intent: "draft-send", id: draft.id });
    expect(again.data.problem?.key).toBe("drafts.err.sent");
    expect(await syncPage(owner)).not.toContain("Replies ready to send");
  });

  it("Edit then Send sends the owner's words; a blank text is refused under the box; another business's draft is not found", async () => {
    const { owner, draft } = await ownerWithDraft();
    const stranger = await signedInOwner();
    expect((await act(stranger, { intent: "draft-send", id: draft.id })).data.problem?.key).toBe("drafts.err.notFound");
    const blank = await act(owner, { intent: "draft-send", id: draft.id, text: "  " });
    expect(blank.status).toBe(400);
    expect(blank.data.problem?.key).toBe("drafts.err.text");
    expect(await queued(draft.id)).toBeNull();
    expect((await act(owner, { intent: "draft-send", id: draft.id, text: "Hi Noa! Thursday 15:00?" })).data.ok).toBe(
      true,
    );
    expect(await queued(draft.id)).toMatchObject({ body: "Hi Noa! Thursday 15:00?" });
  });

  it("Dismiss takes the card away and sends nothing", async () => {
    const { owner, draft } = await ownerWithDraft();
    expect((await act(owner, { intent: "draft-dismiss", id: draft.id })).data.ok).toBe(true);
    expect((await act(owner, { intent: "draft-send", id: draft.id })).data.problem?.key).toBe("drafts.err.dismissed");
    expect(await queued(draft.id)).toBeNull();
    expect(await syncPage(owner)).not.toContain(draft.text);
  });

  it("the Sync tab's badge counts the replies ready to send with the booking requests; sending or dismissing lowers it", async () => {
    const { owner, draft } = await ownerWithDraft();
    const badge = (html: string) =>
      /<span class="tab-badge" data-testid="proposals-count" aria-label="([^"]*)">([^<]*)</.exec(html)?.slice(1) ??
      null;
    // The badge is on every tab's page (the dashboard's layout).
    expect(badge(await syncPage(owner))).toEqual(["1 reply ready to send", "1"]);

    // A booking request from another chat: both counted, each named.
    const other = await seedContact(owner.businessId, { name: "Maya Azulay", phone: "972529876543" });
    const [proposal] = await storeProposals(
      createDb(env.DB),
      { id: owner.businessId, country: "IL" },
      { chatId: other.chatId, phone: other.phone, name: "Maya Azulay" },
      [{ service: "Haircut", date: "2030-01-20", time: "17:00", notes: "", quote: HAIRCUT_ASK }],
    );
    expect(badge(await syncPage(owner))).toEqual(["1 booking request, 1 reply ready to send", "2"]);
    expect(badge(await syncPage(owner, "he"))).toEqual(["בקשה אחת לתור, תשובה אחת מוכנה לשליחה", "2"]);

    // Sent: only the request is left.
    expect((await act(owner, { intent: "draft-send", id: draft.id })).data.ok).toBe(true);
    expect(badge(await syncPage(owner))).toEqual(["1 booking request", "1"]);
    expect((await act(owner, { intent: "proposal-dismiss", id: proposal.id })).data.ok).toBe(true);
    expect(badge(await syncPage(owner))).toBeNull();

    // Dismissed: gone from the badge too.
    const second = await ownerWithDraft();
    expect(badge(await syncPage(second.owner, "he"))).toEqual(["תשובה אחת מוכנה לשליחה", "1"]);
    expect((await act(second.owner, { intent: "draft-dismiss", id: second.draft.id })).data.ok).toBe(true);
    expect(badge(await syncPage(second.owner))).toBeNull();
  });
});
