import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BusinessSession } from "../../workers/business-session";

describe("BusinessSession durable object", () => {
  it("answers an RPC call with its state", async () => {
    const stub = env.BUSINESS_SESSION.get(env.BUSINESS_SESSION.idFromName("biz-rpc"));
    const state = await stub.getState();
    expect(state.status).toBe("no-session");
  });

  it("runs its alarm", async () => {
    const stub = env.BUSINESS_SESSION.get(env.BUSINESS_SESSION.idFromName("biz-alarm"));
    await runInDurableObject(stub, async (instance: BusinessSession, state) => {
      expect(instance).toBeInstanceOf(BusinessSession);
      await state.storage.setAlarm(Date.now() + 60_000);
    });
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect((await stub.getState()).updatedAt).toBeGreaterThan(0);
  });
});
