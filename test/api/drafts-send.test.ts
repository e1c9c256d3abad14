// Sending a drafted reply: POST /api/drafts/{id}/send's contract (once; not
// after a dismiss or a withdrawal; another business's id 404; a blank or
// over-long text 400), the times checked again at send time, and the message
// going out through the one delivery path: the cron sweep and the queue,
// exactly once even when the queue delivers it twice, paced as a reply, held
// while WhatsApp is away and sent when it is back, never to a client who
// opted out. The owner's tap is no automatic message: it goes out even while
// automatic messages are paused (Answer for me's wait). Against the bundled
// simulator as a real WAHA.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { offlineExtractor } from "../../app/providers/ai/offline";
import { getWhatsAppProvider } from "../../app/providers/whatsapp/index.server";
import { withdrawDrafts } from "../../app/services/drafts/drafts.server";
import {
  deliverMany,
  processOutboundBatch,
  WAITING_REASON,
  type OutboundMessage,
  type Pacer,
} from "../../app/services/delivery.server";
import { readChatForProposals } from "../../app/services/proposals/live.server";
import { OPTED_OUT_REASON } from "../../app/services/safety/consent.server";
import { REPLY_GAP } from "../../app/services/safety/pacing";
import { businessSession } from "../../app/services/whatsapp/session.server";
import { schema } from "~db";
import { signedInOwner } from "../support/auth";
import { sweepInto } from "../support/fake-gateway";
import { connectedSession, simControl, until, type SimSessionSummary } from "../support/gateway";
import { seedBooking, seedClient } from "../support/seed";
import { addService, seedContact, type Owner } from "../support/sync";
import { expectColumnsAsSchema, expectIndexesAsSchema, foreignKeysOf } from "../support/schema-match";

type DraftJson = { id: string; text: string; slots: { date: string; time: string }[] };
type SentRow = {
  id: string;
  status: string;
  kind: string;
  origin: string;
  body: string;
  ref: string;
  rule_id: string | null;
  budget_day: string | null;
  last_error: string | null;
};

const ALL_WEEK = Object.fromEntries(
  Array.from({ length: 7 }, (_, d) => [String(d), [["09:00", "19:00"]] as [string, string][]]),
);
// Monday 14 January 2030, 09:00 in Jerusalem: "Thursday" is the 17th.
const NOW = Date.parse("2030-01-14T09:00:00+02:00");
const ASK = "Hi, do you have anything Thursday afternoon for a haircut?";

/** An owner whose customer asked for Thursday afternoon, read into a draft; WhatsApp held (nothing queued at once) unless `working`. */
async function ownerWithDraft({ connect = true, working = false } = {}) {
  const owner = await signedInOwner({ workingHours: ALL_WEEK, waStatus: working ? "WORKING" : "STARTING" });
  if (connect) await connectedSession(owner.businessId);
  expect((await addService(owner, "Haircut")).status).toBe(201);
  const contact = await seedContact(owner.businessId, { name: "Noa Cohen", messages: [[false, ASK, NOW - 120_000]] });
  await readChatForProposals(env, owner.businessId, contact.chatId, 0, NOW, () => offlineExtractor);
  const { drafts } = await (await owner.api("/api/drafts")).json<{ drafts: DraftJson[] }>();
  expect(drafts).toHaveLength(1);
  return { owner, contact, draft: drafts[0] };
}

const send = (owner: Owner, id: string, json?: unknown) =>
  owner.api(`/api/drafts/${id}/send`, { method: "POST", ...(json === undefined ? {} : { json }) });
const detail = async (res: Response) => (await res.json<{ detail: string }>()).detail;
const sentTo = async (name: string) =>
  (await simControl<{ chatId: string; text: string }[]>(`${name}/sent`)).body ?? [];
const messageOf = async (draftId: string) =>
  env.DB.prepare(
    "SELECT id, status, kind, origin, body, ref, rule_id, budget_day, last_error FROM scheduled_messages WHERE kind = 'draft' AND ref = ?",
  )
    .bind(draftId)
    .first<SentRow>();
const setPaused = (businessId: string, paused: boolean) =>
  env.DB.prepare("UPDATE businesses SET paused = ? WHERE id = ?")
    .bind(paused ? 1 : 0, businessId)
    .run();
