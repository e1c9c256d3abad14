// One Durable Object per business (idFromName(business_id)): owns the
// WhatsApp session. It caches the gateway's status and QR image, performs
// create/start/restart/logout/delete, takes session.status webhooks, and polls
// the gateway from an alarm: every 2 s while the status is transitional, every
// minute while a session exists (the backstop for lost webhooks and for a
// gateway that forgot the session). Any number of browser tabs cost at most
// one gateway call per 2 s. Every status it learns is mirrored to D1
// (businesses.wa_status), where the cron sweep reads it to hold messages while
// WhatsApp is not WORKING.
import { DurableObject } from "cloudflare:workers";
import { getWhatsAppProvider } from "../app/providers/whatsapp/index.server";
import type { SessionMe, WhatsAppProvider } from "../app/providers/whatsapp/types";
import { configMatches, sessionConfig } from "../app/providers/whatsapp/waha.server";
import { webhookKeyFor } from "../app/services/whatsapp/webhook-key.server";
import { gatewayTooOld, isSettled, type GatewayProblem, type SessionActionError, type WaStatus, type WaView } from "../app/services/whatsapp/status";
import { formatChatPhone } from "../app/services/whatsapp/format-phone.server";
import { recordWaStatus } from "../app/services/whatsapp/wa-status.server";

export const POLL_MS = 2000;
/** The slow backstop poll while a session exists and is settled. */
export const SLOW_POLL_MS = 60_000;
/** Opening the Connect tab re-reads the gateway when the cached status is older than this. */
export const STALE_VIEW_MS = 30_000;
/**
 * Pacing: up to this much at random on top of the pause, and room for the
 * send's own travel time (a send handed over late must not land closer than
 * the pause to the next one; measured under load at the gateway, 200 ms of lag happens).
 */
export const PACE_JITTER_MS = 2_000;
export const PACE_MARGIN_MS = 500;

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

const initial: Stored = { businessId: null, status: "no-session", me: null, qr: null, qrVersion: 0, checkedAt: 0, qrCheckedAt: 0, epoch: 0 };

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

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.s = { ...initial, ...((await ctx.storage.get<Stored>("state")) ?? {}) };
      this.lastSlotAt = (await ctx.storage.get<number>("lastSlotAt")) ?? 0;
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
          await this.apply(info ? info.status : "no-session", info?.me ?? null, Date.now());
        } catch (error) {
          // The gateway is down: hold messages until it answers again (the Connect tab keeps its last status).
          if (this.s.epoch === epoch && this.s.businessId) await recordWaStatus(this.env, this.s.businessId, "unreachable", Date.now());
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
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > Date.now() + delay) await this.ctx.storage.setAlarm(Date.now() + delay);
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
              await this.save({ qr: { mimetype: image.mimetype, data: toBase64(image.data) }, qrVersion: this.s.qrVersion + 1, qrCheckedAt: Date.now() });
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
    const options = {
      webhookUrl: `${this.env.APP_URL.replace(/\/$/, "")}/api/webhook`,
      hmacKey: await webhookKeyFor(this.env, businessId),
    };
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
      else if (!configMatches(existing.config, sessionConfig(businessId, options))) await provider.updateSession(businessId, options);
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
      throw new WhatsAppActionError(reason === "logout" ? "connect.err.logoutFailed" : "connect.err.deleteFailed", { cause: error });
    }
    const status = reason === "logout" ? "disconnected" : "no-session";
    await this.save({ status, me: null, qr: null, checkedAt: Date.now(), epoch: this.s.epoch + 1 });
    await recordWaStatus(this.env, businessId, status, Date.now());
    await this.ctx.storage.deleteAlarm();
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
   * send may go at least `gapMs` plus a random extra of up to 2 s after the
   * previous slot. Answers how long to wait; a slot further away than
   * `maxWaitMs` is not reserved (the caller retries later instead of sleeping).
   * The slot is taken before the first await, so concurrent calls never share one.
   */
  async reserveSendSlot(gapMs: number, maxWaitMs: number): Promise<{ waitMs: number; reserved: boolean }> {
    const now = Date.now();
    const at = Math.max(now, this.lastSlotAt + gapMs + Math.floor(Math.random() * PACE_JITTER_MS) + PACE_MARGIN_MS);
    const waitMs = at - now;
    if (waitMs > maxWaitMs) return { waitMs, reserved: false };
    this.lastSlotAt = at;
    await this.ctx.storage.put("lastSlotAt", at);
    return { waitMs, reserved: true };
  }

  /** The backstop poll. Reads only: safe to retry. */
  async alarm(): Promise<void> {
    if (!this.s.businessId || hasNoSession(this.s.status)) return;
    try {
      // Not forced: if a caller just read the gateway, that read counts for this tick.
      await this.refresh();
    } catch (error) {
      console.error("WhatsApp status poll failed", this.s.businessId, error);
    }
    await this.schedulePoll();
  }

  private async refreshAfterFailure() {
    try {
      await this.refresh(true);
    } catch {
      await this.save({ status: "disconnected" });
    }
  }
}

function toBase64(bytes: Uint8Array) {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}
