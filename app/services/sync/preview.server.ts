// Sync preview: each selected contact's last messages (the stored ones, or
// the gateway's when none are stored) through the booking extractor. Nothing
// is written; the owner reviews the proposals and saves them.
import { and, desc, eq, sql } from "drizzle-orm";
import { schema } from "~db";
import { getExtractor } from "~/providers/ai/index.server";
import type { BookingExtractor, ChatMessage } from "~/providers/ai/types";
import { getWhatsAppProvider } from "~/providers/whatsapp/index.server";
import { serviceNames } from "~/services/catalogue/services.server";
import { aiAllowance } from "~/services/proposals/live.server";
import { AppError } from "~/utils/problem";
import { ownContacts, type WaContact } from "./contacts.server";
import type { ServiceContext } from "~/services/service-context";

/** `quote` is the chat message the booking came from, shortened, so the owner can check it before saving. */
type PreviewItem = { bookingId: string; service: string; date: string; time: string; notes: string; quote: string };
export type PreviewResult = { id: string; name: string; items: PreviewItem[] };
/**
 * The proposals per contact, in the order asked. `unread` names the contacts
 * whose chat could not be read (no stored messages and the gateway failed, or
 * the extractor failed): they have no proposals, and the screen says why.
 */
export type PreviewOutcome = { results: PreviewResult[]; unread: string[] };
type Ctx = ServiceContext & { extractor?: BookingExtractor };
type Business = { id: string; timeZone: string };

/** 400 with no services yet, 404 when any contact is not the business's. */
export async function previewSync(
  ctx: Ctx,
  business: Business,
  body: { user_ids: string[]; limit: number },
): Promise<PreviewOutcome> {
  const services = await serviceNames(ctx.db, business.id);
  if (!services.length) throw new AppError(400, "sync.hint");
  const contacts = await ownContacts(ctx.db, business.id, body.user_ids);
  // Workers AI calls come out of the business's daily allowance, shared with live proposals.
  const extractor = ctx.extractor ?? getExtractor(ctx.env, aiAllowance(ctx.env, business, ctx.now));
  const results: PreviewResult[] = [];
  const unread: string[] = [];
  for (const contact of contacts) {
    const chat = await lastMessages(ctx, business.id, contact, body.limit);
    let found: Awaited<ReturnType<BookingExtractor["extract"]>> = [];
    if (chat.read) {
      try {
        found = await extractor.extract({
          messages: chat.messages,
          services,
          timeZone: business.timeZone,
          now: ctx.now,
          contactName: contact.name || undefined,
        });
      } catch (error) {
        // One contact's failure must not sink the others; the owner sees no proposals for it.
        console.error("Booking extraction failed", error);
        unread.push(contact.id);
      }
    } else {
      unread.push(contact.id);
    }
    results.push({
      id: contact.id,
      name: contact.name.trim() || "User",
      items: found.map((b) => ({
        bookingId: crypto.randomUUID(),
        service: b.service,
        date: b.date,
        time: b.time,
        notes: b.notes,
        quote: b.quote ?? "",
      })),
    });
  }
  return { results, unread };
}

/** The chat's last `limit` messages, oldest first; `read` is false when none are stored and the gateway could not be asked. */
async function lastMessages(
  ctx: Ctx,
  businessId: string,
  contact: WaContact,
  limit: number,
): Promise<{ read: boolean; messages: ChatMessage[] }> {
  const stored = await ctx.db
    .select({ fromMe: schema.waMessages.fromMe, timestamp: schema.waMessages.timestamp, body: schema.waMessages.body })
    .from(schema.waMessages)
    .where(and(eq(schema.waMessages.businessId, businessId), eq(schema.waMessages.chatId, contact.chatId)))
    // WhatsApp's timestamps are whole seconds: within one, the order they were stored in (as the live read does).
    .orderBy(desc(schema.waMessages.timestamp), desc(sql`rowid`))
    .limit(limit);
  if (stored.length) return { read: true, messages: stored.reverse() };
  try {
    const fetched = await getWhatsAppProvider(ctx.env).getMessages(businessId, contact.chatId, limit);
    const messages = fetched
      .filter((m) => m.body)
      .map((m) => ({ fromMe: m.fromMe, timestamp: Math.round(m.timestamp * 1000), body: m.body }))
      .sort((a, b) => a.timestamp - b.timestamp)
      .slice(-limit);
    return { read: true, messages };
  } catch (error) {
    // Gateway down or session gone: nothing to read for this contact.
    console.error("Reading messages from the gateway failed", error);
    return { read: false, messages: [] };
  }
}
