// Live proposals: a chat with something new to read is read by the booking
// extractor, and what it finds is stored as proposals. The business's Durable
// Object (workers/business-session.ts) decides when a chat is due and calls
// readChatForProposals; the webhook tells it through markChatForProposals.
import { and, eq } from "drizzle-orm";
import { createDb, schema } from "~db";
import { offlineAskReader } from "~/providers/ai/offline/asks";
import type { AskReader, BookingExtractor, ChatAsk, ChatMessage } from "~/providers/ai/types";
import { autoAnswer, clientContext, createDraft, type DraftView } from "~/services/drafts/drafts.server";
import { serviceNames } from "~/services/catalogue/services.server";
import { businessSession } from "~/services/whatsapp/session.server";
import { bookingPageUrl } from "~/services/booking-link/settings.server";
import { localDate } from "~/utils/time-zone";
import { PREVIEW_LIMIT_DEFAULT } from "~/validation/sync";
import type { ProposalView } from "./proposals.server";
import { storeChange, storeProposals } from "./store.server";
import { aiDailyCalls } from "./live-limits";

export { LIVE_QUIET_MS } from "./live-limits";

/** How many of the chat's latest messages are read (as many as Sync's preview reads by default). */
const LIVE_MESSAGES = PREVIEW_LIMIT_DEFAULT;

/** The business's Workers AI allowance for today (its own day), kept by its Durable Object. */
export function aiAllowance(env: Env, business: { id: string; timeZone: string }, now: number) {
  return () =>
    businessSession(env, business.id).takeAiCall(business.id, localDate(now, business.timeZone), aiDailyCalls(env));
}

/**
 * Called for a message stored for the first time in a customer chat: the
 * business's Durable Object makes the chat due. Never throws: the webhook
 * answers 200 whatever happens here (one retry, then the failure is logged).
 */
export async function markChatForProposals(
  env: Env,
  businessId: string,
  chatId: string,
  fromMe: boolean,
  at: number,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await businessSession(env, businessId).noteChatMessage(businessId, chatId, fromMe, at);
      return;
    } catch (error) {
      if (attempt >= 2) {
        console.error("Marking a chat for live proposals failed", businessId, chatId, error);
        return;
      }
    }
  }
}

/**
 * What reading a chat came to. `drop`: nothing to read now or later for these
 * messages (proposals off, no services, no such chat, a hidden number);
 * `unchanged`: no message newer than `readUpTo`; `read`: the extractor ran
 * over the messages up to `upTo` (the newest stored message's row number) and
 * `stored` are the new proposals, `drafts` the new drafted replies left for
 * the owner and `answered` those Answer for me sent (with the text sent).
 */
export type LiveRead =
  | { kind: "drop" }
  | { kind: "unchanged" }
  | { kind: "read"; upTo: number; stored: ProposalView[]; drafts: DraftView[]; answered: DraftView[] };

/**
 * Reads one chat as Sync's preview does (its latest stored messages, in the
 * business's zone, with the catalogue and the contact's name) and stores the
 * bookings found as proposals. A client with an upcoming booking whose latest
 * turn asks to move it, says they are late or cannot come gets a change
 * proposal tied to that booking instead (and nothing else is read). When it
 * finds no booking and the customer's latest turn asks for free time, a reply is drafted from the calendar (drafts), and
 * sent by itself when the business has Answer for me on (`drafts` lists only
 * the ones left for the owner).
 * Throws on a D1 or extractor failure (the caller retries later).
 */
