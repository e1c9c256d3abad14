// No reply lost to a webhook that never came. WAHA retries a webhook for about
// 30 s, in memory, and never replays what the receiver missed (a Worker down
// longer than that, a WAHA restarted mid-retry). So while the session is
// WORKING, and after every reconnect, the business's Durable Object runs a
// round (workers/business-session.ts):
//
// 1. Stored messages not yet acted on (processed_at NULL, e.g. a failure after
//    storing, or a hidden number whose phone was unknown) are acted on again.
// 2. GET /api/{s}/chats/overview (50 chats a page, the most recent first) gives
//    each chat's last message. A chat active in the last 48 hours is re-read
//    (GET /api/{s}/chats/{chatId}/messages?filter.timestamp.gte=<48 h ago>)
//    when its last message is newer than the one seen at its last read, or a
//    reconnect happened since; and at most once per 10 minutes per chat.
//    Each message goes through the same path as a webhook (takeMessage):
//    stored once, acted on once, by the same rules.
//
// The first round of a business only notes where each chat stands: nothing
// was missed before the product was watching.
import type { WhatsAppProvider } from "~/providers/whatsapp/types";
import { isCustomerChat } from "~/providers/whatsapp/chat-id";
import { MessagePayload, processStored, takeMessage } from "./messages.server";

/** A chat is re-read at most this often; rounds run at least this often while WORKING. */
export const BACKSTOP_MS = 10 * 60_000;

/**
 * The period: BACKSTOP_MS, unless the optional var WA_BACKSTOP_MS shortens it
 * (5 s to 10 minutes; browser tests, which cannot move the object's clock).
 */
export function backstopPeriod(env: Env): number {
  const raw = Number((env as Env & { WA_BACKSTOP_MS?: string }).WA_BACKSTOP_MS);
  return Number.isInteger(raw) && raw >= 5_000 && raw <= BACKSTOP_MS ? raw : BACKSTOP_MS;
}
/** Chats active within this window are watched. */
export const ACTIVE_MS = 48 * 3600_000;
const OVERVIEW_PAGE = 50;
const OVERVIEW_PAGES = 10;
/** Messages read per chat per round (the latest ones of the last 48 hours). */
const MESSAGES_PER_READ = 100;
/** Stored-but-unprocessed messages retried per round, once they are this old (a webhook may still be at them). */
const RETRY_BATCH = 50;
const RETRY_AFTER_MS = 30_000;

/** Where a chat stood at its last read: when (ms), its newest message then (unix seconds) and that message's id. */
export type ChatWatch = { readAt: number; lastAt: number; lastId?: string | null };

export type BackstopState = { rounds: number; lastRound: number; reconnectedAt: number };

export type RoundResult = {
  /** Gateway calls made: overview pages and chat reads. */
  calls: number;
  /** Chats whose messages were read. */
  reads: string[];
  /** Messages stored for the first time by this round. */
  stored: number;
  /** Stored messages acted on by this round (new ones and retried ones). */
  processed: number;
  /** The next time a chat waiting for its 10 minutes becomes readable (Infinity: none). */
  nextDue: number;
};

export interface WatchStore {
  get(chatId: string): Promise<ChatWatch | undefined>;
  put(chatId: string, w: ChatWatch): Promise<void>;
}

