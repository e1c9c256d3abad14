// Proposals waiting for the owner: the list, accept (the booking made exactly
// as Sync's save makes it) and dismiss. A proposal is decided once: accepting
// or dismissing checks, in the statement that writes, that it is still open,
// so two taps at once never make two bookings.
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { schema, type Db } from "~db";
import type { ProposalKind } from "~db/schema";
import { bookingsChanged } from "~/services/booking-events.server";
import { insertSyncBooking, sameBooking, syncClient, type SyncItem } from "~/services/sync/save.server";
import { AppError } from "~/utils/problem";
import type { ProposalCorrectionInput } from "~/validation/proposals";
import type { ServiceContext } from "~/services/service-context";

const { proposals, clients } = schema;

type Business = { id: string; country: string };
export type ProposalRow = typeof proposals.$inferSelect;

/**
 * A proposal as the API and the screens read it. `kind` "booking" proposes a
 * new booking (`booking_id` null, `from` null); a change is about the booking
 * `booking_id`, which was at `from` when proposed: "reschedule" moves it to
 * `date`/`time`, "late" (`minutes` when the customer said them) and "cancel"
 * keep its own `date`/`time`.
 */
export type ProposalView = {
  id: string;
  kind: ProposalKind;
  booking_id: string | null;
  from: { date: string; time: string } | null;
  minutes: number | null;
  client_name: string;
  client_phone: string;
  service: string;
  date: string;
  time: string;
  notes: string;
  quote: string;
  created_at: number;
};

/** At most this many open proposals are listed (newest first). */
const PROPOSALS_LIST_MAX = 200;

const notFound = () => new AppError(404, "proposals.err.notFound");

/** Why a proposal that is no longer open cannot be accepted. */
const closed = (row: ProposalRow) =>
  new AppError(409, row.status === "dismissed" ? "proposals.err.dismissed" : "proposals.err.alreadyAccepted");

/**
 * Open proposals, newest first (those stored together in the order stored).
 * The name is the client's own when the number is already a client (the
 * booking will be theirs), else the WhatsApp contact's.
 */
export async function proposalViews(db: Db, businessId: string, only?: string[]): Promise<ProposalView[]> {
  const where: SQL[] = [eq(proposals.businessId, businessId), eq(proposals.status, "open")];
  if (only) {
    if (!only.length) return [];
    // One JSON parameter whatever the count (D1 binds at most 100).
    where.push(sql`${proposals.id} IN (SELECT value FROM json_each(${JSON.stringify(only)}))`);
  }
  const rows = await db
    .select({
      id: proposals.id,
      kind: proposals.kind,
      booking_id: proposals.bookingId,
      from_date: proposals.fromDate,
      from_time: proposals.fromTime,
      minutes: proposals.lateMinutes,
      client_name: sql<string>`coalesce(nullif(${clients.name}, ''), ${proposals.clientName})`,
      client_phone: proposals.clientPhone,
      service: proposals.service,
      date: proposals.date,
      time: proposals.time,
      notes: proposals.notes,
      quote: proposals.quote,
      created_at: proposals.createdAt,
    })
    .from(proposals)
    .leftJoin(clients, and(eq(clients.businessId, proposals.businessId), eq(clients.phone, proposals.clientPhone)))
    .where(and(...where))
    .orderBy(desc(proposals.createdAt), desc(sql`${proposals}.rowid`))
    .limit(PROPOSALS_LIST_MAX);
  return rows.map(({ from_date, from_time, ...p }) => ({
    ...p,
    // A booking proposal's booking is known only once accepted (and then it is no longer listed).
    booking_id: p.kind === "booking" ? null : p.booking_id,
    from: p.kind !== "booking" && from_date && from_time ? { date: from_date, time: from_time } : null,
  }));
}

/** The business's open proposals, newest first. */
export function listProposals(db: Db, businessId: string): Promise<ProposalView[]> {
  return proposalViews(db, businessId);
}

/** One of the business's proposals, whatever its status; another business's is not found. */
export async function findProposal(db: Db, businessId: string, id: string): Promise<ProposalRow | undefined> {
  return db
    .select()
    .from(proposals)
    .where(and(eq(proposals.businessId, businessId), eq(proposals.id, id)))
    .get();
}

