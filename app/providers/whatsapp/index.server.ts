import { createWahaClient } from "./waha.server";
import type { WhatsAppProvider } from "./types";

/** The WhatsApp gateway at WAHA_URL: WAHA in production, the bundled simulator locally. */
export function getWhatsAppProvider(env: Env): WhatsAppProvider {
  return createWahaClient({ url: env.WAHA_URL, apiKey: env.WAHA_API_KEY ?? "" });
}
