// A WhatsApp gateway in memory for delivery tests: it records every accepted
// send and answers the chat history, like WAHA does.
import { env } from "cloudflare:test";
import type { WhatsAppSender } from "../../app/services/delivery.server";
import { sweepDueMessages } from "../../app/services/scheduler.server";

type Sent = { session: string; chatId: string; text: string; id: string; timestamp: number };

export function fakeGateway(
  opts: { fail?: (call: number) => Error | null; afterAccept?: (call: number) => Error | null } = {},
) {
  const sent: Sent[] = [];
  let calls = 0;
  const sender: WhatsAppSender = {
    async sendText(session, chatId, text) {
      const call = ++calls;
      const error = opts.fail?.(call);
      if (error) throw error;
      const record = { session, chatId, text, id: `wamid-${call}`, timestamp: Date.now() };
      sent.push(record);
      // The gateway accepted it, but the answer is lost (timeout, crash).
      const lost = opts.afterAccept?.(call);
      if (lost) throw lost;
      return { id: record.id };
    },
    async getMessages(session, chatId) {
      return sent
        .filter((s) => s.session === session && s.chatId === chatId)
        .reverse()
        .map((s) => ({ id: s.id, fromMe: true, body: s.text, timestamp: Math.floor(s.timestamp / 1000) }));
    },
  };
  return { sender, sent, calls: () => calls };
}

export const transient = (message = "WhatsApp gateway 500 on POST /api/sendText") =>
  Object.assign(new Error(message), { transient: true });

/** Runs the cron sweep with a queue that records the ids instead of delivering them. */
export async function sweepInto(now: number) {
  const queued: string[] = [];
  const OUTBOUND = {
    async sendBatch(messages: Iterable<MessageSendRequest<{ id: string }>>) {
      for (const m of messages) queued.push(m.body.id);
    },
  } as unknown as Queue;
  const result = await sweepDueMessages({ env: { ...env, OUTBOUND }, now });
  return { ...result, ids: queued };
}
