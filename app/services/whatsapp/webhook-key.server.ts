// Each business's session signs its webhooks with its own key, derived from
// WEBHOOK_SECRET so nothing extra is stored: HMAC-SHA256(secret, business id).
import { utf8 } from "~/utils/encoding";

export async function webhookKeyFor(env: Env, businessId: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", utf8(env.WEBHOOK_SECRET), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const mac = await crypto.subtle.sign("HMAC", key, utf8(`waha-webhook:${businessId}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
