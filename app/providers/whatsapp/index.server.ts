import { wahaConfigProblem } from "~/security/config.server";
import { createWahaClient } from "./waha.server";
import type { WhatsAppProvider } from "./types";

export { wahaConfigProblem };

/** The WhatsApp gateway at WAHA_URL: WAHA in production, the bundled simulator locally. */
export function getWhatsAppProvider(env: Env): WhatsAppProvider {
  const problem = wahaConfigProblem(env);
  if (problem) throw new Error(`Configuration error: ${problem}`);
  return createWahaClient({ url: env.WAHA_URL, apiKey: env.WAHA_API_KEY ?? "" });
}
