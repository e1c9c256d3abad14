// The two periods a browser test may shorten (it cannot move a Durable
// Object's clock): the live read's quiet period and the lost-webhook backstop.
// Unset, or anything out of range, keeps the product's own period, so a
// deploy that never sets them waits as it should.
import { describe, expect, it } from "vitest";
import { LIVE_QUIET_MS, liveQuietPeriod } from "~/services/proposals/live-limits";
import { BACKSTOP_MS, backstopPeriod } from "~/services/whatsapp/backstop.server";

describe("a shortened period for tests", () => {
  it("the quiet period is a minute unless WA_LIVE_QUIET_MS asks for 5 s to a minute", () => {
    expect(liveQuietPeriod({})).toBe(60_000);
    expect(LIVE_QUIET_MS).toBe(60_000);
    expect(liveQuietPeriod({ WA_LIVE_QUIET_MS: "10000" })).toBe(10_000);
    for (const odd of ["4999", "60001", "ten", "", "10000.5"])
      expect(liveQuietPeriod({ WA_LIVE_QUIET_MS: odd })).toBe(60_000);
  });

  it("the backstop runs every 10 minutes unless WA_BACKSTOP_MS asks for 5 s to 10 minutes", () => {
    const period = (v?: string) => backstopPeriod((v === undefined ? {} : { WA_BACKSTOP_MS: v }) as unknown as Env);
    expect(period()).toBe(BACKSTOP_MS);
    expect(period("15000")).toBe(15_000);
    for (const odd of ["4999", "600001", "fast"]) expect(period(odd)).toBe(BACKSTOP_MS);
  });
});
