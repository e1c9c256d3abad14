// Sync contacts: the business's WhatsApp customers as the stored webhooks
// know them, most recent chat first.
import { and, desc, eq, sql } from "drizzle-orm";
import { inList, schema, type Db } from "~db";
import { AppError } from "~/utils/problem";

const MAX_SYNC_CONTACTS = 500;

export type WaContact = typeof schema.waContacts.$inferSelect;
/** As the API shows it: name defaults to 'Unknown', phone is "" when WhatsApp hides the number (@lid chats). */
export type SyncContact = { id: string; name: string; phone: string };

function toSyncContact(c: Pick<WaContact, "id" | "name" | "phone">): SyncContact {
  return { id: c.id, name: c.name.trim() || "Unknown", phone: c.phone ?? "" };
}

export async function listSyncContacts(db: Db, businessId: string): Promise<SyncContact[]> {
  const rows = await db
    .select({ id: schema.waContacts.id, name: schema.waContacts.name, phone: schema.waContacts.phone })
    .from(schema.waContacts)
    .where(eq(schema.waContacts.businessId, businessId))
    .orderBy(desc(schema.waContacts.lastMessageAt))
    .limit(MAX_SYNC_CONTACTS);
  return rows.map(toSyncContact);
}

/** The business's own contacts among ids, in the order asked; a 404 when any id is not theirs. */
export async function ownContacts(db: Db, businessId: string, ids: string[]): Promise<WaContact[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await db
    .select()
    .from(schema.waContacts)
    .where(and(eq(schema.waContacts.businessId, businessId), sql`${schema.waContacts.id} IN ${inList(unique)}`));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = unique.map((id) => byId.get(id));
  if (!ordered.every((c): c is WaContact => c !== undefined)) throw new AppError(404, "sync.err.contactNotFound");
  return ordered;
}
