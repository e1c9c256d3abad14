import { createWahaClient } from "./waha.server";
import type { WhatsAppProvider } from "./types";

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/**
 * A WAHA configuration that cannot work: current WAHA generates a random key
 * when none is set, so an empty WAHA_API_KEY against a real gateway would
 * only show up later as 401s on every call.
 */
export function wahaConfigProblem(env: Pick<Env, "WAHA_URL" | "WAHA_API_KEY">): string | null {
  let host: string;
  try {
    host = new URL(env.WAHA_URL).hostname;
  } catch {
    return `WAHA_URL is not a URL ("${env.WAHA_URL}"): set it to the WhatsApp gateway's address in wrangler.toml [vars].`;
  }
  if (!env.WAHA_API_KEY && !LOCAL_HOSTS.has(host)) {
    return `WAHA_API_KEY is empty but WAHA_URL (${env.WAHA_URL}) is not local: set the gateway's key with "npx wrangler secret put WAHA_API_KEY".`;
  }
  return null;
}

/** The WhatsApp gateway at WAHA_URL: WAHA in production, the bundled simulator locally. */
export function getWhatsAppProvider(env: Env): WhatsAppProvider {
  const problem = wahaConfigProblem(env);
  if (problem) throw new Error(`Configuration error: ${problem}`);
  return createWahaClient({ url: env.WAHA_URL, apiKey: env.WAHA_API_KEY ?? "" });
}
