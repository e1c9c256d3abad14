import { requireApiUser } from "~/security/signed-in.server";
import { businessSession, ownSessionOr404 } from "~/services/whatsapp/actions.server";
import { apiError } from "~/utils/http.server";
import { base64ToBytes } from "~/utils/base64";
import type { ApiHandler } from "./router.server";

/** The QR image (PNG) while the session waits for a scan; 422 otherwise, as WAHA answers. */
export const loader: ApiHandler = async ({ request, params, env }) => {
  const { business } = await requireApiUser(request, env);
  ownSessionOr404(business.id, params.id);
  let qr: { mimetype: string; data: string } | null;
  try {
    qr = await businessSession(env, business.id).qr(business.id);
  } catch (error) {
    console.error("QR fetch failed", error);
    return apiError(502, "connect.err.checking");
  }
  if (!qr) return apiError(422, "connect.err.noQr");
  const bytes = base64ToBytes(qr.data);
  return new Response(bytes, { headers: { "Content-Type": qr.mimetype || "image/png", "Cache-Control": "no-store" } });
};
