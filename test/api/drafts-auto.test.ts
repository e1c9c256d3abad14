// Answer for me (`auto_answer` in /api/settings, off by default): a drafted
// reply is sent by itself at the live read, through the same paced,
// exactly-once queue as the owner's Send, to the simulator as a real WAHA;
// at most 3 a chat a business-local day (the 4th waits for the owner), never
// to a client who opted out, and not when the owner wrote in the chat.
import { createExecutionContext, createMessageBatch, env, getQueueResult, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { offlineExtractor } from "../../app/providers/ai/offline";
import { getWhatsAppProvider } from "../../app/providers/whatsapp/index.server";
import { autoAnswer, withdrawDrafts } from "../../app/services/drafts/drafts.server";
import { notifyAnsweredDrafts } from "../../app/services/drafts/notify.server";
import { saveSubscription } from "../../app/services/push/push.server";
import { processOutboundBatch, type OutboundMessage } from "../../app/services/delivery.server";
import { readChatForProposals } from "../../app/services/proposals/live.server";
import { action, loader } from "../../app/routes/dashboard.settings";
import { schema } from "~db";
import { signedInOwner } from "../support/auth";
import { sweepInto } from "../support/fake-gateway";
import { connectedSession, simControl } from "../support/gateway";
import { db } from "../support/seed";
import { addService, count, seedContact, type Owner } from "../support/sync";
import { expectColumnsAsSchema, expectIndexesAsSchema } from "../support/schema-match";
import { TEST_VAPID } from "../support/vapid";

type DraftJson = { id: string; text: string };

const ALL_WEEK = Object.fromEntries(
  Array.from({ length: 7 }, (_, d) => [String(d), [["09:00", "19:00"]] as [string, string][]]),
);
// Monday 14 January 2030, 09:00 in Jerusalem: "Thursday" is the 17th.
const NOW = Date.parse("2030-01-14T09:00:00+02:00");
const ASK = "Hi, do you have anything Thursday afternoon for a haircut?";

/** An owner (Answer for me as given; WhatsApp held, so nothing is handed to the queue at once) whose customer asked for a time. */
async function ownerWithAsk(
  autoAnswer: boolean | undefined,
  messages: [boolean, string, number][] = [[false, ASK, NOW - 120_000]],
) {
  const owner = await signedInOwner({
    workingHours: ALL_WEEK,
    waStatus: "STARTING",
    ...(autoAnswer === undefined ? {} : { autoAnswer }),
  });
  await connectedSession(owner.businessId);
  expect((await addService(owner, "Haircut")).status).toBe(201);
  const contact = await seedContact(owner.businessId, { name: "Noa Cohen", messages });
  return { owner, contact };
}

const read = (owner: Owner, chatId: string, now = NOW) =>
  readChatForProposals(env, owner.businessId, chatId, 0, now, () => offlineExtractor);
const openDrafts = async (owner: Owner) =>
  (await (await owner.api("/api/drafts")).json<{ drafts: DraftJson[] }>()).drafts;
const draftsOf = async (chatId: string) =>
  (
    await env.DB.prepare("SELECT id, status, auto_day, text FROM drafts WHERE chat_id = ? ORDER BY created_at")
      .bind(chatId)
      .all<{
        id: string;
        status: string;
        auto_day: string | null;
        text: string;
      }>()
  ).results;
const messagesTo = (chatId: string) =>
  count("SELECT count(*) AS n FROM scheduled_messages WHERE kind = 'draft' AND to_chat_id = ?", chatId);
const addMessage = (businessId: string, chatId: string, fromMe: boolean, body: string, at: number) =>
  env.DB.prepare(
    "INSERT INTO wa_messages (id, business_id, provider_id, chat_id, from_me, body, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(crypto.randomUUID(), businessId, `msg_${crypto.randomUUID()}`, chatId, fromMe ? 1 : 0, body, at)
    .run();
const sentTo = async (name: string) =>
  (await simControl<{ chatId: string; text: string }[]>(`${name}/sent`)).body ?? [];

let n = 0;
/** The queue hands these ids to the consumer, at the test's clock. */
async function deliver(ids: string[], now: number) {
  const batch = createMessageBatch<OutboundMessage>(
    "chatbook-outbound",
    ids.map((id) => ({ id: `q-${id}-${n++}`, timestamp: new Date(), attempts: 1, body: { id } })),
  );
  await processOutboundBatch(batch, { env, sender: getWhatsAppProvider(env), now: () => now });
  return getQueueResult(batch, createExecutionContext());
}

describe("Answer for me", () => {
  it("is off by default: the draft waits for the owner and nothing is sent", async () => {
    const { owner, contact } = await ownerWithAsk(undefined);
    const settings = (await (await owner.api("/api/settings")).json<{ settings: { auto_answer: boolean } }>()).settings;
    expect(settings.auto_answer).toBe(false);
    await read(owner, contact.chatId);
    expect(await openDrafts(owner)).toHaveLength(1);
    expect(await messagesTo(contact.chatId)).toBe(0);
  });

  it("when on, the draft goes out by itself once, through the queue, to the customer's chat, and is no longer open", async () => {
    const { owner, contact } = await ownerWithAsk(true);
    const outcome = await read(owner, contact.chatId);
    expect(outcome).toMatchObject({
      kind: "read",
      drafts: [],
      answered: [expect.objectContaining({ client_name: "Noa Cohen" })],
    });
    expect(await openDrafts(owner)).toEqual([]);
    const [draft] = await draftsOf(contact.chatId);
    expect(draft).toMatchObject({ status: "sent", auto_day: "2030-01-14" });
    expect(draft.text).toMatch(/^Hi Noa! On Thursday 17\/1 I can do .+ for a haircut\. Which suits you\?$/);
    // Sending it by hand now is refused: it was already sent.
    expect((await owner.api(`/api/drafts/${draft.id}/send`, { method: "POST" })).status).toBe(409);

    const row = (await env.DB.prepare(
      "SELECT id, origin, body, status FROM scheduled_messages WHERE kind = 'draft' AND ref = ?",
    )
      .bind(draft.id)
      .first<{ id: string; origin: string; body: string; status: string }>())!;
    expect(row).toMatchObject({ origin: "reply", body: draft.text, status: "scheduled" });

    await env.DB.prepare("UPDATE businesses SET wa_status = 'WORKING' WHERE id = ?").bind(owner.businessId).run();
    const { ids } = await sweepInto(NOW + 1000);
    expect(ids.filter((id) => id === row.id)).toEqual([row.id]);
    await Promise.all([deliver([row.id, row.id], NOW + 2000), deliver([row.id], NOW + 2000)]);
    expect(await sentTo(owner.businessId)).toEqual([
      expect.objectContaining({ chatId: contact.chatId, text: draft.text }),
    ]);
    expect(await messagesTo(contact.chatId)).toBe(1);
  });

  it("sends at most 3 a chat a day: the 4th stays a draft for the owner; the next day it answers again", async () => {
    const { owner, contact } = await ownerWithAsk(true);
    for (let i = 1; i <= 4; i++) {
      if (i > 1) await addMessage(owner.businessId, contact.chatId, false, ASK, NOW + i * 60_000);
      await read(owner, contact.chatId, NOW + i * 60_000 + 1000);
    }
    expect((await draftsOf(contact.chatId)).map((d) => d.status)).toEqual(["sent", "sent", "sent", "open"]);
    expect(await messagesTo(contact.chatId)).toBe(3);
    const open = await openDrafts(owner);
    expect(open).toHaveLength(1);

    // The owner can still send the 4th by hand.
    expect((await owner.api(`/api/drafts/${open[0].id}/send`, { method: "POST" })).status).toBe(200);
    expect(await messagesTo(contact.chatId)).toBe(4);

    // Tuesday (the business's day): answered by itself again.
    const tuesday = Date.parse("2030-01-15T08:30:00+02:00");
    await addMessage(owner.businessId, contact.chatId, false, ASK, tuesday - 60_000);
    await read(owner, contact.chatId, tuesday);
    expect((await draftsOf(contact.chatId)).at(-1)).toMatchObject({ status: "sent", auto_day: "2030-01-15" });
    expect(await messagesTo(contact.chatId)).toBe(5);
  });

  it("never answers a client who opted out: the draft waits for the owner", async () => {
    const { owner, contact } = await ownerWithAsk(true);
    await env.DB.prepare(
      "INSERT INTO contact_consent (business_id, phone, first_in_at, opted_out_at) VALUES (?1, ?2, ?3, ?3)",
    )
      .bind(owner.businessId, contact.phone, NOW - 200_000)
      .run();
    await read(owner, contact.chatId);
    expect(await openDrafts(owner)).toHaveLength(1);
    expect(await messagesTo(contact.chatId)).toBe(0);
  });

  it("sends nothing when the owner wrote in the chat first, or meanwhile (the draft is withdrawn)", async () => {
    // The owner answered before the chat went quiet: no draft, nothing sent.
    const first = await ownerWithAsk(true, [
      [false, ASK, NOW - 120_000],
      [true, "Hi Noa, let me check and come back to you", NOW - 60_000],
    ]);
    await read(first.owner, first.contact.chatId);
    expect(await draftsOf(first.contact.chatId)).toEqual([]);
    expect(await messagesTo(first.contact.chatId)).toBe(0);

    // The owner wrote after the read that made the draft: withdrawn, and not sent by itself.
    const { owner, contact } = await ownerWithAsk(false);
    await read(owner, contact.chatId);
    const [draft] = await openDrafts(owner);
    const { newest } = (await env.DB.prepare("SELECT max(rowid) AS newest FROM wa_messages WHERE chat_id = ?")
      .bind(contact.chatId)
      .first<{ newest: number }>())!;
    await owner.api("/api/settings", { method: "PATCH", json: { auto_answer: true } });
    const [business] = await db().select().from(schema.businesses).where(eq(schema.businesses.id, owner.businessId));
    await addMessage(owner.businessId, contact.chatId, true, "Thursday at 14:00?", NOW + 30_000);
    // Before the webhook's withdrawal lands, the owner's message alone stops it.
    expect(await autoAnswer(env, db(), business, draft.id, newest, NOW + 31_000)).toBeNull();
    await withdrawDrafts(env.DB, owner.businessId, contact.chatId, NOW + 32_000);
    expect(await autoAnswer(env, db(), business, draft.id, newest, NOW + 33_000)).toBeNull();
    expect((await draftsOf(contact.chatId)).map((d) => d.status)).toEqual(["withdrawn"]);
    expect(await messagesTo(contact.chatId)).toBe(0);
  });
});

describe("Answer for me: the owner hears of each answer", () => {
  // This file's own phones (test/support/global-setup.ts): no other file reads their pushes.
  const [enPhone, hePhone] = inject("pushSubscribers").slice(7, 9);
  const received = async (endpoint: string) => {
    const res = await fetch(`${inject("pushUrl")}/__received`);
    const all = (await res.json()) as { received: { endpoint: string; payload: Record<string, string> }[] };
    return all.received.filter((r) => r.endpoint === endpoint).map((r) => r.payload);
  };

  it("a Web Push on each phone, in its language, says whom it answered and what was sent; tapping opens the draft on Sync", async () => {
    const { owner, contact } = await ownerWithAsk(true);
    const withKeys = { ...env, ...TEST_VAPID } as Env;
    await saveSubscription(db(), withKeys, owner.businessId, { ...enPhone, lang: "en" }, NOW);
    await saveSubscription(db(), withKeys, owner.businessId, { ...hePhone, lang: "he" }, NOW);
    const outcome = await read(owner, contact.chatId);
    if (outcome.kind !== "read") throw new Error(`read: ${outcome.kind}`);
    const [draft] = await draftsOf(contact.chatId);
    // Sent by itself: not a draft for the owner, but an answer to tell them of, with the text that went out.
    expect(outcome.drafts).toEqual([]);
    expect(outcome.answered).toEqual([
      expect.objectContaining({ id: draft.id, client_name: "Noa Cohen", text: draft.text }),
    ]);

    await notifyAnsweredDrafts(withKeys, owner.businessId, outcome.answered);
    const url = `/dashboard/sync?draft=${draft.id}`;
    expect(await received(enPhone.endpoint)).toEqual([
      { title: "Chatbook", body: `Answered Noa Cohen for you: ${draft.text}`, url, tag: draft.id },
    ]);
    expect(await received(hePhone.endpoint)).toEqual([
      { title: "Chatbook", body: `נשלחה תשובה בשמכם אל Noa Cohen: ${draft.text}`, url, tag: draft.id },
    ]);
  });

  it("a draft left for the owner is no answer: nothing is said to have been sent", async () => {
    const { owner, contact } = await ownerWithAsk(false);
    const outcome = await read(owner, contact.chatId);
    expect(outcome).toMatchObject({
      kind: "read",
      drafts: [expect.objectContaining({ client_name: "Noa Cohen" })],
      answered: [],
    });
  });
});

describe("the auto_answer setting", () => {
  it("PATCH /api/settings turns it on and off; a value that is not a boolean is 400 and saves nothing", async () => {
    const owner = await signedInOwner();
    for (const bad of ["yes", 1, null]) {
      const res = await owner.api("/api/settings", { method: "PATCH", json: { auto_answer: bad, city: "Eilat" } });
      expect(res.status).toBe(400);
      expect((await res.json<{ detail: string }>()).detail).toBe("Choose on or off.");
    }
    const unchanged = (
      await (await owner.api("/api/settings")).json<{ settings: { auto_answer: boolean; city: string } }>()
    ).settings;
    expect(unchanged).toMatchObject({ auto_answer: false });
    expect(unchanged.city).not.toBe("Eilat");

    const on = await owner.api("/api/settings", { method: "PATCH", json: { auto_answer: true } });
    expect(on.status).toBe(200);
    expect((await on.json<{ settings: { auto_answer: boolean } }>()).settings.auto_answer).toBe(true);
    expect(
      (await (await owner.api("/api/settings")).json<{ settings: { auto_answer: boolean } }>()).settings.auto_answer,
    ).toBe(true);
    const off = await owner.api("/api/settings", { method: "PATCH", json: { auto_answer: false } });
    expect((await off.json<{ settings: { auto_answer: boolean } }>()).settings.auto_answer).toBe(false);
  });

  it("the Settings screen has a labelled Answer for me switch, in English and Hebrew, that saves through the same setting", async () => {
    const owner = await signedInOwner();
    const en = await (await owner.page("/dashboard/settings")).text();
    expect(en).toMatch(
      /<label class="switch" for="auto-answer-switch">.*Answer for me.*<input id="auto-answer-switch" type="checkbox" role="switch"/s,
    );
    const he = await (
      await SELF.fetch("http://localhost/dashboard/settings", { headers: { Cookie: `${owner.cookie}; lang=he` } })
    ).text();
    expect(he).toContain("לענות בשבילי");
    expect(he).not.toContain("Answer for me");

    const post = async (fields: Record<string, string>) => {
      const request = new Request("http://localhost/dashboard/settings", {
        method: "POST",
        headers: { Cookie: owner.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields),
      });
      const res = (await action({ request, context: { cloudflare: { env } }, params: {} } as never)) as unknown as {
        data: { ok: boolean; problem?: { key: string } };
        init?: { status?: number };
      };
      return { status: res.init?.status ?? 200, ...res.data };
    };
    const load = async () => {
      const request = new Request("http://localhost/dashboard/settings", { headers: { Cookie: owner.cookie } });
      return (
        (await loader({ request, context: { cloudflare: { env } }, params: {} } as never)) as unknown as {
          push: { autoAnswer: boolean };
        }
      ).push.autoAnswer;
    };
    expect(await post({ intent: "auto-answer", auto_answer: "on" })).toMatchObject({ status: 200, ok: true });
    expect(await load()).toBe(true);
    expect(
      (await (await owner.api("/api/settings")).json<{ settings: { auto_answer: boolean } }>()).settings.auto_answer,
    ).toBe(true);
    expect(await post({ intent: "auto-answer", auto_answer: "maybe" })).toMatchObject({
      status: 400,
      ok: false,
      problem: { key: "push.err.switch" },
    });
    expect(await load()).toBe(true);
    expect(await post({ intent: "auto-answer", auto_answer: "off" })).toMatchObject({ status: 200, ok: true });
    expect(await load()).toBe(false);
  });
});

describe("migration 0015_auto_answer", () => {
  it("leaves drafts and businesses as the drizzle schema describes them: columns, NOT NULLs, the default and the drafts' indexes", async () => {
    for (const table of [schema.drafts, schema.businesses]) await expectColumnsAsSchema(table);
    await expectIndexesAsSchema(schema.drafts);
    const auto = (
      await env.DB.prepare("PRAGMA table_info(businesses)").all<{ name: string; dflt_value: string | null }>()
    ).results.find((c) => c.name === "auto_answer");
    expect(auto?.dflt_value).toBe("false");
  });
});
