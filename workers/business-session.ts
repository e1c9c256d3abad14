// One Durable Object per business (idFromName(business_id)): owns the
// WhatsApp session. It caches the gateway's status and QR image, performs
// create/start/restart/logout/delete, takes session.status webhooks, and polls
// the gateway from an alarm: every 2 s while the status is transitional, every
// minute while a session exists (the backstop for lost webhooks and for a
// gateway that forgot the session). Any number of browser tabs cost at most
// one gateway call per 2 s. Every status it learns is mirrored to D1
// (businesses.wa_status), where the cron sweep reads it to hold messages while
// WhatsApp is not WORKING.
//
// It also decides when a customer chat is read for live proposals: the
// webhook notes each new message (noteChatMessage), a customer's message makes
// the chat due 60 s later (each later one pushes it back), an owner's at once
// (but a chat is read at most once a minute). The same alarm serves the poll
// and the chats: it is set for whichever comes first. The object also counts
// the business's Workers AI calls per day (takeAiCall), for every reader.
//
// While the session is WORKING the same alarm runs the backstop for lost
// webhooks (app/services/whatsapp/backstop.server.ts): every 10 minutes, and
// at once after every reconnect. It also keeps the session's config at the
// gateway what the product would create (webhook URL, events, HMAC key after a
// WEBHOOK_SECRET or APP_URL change): a config that drifted is PUT back while
// the session is WORKING, with no new QR scan.
// And it decides, one at a time, the bookings that must not overlap another
// (decideBooking: `if_free` requests, the booking link, a client's "1" to a
// freed-slot offer).
import { DurableObject } from "cloudflare:workers";
import { getWhatsAppProvider } from "../app/providers/whatsapp/index.server";
import type { SessionMe, WhatsAppProvider } from "../app/providers/whatsapp/types";
import { configMatches, sessionConfig } from "../app/providers/whatsapp/waha.server";
import { webhookKeyFor } from "../app/services/whatsapp/webhook-key.server";
import {
  gatewayTooOld,
  isSettled,
  type GatewayProblem,
  type SessionActionError,
  type WaStatus,
  type WaView,
} from "../app/services/whatsapp/session-view";
import { formatChatPhone } from "../app/services/whatsapp/format-phone.server";
import { recordWaStatus } from "../app/services/whatsapp/status-mirror.server";
import { getExtractor } from "../app/providers/ai/index.server";
import { getAskReader } from "../app/providers/ai/asks.server";
// Reading chats (the proposals services, the clients and bookings they write)
// and Web Push load when a chat is first read, not with the object.
import { aiDailyCalls, liveQuietPeriod } from "../app/services/proposals/live-limits";
import { localDate } from "../app/utils/time-zone";
import { bytesToBase64 } from "../app/utils/base64";
import { nextSlot, type GapRange } from "../app/services/safety/pacing";
import type { BackstopState, ChatWatch, RoundResult } from "../app/services/whatsapp/backstop.server";

type Backstop = BackstopState & { nextDue: number };
import type { BookingTask } from "../app/services/bookings/decide.server";
import type { BookingOutcome } from "../app/services/bookings/outcome";

export const POLL_MS = 2000;
/** The slow backstop poll while a session exists and is settled. */
export const SLOW_POLL_MS = 60_000;
/** Opening the Connect tab re-reads the gateway when the cached status is older than this. */
export const STALE_VIEW_MS = 30_000;

type Stored = {
  businessId: string | null;
  status: WaStatus;
  me: SessionMe | null;
  qr: { mimetype: string; data: string } | null;
  qrVersion: number;
  checkedAt: number;
  qrCheckedAt: number;
  /** Bumped by every action that replaces the session; a read begun under an older epoch is dropped. */
  epoch: number;
};

