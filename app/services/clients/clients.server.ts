// The client list of a business. Last visit and last service are derived from
// the client's bookings: the latest booking dated on or before today (in the
// business's time zone) that was not cancelled or a no-show.
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { schema, type Db } from "~db";
import { isUniqueViolation } from "~db/errors";
import { bookingsChanged } from "~/services/booking-events.server";
import { localDate } from "~/utils/time-zone";
import { decodeCursor, encodeCursor } from "~/utils/cursor";
import { normalizePhone } from "~/utils/phone";
import { AppError } from "~/utils/problem";
import { CLIENT_LIMITS, type ClientInput, type ClientPatchInput } from "~/validation/clients";
import type { Rhythm } from "./rhythm";
import { NO_RHYTHM, rhythms } from "./rhythms.server";
import { nameOrPhoneMatches } from "./search.server";
import { clientConsent, consentOfPhones, type ClientConsent } from "../safety/consent.server";
import type { ServiceContext } from "~/services/service-context";

const { clients, bookings, businesses } = schema;

export type BusinessRef = Pick<typeof businesses.$inferSelect, "id" | "country" | "timeZone">;
export type ClientRow = typeof clients.$inferSelect;

/** A client as the API and the screens read it. */
export type ClientView = {
  id: string;
  name: string;
  phone: string;
  profile_picture: string | null;
  tags: string[];
  notes: string;
  created_at: number;
  /** The client answered a confirmation request with something unclear and waits for the owner's reply. */
  awaiting_reply: { at: number; text: string } | null;
} & Rhythm &
  ClientConsent;

const CLIENT_PAGE_DEFAULT = 50;
export const CLIENT_PAGE_MAX = 200;

// A visit: a booking dated on or before today that was not cancelled or missed (nor a booking-link hold still pending).
const isVisit = (businessId: string, today: string) =>
  sql`b.business_id = ${businessId} AND b.booking_date <= ${today} AND b.status NOT IN ('cancelled', 'no_show', 'pending')`;

async function withLastVisits(
  db: Db,
  business: Pick<BusinessRef, "id" | "timeZone">,
  rows: ClientRow[],
  today: string,
): Promise<ClientView[]> {
  const businessId = business.id;
  const [visits, consent] = await Promise.all([
    rhythms(
      db,
      business,
      rows.map((c) => c.id),
      today,
    ),
    consentOfPhones(
      db.$client,
      businessId,
      rows.map((c) => c.phone),
    ),
  ]);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    phone: c.phone,
    profile_picture: c.profilePicture,
    ...(visits.get(c.id) ?? NO_RHYTHM),
    tags: c.tags ?? [],
    notes: c.notes,
    created_at: c.createdAt,
    awaiting_reply: c.awaitingReplyAt ? { at: c.awaitingReplyAt, text: c.awaitingReplyText ?? "" } : null,
    // Number safety: why the business may write first, and the client's own opt-out.
    ...clientConsent(consent.get(c.phone)),
  }));
}

/**
 * "Last visit between from and to": a visit in [from, min(to, today)] and no
 * visit after that up to today. Both use the bookings' date index instead of
 * working out every client's last visit.
 */
function lastVisitBetween(businessId: string, today: string, from?: string, to?: string): SQL[] {
  const upper = to && to < today ? to : today;
  const conditions = [
    sql`${clients.id} IN (SELECT b.client_id FROM ${bookings} b WHERE ${isVisit(businessId, upper)} AND b.booking_date >= ${from ?? ""})`,
  ];
  if (upper < today) {
    conditions.push(
      sql`NOT EXISTS (SELECT 1 FROM ${bookings} b WHERE ${isVisit(businessId, today)} AND b.client_id = ${clients.id} AND b.booking_date > ${upper})`,
    );
  }
  return conditions;
}

export type ClientListOptions = { q?: string; from?: string; to?: string; cursor?: string; limit?: number };

/**
 * Newest clients first, one page at a time. `from`/`to` (YYYY-MM-DD, inclusive)
 * keep the clients whose last visit falls in that range.
 */
export async function listClients(
  db: Db,
  business: Pick<BusinessRef, "id" | "timeZone">,
  opts: ClientListOptions,
  now: number,
) {
  const today = localDate(now, business.timeZone);
  const limit = Math.min(Math.max(opts.limit ?? CLIENT_PAGE_DEFAULT, 1), CLIENT_PAGE_MAX);
  const where: (SQL | undefined)[] = [
    eq(clients.businessId, business.id),
    nameOrPhoneMatches(opts.q ?? "", clients.name, clients.phone),
  ];
  if (opts.from || opts.to) where.push(...lastVisitBetween(business.id, today, opts.from, opts.to));
  if (opts.cursor) {
    const [createdAt, id] = decodeCursor(opts.cursor, ["n", "s"]);
    where.push(sql`(${clients.createdAt}, ${clients.id}) < (${createdAt}, ${id})`);
  }
  const rows = await db
    .select()
    .from(clients)
    .where(and(...where))
    .orderBy(desc(clients.createdAt), desc(clients.id))
    .limit(limit + 1);
  const page = await withLastVisits(db, business, rows.slice(0, limit), today);
  const last = page[page.length - 1];
  return { clients: page, next_cursor: rows.length > limit && last ? encodeCursor([last.created_at, last.id]) : null };
}

