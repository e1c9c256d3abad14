// The WhatsApp gateway itself, through the simulator's control endpoint: an old
// WAHA version, or no gateway at all ({down: true}). The simulator serves every
// file of the run, so a file that changes it uses keepGatewayAsFound, which puts
// it back after each test whatever happened.
import { afterEach, beforeEach, expect } from "vitest";
import type { BrowserStack } from "./browser-stack";

type Gateway = { version: string; down: boolean };
type HasSimulator = Pick<BrowserStack["stack"], "simUrl">;

/** Changes the gateway (nothing when `settings` is empty) and answers how it is now. */
export async function gateway(stack: HasSimulator, settings: { version?: string; down?: boolean }): Promise<Gateway> {
  const res = await fetch(`${stack.simUrl}/__sim/gateway`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(settings),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Gateway;
}

/** After each test of the file, the gateway is back as the file found it: up, at its version. */
export function keepGatewayAsFound(stack: HasSimulator) {
  let found: Gateway | undefined;
  beforeEach(async () => {
    found ??= await gateway(stack, {});
  });
  afterEach(async () => {
    if (found) await gateway(stack, { version: found.version, down: false });
  });
}