/** A chat waiting to be read: when, a version bumped by every note, failed attempts so far. */
export type ChatMark = { due: number; v: number; tries: number };
/** What was read of a chat: the newest message's row number, when, and how many extractor runs so far. */
export type ChatRead = { upTo: number; at: number; runs: number };
export const MARK_PREFIX = "live:mark:";
export const READ_PREFIX = "live:read:";
const AI_KEY = "live:ai";
export const BACKSTOP_KEY = "backstop:state";
export const WATCH_PREFIX = "backstop:watch:";
/** A drifted config is PUT at most once per this long (the PUT restarts the session). */
export const CONFIG_FIX_MS = 5 * 60_000;
/** Chats read per alarm; the rest are read by the next one, straight after. */
export const READS_PER_ALARM = 10;
/** A failed read is tried again after 30 s, 1 min, 2 min... at most an hour. */
export const retryDelay = (tries: number) => Math.min(30_000 * 2 ** (tries - 1), 3_600_000);

const initial: Stored = {
  businessId: null,
  status: "no-session",
  me: null,
  qr: null,
  qrVersion: 0,
  checkedAt: 0,
  qrCheckedAt: 0,
  epoch: 0,
};

/** A Connect action failed; the message is the key of the spec's text (only the message survives the RPC). */
export class WhatsAppActionError extends Error {
  constructor(key: SessionActionError, options?: ErrorOptions) {
    super(key, options);
  }
}

/** No session at the gateway (and none wanted): nothing to poll. */
const hasNoSession = (status: WaStatus) => status === "no-session" || status === "disconnected";