export async function getClient(
  db: Db,
  business: Pick<BusinessRef, "id" | "timeZone">,
  id: string,
  now: number,
): Promise<ClientView | null> {
  const row = await db
    .select()
    .from(clients)
    .where(and(eq(clients.businessId, business.id), eq(clients.id, id)))
    .get();
  return row ? (await withLastVisits(db, business, [row], localDate(now, business.timeZone)))[0] : null;
}

/** The phone's stored digits; a phone that breaks the spec's rule is a 400. */
function phoneDigits(phone: string, country: string) {
  const normalized = normalizePhone(phone, country);
  if (!normalized.ok) throw new AppError(400, normalized.key);
  return normalized.digits;
}

const duplicatePhone = () => new AppError(409, "clients.err.duplicatePhone");
const clientNotFound = () => new AppError(404, "clients.err.notFound");

async function clientByPhone(db: Db, businessId: string, digits: string) {
  return db
    .select()
    .from(clients)
    .where(and(eq(clients.businessId, businessId), eq(clients.phone, digits)))
    .get();
}

export async function createClient(
  db: Db,
  business: BusinessRef,
  input: ClientInput,
  now: number,
): Promise<ClientView> {
  const phone = phoneDigits(input.phone, business.country);
  if (await clientByPhone(db, business.id, phone)) throw duplicatePhone();
  const id = crypto.randomUUID();
  try {
    await db.insert(clients).values({
      id,
      businessId: business.id,
      name: input.name,
      phone,
      tags: input.tags,
      notes: input.notes,
      createdAt: now,
      updatedAt: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePhone();
    throw error;
  }
  return (await getClient(db, business, id, now))!;
}

export async function updateClient(
  db: Db,
  business: BusinessRef,
  id: string,
  patch: ClientPatchInput,
  now: number,
): Promise<ClientView> {
  const current = await db
    .select()
    .from(clients)
    .where(and(eq(clients.businessId, business.id), eq(clients.id, id)))
    .get();
  if (!current) throw clientNotFound();
  const changes: Partial<ClientRow> = { updatedAt: now };
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.tags !== undefined) changes.tags = patch.tags;
  if (patch.notes !== undefined) changes.notes = patch.notes;
  if (patch.phone !== undefined) {
    changes.phone = phoneDigits(patch.phone, business.country);
    const other = changes.phone !== current.phone ? await clientByPhone(db, business.id, changes.phone) : undefined;
    if (other) throw duplicatePhone();
  }
  try {
    await db
      .update(clients)
      .set(changes)
      .where(and(eq(clients.businessId, business.id), eq(clients.id, id)));
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicatePhone();
    throw error;
  }
  return (await getClient(db, business, id, now))!;
}

/** Deletes the client and (by cascade) their bookings and those bookings' pending messages. */
export async function deleteClient({ db, env, now }: ServiceContext, businessId: string, id: string) {
  const owned = and(eq(clients.businessId, businessId), eq(clients.id, id));
  const bookingIds = (
    await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.businessId, businessId), eq(bookings.clientId, id)))
  ).map((b) => b.id);
  const deleted = await db.delete(clients).where(owned).returning({ id: clients.id });
  if (deleted.length === 0) throw clientNotFound();
  if (bookingIds.length) await bookingsChanged(env, bookingIds, now);
}

/**
 * The client with this phone number, created when there is none (bookings
 * for a new number, WhatsApp sync). The phone is normalized with the
 * business's country; pass "+<digits>" for a number known to be international
 * (a WhatsApp chat id). An existing client keeps their name unless it is empty.
 */
export async function findOrCreateClient(
  db: Db,
  businessId: string,
  input: { name?: string | null; phone: string; country?: string | null },
  now: number,
): Promise<{ client: ClientRow; created: boolean }> {
  const country =
    input.country ??
    (await db.select({ country: businesses.country }).from(businesses).where(eq(businesses.id, businessId)).get())
      ?.country ??
    "";
  const [inserted, , [client]] = await db.batch(clientUpsert(db, businessId, { ...input, country }, now).statements);
  if (!client) throw new Error("client vanished between insert and read");
  return { client, created: inserted.length > 0 };
}

/**
 * findOrCreateClient's statements, for a caller that writes in the same batch
 * (a new booking): insert unless the phone is a client already, give a
 * nameless client the name, read the client. `byPhone` finds it in a later
 * statement of the batch. 400 for a phone the rule refuses.
 */
export function clientUpsert(
  db: Db,
  businessId: string,
  input: { name?: string | null; phone: string; country: string },
  now: number,
) {
  const phone = phoneDigits(input.phone, input.country);
  const name = (input.name ?? "").trim().slice(0, CLIENT_LIMITS.name);
  const byPhone = and(eq(clients.businessId, businessId), eq(clients.phone, phone))!;
  return {
    byPhone,
    statements: [
      db
        .insert(clients)
        .values({ id: crypto.randomUUID(), businessId, name, phone, createdAt: now, updatedAt: now })
        .onConflictDoNothing({ target: [clients.businessId, clients.phone] })
        .returning({ id: clients.id }),
      db
        .update(clients)
        .set({ name, updatedAt: now })
        .where(and(byPhone, eq(clients.name, ""), sql`${name} <> ''`)),
      db.select().from(clients).where(byPhone).limit(1),
    ] as const,
  };
}
