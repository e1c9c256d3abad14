// Runs in Node before the workerd tests: starts the bundled WhatsApp simulator
// so the Durable Object and delivery talk to a real WAHA-compatible gateway.
import type { TestProject } from "vitest/node";
import { startSimulator } from "../../workers/simulator/server";

declare module "vitest" {
  export interface ProvidedContext {
    simUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const sim = await startSimulator({ port: 0, host: "127.0.0.1", apiKey: "test-waha-key", qrDelayMs: 300, startDelayMs: 300, log: () => {} });
  project.provide("simUrl", sim.url);
  return async () => sim.close();
}
