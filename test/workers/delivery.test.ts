import { createMessageBatch, env, getQueueResult, createExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  processOutboundBatch,
  type OutboundMessage,
  type WhatsAppSender,
  MAX_ATTEMPTS,
} from "../../app/services/delivery.server";
import { messageRow, seedBooking, seedBusiness, seedClient, seedRuleMessage } from "../support/seed";

function recordingSender(fail: (n: number) => Error | null = () => null) {
  const sent: { session: string; chatId: string; text: string }[] = [];
  let calls = 0;
  const sender: WhatsAppSender = {
    async sendText(session, chatId, text) {
      const error = fail(++calls);
      if (error) throw error;
      sent.push({ session, chatId, text });
      return { id: `wamid-${calls}` };
    },
  };
  return { sender, sent };
}

async function seedQueued(bookingOverrides = {}) {
  const { businessId } = await seedBusiness();
  const clientId = await seedClient(businessId, { name: "Noa Cohen", phone: "972501234567" });
  const bookingId = await seedBooking(businessId, clientId, {
    service: "Coloring",
    bookingDate: "2030-03-12",
    ...bookingOverrides,
  });
  const { messageId } = await seedRuleMessage(businessId, bookingId, { status: "queued" });
  return { businessId, messageId };
}

const batchOf = (id: string) =>
  createMessageBatch<OutboundMessage>("chatbook-outbound", [
    { id: `q-${id}`, timestamp: new Date(), attempts: 1, body: { id } },
  ]);

describe("queue consumer", () => {
  it("sends the rendered message once and records the provider id", async () => {
    const { businessId, messageId } = await seedQueued();
    const { sender, sent } = recordingSender();
    const batch = batchOf(messageId);
    const ctx = createExecutionContext();
    await processOutboundBatch(batch, { env, sender, now: Date.now });
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([`q-${messageId}`]);
    expect(sent).toEqual([
      {
        session: businessId,
        chatId: "972501234567@c.us",
        text: "Hi Noa Cohen, thanks for your Coloring on 12/03/2030!",
      },
    ]);
    const row = await messageRow(messageId);
    expect(row).toMatchObject({ status: "sent", provider_message_id: "wamid-1", attempts: 1 });

    // The same queue message delivered again sends nothing more.
    await processOutboundBatch(batchOf(messageId), { env, sender, now: Date.now });
    expect(sent).toHaveLength(1);
  });

  it("retries a transient failure, then fails with the reason when attempts run out", async () => {
    const { messageId } = await seedQueued();
    const { sender, sent } = recordingSender(() =>
      Object.assign(new Error("gateway unavailable"), { transient: true }),
    );
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      const batch = batchOf(messageId);
      await processOutboundBatch(batch, { env, sender, now: Date.now });
      const result = await getQueueResult(batch, createExecutionContext());
      if (i < MAX_ATTEMPTS - 1)
        expect(result.retryMessages.map((m: { msgId: string }) => m.msgId)).toEqual([`q-${messageId}`]);
      else expect(result.explicitAcks).toEqual([`q-${messageId}`]);
    }
    expect(sent).toHaveLength(0);
    expect(await messageRow(messageId)).toMatchObject({
      status: "failed",
      last_error: "gateway unavailable",
      attempts: MAX_ATTEMPTS,
    });
  });

  it("does not send for a cancelled booking", async () => {
    const { messageId } = await seedQueued({ status: "cancelled" });
    const { sender, sent } = recordingSender();
    await processOutboundBatch(batchOf(messageId), { env, sender, now: Date.now });
    expect(sent).toHaveLength(0);
    expect((await messageRow(messageId))?.status).toBe("cancelled");
  });
});