export async function readChatForProposals(
  env: Env,
  businessId: string,
  chatId: string,
  readUpTo: number,
  now: number,
  extractorFor: (business: { id: string; timeZone: string }) => BookingExtractor,
  askReaderFor: (business: { id: string; timeZone: string }) => AskReader = () => offlineAskReader,
): Promise<LiveRead> {
  const db = createDb(env.DB);
  const [business] = await db
    .select({
      id: schema.businesses.id,
      country: schema.businesses.country,
      timeZone: schema.businesses.timeZone,
      enabled: schema.businesses.proposalsEnabled,
      autoAnswer: schema.businesses.autoAnswer,
      workingHours: schema.businesses.workingHours,
      slotStepMinutes: schema.businesses.slotStepMinutes,
      minNoticeMinutes: schema.businesses.minNoticeMinutes,
      bookingSlug: schema.businesses.bookingSlug,
      bookingPageEnabled: schema.businesses.bookingPageEnabled,
    })
    .from(schema.businesses)
    .where(eq(schema.businesses.id, businessId));
  if (!business?.enabled) return { kind: "drop" };
  const services = await serviceNames(db, businessId);
  if (!services.length) return { kind: "drop" };
  const [contact] = await db
    .select()
    .from(schema.waContacts)
    .where(and(eq(schema.waContacts.businessId, businessId), eq(schema.waContacts.chatId, chatId)));
  if (!contact?.phone) return { kind: "drop" };

  // One statement, so the newest row number and the messages read are the same snapshot.
  const { results } = await env.DB.prepare(
    `SELECT from_me, timestamp, body, (SELECT max(rowid) FROM wa_messages WHERE business_id = ?1 AND chat_id = ?2) AS newest
     FROM wa_messages WHERE business_id = ?1 AND chat_id = ?2
     ORDER BY timestamp DESC, rowid DESC LIMIT ?3`,
  )
    .bind(businessId, chatId, LIVE_MESSAGES)
    .all<{ from_me: number; timestamp: number; body: string; newest: number }>();
  const newest = results[0]?.newest ?? 0;
  if (newest <= readUpTo) return { kind: "unchanged" };
  const messages: ChatMessage[] = results
    .reverse()
    .map((m) => ({ fromMe: m.from_me === 1, timestamp: m.timestamp, body: m.body }));

  // The customer's latest turn, read once (at most one ask reader call): first for a change to an upcoming
  // booking ("can we make it 18:00?", "running late", "can't make it"), which the extractor would take for a
  // new booking; when it is none, the extractor's bookings, and with none of those an ask for free time.
  const customerTurn = messages.length > 0 && !messages[messages.length - 1].fromMe;
  const known = customerTurn
    ? await clientContext(db, businessId, contact.phone, localDate(now, business.timeZone))
    : null;
  let ask: ChatAsk | null | undefined;
  const readAsk = async () => {
    if (ask === undefined) {
      const input = {
        messages,
        services,
        timeZone: business.timeZone,
        now,
        contactName: contact.name || undefined,
        usualService: known?.usual ?? null,
        upcoming: known?.upcoming ?? [],
      };
      ask = await askReaderFor(business).read(input);
    }
    return ask;
  };
  if (known?.upcoming.length) {
    const change = await readAsk();
    if (change && change.kind !== "ask") {
      return {
        kind: "read",
        upTo: newest,
        stored: await storeChange(db, business, contact, change, now),
        drafts: [],
        answered: [],
      };
    }
  }

  const found = await extractorFor(business).extract({
    messages,
    services,
    timeZone: business.timeZone,
    now,
    contactName: contact.name || undefined,
  });
  const stored = await storeProposals(db, business, contact, found, now);
  const drafts: DraftView[] = [];
  const answered: DraftView[] = [];
  if (!found.length && known) {
    const asked = await readAsk();
    if (asked?.kind === "ask") {
      const link = bookingPageUrl(env.APP_URL, business);
      const draft = await createDraft(
        db,
        business,
        { chatId, name: contact.name, phone: contact.phone },
        asked,
        now,
        link,
      );
      // Answer for me: sent by itself now (no longer open); otherwise it waits for the owner.
      const sent = draft ? await autoAnswer(env, db, business, draft.id, newest, now) : null;
      if (draft && sent !== null) answered.push({ ...draft, text: sent });
      else if (draft) drafts.push(draft);
    }
  }
  return { kind: "read", upTo: newest, stored, drafts, answered };
}
