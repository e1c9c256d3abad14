// The one Worker: Remix for screens, its own router for the JSON API, the cron
// sweep, the outbound-message queue, and the per-business Durable Object.
import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server bundle, built by `remix vite:build` before wrangler bundles this file.
import * as build from "../build/server";
import { sweepDueMessages } from "../app/services/scheduler.server";
import {
  processDeadLetters,
  processOutboundBatch,
  type OutboundMessage,
  type Pacer,
} from "../app/services/delivery.server";
import { getWhatsAppProvider } from "../app/providers/whatsapp/index.server";
import { businessSession } from "../app/services/whatsapp/session.server";
import { alertWaitingOwners, reconcileSessions } from "../app/services/whatsapp/watch.server";
import { guarded } from "../app/security/guard.server";
import { purgeOldRows } from "../app/services/retention.server";
import { expireHolds } from "../app/services/booking-link/confirm.server";
import { readSession } from "~db/read-session";
import { handleApiRequest } from "../app/api/index.server";
import { isApiPath } from "../app/api/router.server";

export { BusinessSession } from "./business-session";

const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    // Screens and the API read through a D1 session (read replicas, the owner's own writes always seen).
    const reads = readSession(request, env);
    return guarded(request, env, async (checked, cspNonce) => {
      const response = isApiPath(new URL(checked.url).pathname)
        ? await handleApiRequest(checked, reads.env, ctx)
        : await handleRemixRequest(checked, { cloudflare: { env: reads.env, ctx }, cspNonce });
      return reads.finish(response);
    });
  },

  async scheduled(controller, env, ctx) {
    ctx.waitUntil(
      (async () => {
        // Statuses first, so a WhatsApp that came back releases its messages in this same run.
        await reconcileSessions(env, Date.now());
        await sweepDueMessages({ env, now: Date.now() });
        await alertWaitingOwners(env, Date.now());
      })(),
    );
    ctx.waitUntil(purgeOldRows({ env, now: Date.now() }));
    // Booking-page holds not confirmed in time free their slots.
    ctx.waitUntil(expireHolds(env, Date.now()));
  },

  async queue(batch, env, ctx) {
    const sender = getWhatsAppProvider(env);
    if (batch.queue.endsWith("-dlq")) return processDeadLetters(batch, { env, sender }, Date.now());
    const reconcile = (businessId: string) =>
      ctx.waitUntil(
        businessSession(env, businessId)
          .reconcile(businessId, true)
          .catch(() => undefined),
      );
    // Pacing goes through each business's Durable Object, shared by every consumer.
    const pacer: Pacer = (businessId, gap, maxWaitMs) =>
      businessSession(env, businessId).reserveSendSlot(gap, maxWaitMs);
    return processOutboundBatch(batch, { env, sender, now: Date.now, reconcile, pacer });
  },
} satisfies ExportedHandler<Env, OutboundMessage>;
