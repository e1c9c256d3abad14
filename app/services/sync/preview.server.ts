// Sync preview: each selected contact's last messages (the stored ones, or
// the gateway's when none are stored) through the booking extractor. Nothing
// is written; the owner reviews the proposals and saves them.
import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { schema, type Db } from "../../../db";
import { getExtractor } from "~/providers/ai/index.server";
import type { BookingExtractor, ChatMessage } from "~/providers/ai/types";
import { getWhatsAppProvider } from "~/providers/whatsapp/index.server";
import { serviceNames } from "~/services/catalogue/services.server";
import { CONTACT_NOT_FOUND, ownContacts, type WaContact } from "./contacts.server";

export const PREVIEW_LIMIT_DEFAULT = 20;
export const PREVIEW_LIMIT_MAX = 50;
export const PREVIEW_CONTACTS_MAX = 50;
export const NO_SERVICES = "Add at least one service to start sync.";

export const PreviewBody = z.object({
  user_ids: z.array(z.string().min(1).max(200)).min(1, "Select at least one contact.").max(PREVIEW_CONTACTS_MAX, `Select at most ${PREVIEW_CONTACTS_MAX} contacts at a time.`),
  limit: z.number().int().min(1).max(PREVIEW_LIMIT_MAX).optional().default(PREVIEW_LIMIT_DEFAULT),
});

/** `quote` is the chat message the booking came from, shortened, so the owner can check it before saving. */
export type PreviewItem = { bookingId: string; service: string; date: string; time: string; notes: string; quote: string };
export type PreviewResult = { id: string; name: string; items: PreviewItem[] };
type Ctx = { db: Db; env: Env; now: number; extractor?: BookingExtractor };
type Business = { id: string; timeZone: string };

export async function previewSync(ctx: Ctx, business: Business, body: z.infer<typeof PreviewBody>) {
  const services = await serviceNames(ctx.db, business.id);
  if (!services.length) return { ok: false as const, status: 400, message: NO_SERVICES };
  const contacts = await ownContacts(ctx.db, business.id, body.user_ids);
  if (!contacts) return { ok: false as const, status: 404, message: CONTACT_NOT_FOUND };
  const extractor = ctx.extractor ?? getExtractor(ctx.env);
  const results: PreviewResult[] = [];
  for (const contact of contacts) {
    const messages = await lastMessages(ctx, business.id, contact, body.limit);
    let found: Awaited<ReturnType<BookingExtractor["extract"]>> = [];
    try {
      found = await extractor.extract({ messages, services, timeZone: business.timeZone, now: ctx.now, contactName: contact.name || undefined });
    } catch (error) {
      // One contact's failure must not sink the others; the owner sees no proposals for it.
      console.error("Booking extraction failed", error);
    }
    results.push({
      id: contact.id,
      name: contact.name.trim() || "User",
      items: found.map((b) => ({ bookingId: crypto.randomUUID(), service: b.service, date: b.date, time: b.time, notes: b.notes, quote: b.quote ?? "" })),
    });
  }
  return { ok: true as const, results };
}

/** The chat's last `limit` messages, oldest first. */
async function lastMessages(ctx: Ctx, businessId: string, contact: WaContact, limit: number): Promise<ChatMessage[]> {
  const stored = await ctx.db
    .select({ fromMe: schema.waMessages.fromMe, timestamp: schema.waMessages.timestamp, body: schema.waMessages.body })
    .from(schema.waMessages)
    .where(and(eq(schema.waMessages.businessId, businessId), eq(schema.waMessages.chatId, contact.chatId)))
    .orderBy(desc(schema.waMessages.timestamp))
    .limit(limit);
  if (stored.length) return stored.reverse();
  try {
    const fetched = await getWhatsAppProvider(ctx.env).getMessages(businessId, contact.chatId, limit);
    return fetched
      .filter((m) => m.body)
      .map((m) => ({ fromMe: m.fromMe, timestamp: Math.round(m.timestamp * 1000), body: m.body }))
      .sort((a, b) => a.timestamp - b.timestamp)
      .slice(-limit);
  } catch (error) {
    // Gateway down or session gone: nothing to read for this contact.
    console.error("Reading messages from the gateway failed", error);
    return [];
  }
}