export async function backstopRound(
  env: Env,
  provider: WhatsAppProvider,
  businessId: string,
  state: BackstopState,
  watch: WatchStore,
  now: number,
): Promise<RoundResult> {
  const result: RoundResult = { calls: 0, reads: [], stored: 0, processed: 0, nextDue: Infinity };
  const period = backstopPeriod(env);
  const business = await env.DB.prepare("SELECT proposals_enabled FROM businesses WHERE id = ?1")
    .bind(businessId)
    .first<{ proposals_enabled: number }>();
  if (!business) return result;
  const proposals = business.proposals_enabled === 1;
  // Follow-up work (queueing a thanks) is awaited before the round ends.
  const pending: Promise<unknown>[] = [];
  const defer = (work: Promise<unknown>) =>
    void pending.push(work.catch((error) => console.error("Backstop follow-up failed", businessId, error)));

  result.processed += await retryUnprocessed(env, businessId, now, proposals, defer);

  const since = now - ACTIVE_MS;
  const baseline = state.rounds === 0;
  for (let page = 0; page < OVERVIEW_PAGES; page++) {
    const chats = await provider.getChatsOverview(businessId, OVERVIEW_PAGE, page * OVERVIEW_PAGE);
    result.calls++;
    for (const chat of chats) {
      if (!isCustomerChat(chat.chatId) || chat.lastAt * 1000 < since) continue;
      const seen = await watch.get(chat.chatId);
      if (baseline) {
        await watch.put(chat.chatId, { readAt: now, lastAt: chat.lastAt, lastId: chat.lastId });
        continue;
      }
      // Timestamps are whole seconds: a new last message in the same second shows by its id.
      const behind =
        !seen ||
        chat.lastAt > seen.lastAt ||
        (chat.lastId !== null && chat.lastId !== seen.lastId) ||
        state.reconnectedAt > seen.readAt;
      if (!behind) continue;
      if (seen && now - seen.readAt < period) {
        result.nextDue = Math.min(result.nextDue, seen.readAt + period);
        continue;
      }
      const raw = await provider.getRawMessagesSince(
        businessId,
        chat.chatId,
        Math.floor(since / 1000),
        MESSAGES_PER_READ,
      );
      result.calls++;
      result.reads.push(chat.chatId);
      // Oldest first, so answers are read in the order they were written.
      const messages = raw
        .map((r) => MessagePayload.safeParse(r))
        .flatMap((r) => (r.success ? [r.data] : []))
        .sort((a, b) => a.timestamp - b.timestamp);
      let newest = chat.lastAt;
      for (const m of messages) {
        newest = Math.max(newest, m.timestamp);
        try {
          const taken = await takeMessage(env, businessId, m, now, defer, proposals);
          if (taken.stored) result.stored++;
          if (taken.processed) result.processed++;
        } catch (error) {
          // Stored but not acted on: the next round retries it.
          console.error("Backstop: a message could not be processed", businessId, m.id, error);
        }
      }
      await watch.put(chat.chatId, { readAt: now, lastAt: newest, lastId: chat.lastId });
    }
    const last = chats.at(-1);
    if (chats.length < OVERVIEW_PAGE || !last || last.lastAt * 1000 < since) break;
  }
  await Promise.all(pending);
  return result;
}

/** Stored messages not yet acted on, retried oldest first (the rest wait for the next round). */
async function retryUnprocessed(
  env: Env,
  businessId: string,
  now: number,
  proposals: boolean,
  defer: (w: Promise<unknown>) => void,
) {
  const { results } = await env.DB.prepare(
    `SELECT provider_id, chat_id, from_me, body, timestamp FROM wa_messages
     WHERE business_id = ?1 AND processed_at IS NULL AND created_at <= ?2 AND timestamp >= ?3
     ORDER BY created_at LIMIT ?4`,
  )
    .bind(businessId, now - RETRY_AFTER_MS, now - ACTIVE_MS, RETRY_BATCH)
    .all<{ provider_id: string; chat_id: string; from_me: number; body: string; timestamp: number }>();
  let processed = 0;
  for (const r of results) {
    try {
      const done = await processStored(
        env,
        businessId,
        {
          providerId: r.provider_id,
          chatId: r.chat_id,
          fromMe: r.from_me === 1,
          source: null,
          body: r.body,
          at: r.timestamp,
        },
        now,
        defer,
        proposals,
      );
      if (done) processed++;
    } catch (error) {
      console.error("Backstop: retrying a stored message failed", businessId, r.provider_id, error);
    }
  }
  return processed;
}
