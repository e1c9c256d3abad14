// The Connect tab's loader and action: the business's WhatsApp session as the
// panel shows it (status, phone, the QR image, the messages waiting), and the
// panel's buttons as intents. The same services as the JSON API.
import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import { businessSession, runSessionAction } from "~/services/whatsapp/actions.server";
import type { WaView } from "~/services/whatsapp/session-view";
import { waitingMessages } from "~/services/whatsapp/status-mirror.server";
import { problem, type Problem } from "~/utils/problem";

/** The QR image as the page shows it, and which of the gateway's QRs it is. */
export type QrImage = { src: string; version: number };
/** null: the status could not be read (the panel says 'Error checking session' and keeps trying). */
export type ConnectSession = WaView & { waiting: number; qr: QrImage | null };

export const CONNECT_INTENTS = ["connect", "restart", "cancel", "logout"] as const;
export type ConnectIntent = (typeof CONNECT_INTENTS)[number];

export type ConnectActionResult =
  | { ok: true; intent: ConnectIntent; view: WaView }
  | { ok: false; intent: ConnectIntent | null; problem: Problem; view?: WaView };

/**
 * The session now. While the gateway offers a QR, its image comes along unless
 * the page already holds that one (`heldQr`, the version it has), so polling
 * every 2 s sends the image only when it changes.
 */
export async function readSession(env: Env, businessId: string, heldQr: number | null): Promise<ConnectSession | null> {
  const session = businessSession(env, businessId);
  try {
    let view = await session.status(businessId);
    let qr: QrImage | null = null;
    if (view.status === "SCAN_QR_CODE" && !(view.hasQr && heldQr === view.qrVersion)) {
      const image = await session.qr(businessId).catch((error) => {
        console.error("QR fetch failed", error);
        return null;
      });
      if (image) {
        view = await session.status(businessId);
        qr = { src: `data:${image.mimetype || "image/png"};base64,${image.data}`, version: view.qrVersion };
      }
    }
    return { ...view, waiting: await waitingMessages(env, businessId, Date.now()), qr };
  } catch (error) {
    // The gateway may be down; the panel shows the error and keeps trying.
    console.error("Error checking session", error);
    return null;
  }
}

/** `?qr=N`: the QR version the page holds. */
export function heldQrOf(url: URL): number | null {
  const value = url.searchParams.get("qr");
  return value && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

const Intent = z.enum(CONNECT_INTENTS);

/** Connect WhatsApp, Restart Session, Cancel Session, Logout WhatsApp. A gateway failure is a 502 with the spec's text as a key. */
export async function connectAction(env: Env, businessId: string, form: FormData) {
  const intent = Intent.safeParse(form.get("intent"));
  if (!intent.success)
    return data<ConnectActionResult>({ ok: false, intent: null, problem: problem("problem.unknownAction") }, 400);
  const result = await runSessionAction(env, businessId, intent.data);
  if (!result.ok)
    return data<ConnectActionResult>(
      { ok: false, intent: intent.data, problem: result.problem, view: result.view },
      502,
    );
  return data<ConnectActionResult>({ ok: true, intent: intent.data, view: result.value });
}
