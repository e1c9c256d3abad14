// The one Worker: Remix for screens and the JSON API, the cron sweep, the
// outbound-message queue, and the per-business Durable Object.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server bundle, built by `remix vite:build` before wrangler bundles this file.
import * as build from "../build/server";
import { sweepDueMessages } from "../app/services/scheduler.server";
import { processDeadLetters, processOutboundBatch, type OutboundMessage } from "../app/services/delivery.server";
import { getWhatsAppProvider } from "../app/providers/whatsapp/index.server";
import { guarded } from "../app/security/guard.server";
import { purgeOldRows } from "../app/services/retention.server";

export { BusinessSession } from "./business-session";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    return guarded(request, env, (checked, cspNonce) => handleRemixRequest(checked, { cloudflare: { env, ctx }, cspNonce }));
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(sweepDueMessages({ env, now: Date.now() }));
    ctx.waitUntil(purgeOldRows({ env, now: Date.now() }));
  },

  async queue(batch, env) {
    if (batch.queue.endsWith("-dlq")) return processDeadLetters(batch, env, Date.now());
    return processOutboundBatch(batch, { env, sender: getWhatsAppProvider(env), now: Date.now });
  },
} satisfies ExportedHandler<Env, OutboundMessage>;
