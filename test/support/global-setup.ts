// Runs in Node before the workerd tests: starts the bundled WhatsApp simulator
// so the Durable Object and delivery talk to a real WAHA-compatible gateway.
import type { TestProject } from "vitest/node";
import { startSimulator } from "../../workers/simulator/server";
import { startPushEndpoint, type Subscriber } from "../e2e/support/push-endpoint";
import { TEST_VAPID } from "./vapid";

declare module "vitest" {
  export interface ProvidedContext {
    simUrl: string;
    /** A second simulator speaking WEBJS shapes, so the product is tested against both engines. */
    webjsSimUrl: string;
    /** The local push endpoint (test/e2e/support/push-endpoint.ts): GET {pushUrl}/__received lists what it decrypted. */
    pushUrl: string;
    /** Browser subscriptions at that endpoint, made in Node (their private keys stay there); the sixth answers 410. */
    pushSubscribers: Subscriber[];
  }
}

// Fast but faithful: WAHA's 3 s for DELETE/restart and 5 s wait for WORKING are shortened.
const options = {
  port: 0,
  host: "127.0.0.1",
  apiKey: "test-waha-key",
  qrDelayMs: 300,
  startDelayMs: 300,
  opDelayMs: 0,
  notWorkingWaitMs: 300,
  ackDelayMs: 50,
  log: () => {},
};

export default async function setup(project: TestProject) {
  const sim = await startSimulator(options);
  const webjs = await startSimulator({ ...options, engine: "WEBJS" });
  project.provide("simUrl", sim.url);
  project.provide("webjsSimUrl", webjs.url);
  const push = await startPushEndpoint({ vapidPublicKey: TEST_VAPID.VAPID_PUBLIC_KEY });
  // The sixth answers 410; the seventh is the booking link's own (test/api/booking-link.test.ts), the eighth and ninth
  // Answer for me's (test/api/drafts-auto.test.ts), the tenth the openings' (test/routes/sync-openings-screen.test.ts),
  // so no file reads another's pushes.
  const subscribers = Array.from({ length: 10 }, () => push.subscriber());
  push.gone(subscribers[5].endpoint);
  project.provide("pushUrl", push.url);
  project.provide("pushSubscribers", subscribers);
  return async () => {
    await push.close();
    await sim.close();
    await webjs.close();
  };
}
