// Live proposals through the real parts: signed webhooks into the Worker, the
// business's Durable Object (its storage and alarm) and D1. The extractor is
// the offline one, as the test config says; where a test counts Workers AI
// calls, the object's AI binding is swapped for one that counts and fails
// (so the offline extractor still answers, as it would when AI is down).
import { env, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "~db";
import { signWebhook } from "../../app/providers/whatsapp/webhook-signature";
import { webhookKeyFor } from "../../app/services/whatsapp/webhook-key.server";
import { businessSession } from "../../app/services/whatsapp/session.server";
import { addService } from "../../app/services/catalogue/services.server";
import { dismissProposal } from "../../app/services/proposals/proposals.server";
import { LIVE_QUIET_MS } from "../../app/services/proposals/live.server";
import { previewSync } from "../../app/services/sync/preview.server";
import { localDate } from "../../app/utils/time-zone";
import {
  MARK_PREFIX,
  READ_PREFIX,
  type BusinessSession,
  type ChatMark,
  type ChatRead,
} from "../../workers/business-session";
import { seedBusiness } from "../support/seed";
import { HAIRCUT_ASK } from "../support/sync";

const db = () => createDb(env.DB);
const HOUR_MS = 3_600_000;
type Stub = DurableObjectStub<BusinessSession>;

let seq = 0;
const newPhone = () => `9725${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;

function messageEvent(businessId: string, phone: string, fromMe: boolean, body: string, at = Date.now()) {
  const chat = `${phone}@c.us`;
  return {
    id: `evt_${seq++}`,
    timestamp: Date.now(),
    event: "message.any",
    session: businessId,
    me: { id: "972500000001@c.us", pushName: "Salon" },
    engine: "NOWEB",
    payload: {
      id: `${fromMe}_${chat}_${crypto.randomUUID()}`,
      timestamp: Math.floor(at / 1000),
      from: chat,
      to: fromMe ? null : "972500000001@c.us",
      fromMe,
      source: "app",
      body,
      hasMedia: false,
      _data: fromMe ? {} : { pushName: "Maya Azulay" },
    },
  };
}

async function deliver(businessId: string, event: object) {
  const raw = JSON.stringify(event);
  const res = await SELF.fetch("http://localhost/api/webhook", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      "X-Webhook-Hmac": await signWebhook(raw, await webhookKeyFor(env, businessId)),
    },
    body: raw,
  });
  expect(res.status).toBe(200);
  return res;
}

async function setup(overrides: Parameters<typeof seedBusiness>[0] = {}, services = ["Haircut"]) {
  const { businessId } = await seedBusiness(overrides);
  for (const s of services) await addService(db(), businessId, s, Date.now());
  const phone = newPhone();
  const stub = businessSession(env, businessId) as Stub;
  return {
    businessId,
    phone,
    chatId: `${phone}@c.us`,
    stub,
    customer: (body: string, at?: number, from = phone) =>
      deliver(businessId, messageEvent(businessId, from, false, body, at)),
    owner: (body: string, to = phone) => deliver(businessId, messageEvent(businessId, to, true, body)),
  };
}

const mark = (stub: Stub, chatId: string) =>
  runInDurableObject(stub, (_i, state) => state.storage.get<ChatMark>(MARK_PREFIX + chatId));
const lastRead = (stub: Stub, chatId: string) =>
  runInDurableObject(stub, (_i, state) => state.storage.get<ChatRead>(READ_PREFIX + chatId));
const runs = async (stub: Stub, chatId: string) => (await lastRead(stub, chatId))?.runs ?? 0;

/**
 * As if the quiet period had passed: the chat's mark is due now. The alarm is
 * set an hour ahead, so the runtime never fires it between a test's steps:
 * the test runs it (runDurableObjectAlarm runs a scheduled alarm at once).
 */
async function quietPeriodPasses(stub: Stub, chatId: string) {
  await settled(stub);
  await runInDurableObject(stub, async (_i, state) => {
    const m = await state.storage.get<ChatMark>(MARK_PREFIX + chatId);
    if (m) await state.storage.put(MARK_PREFIX + chatId, { ...m, due: Date.now() - 1 });
    await state.storage.setAlarm(Date.now() + HOUR_MS);
  });
}

/** Waits for an alarm run the object started by itself (an owner's message makes a chat due at once). */
const settled = (stub: Stub) =>
  runInDurableObject(
    stub,
    async (instance) => (instance as unknown as { running: Promise<void> | null }).running ?? undefined,
  );

/** Runs the alarm until the chat has no mark due now; an alarm the object fired by itself is waited for, never slept on. */
async function readDue(stub: Stub, chatId: string) {
  for (let i = 0; i < 10; i++) {
    await settled(stub);
    const m = await mark(stub, chatId);
    if (!m || m.due > Date.now() + 1000) return;
    await runInDurableObject(stub, (_i, state) => state.storage.setAlarm(Date.now() + HOUR_MS));
    await runDurableObjectAlarm(stub);
  }
  throw new Error("the chat was never read");
}

const openProposals = (businessId: string) =>
  env.DB.prepare(
    "SELECT id, service, date, time, quote, client_phone, status FROM proposals WHERE business_id = ? AND status = 'open' ORDER BY created_at",
  )
    .bind(businessId)
    .all<{ id: string; service: string; date: string; time: string; quote: string; client_phone: string }>()
    .then((r) => r.results);

/** Swaps the object's AI binding for one that counts its calls and fails (the offline extractor then answers). */
async function countAiCalls(stub: Stub, dailyCalls: number) {
  const calls = { n: 0 };
  const ai = {
    async run() {
      calls.n++;
      throw new Error("counted Workers AI call");
    },
  };
  await runInDurableObject(stub, (instance) => {
    const self = instance as unknown as { env: Env };
    self.env = {
      ...self.env,
      EXTRACTOR: "auto",
      AI: ai as unknown as Ai,
      AI_MODEL: "@cf/test/model",
      AI_DAILY_CALLS: String(dailyCalls),
    };
  });
  return calls;
}

afterEach(() => vi.restoreAllMocks());

describe("live proposals", () => {
  it("a customer's message is read only once they have been quiet for 60 s, then proposed once", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = await setup();
    const before = Date.now();
    await t.customer(HAIRCUT_ASK);
    const m = await mark(t.stub, t.chatId);
    expect(m!.due).toBeGreaterThanOrEqual(before - 1000 + LIVE_QUIET_MS);
    expect(m!.due).toBeLessThanOrEqual(Date.now() + LIVE_QUIET_MS);
    // The alarm is set for the chat (no WhatsApp session polls here).
    expect(await runInDurableObject(t.stub, (_i, state) => state.storage.getAlarm())).toBe(m!.due);

    // An alarm before the quiet period ends reads nothing.
    await runDurableObjectAlarm(t.stub);
    expect(await openProposals(t.businessId)).toEqual([]);
    expect(await runs(t.stub, t.chatId)).toBe(0);

    await quietPeriodPasses(t.stub, t.chatId);
    await readDue(t.stub, t.chatId);
    const tomorrow = localDate(Date.now() + 86_400_000, "Asia/Jerusalem");
    expect(await openProposals(t.businessId)).toEqual([
      {
        id: expect.any(String),
        service: "Haircut",
        date: tomorrow,
        time: "17:00",
        quote: HAIRCUT_ASK,
        client_phone: t.phone,
        status: "open",
      },
    ]);
    expect(await mark(t.stub, t.chatId)).toBeUndefined();
    expect(await runs(t.stub, t.chatId)).toBe(1);
  });

  it("a later customer message pushes the read back; an owner's reply has it read at once", async () => {
    const t = await setup();
    await t.customer("Hi!", Date.now() - 30_000);
    const first = (await mark(t.stub, t.chatId))!.due;
    await t.customer(HAIRCUT_ASK);
    const second = (await mark(t.stub, t.chatId))!.due;
    expect(second - first).toBeGreaterThanOrEqual(29_000);

    await t.owner("Sure, see you tomorrow at 17:00");
    expect((await mark(t.stub, t.chatId))!.due).toBeLessThanOrEqual(Date.now());
    await readDue(t.stub, t.chatId);
    expect((await openProposals(t.businessId)).map((p) => [p.service, p.time])).toEqual([["Haircut", "17:00"]]);
    expect(await runs(t.stub, t.chatId)).toBe(1);
  });

  it("a burst of 20 webhooks, their duplicate deliveries and repeated alarms run the extractor once", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = await setup();
    const ai = await countAiCalls(t.stub, 100);
    const events = Array.from({ length: 20 }, (_, i) =>
      messageEvent(t.businessId, t.phone, false, i === 19 ? HAIRCUT_ASK : `message ${i}`),
    );
    await Promise.all(events.map((e) => deliver(t.businessId, e)));
    await Promise.all(events.map((e) => deliver(t.businessId, e)));
    await quietPeriodPasses(t.stub, t.chatId);
    await Promise.all([readDue(t.stub, t.chatId), readDue(t.stub, t.chatId), runDurableObjectAlarm(t.stub)]);
    // Delivered again after the read: already stored, nothing to read.
    await Promise.all(events.slice(0, 5).map((e) => deliver(t.businessId, e)));
    await quietPeriodPasses(t.stub, t.chatId);
    await readDue(t.stub, t.chatId);

    expect(ai.n).toBe(1);
    expect(await runs(t.stub, t.chatId)).toBe(1);
    expect(await openProposals(t.businessId)).toHaveLength(1);
  });

  it("owner replies in a burst are read once; a note about messages already read runs nothing", async () => {
    const t = await setup();
    await t.customer(HAIRCUT_ASK);
    await Promise.all(["Sure", "see you tomorrow", "at 17:00", "bring the card", "bye"].map((b) => t.owner(b)));
    await readDue(t.stub, t.chatId);
    expect(await runs(t.stub, t.chatId)).toBe(1);
    // Anything still marked is due a minute after the read, and finds nothing newer.
    await quietPeriodPasses(t.stub, t.chatId);
    await readDue(t.stub, t.chatId);
    expect(await runs(t.stub, t.chatId)).toBe(1);
    expect(await openProposals(t.businessId)).toHaveLength(1);
  });

  it("a dismissed booking is not proposed again when the chat is read again", async () => {
    const t = await setup();
    await t.customer(HAIRCUT_ASK);
    await t.owner("Sure, see you tomorrow at 17:00");
    await readDue(t.stub, t.chatId);
    const [proposal] = await openProposals(t.businessId);
    await dismissProposal(db(), t.businessId, proposal.id);

    await t.customer("Great, thanks!");
    await quietPeriodPasses(t.stub, t.chatId);
    await readDue(t.stub, t.chatId);
    expect(await runs(t.stub, t.chatId)).toBe(2);
    expect(await openProposals(t.businessId)).toEqual([]);
  });

  it("proposals switched off: nothing is marked or read, and marks waiting are dropped", async () => {
    const off = await setup({ proposalsEnabled: false });
    await off.customer(HAIRCUT_ASK);
    await off.owner("Sure, see you tomorrow at 17:00");
    expect(await mark(off.stub, off.chatId)).toBeUndefined();
    expect(await openProposals(off.businessId)).toEqual([]);

    const later = await setup();
    await later.customer(HAIRCUT_ASK);
    expect(await mark(later.stub, later.chatId)).toBeDefined();
    await env.DB.prepare("UPDATE businesses SET proposals_enabled = 0 WHERE id = ?").bind(later.businessId).run();
    await quietPeriodPasses(later.stub, later.chatId);
    await readDue(later.stub, later.chatId);
    expect(await mark(later.stub, later.chatId)).toBeUndefined();
    expect(await runs(later.stub, later.chatId)).toBe(0);
    expect(await openProposals(later.businessId)).toEqual([]);
  });

  it("no services in the catalogue: nothing is read", async () => {
    const t = await setup({}, []);
    await t.customer(HAIRCUT_ASK);
    await t.owner("Sure, see you tomorrow at 17:00");
    await readDue(t.stub, t.chatId);
    expect(await runs(t.stub, t.chatId)).toBe(0);
    expect(await mark(t.stub, t.chatId)).toBeUndefined();
  });

  it("a failed read keeps the mark and is tried again later", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const t = await setup();
    await t.customer(HAIRCUT_ASK);
    const realEnv = await runInDurableObject(t.stub, (instance) => {
      const self = instance as unknown as { env: Env };
      const real = self.env;
      const down = {
        prepare() {
          throw new Error("D1 is down");
        },
      } as unknown as D1Database;
      self.env = { ...real, DB: down };
      return real.AI_DAILY_CALLS;
    });
    await quietPeriodPasses(t.stub, t.chatId);
    await runDurableObjectAlarm(t.stub);
    const failed = (await mark(t.stub, t.chatId))!;
    expect(failed.tries).toBe(1);
    expect(failed.due).toBeGreaterThan(Date.now() + 20_000);
    expect(await runInDurableObject(t.stub, (_i, state) => state.storage.getAlarm())).toBe(failed.due);

    await runInDurableObject(t.stub, (instance) => {
      const self = instance as unknown as { env: Env };
      self.env = { ...self.env, DB: env.DB, AI_DAILY_CALLS: realEnv };
    });
    await quietPeriodPasses(t.stub, t.chatId);
    await readDue(t.stub, t.chatId);
    expect(await openProposals(t.businessId)).toHaveLength(1);
    expect(await mark(t.stub, t.chatId)).toBeUndefined();
  });

  it("past AI_DAILY_CALLS Workers AI calls a day, chats are read offline, and Sync's preview draws from the same allowance", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = await setup();
    const ai = await countAiCalls(t.stub, 2);
    const phones = [t.phone, newPhone(), newPhone()];
    for (const phone of phones) {
      await t.customer(HAIRCUT_ASK, undefined, phone);
      await t.owner("Sure, see you tomorrow at 17:00", phone);
      await readDue(t.stub, `${phone}@c.us`);
    }
    expect(ai.n).toBe(2);
    expect((await openProposals(t.businessId)).map((p) => p.client_phone).sort()).toEqual([...phones].sort());

    // Sync's preview for the same business: the allowance is spent, so no call.
    const previewAi = { n: 0 };
    const previewEnv = {
      ...env,
      EXTRACTOR: "auto",
      AI_MODEL: "@cf/test/model",
      AI_DAILY_CALLS: "2",
      AI: {
        async run() {
          previewAi.n++;
          throw new Error("counted Workers AI call");
        },
      } as unknown as Ai,
    };
    const contact = await env.DB.prepare("SELECT id FROM wa_contacts WHERE business_id = ? AND chat_id = ?")
      .bind(t.businessId, t.chatId)
      .first<{ id: string }>();
    const business = { id: t.businessId, timeZone: "Asia/Jerusalem" };
    const spent = await previewSync({ db: db(), env: previewEnv, now: Date.now() }, business, {
      user_ids: [contact!.id],
      limit: 20,
    });
    expect(previewAi.n).toBe(0);
    expect(spent.results[0].items.map((i) => i.time)).toEqual(["17:00"]);

    // Another business still has its own allowance.
    const other = await setup();
    await other.customer(HAIRCUT_ASK);
    const otherContact = await env.DB.prepare("SELECT id FROM wa_contacts WHERE business_id = ?")
      .bind(other.businessId)
      .first<{ id: string }>();
    await previewSync(
      { db: db(), env: previewEnv, now: Date.now() },
      { id: other.businessId, timeZone: "Asia/Jerusalem" },
      { user_ids: [otherContact!.id], limit: 20 },
    );
    expect(previewAi.n).toBe(1);
  });

  it("Cancel Session keeps the alarm for a chat still waiting to be read", async () => {
    const t = await setup();
    await t.customer(HAIRCUT_ASK);
    const due = (await mark(t.stub, t.chatId))!.due;
    await t.stub.remove(t.businessId, "cancel");
    expect(await runInDurableObject(t.stub, (_i, state) => state.storage.getAlarm())).toBe(due);
  });

  it("a customer asking for free time gets a draft after the quiet period, and the owner's own reply withdraws it", async () => {
    const t = await setup();
    await t.customer("Hi, when can I come for a haircut?");
    await quietPeriodPasses(t.stub, t.chatId);
    await readDue(t.stub, t.chatId);
    const open = () =>
      env.DB.prepare(
        "SELECT text, slots, question FROM drafts WHERE business_id = ? AND chat_id = ? AND status = 'open'",
      )
        .bind(t.businessId, t.chatId)
        .all<{ text: string; slots: string; question: string }>()
        .then((r) => r.results);
    const [draft] = await open();
    expect(draft.question).toBe("Hi, when can I come for a haircut?");
    expect(draft.text).toMatch(/^Hi Maya! .* I can do .* for a haircut\. Which suits you\?$/);
    expect(JSON.parse(draft.slots).length).toBeGreaterThan(0);
    expect(await openProposals(t.businessId)).toEqual([]);

    await t.owner("Hi Maya, tomorrow at 10?");
    expect(await open()).toEqual([]);
  });
});