export class BusinessSession extends DurableObject<Env> {
  private s: Stored = initial;
  private refreshing: Promise<void> | null = null;
  private fetchingQr: Promise<void> | null = null;
  /** The last reserved send slot (also in storage, so a restarted object keeps pacing). */
  private lastSlotAt = 0;
  /** Workers AI calls made on `day` (the business's date); also in storage. */
  private aiCalls = { day: "", n: 0 };
  private reading: Promise<void> | null = null;
  /** The session's config as the gateway held it at the last read (to spot drift). */
  private heldConfig: unknown = undefined;
  private lastConfigFix = 0;
  private backstop: Backstop = { rounds: 0, lastRound: 0, reconnectedAt: 0, nextDue: 0 };
  private catchingUp: Promise<RoundResult | null> | null = null;
  /** The booking decisions in arrival order: each runs after the previous one finished (D1 awaits would otherwise interleave them). */
  private bookingQueue: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    // A constructor cannot await; the runtime itself holds every incoming call until this resolves.
    void ctx.blockConcurrencyWhile(async () => {
      this.s = { ...initial, ...((await ctx.storage.get<Stored>("state")) ?? {}) };
      this.lastSlotAt = (await ctx.storage.get<number>("lastSlotAt")) ?? 0;
      this.aiCalls = (await ctx.storage.get<{ day: string; n: number }>(AI_KEY)) ?? this.aiCalls;
      this.backstop = (await ctx.storage.get<Backstop>(BACKSTOP_KEY)) ?? this.backstop;
    });
  }

  protected provider(): WhatsAppProvider {
    return getWhatsAppProvider(this.env);
  }

  private async save(patch: Partial<Stored>) {
    this.s = { ...this.s, ...patch };
    await this.ctx.storage.put("state", this.s);
  }

  private view(): WaView {
    const phone = this.s.status === "WORKING" && this.s.me ? formatChatPhone(this.s.me.id) : null;
    return { status: this.s.status, me: this.s.me, phone, hasQr: this.s.qr !== null, qrVersion: this.s.qrVersion };
  }

  private async bind(businessId: string) {
    if (this.s.businessId !== businessId) await this.save({ businessId });
  }

  /** Reads the gateway at most once per POLL_MS, however many callers ask at once. */
  private async refresh(force = false) {
    if (!force && Date.now() - this.s.checkedAt < POLL_MS) return;
    if (!this.refreshing) {
      this.refreshing = (async () => {
        const epoch = this.s.epoch;
        try {
          const info = await this.provider().getSession(this.s.businessId!);
          // A Cancel or Logout ran while we waited: this answer is about the old session.
          if (this.s.epoch !== epoch) return;
          this.heldConfig = info?.config;
          await this.apply(info ? info.status : "no-session", info?.me ?? null, Date.now());
        } catch (error) {
          // The gateway is down: hold messages until it answers again (the Connect tab keeps its last status).
          if (this.s.epoch === epoch && this.s.businessId)
            await recordWaStatus(this.env, this.s.businessId, "unreachable", Date.now());
          throw error;
        } finally {
          this.refreshing = null;
        }
      })();
    }
    await this.refreshing;
  }

  private async apply(status: WaStatus, me: SessionMe | null, checkedAt: number) {
    const leftQr = status !== "SCAN_QR_CODE";
    // Back to WORKING (a reconnect, a restart, a new scan): what arrived meanwhile may have been lost.
    if (status === "WORKING" && this.s.status !== "WORKING") {
      await this.saveBackstop({ reconnectedAt: checkedAt, nextDue: checkedAt });
      await this.armAlarm(checkedAt);
    }
    await this.save({
      status,
      me: status === "WORKING" ? (me ?? this.s.me) : null,
      checkedAt,
      ...(leftQr ? { qr: null } : {}),
    });
    if (this.s.businessId) await recordWaStatus(this.env, this.s.businessId, status, checkedAt);
    await this.schedulePoll();
  }

  /** Transitional: every 2 s. Settled with a session: once a minute. No session: never. */
  private async schedulePoll() {
    if (hasNoSession(this.s.status)) return;
    const delay = isSettled(this.s.status) ? SLOW_POLL_MS : POLL_MS;
    await this.armAlarm(Date.now() + delay);
  }

  /** The alarm goes off at `at` unless it is already set to go off earlier. */
  private async armAlarm(at: number) {
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > at) await this.ctx.storage.setAlarm(at);
  }

  /** The alarm is set for the first chat due, if any. */
  private async armForChats() {
    let next = Infinity;
    for (const mark of (await this.ctx.storage.list<ChatMark>({ prefix: MARK_PREFIX })).values())
      next = Math.min(next, mark.due);
    if (next < Infinity) await this.armAlarm(next);
  }

  /** The cached state; fetched from the gateway the first time, when stale while transitional, and when older than 30 s. */
  async status(businessId: string): Promise<WaView> {
    await this.bind(businessId);
    const age = Date.now() - this.s.checkedAt;
    if (this.s.checkedAt === 0 || age >= STALE_VIEW_MS) await this.refresh(true);
    else if (!isSettled(this.s.status)) await this.refresh();
    return this.view();
  }

  /**
   * Re-read the gateway: for the cron sweep unless a read happened in the last
   * minute; `soon` (delivery was just told the session is not WORKING) unless
   * one happened in the last 2 s.
   */
  async reconcile(businessId: string, soon = false): Promise<WaView> {
    await this.bind(businessId);
    if (soon) await this.refresh();
    else if (Date.now() - this.s.checkedAt >= SLOW_POLL_MS - POLL_MS) await this.refresh(true);
    return this.view();
  }

  /** The QR image while the gateway offers one; fetched at most once per POLL_MS. */
  async qr(businessId: string): Promise<{ mimetype: string; data: string } | null> {
    await this.bind(businessId);
    if (this.s.status !== "SCAN_QR_CODE") return null;
    if (!this.s.qr && Date.now() - this.s.qrCheckedAt >= POLL_MS) {
      if (!this.fetchingQr) {
        this.fetchingQr = (async () => {
          const epoch = this.s.epoch;
          try {
            const image = await this.provider().getQr(this.s.businessId!);
            // State may have moved on while we waited: keep the QR only if still scanning the same session.
            if (this.s.epoch !== epoch) return;
            if (image && this.s.status === "SCAN_QR_CODE") {
              await this.save({
                qr: { mimetype: image.mimetype, data: bytesToBase64(image.data) },
                qrVersion: this.s.qrVersion + 1,
                qrCheckedAt: Date.now(),
              });
            } else {
              await this.save({ qrCheckedAt: Date.now() });
            }
          } finally {
            this.fetchingQr = null;
          }
        })();
      }
      await this.fetchingQr;
    }
    return this.s.qr;
  }

  /**
   * Connect WhatsApp: check the gateway's version, create the session (not
   * started) or bring an existing one's config up to date, start it, then
   * re-read its status.
   */
  async open(businessId: string): Promise<WaView & { problem?: GatewayProblem }> {
    await this.bind(businessId);
    const provider = this.provider();
    await this.save({ status: "connecting", qr: null, epoch: this.s.epoch + 1 });
    const epoch = this.s.epoch;
    const options = await this.sessionOptions(businessId);
    try {
      const version = await provider.getVersion();
      const tooOld = gatewayTooOld(version);
      if (tooOld) {
        // Refused before anything is created: the owner is told which WAHA is needed.
        await this.save({ status: "no-session" });
        return { ...this.view(), problem: { key: "connect.err.tooOld", params: tooOld } };
      }
      const existing = await provider.getSession(businessId);
      if (!existing) await provider.createSession(businessId, options);
      else if (!configMatches(existing.config, sessionConfig(businessId, options)))
        await provider.updateSession(businessId, options);
    } catch (error) {
      await this.refreshAfterFailure();
      throw new WhatsAppActionError("connect.err.createFailed", { cause: error });
    }
    if (this.s.epoch !== epoch) return this.view(); // cancelled meanwhile
    try {
      await provider.startSession(businessId);
    } catch (error) {
      await this.refreshAfterFailure();
      throw new WhatsAppActionError("connect.err.startFailed", { cause: error });
    }
    if (this.s.epoch === epoch) await this.refresh(true);
    return this.view();
  }

  async restart(businessId: string): Promise<WaView> {
    await this.bind(businessId);
    try {
      await this.provider().restartSession(businessId);
    } catch (error) {
      throw new WhatsAppActionError("connect.err.restartFailed", { cause: error });
    }
    await this.refresh(true);
    return this.view();
  }

  /** Cancel Session (no-session afterwards) or Logout WhatsApp (disconnected afterwards): both delete the session. */
  async remove(businessId: string, reason: "cancel" | "logout"): Promise<WaView> {
    await this.bind(businessId);
    // From here on, any read that started earlier is about a session that is going away.
    await this.save({ epoch: this.s.epoch + 1 });
    try {
      await this.provider().deleteSession(businessId);
    } catch (error) {
      throw new WhatsAppActionError(reason === "logout" ? "connect.err.logoutFailed" : "connect.err.deleteFailed", {
        cause: error,
      });
    }
    const status = reason === "logout" ? "disconnected" : "no-session";
    await this.save({ status, me: null, qr: null, checkedAt: Date.now(), epoch: this.s.epoch + 1 });
    await recordWaStatus(this.env, businessId, status, Date.now());
    // No more polls; chats waiting to be read still are (their messages are stored).
    await this.ctx.storage.deleteAlarm();
    await this.armForChats();
    return this.view();
  }

  /** The business is being deleted: the session goes from the gateway, and everything this object kept with it. */
  async destroy(businessId: string): Promise<void> {
    await this.remove(businessId, "cancel");
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.s = initial;
  }

  /** A session.status webhook: push, not poll. Every QR refresh arrives as SCAN_QR_CODE again. */
  async onStatusEvent(businessId: string, status: WaStatus, me: SessionMe | null): Promise<void> {
    await this.bind(businessId);
    // After Cancel or Logout only a new Connect (status "connecting") brings a session back:
    // a late event from the deleted session must not.
    if (hasNoSession(this.s.status)) return;
    if (status === "SCAN_QR_CODE") await this.save({ qr: null, qrCheckedAt: 0 });
    await this.apply(status, me, Date.now());
  }

  /**
   * Pacing, shared by every queue consumer sending for this number: the next
   * send goes a random gap from the range after the previous slot
   * (safety/pacing.ts). Answers how long to wait; a slot further away than
   * `maxWaitMs` is not reserved (the caller retries later instead of sleeping).
   * The slot is taken before the first await, so concurrent calls never share one.
   */
  async reserveSendSlot(gap: GapRange, maxWaitMs: number): Promise<{ waitMs: number; reserved: boolean }> {
    const slot = nextSlot(this.lastSlotAt, Date.now(), gap, Math.random(), maxWaitMs);
    if (!slot.reserved) return { waitMs: slot.waitMs, reserved: false };
    this.lastSlotAt = slot.at;
    await this.ctx.storage.put("lastSlotAt", slot.at);
    return { waitMs: slot.waitMs, reserved: true };
  }

  /**
   * A new message in a customer chat (stored for the first time). A customer's
   * makes the chat due 60 s after it was written, pushing back any earlier
   * due time (the quiet period); an owner's makes it due now, or a minute
   * after the chat's last read if that is later.
   */
  async noteChatMessage(businessId: string, chatId: string, fromMe: boolean, at: number): Promise<void> {
    await this.bind(businessId);
    const now = Date.now();
    const key = MARK_PREFIX + chatId;
    const mark = await this.ctx.storage.get<ChatMark>(key);
    const quiet = liveQuietPeriod(this.env);
    let due: number;
    if (fromMe) {
      const read = await this.ctx.storage.get<ChatRead>(READ_PREFIX + chatId);
      due = Math.min(mark?.due ?? Infinity, Math.max(now, (read?.at ?? 0) + quiet));
    } else {
      // The phone's clock may run ahead: the quiet period starts no later than now.
      due = Math.max(mark?.due ?? 0, Math.min(at, now) + quiet);
    }
    await this.ctx.storage.put(key, { due, v: (mark?.v ?? 0) + 1, tries: mark?.tries ?? 0 } satisfies ChatMark);
    await this.armAlarm(due);
  }

  /**
   * One Workers AI call for the business on `day` (its local date), if fewer
   * than `limit` were made that day. Counted before the first await, so
   * concurrent askers never share the last call.
   */
  async takeAiCall(businessId: string, day: string, limit: number): Promise<boolean> {
    await this.bind(businessId);
    const n = this.aiCalls.day === day ? this.aiCalls.n : 0;
    if (n >= limit) return false;
    this.aiCalls = { day, n: n + 1 };
    await this.ctx.storage.put(AI_KEY, this.aiCalls);
    return true;
  }

  /**
   * Books or moves a booking unless its time overlaps another, as one step
   * that no other decision for this business can interleave with: the check
   * and the write of one request finish before the next request's check.
   */
  async decideBooking(task: BookingTask): Promise<BookingOutcome> {
    const { runBookingTask } = await import("../app/services/bookings/decide.server");
    const run = this.bookingQueue.then(() => runBookingTask(this.env, task));
    this.bookingQueue = run.catch(() => undefined);
    return run;
  }

  /** The alarm run in progress, if any: a test waits for it instead of sleeping. */
  private running: Promise<void> | null = null;

  /** The backstop poll (reads only: safe to retry), the config and lost-webhook backstops, then the chats that are due. */
  async alarm(): Promise<void> {
    const run = this.runAlarm();
    this.running = run;
    try {
      await run;
    } finally {
      if (this.running === run) this.running = null;
    }
  }

  private async businessGone(businessId: string): Promise<boolean> {
    try {
      return !(await this.env.DB.prepare("SELECT 1 AS x FROM businesses WHERE id = ?").bind(businessId).first());
    } catch {
      return false;
    }
  }

  private async runAlarm(): Promise<void> {
    // A business deleted while this object kept state (a mark noted after destroy, a failed destroy):
    // nothing of it stays, and no alarm wakes the object again. Only a clear "not there" counts:
    // a failed read (D1 down) leaves everything as it is.
    if (this.s.businessId && (await this.businessGone(this.s.businessId))) {
      await this.ctx.storage.deleteAlarm();
      await this.ctx.storage.deleteAll();
      this.s = initial;
      return;
    }
    if (this.s.businessId && !hasNoSession(this.s.status)) {
      try {
        // Not forced: if a caller just read the gateway, that read counts for this tick.
        await this.refresh();
      } catch (error) {
        console.error("WhatsApp status poll failed", this.s.businessId, error);
      }
      await this.schedulePoll();
      try {
        await this.keepConfig(this.s.businessId);
      } catch (error) {
        console.error("Updating the WhatsApp session's config failed", this.s.businessId, error);
      }
      const now = Date.now();
      if (this.s.status === "WORKING" && now >= this.backstop.nextDue) {
        try {
          await this.catchUp(this.s.businessId, now);
        } catch (error) {
          console.error("The lost-webhook backstop failed", this.s.businessId, error);
        }
      }
      if (this.s.status === "WORKING") await this.armAlarm(Math.max(this.backstop.nextDue, Date.now() + POLL_MS));
    }
    // One reader at a time: an alarm arriving while chats are being read waits for it.
    if (!this.reading) this.reading = this.readDueChats().finally(() => (this.reading = null));
    await this.reading;
    await this.armForChats();
  }

  /**
   * The gateway holds another config than the product would create (a new
   * APP_URL or WEBHOOK_SECRET, new events): PUT it while WORKING (WAHA
   * restarts the session with it; no new QR). At most once per 5 minutes.
   */
  private async keepConfig(businessId: string) {
    if (this.s.status !== "WORKING" || !createdByProduct(this.heldConfig, businessId)) return;
    if (Date.now() - this.lastConfigFix < CONFIG_FIX_MS) return;
    const options = await this.sessionOptions(businessId);
    if (configMatches(this.heldConfig, sessionConfig(businessId, options))) return;
    this.lastConfigFix = Date.now();
    const epoch = this.s.epoch;
    await this.provider().updateSession(businessId, options);
    if (this.s.epoch === epoch) await this.refresh(true);
  }

  private async sessionOptions(businessId: string) {
    return {
      webhookUrl: `${this.env.APP_URL.replace(/\/$/, "")}/api/webhook`,
      hmacKey: await webhookKeyFor(this.env, businessId),
    };
  }

  private async saveBackstop(patch: Partial<Backstop>) {
    this.backstop = { ...this.backstop, ...patch };
    await this.ctx.storage.put(BACKSTOP_KEY, this.backstop);
  }

  /**
   * One round of the lost-webhook backstop at `now` (the alarm passes the
   * clock; tests pass a later one). One round at a time. Answers what it did,
   * null when the session is not WORKING.
   */
  async catchUp(businessId: string, now: number): Promise<RoundResult | null> {
    await this.bind(businessId);
    if (this.s.status !== "WORKING") return null;
    if (!this.catchingUp) {
      this.catchingUp = (async () => {
        const { backstopRound, backstopPeriod } = await import("../app/services/whatsapp/backstop.server");
        const storage = this.ctx.storage;
        const watch = {
          get: (chatId: string) => storage.get<ChatWatch>(WATCH_PREFIX + chatId),
          put: (chatId: string, w: ChatWatch) => storage.put(WATCH_PREFIX + chatId, w),
        };
        const result = await backstopRound(this.env, this.provider(), businessId, this.backstop, watch, now);
        await this.saveBackstop({
          rounds: this.backstop.rounds + 1,
          lastRound: now,
          nextDue: Math.min(now + backstopPeriod(this.env), result.nextDue),
        });
        return result;
      })().finally(() => (this.catchingUp = null));
    }
    return this.catchingUp;
  }

  private async readDueChats() {
    const businessId = this.s.businessId;
    if (!businessId) return;
    const now = Date.now();
    const due = [...(await this.ctx.storage.list<ChatMark>({ prefix: MARK_PREFIX })).entries()]
      .filter(([, mark]) => mark.due <= now)
      .sort(([, a], [, b]) => a.due - b.due)
      .slice(0, READS_PER_ALARM);
    for (const [key, mark] of due) await this.readChat(businessId, key.slice(MARK_PREFIX.length), mark);
  }

  /**
   * Reads one due chat. Done (read, nothing new, or nothing to read): the mark
   * goes, unless a message was noted meanwhile. Failed: the mark stays, due
   * again after a growing pause.
   */
  private async readChat(businessId: string, chatId: string, mark: ChatMark) {
    const markKey = MARK_PREFIX + chatId;
    const readKey = READ_PREFIX + chatId;
    const last = (await this.ctx.storage.get<ChatRead>(readKey)) ?? { upTo: 0, at: 0, runs: 0 };
    const startedAt = Date.now();
    try {
      const { readChatForProposals } = await import("../app/services/proposals/live.server");
      const outcome = await readChatForProposals(
        this.env,
        businessId,
        chatId,
        last.upTo,
        startedAt,
        (business) => this.extractorFor(business),
        (business) => this.askReaderFor(business),
      );
      if (outcome.kind === "read") {
        await this.ctx.storage.put(readKey, {
          upTo: outcome.upTo,
          at: startedAt,
          runs: last.runs + 1,
        } satisfies ChatRead);
        if (outcome.stored.length) {
          try {
            const { notifyNewProposals } = await import("../app/services/proposals/notify.server");
            await notifyNewProposals(this.env, businessId, outcome.stored);
          } catch (error) {
            // The proposals are stored: a failed notification must not read the chat again.
            console.error("Notifying new proposals failed", businessId, error);
          }
        }
        if (outcome.drafts.length || outcome.answered.length) {
          const { notifyNewDrafts, notifyAnsweredDrafts } = await import("../app/services/drafts/notify.server");
          await notifyNewDrafts(this.env, businessId, outcome.drafts);
          await notifyAnsweredDrafts(this.env, businessId, outcome.answered);
        }
      }
      const current = await this.ctx.storage.get<ChatMark>(markKey);
      if (current?.v === mark.v) await this.ctx.storage.delete(markKey);
      else if (current) await this.ctx.storage.put(markKey, { ...current, tries: 0 } satisfies ChatMark);
    } catch (error) {
      console.error("Reading a chat for proposals failed", businessId, chatId, error);
      const current = (await this.ctx.storage.get<ChatMark>(markKey)) ?? mark;
      const tries = current.tries + 1;
      await this.ctx.storage.put(markKey, {
        ...current,
        due: Math.max(current.due, Date.now() + retryDelay(tries)),
        tries,
      } satisfies ChatMark);
    }
  }

  /** The extractor for one live read: Workers AI while the business's daily allowance lasts, then offline. */
  protected extractorFor(business: { id: string; timeZone: string }) {
    return getExtractor(this.env, () =>
      this.takeAiCall(business.id, localDate(Date.now(), business.timeZone), aiDailyCalls(this.env)),
    );
  }

  /** The reader of asks and changes for one live read, on the same allowance as the extractor. */
  protected askReaderFor(business: { id: string; timeZone: string }) {
    return getAskReader(this.env, () =>
      this.takeAiCall(business.id, localDate(Date.now(), business.timeZone), aiDailyCalls(this.env)),
    );
  }

  private async refreshAfterFailure() {
    try {
      await this.refresh(true);
    } catch {
      await this.save({ status: "disconnected" });
    }
  }
}

/**
 * A session config the product created (it carries the business's id in its
 * metadata). Only those are brought up to date by themselves; a session made
 * by another tool is updated when the owner presses Connect.
 */
function createdByProduct(config: unknown, businessId: string): boolean {
  if (typeof config !== "object" || config === null) return false;
  const metadata = (config as { metadata?: unknown }).metadata;
  return (
    typeof metadata === "object" &&
    metadata !== null &&
    (metadata as Record<string, unknown>)["business.id"] === businessId
  );
}
