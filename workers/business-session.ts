// One Durable Object per business (idFromName(business_id)): owns the
// WhatsApp session. It caches the gateway's status and QR image, performs
// create/start/restart/logout/delete, takes session.status webhooks, and while
// the status is transitional polls the gateway from an alarm every 2 s. Any
// number of browser tabs polling it cost at most one gateway call per 2 s.
import { DurableObject } from "cloudflare:workers";
import { getWhatsAppProvider } from "../app/providers/whatsapp/index.server";
import type { SessionMe, WhatsAppProvider } from "../app/providers/whatsapp/types";
import { webhookKeyFor } from "../app/services/whatsapp/webhook-key.server";
import { isSettled, type WaStatus, type WaView } from "../app/services/whatsapp/status";
import { formatChatPhone } from "../app/services/whatsapp/format-phone.server";

export const POLL_MS = 2000;

type Stored = {
  businessId: string | null;
  status: WaStatus;
  me: SessionMe | null;
  qr: { mimetype: string; data: string } | null;
  qrVersion: number;
  checkedAt: number;
  qrCheckedAt: number;
};

const initial: Stored = { businessId: null, status: "no-session", me: null, qr: null, qrVersion: 0, checkedAt: 0, qrCheckedAt: 0 };

export class WhatsAppActionError extends Error {}

export class BusinessSession extends DurableObject<Env> {
  private s: Stored = initial;
  private refreshing: Promise<void> | null = null;
  private fetchingQr: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      this.s = (await ctx.storage.get<Stored>("state")) ?? initial;
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
        try {
          const info = await this.provider().getSession(this.s.businessId!);
          const status: WaStatus = info ? info.status : "no-session";
          await this.apply(status, info?.me ?? null, Date.now());
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
      me: status === "WORKING" ? me ?? this.s.me : null,
      checkedAt,
      ...(leftQr ? { qr: null } : {}),
    });
    await this.schedulePoll();
  }

  private async schedulePoll() {
    if (isSettled(this.s.status)) return;
    const current = await this.ctx.storage.getAlarm();
    if (current === null) await this.ctx.storage.setAlarm(Date.now() + POLL_MS);
  }

  /** The cached state; fetched from the gateway the first time, and re-checked when stale while transitional. */
  async status(businessId: string): Promise<WaView> {
    await this.bind(businessId);
    if (this.s.checkedAt === 0) await this.refresh(true);
    else if (!isSettled(this.s.status)) await this.refresh();
    return this.view();
  }

  /** The QR image while the gateway offers one; fetched at most once per POLL_MS. */
  async qr(businessId: string): Promise<{ mimetype: string; data: string } | null> {
    await this.bind(businessId);
    if (this.s.status !== "SCAN_QR_CODE") return null;
    if (!this.s.qr && Date.now() - this.s.qrCheckedAt >= POLL_MS) {
      if (!this.fetchingQr) {
        this.fetchingQr = (async () => {
          try {
            const image = await this.provider().getQr(this.s.businessId!);
            // State may have moved on while we waited: keep the QR only if still scanning.
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

  /** Connect WhatsApp: create the session (not started), start it, then re-read its status. */
  async open(businessId: string): Promise<WaView> {
    await this.bind(businessId);
    const provider = this.provider();
    await this.save({ status: "connecting", qr: null });
    try {
      const existing = await provider.getSession(businessId);
      if (!existing) {
        await provider.createSession(businessId, {
          webhookUrl: `${this.env.APP_URL.replace(/\/$/, "")}/api/webhook`,
          hmacKey: await webhookKeyFor(this.env, businessId),
        });
      }
    } catch (error) {
      await this.refreshAfterFailure();
      throw new WhatsAppActionError("Failed to create session", { cause: error });
    }
    try {
      await provider.startSession(businessId);
    } catch (error) {
      await this.refreshAfterFailure();
      throw new WhatsAppActionError("Failed to start session", { cause: error });
    }
    await this.refresh(true);
    return this.view();
  }

  async restart(businessId: string): Promise<WaView> {
    await this.bind(businessId);
    try {
      await this.provider().restartSession(businessId);
    } catch (error) {
      throw new WhatsAppActionError("Failed to restart session", { cause: error });
    }
    await this.refresh(true);
    return this.view();
  }

  /** Cancel Session (no-session afterwards) or Logout WhatsApp (disconnected afterwards): both delete the session. */
  async remove(businessId: string, reason: "cancel" | "logout"): Promise<WaView> {
    await this.bind(businessId);
    try {
      await this.provider().deleteSession(businessId);
    } catch (error) {
      throw new WhatsAppActionError(reason === "logout" ? "Failed to logout" : "Failed to delete session", { cause: error });
    }
    await this.save({ status: reason === "logout" ? "disconnected" : "no-session", me: null, qr: null, checkedAt: Date.now() });
    await this.ctx.storage.deleteAlarm();
    return this.view();
  }

  /** A session.status webhook: push, not poll. Every QR refresh arrives as SCAN_QR_CODE again. */
  async onStatusEvent(businessId: string, status: WaStatus, me: SessionMe | null): Promise<void> {
    await this.bind(businessId);
    if (this.s.status === "disconnected" || this.s.status === "no-session") {
      // A late event from a session we just deleted must not bring it back.
      if (status !== "STARTING" && status !== "SCAN_QR_CODE" && status !== "WORKING") return;
    }
    if (status === "SCAN_QR_CODE") await this.save({ qr: null, qrCheckedAt: 0 });
    await this.apply(status, me, Date.now());
  }

  /** The backstop poll while the status is transitional. Reads only: safe to retry. */
  async alarm(): Promise<void> {
    if (!this.s.businessId || isSettled(this.s.status)) return;
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