/**
 * Makes the proposal a booking, corrected first when corrections are given:
 * the client is found by the number or created (Sync's `syncClient`) and the
 * booking inserted by Sync's statement, which skips a booking the client
 * already has (then the proposal points at that one). The insert and the
 * proposal's change are one D1 batch, both only while the proposal is open.
 * 404 for an unknown id or another business's, 409 once accepted or dismissed.
 */
export async function acceptProposal(
  ctx: ServiceContext,
  business: Business,
  id: string,
  corrections: ProposalCorrectionInput = {},
  memberId?: string,
): Promise<{ bookingId: string }> {
  const row = await findProposal(ctx.db, business.id, id);
  if (!row) throw notFound();
  if (row.status !== "open") throw closed(row);
  const item: SyncItem = {
    service: corrections.service ?? row.service,
    date: corrections.date ?? row.date,
    time: corrections.time ?? row.time,
    notes: corrections.notes ?? row.notes,
  };
  const client = await syncClient(ctx, business, { name: row.clientName, phone: row.clientPhone });

  const d1 = ctx.env.DB;
  const bookingId = crypto.randomUUID();
  const stillOpen = {
    sql: "EXISTS (SELECT 1 FROM proposals WHERE id = ? AND business_id = ? AND status = 'open')",
    values: [id, business.id],
  };
  const same = sameBooking(business.id, client.id, item);
  const [inserted, decided] = await d1.batch<{ booking_id: string }>([
    insertSyncBooking(
      d1,
      { id: bookingId, businessId: business.id, clientId: client.id, item, now: ctx.now, memberId },
      stillOpen,
    ),
    // The new booking, or the same one the client already had.
    d1
      .prepare(
        `UPDATE proposals SET status = 'accepted',
           booking_id = coalesce((SELECT id FROM bookings WHERE id = ?), (SELECT id FROM bookings WHERE ${same.sql} ORDER BY created_at, id LIMIT 1))
         WHERE id = ? AND business_id = ? AND status = 'open'
         RETURNING booking_id`,
      )
      .bind(bookingId, ...same.values, id, business.id),
  ]);
  const accepted = decided.results[0]?.booking_id;
  if (!accepted) {
    // Decided by another request between the read and the batch.
    const current = await findProposal(ctx.db, business.id, id);
    throw current ? closed(current) : notFound();
  }
  if ((inserted.meta.changes ?? 0) > 0) await bookingsChanged(ctx.env, [bookingId], ctx.now);
  return { bookingId: accepted };
}

/**
 * Dismisses an open proposal; it stays stored, so the same booking is not
 * proposed again. Dismissing it again changes nothing. 404 for an unknown id
 * or another business's, 409 once accepted (the booking is in the calendar).
 */
export async function dismissProposal(db: Db, businessId: string, id: string): Promise<void> {
  const changed = await db
    .update(proposals)
    .set({ status: "dismissed" })
    .where(and(eq(proposals.businessId, businessId), eq(proposals.id, id), eq(proposals.status, "open")))
    .returning({ id: proposals.id });
  if (changed.length) return;
  const row = await findProposal(db, businessId, id);
  if (!row) throw notFound();
  if (row.status === "accepted") throw closed(row);
}

/** The tab badge counts open proposals up to this many (shown as "99+" past 99). */
const OPEN_COUNT_CAP = 100;

/**
 * How many open rows wait in `table` (proposals, drafts), counting at most
 * OPEN_COUNT_CAP of them (each table's business_status_created index answers
 * it), for the Sync tab's badge.
 */
export async function countOpen(db: Db, what: "proposals" | "drafts", businessId: string): Promise<number> {
  const table = what === "proposals" ? proposals : schema.drafts;
  const open = db
    .select({ one: sql`1` })
    .from(table)
    .where(and(eq(table.businessId, businessId), eq(table.status, "open")))
    .limit(OPEN_COUNT_CAP)
    .as("open");
  const row = await db
    .select({ n: sql<number>`count(*)` })
    .from(open)
    .get();
  return row?.n ?? 0;
}
