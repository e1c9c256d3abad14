// Sync test data: WhatsApp contacts and their stored messages, as the webhook writes them.
import { env } from "cloudflare:test";
import type { signedInOwner } from "./auth";

export type Owner = Awaited<ReturnType<typeof signedInOwner>>;
export type Preview = {
  success: boolean;
  results: {
    id: string;
    name: string;
    items: { bookingId: string; service: string; date: string; time: string; notes: string }[];
  }[];
};

let seq = 0;
export async function seedContact(
  businessId: string,
  opts: { name?: string; phone?: string | null; chatId?: string; messages?: [boolean, string, number][] } = {},
) {
  const phone =
    opts.phone === undefined ? `9725${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}` : opts.phone;
  const chatId = opts.chatId ?? (phone ? `${phone}@c.us` : `${Date.now()}${seq++}@lid`);
  const id = crypto.randomUUID();
  const last = Math.max(0, ...(opts.messages ?? []).map((m) => m[2]));
  await env.DB.prepare(
    "INSERT INTO wa_contacts (id, business_id, chat_id, lid, phone, name, last_message_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(id, businessId, chatId, phone ? null : chatId, phone, opts.name ?? "Noa Cohen", last)
    .run();
  for (const [fromMe, body, timestamp] of opts.messages ?? []) {
    await env.DB.prepare(
      "INSERT INTO wa_messages (id, business_id, provider_id, chat_id, from_me, body, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?)",
    )
      .bind(crypto.randomUUID(), businessId, `msg_${crypto.randomUUID()}`, chatId, fromMe ? 1 : 0, body, timestamp)
      .run();
  }
  return { id, phone, chatId };
}

export const addService = (owner: Owner, service: string) =>
  owner.api("/api/services", { method: "POST", json: { service } });
export const preview = (owner: Owner, json: unknown) => owner.api("/api/sync/preview", { method: "POST", json });
export const save = (owner: Owner, json: unknown) => owner.api("/api/sync/save", { method: "POST", json });
export const count = async (sql: string, ...args: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...args)
    .first<{ n: number }>())!.n;
export const HAIRCUT_ASK = "Hi! Can I come tomorrow at 5pm for a haircut?";
