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

/**
 * D1 for two callers in lock-step: each statement waits until the other caller has reached one too (or 250 ms
 * have passed, when the other has no more), then both go at once.
 */
function inLockStep(db: D1Database): D1Database {
  let waiting: (() => void) | null = null;
  const meet = () =>
    new Promise<void>((resolve) => {
      if (waiting) {
        const other = waiting;
        waiting = null;
        other();
        resolve();
        return;
      }
      const release = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        if (waiting === release) waiting = null;
        resolve();
      }, 250);
      waiting = release;
    });
  const statement = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, key) {
        if (key === "bind") return (...values: unknown[]) => statement(target.bind(...values));
        const value = Reflect.get(target, key) as unknown;
        if (typeof value !== "function") return value;
        if (key !== "run" && key !== "all" && key !== "first" && key !== "raw") return value.bind(target);
        return async (...args: unknown[]) => {
          await meet();
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  return new Proxy(db, {
    get(target, key) {
      if (key === "prepare") return (sql: string) => statement(target.prepare(sql));
      const value = Reflect.get(target, key) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
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
    const outbound = {
      async sendBatch(messages: { body: { id: string } }[]) {
        queued.push(...messages.map((m) => m.body.id));
      },
    } as unknown as Env["OUTBOUND"];
    // The two sweeps in lock-step, each reading what the other has not yet written: a claim that reads the due
    // rows and then marks them (two statements) is claimed by both here, every run.
    const racing = { ...env, DB: inLockStep(env.DB), OUTBOUND: outbound };
    await Promise.all([sweepDueMessages({ env: racing, now }), sweepDueMessages({ env: racing, now })]);
    expect((await messageRow(due.messageId))?.status).toBe("queued");
    expect(queued.filter((id) => id === due.messageId)).toHaveLength(1);
    await sweepDueMessages({ env: { ...env, OUTBOUND: outbound }, now });
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
