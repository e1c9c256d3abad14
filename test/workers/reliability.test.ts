// RELIABILITY.md tests 12 (sending exactly once) and 13 (cron), end to end
// through the sweep and the queue consumer with an in-memory gateway.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  deliverOne,
  MAX_ATTEMPTS,
  processOutboundBatch,
  RETRIES_EXHAUSTED,
  SENDING_LEASE_MS,
  type OutboundMessage,
} from "../../app/services/delivery.server";
import { GRACE_MS, MISSED_REASON } from "../../app/services/scheduler.server";
import { listRules } from "../../app/services/rules/rules.server";
import { fakeGateway, sweepInto, transient } from "../support/fake-gateway";
import { messageRow, seedBooking, seedBusiness, seedClient, seedRuleMessage } from "../support/seed";

let n = 0;
function batchOf(ids: string[]) {
  return createMessageBatch<OutboundMessage>(
    "chatbook-outbound",
    ids.map((id) => ({ id: `q-${id}-${n++}`, timestamp: new Date(), attempts: 1, body: { id } })),
  );
}

async function deliver(ids: string[], sender: ReturnType<typeof fakeGateway>["sender"], now = Date.now) {
  const batch = batchOf(ids);
  await processOutboundBatch(batch, { env, sender, now });
  return getQueueResult(batch, createExecutionContext());
}

async function seedDue(count = 1, sendAt = Date.now() - 1000) {
  const { businessId } = await seedBusiness();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const clientId = await seedClient(businessId, { name: `Client ${i}` });
    const bookingId = await seedBooking(businessId, clientId, { service: "Coloring" });
    ids.push((await seedRuleMessage(businessId, bookingId, { sendAt })).messageId);
  }
  return { businessId, ids };
}