const setWa = (businessId: string, status: string) =>
  env.DB.prepare("UPDATE businesses SET wa_status = ? WHERE id = ?").bind(status, businessId).run();

let n = 0;
/** The queue hands these ids to the consumer (one batch; an id may be in it twice). */
async function deliver(ids: string[]) {
  const batch = createMessageBatch<OutboundMessage>(
    "chatbook-outbound",
    ids.map((id) => ({ id: `q-${id}-${n++}`, timestamp: new Date(), attempts: 1, body: { id } })),
  );
  await processOutboundBatch(batch, { env, sender: getWhatsAppProvider(env), now: Date.now });
  return getQueueResult(batch, createExecutionContext());
}

/** The cron sweep, then the queue: the ids it queued of this message. */
async function sweepFor(messageId: string) {
  const { ids } = await sweepInto(Date.now());
  return ids.filter((id) => id === messageId);
}

describe("POST /api/drafts/{id}/send", () => {
  it("answers {success} once; again 409; another business's id 404; the list no longer shows it", async () => {
    const { owner, draft } = await ownerWithDraft({ connect: false });
    const stranger = await signedInOwner();
    expect((await send(stranger, draft.id)).status).toBe(404);
    expect(await messageOf(draft.id)).toBeNull();

    const res = await send(owner, draft.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const again = await send(owner, draft.id);
    expect(again.status).toBe(409);
    expect(await detail(again)).toBe("This reply was already sent.");
    expect((await (await owner.api("/api/drafts")).json<{ drafts: DraftJson[] }>()).drafts).toEqual([]);
    expect((await owner.api(`/api/drafts/${draft.id}/dismiss`, { method: "POST" })).status).toBe(409);
    expect((await send(owner, "no-such-draft")).status).toBe(404);

    // One message, with no rule and no booking: an answer to the customer's own message.
    const row = await messageOf(draft.id);
    expect(row).toMatchObject({ kind: "draft", origin: "reply", body: draft.text, rule_id: null, status: "scheduled" });
  });

  it("a double tap at once sends one message", async () => {
    const { owner, draft } = await ownerWithDraft({ connect: false });
    const [a, b] = await Promise.all([send(owner, draft.id), send(owner, draft.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const { n: count } = (await env.DB.prepare("SELECT count(*) AS n FROM scheduled_messages WHERE ref = ?")
      .bind(draft.id)
      .first<{ n: number }>())!;
    expect(count).toBe(1);
  });

  it("answers 409 after a dismiss and for a withdrawn draft, in clear words", async () => {
    const first = await ownerWithDraft({ connect: false });
    expect((await first.owner.api(`/api/drafts/${first.draft.id}/dismiss`, { method: "POST" })).status).toBe(200);
    const dismissed = await send(first.owner, first.draft.id);
    expect(dismissed.status).toBe(409);
    expect(await detail(dismissed)).toBe("This draft was dismissed.");

    const second = await ownerWithDraft({ connect: false });
    await withdrawDrafts(env.DB, second.owner.businessId, second.contact.chatId, NOW + 60_000);
    const withdrawn = await send(second.owner, second.draft.id);
    expect(withdrawn.status).toBe(409);
    expect(await detail(withdrawn)).toBe("You already answered in this chat, so this draft was withdrawn.");
    expect(await messageOf(first.draft.id)).toBeNull();
    expect(await messageOf(second.draft.id)).toBeNull();
  });

  it("refuses a blank or over-long text with 400 in clear words, and sends an edited text as written", async () => {
    const { owner, draft } = await ownerWithDraft({ connect: false });
    for (const text of ["", "   ", "x".repeat(1001), 42]) {
      const res = await send(owner, draft.id, { text });
      expect(res.status).toBe(400);
      expect(await detail(res)).toBe("Write the reply (up to 1000 characters).");
    }
    // A bad body for an unknown id is still a 404.
    expect((await send(owner, "no-such-draft", { text: "" })).status).toBe(404);
    expect(await messageOf(draft.id)).toBeNull();

    const edited = "Hi Noa! Thursday at 14:00 works, see you then?";
    expect((await send(owner, draft.id, { text: `  ${edited}  ` })).status).toBe(200);
    expect(await messageOf(draft.id)).toMatchObject({ body: edited });
  });
});

describe("the times are checked again when the owner taps Send", () => {
  it("a time taken meanwhile is dropped from the text; none left refuses with a clear message", async () => {
    const { owner, contact, draft } = await ownerWithDraft({ connect: false });
    expect(draft.slots.length).toBeGreaterThan(1);
    const clientId = await seedClient(owner.businessId, {
      phone: `9725${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`,
    });
    const [taken, ...kept] = draft.slots;
    // A short booking at the first offered time: that time only is taken.
    await seedBooking(owner.businessId, clientId, {
      bookingDate: taken.date,
      bookingTime: taken.time,
      durationMinutes: 15,
    });

    expect((await send(owner, draft.id)).status).toBe(200);
    const row = (await messageOf(draft.id))!;
    expect(row.body).not.toContain(taken.time);
    for (const slot of kept) expect(row.body).toContain(slot.time);
    expect(row.body).toMatch(/^Hi Noa! On Thursday 17\/1 I can do .+ for a haircut\. Which suits you\?$/);

    // Another ask whose every time is taken by now: refused, the draft still open for an edit.
    await readChatForProposals(env, owner.businessId, contact.chatId, 0, NOW + 60_000, () => offlineExtractor);
    const [next] = (await (await owner.api("/api/drafts")).json<{ drafts: DraftJson[] }>()).drafts;
    for (const slot of next.slots)
      await seedBooking(owner.businessId, clientId, {
        bookingDate: slot.date,
        bookingTime: slot.time,
        durationMinutes: 30,
      });
    const refused = await send(owner, next.id);
    expect(refused.status).toBe(409);
    expect(await detail(refused)).toBe(
      "None of the offered times is free any more. Answer from your phone, or wait for a new draft.",
    );
    expect(await messageOf(next.id)).toBeNull();
    expect((await send(owner, next.id, { text: "Sorry Noa, Thursday filled up. Friday at 10:00?" })).status).toBe(200);
  });
});

describe("the sent draft goes through the cron sweep and the queue", () => {
  it("reaches the customer's chat exactly once, even when the queue delivers it twice", async () => {
    const { owner, contact, draft } = await ownerWithDraft();
    expect((await send(owner, draft.id)).status).toBe(200);
    const { id } = (await messageOf(draft.id))!;
    await setWa(owner.businessId, "WORKING");
    expect(await sweepFor(id)).toEqual([id]);

    // Two copies in one batch and a second batch at the same time.
    await Promise.all([deliver([id, id]), deliver([id])]);
    await deliver([id]);
    expect(await messageOf(draft.id)).toMatchObject({ status: "sent", budget_day: null });
    const sent = await sentTo(owner.businessId);
    expect(sent).toEqual([expect.objectContaining({ chatId: contact.chatId, text: draft.text })]);
  });

  it("is paced as a reply, held while WhatsApp is away and sent once when it is back", async () => {
    const { owner, draft } = await ownerWithDraft();
    expect((await send(owner, draft.id)).status).toBe(200);
    const { id } = (await messageOf(draft.id))!;
    // Held: WhatsApp is not WORKING, so the sweep leaves it Scheduled.
    expect(await sweepFor(id)).toEqual([]);

    await setWa(owner.businessId, "WORKING");
    await simControl(`${owner.businessId}/disconnect`, { seconds: 2 });
    expect(await sweepFor(id)).toEqual([id]);
    await deliver([id]);
    expect(await messageOf(draft.id)).toMatchObject({ status: "scheduled", last_error: WAITING_REASON });
    expect(await sweepFor(id)).toEqual([]);
    expect(await sentTo(owner.businessId)).toEqual([]);

    await until(
      async () => (await simControl<SimSessionSummary>(owner.businessId)).body.status === "WORKING",
      "the reconnect",
    );
    await businessSession(env, owner.businessId).reconcile(owner.businessId, true);
    expect(await sweepFor(id)).toEqual([id]);
    const gaps: unknown[] = [];
    const pacer: Pacer = async (_business, gap) => {
      gaps.push(gap);
      return { waitMs: 0, reserved: true };
    };
    const results = await deliverMany({ env, sender: getWhatsAppProvider(env), now: Date.now, pacer }, [id]);
    expect(results.get(id)).toEqual({ outcome: "sent" });
    // The short gap of an answer to the customer's own message; it takes no place of the daily budget.
    expect(gaps).toEqual([REPLY_GAP]);
    expect(await messageOf(draft.id)).toMatchObject({ status: "sent", budget_day: null });
    expect((await sentTo(owner.businessId)).map((s) => s.text)).toEqual([draft.text]);
  });

  it("goes out while the owner has paused automatic messages: the owner's tap is no automatic message (paced as a reply)", async () => {
    const { owner, draft } = await ownerWithDraft();
    await setPaused(owner.businessId, true);
    expect((await send(owner, draft.id)).status).toBe(200);
    const { id } = (await messageOf(draft.id))!;
    await setWa(owner.businessId, "WORKING");
    expect(await sweepFor(id)).toEqual([id]);
    const gaps: unknown[] = [];
    const pacer: Pacer = async (_business, gap) => {
      gaps.push(gap);
      return { waitMs: 0, reserved: true };
    };
    const results = await deliverMany({ env, sender: getWhatsAppProvider(env), now: Date.now, pacer }, [id]);
    expect(results.get(id)).toEqual({ outcome: "sent" });
    expect(gaps).toEqual([REPLY_GAP]);
    expect((await sentTo(owner.businessId)).map((s) => s.text)).toEqual([draft.text]);
  });

  it("one Answer for me sent waits while paused, like every automatic message, and goes when the switch is off", async () => {
    const owner = await signedInOwner({ workingHours: ALL_WEEK, waStatus: "STARTING", autoAnswer: true });
    await connectedSession(owner.businessId);
    expect((await addService(owner, "Haircut")).status).toBe(201);
    const contact = await seedContact(owner.businessId, { name: "Noa Cohen", messages: [[false, ASK, NOW - 120_000]] });
    await readChatForProposals(env, owner.businessId, contact.chatId, 0, NOW, () => offlineExtractor);
    const draft = (await env.DB.prepare(
      "SELECT id, text FROM drafts WHERE chat_id = ? AND status = 'sent' AND auto_day IS NOT NULL",
    )
      .bind(contact.chatId)
      .first<{ id: string; text: string }>())!;
    const { id } = (await messageOf(draft.id))!;
    // Its moment is the read's (the test's clock): the sweep runs just after it.
    const sweepAtRead = async () => (await sweepInto(NOW + 1000)).ids.filter((queued) => queued === id);
    await setPaused(owner.businessId, true);
    await setWa(owner.businessId, "WORKING");
    expect(await sweepAtRead()).toEqual([]);
    // Already in the queue when the owner paused: back to Scheduled, not sent.
    await env.DB.prepare("UPDATE scheduled_messages SET status = 'queued' WHERE id = ?").bind(id).run();
    await deliver([id]);
    expect(await messageOf(draft.id)).toMatchObject({ status: "scheduled" });
    expect(await sentTo(owner.businessId)).toEqual([]);

    await setPaused(owner.businessId, false);
    expect(await sweepAtRead()).toEqual([id]);
    await deliver([id]);
    expect(await messageOf(draft.id)).toMatchObject({ status: "sent" });
    expect((await sentTo(owner.businessId)).map((s) => s.text)).toEqual([draft.text]);
  });

  it("never goes to a client who opted out", async () => {
    const { owner, contact, draft } = await ownerWithDraft();
    expect((await send(owner, draft.id)).status).toBe(200);
    const { id } = (await messageOf(draft.id))!;
    await env.DB.prepare(
      "INSERT INTO contact_consent (business_id, phone, first_in_at, opted_out_at) VALUES (?1, ?2, ?3, ?3)",
    )
      .bind(owner.businessId, contact.phone, Date.now())
      .run();
    await setWa(owner.businessId, "WORKING");
    expect(await sweepFor(id)).toEqual([id]);
    await deliver([id]);
    expect(await messageOf(draft.id)).toMatchObject({ status: "cancelled", last_error: OPTED_OUT_REASON });
    expect(await sentTo(owner.businessId)).toEqual([]);
  });
});

describe("migration 0014_one_off_sends", () => {
  it("leaves scheduled_messages as the drizzle schema describes it: columns, NOT NULLs, indexes and foreign keys", async () => {
    await expectColumnsAsSchema(schema.scheduledMessages);
    await expectIndexesAsSchema(schema.scheduledMessages);
    expect(await foreignKeysOf("scheduled_messages")).toEqual([
      ["booking_id", "bookings", "CASCADE"],
      ["business_id", "businesses", "CASCADE"],
      ["rule_id", "rules", "CASCADE"],
    ]);
  });
});
