// vitest globalSetup of the browser tests: one served product (with the
// WhatsApp simulator and the test VAPID keys) for every file, started once.
// Files keep apart by making their own owners (each business sees only its
// own data, which is the product's promise anyway); a file that needs other
// settings, or counters no other file touches, starts its own stack
// (useBrowserStack({ own: true })).
import type { TestProject } from "vitest/node";
import { buildApp } from "../../support/local-server";
import { TEST_VAPID } from "../../support/vapid";
import { startStack, type StackAddress } from "./stack";

declare module "vitest" {
  export interface ProvidedContext {
    e2eStack: StackAddress;
  }
}

// A chat is read after 10 s of quiet instead of a minute (WA_LIVE_QUIET_MS): the tests that wait for a
// booking request or a drafted reply wait that, not three real minutes.
export const SHARED_VARS: Record<string, string> = { ...TEST_VAPID, WA_LIVE_QUIET_MS: "10000" };

export default async function setup(project: TestProject) {
  // Built once here: every stack of the run (this one and any a file starts) serves this build.
  // E2E_BUILT=1 serves ./build as it is (another run is serving it, and a build would change it under that run).
  if (process.env.E2E_BUILT !== "1") buildApp();
  const stack = await startStack({ simulator: true, vars: SHARED_VARS, prebuilt: true });
  project.provide("e2eStack", { appUrl: stack.appUrl, simUrl: stack.simUrl, persist: stack.persist });
  return () => stack.stop();
}