describe("RELIABILITY 12: each scheduled message is sent once", () => {
  it("a duplicate queue delivery, in the same batch or later, sends once", async () => {
    const { ids } = await seedDue();
    const gateway = fakeGateway();
    const { ids: queued } = await sweepInto(Date.now());
    expect(queued).toContain(ids[0]);
    await deliver([ids[0], ids[0]], gateway.sender);
    await deliver([ids[0]], gateway.sender);
    expect(gateway.sent).toHaveLength(1);
    expect(await messageRow(ids[0])).toMatchObject({ status: "sent", provider_message_id: "wamid-1" });
  });

  it("two consumers delivering the same ids at the same moment send each once", async () => {
    const { ids } = await seedDue(4);
    await sweepInto(Date.now());
    const gateway = fakeGateway();
    await Promise.all([
      deliver(ids, gateway.sender),
      deliver([...ids].reverse(), gateway.sender),
      deliver(ids.slice(1), gateway.sender),
    ]);
    expect(gateway.sent).toHaveLength(4);
    for (const id of ids) expect((await messageRow(id))?.status).toBe("sent");
  });

  it("a retried batch sends nothing twice", async () => {
    const { ids } = await seedDue(3);
    await sweepInto(Date.now());
    const gateway = fakeGateway();
    const first = await deliver(ids, gateway.sender);
    expect(first.explicitAcks).toHaveLength(3);
    await deliver(ids, gateway.sender); // the whole batch again, as after a retryAll
    expect(gateway.sent).toHaveLength(3);
    expect(new Set(gateway.sent.map((s) => s.text)).size).toBe(3);
  });

  it("a delivery that arrives while another is sending waits for it instead of racing", async () => {
    const { ids } = await seedDue();
    await sweepInto(Date.now());
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const gateway = fakeGateway();
    const slow = {
      ...gateway.sender,
      async sendText(s: string, c: string, t: string) {
        await gate;
        return gateway.sender.sendText(s, c, t);
      },
    };
    const firstBatch = batchOf([ids[0]]);
    const first = processOutboundBatch(firstBatch, { env, sender: slow, now: Date.now });
    await new Promise((r) => setTimeout(r, 50));
    const second = await deliver([ids[0]], gateway.sender);
    expect(second.retryMessages).toHaveLength(1); // looks again after the lease
    release();
    await first;
    await deliver([ids[0]], gateway.sender, () => Date.now() + SENDING_LEASE_MS);
    expect(gateway.sent).toHaveLength(1);
    expect((await messageRow(ids[0]))?.status).toBe("sent");
  });

  it("when the gateway accepted but the answer was lost, the retry finds the message in the chat", async () => {
    const { ids } = await seedDue();
    await sweepInto(Date.now());
    const gateway = fakeGateway({
      afterAccept: (call) => (call === 1 ? transient("WhatsApp gateway timed out: POST /api/sendText") : null),
    });
    const first = await deliver(ids, gateway.sender);
    expect(first.retryMessages).toHaveLength(1);
    expect((await messageRow(ids[0]))?.status).toBe("queued");
    await deliver(ids, gateway.sender);
    expect(gateway.sent).toHaveLength(1);
    expect(await messageRow(ids[0])).toMatchObject({ status: "sent", provider_message_id: "wamid-1" });
  });

  it("a crash after the gateway accepted (row left 'sending') is recovered without a second send", async () => {
    const { ids } = await seedDue();
    await sweepInto(Date.now());
    const gateway = fakeGateway();
    await deliver(ids, gateway.sender);
    // As if the worker died between the gateway's answer and recording it.
    const crashedAt = Date.now();
    await env.DB.prepare(
      "UPDATE scheduled_messages SET status = 'sending', provider_message_id = NULL, updated_at = ? WHERE id = ?",
    )
      .bind(crashedAt, ids[0])
      .run();
    // The cron finds it stale and queues it again; the consumer checks the chat first.
    const later = crashedAt + 16 * 60_000;
    const { ids: requeued } = await sweepInto(later);
    expect(requeued).toContain(ids[0]);
    await deliver(ids, gateway.sender, () => later + SENDING_LEASE_MS);
    expect(gateway.sent).toHaveLength(1);
    expect(await messageRow(ids[0])).toMatchObject({ status: "sent", provider_message_id: "wamid-1" });
  });

  it("after the retries run out the message is Failed with the reason, shown with the rule", async () => {
    const { businessId, ids } = await seedDue();
    await sweepInto(Date.now());
    const gateway = fakeGateway({ fail: () => transient("WhatsApp gateway 503 on POST /api/sendText: busy") });
    const outcomes: unknown[] = [];
    for (let i = 0; i < MAX_ATTEMPTS; i++)
      outcomes.push(await deliverOne({ env, sender: gateway.sender, now: Date.now }, ids[0]));
    // Backs off 10, 20, 40, 80 s between attempts, then gives up.
    const retries: unknown[] = [10, 20, 40, 80].map((delaySeconds) => ({ outcome: "retry", delaySeconds }));
    expect(outcomes).toEqual([...retries, { outcome: "failed" }]);
    expect(gateway.calls()).toBe(MAX_ATTEMPTS);
    expect(await messageRow(ids[0])).toMatchObject({
      status: "failed",
      attempts: MAX_ATTEMPTS,
      last_error: "WhatsApp gateway 503 on POST /api/sendText: busy",
    });
    const [rule] = await listRules(env.DB, businessId);
    expect(rule.clients[0]).toMatchObject({
      client_status: "failed",
      last_error: "WhatsApp gateway 503 on POST /api/sendText: busy",
    });
  });

  it("a permanent error fails at once, and a dead-lettered message is recorded as failed", async () => {
    const { ids } = await seedDue(2);
    await sweepInto(Date.now());
    const gateway = fakeGateway({
      fail: () => Object.assign(new Error("WhatsApp gateway 400: invalid chat"), { transient: false }),
    });
    await deliver([ids[0]], gateway.sender);
    expect(await messageRow(ids[0])).toMatchObject({
      status: "failed",
      attempts: 1,
      last_error: "WhatsApp gateway 400: invalid chat",
    });
    const worker = (await import("../../workers/app")).default;
    const dlq = createMessageBatch<OutboundMessage>("chatbook-outbound-dlq", [
      { id: "d1", timestamp: new Date(), attempts: 6, body: { id: ids[1] } },
    ]);
    await worker.queue(dlq, env, createExecutionContext());
    expect(await messageRow(ids[1])).toMatchObject({ status: "failed", last_error: RETRIES_EXHAUSTED });
  });
});

describe("RELIABILITY 13: cron runs", () => {
  it("two runs for the same minute, even overlapping, enqueue nothing twice", async () => {
    const { ids } = await seedDue(5);
    const now = Date.now();
    const [a, b] = await Promise.all([sweepInto(now), sweepInto(now)]);
    const mine = [...a.ids, ...b.ids].filter((id) => ids.includes(id));
    expect(mine.sort()).toEqual([...ids].sort());
    const c = await sweepInto(now);
    expect(c.ids.filter((id) => ids.includes(id))).toEqual([]);
  });

  it("after missed runs the next run catches up within the grace window and marks older messages missed", async () => {
    const now = Date.now();
    const recent = await seedDue(1, now - 2 * 3600_000);
    const edge = await seedDue(1, now - GRACE_MS + 60_000);
    const old = await seedDue(1, now - GRACE_MS - 60_000);
    const future = await seedDue(1, now + 60_000);
    const { ids } = await sweepInto(now);
    expect(ids).toEqual(expect.arrayContaining([recent.ids[0], edge.ids[0]]));
    expect(ids).not.toContain(old.ids[0]);
    expect(ids).not.toContain(future.ids[0]);
    expect(await messageRow(old.ids[0])).toMatchObject({ status: "failed", last_error: MISSED_REASON });
    expect((await messageRow(future.ids[0]))?.status).toBe("scheduled");
  });
});
