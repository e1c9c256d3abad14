import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../workers/app";
import { GRACE_MS, MISSED_REASON, sweepDueMessages } from "../../app/services/scheduler.server";
import { messageRow, seedBooking, seedBusiness, seedClient, seedRuleMessage } from "../support/seed";

async function seedDue(sendAt: number) {
  const { businessId } = await seedBusiness();
  const clientId = await seedClient(businessId);
  const bookingId = await seedBooking(businessId, clientId);
  return seedRuleMessage(businessId, bookingId, { sendAt });
}

describe("cron sweep", () => {
  it("the scheduled handler queues due messages and leaves future ones", async () => {
    const due = await seedDue(Date.now() - 60_000);
    const future = await seedDue(Date.now() + 3_600_000);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: Date.now(), cron: "* * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await messageRow(due.messageId))?.status).not.toBe("scheduled");
    expect((await messageRow(future.messageId))?.status).toBe("scheduled");
  });

  it("two sweeps of the same minute claim a message once", async () => {
    const due = await seedDue(Date.now() - 1000);
    const now = Date.now();
    // What each sweep hands the queue (other tests' rows may be swept too: only this message is counted).
    const queued: string[] = [];
    const recording = {
      ...env,
      OUTBOUND: {
        async sendBatch(messages: { body: { id: string } }[]) {
          queued.push(...messages.map((m) => m.body.id));
        },
      } as unknown as Env["OUTBOUND"],
    };
    await Promise.all([sweepDueMessages({ env: recording, now }), sweepDueMessages({ env: recording, now })]);
    expect((await messageRow(due.messageId))?.status).toBe("queued");
    expect(queued.filter((id) => id === due.messageId)).toHaveLength(1);
    await sweepDueMessages({ env: recording, now });
    expect(queued.filter((id) => id === due.messageId)).toHaveLength(1);
  });

  it("marks messages older than the grace window as missed instead of sending them late", async () => {
    const old = await seedDue(Date.now() - GRACE_MS - 60_000);
    await sweepDueMessages({ env, now: Date.now() });
    const row = await messageRow(old.messageId);
    expect(row?.status).toBe("failed");
    expect(row?.last_error).toBe(MISSED_REASON);
  });
});
