// Sync save: the reviewed proposals become bookings (source "sync"), with the
// client created when the number is new. A booking that already exists for
// the same client, service, date and time is skipped, inside the same SQL
// statement that would insert it, so saving twice (or twice at once) never
// duplicates. All of a request's bookings go in one D1 batch: all or nothing.
// Accepting a live proposal (services/proposals) books through the same pieces.
import type { z } from "zod";
import type { Db } from "~db";
import { bookingsChanged } from "~/services/booking-events.server";
import { findOrCreateClient, type ClientRow } from "~/services/clients/clients.server";
import { snapshotOf, type Snapshot } from "~/services/bookings/bookings.server";
import {
  factsFor,
  placeBooking,
  reportForBookings,
  type Conflict,
  type TimeBusiness,
} from "~/services/bookings/overlaps.server";
import { listTeam } from "~/services/team/team.server";
import type { BusyBooking } from "~/services/time/facts.server";
import type { TimeWarning } from "~/services/time/span";
import { AppError } from "~/utils/problem";
import { serviceKey } from "~/utils/service-name";
import type { SaveBody } from "~/validation/sync";
import { ownContacts } from "./contacts.server";
import type { ServiceContext } from "~/services/service-context";

type Business = TimeBusiness & { country: string };

/** What a saved booking is made of: a service, a local date (YYYY-MM-DD), a time (HH:MM) and notes. */
export type SyncItem = { service: string; date: string; time: string; notes: string };

/** A piece of SQL with its values, for plain `?` parameters numbered by position. */
export type SqlPart = { sql: string; values: unknown[] };

/**
 * The bookings an item would duplicate: the client's, with the same service
 * (ignoring case), date and time (to the minute). `client` is the client's id,
 * or a part selecting it (a client found by phone).
 */
export function sameBooking(businessId: string, client: string | SqlPart, item: SyncItem): SqlPart {
  const byClient =
    typeof client === "string" ? { sql: "?", values: [client] } : { sql: `(${client.sql})`, values: client.values };
  return {
    sql: `business_id = ? AND client_id = ${byClient.sql} AND booking_date = ? AND substr(booking_time, 1, 5) = ? AND lower(service) = lower(?)`,
    values: [businessId, ...byClient.values, item.date, item.time, item.service],
  };
}

/**
 * The statement that saves an item as a booking of the client, unless it
 * duplicates one (`sameBooking`). `onlyIf` is one more condition, checked in
 * the same statement (a proposal that must still be open). The booking takes
 * its service's duration, buffer and price (60 minutes, none, none when the
 * catalogue has no such service), and goes to `memberId`, or else the first
 * member in the team's order who does the service (the first member when
 * nobody lists it).
 */
export function insertSyncBooking(
  d1: D1Database,
  row: { id: string; businessId: string; clientId: string; item: SyncItem; now: number; memberId?: string },
  onlyIf?: SqlPart,
): D1PreparedStatement {
  const same = sameBooking(row.businessId, row.clientId, row.item);
  const conditions = [`NOT EXISTS (SELECT 1 FROM bookings WHERE ${same.sql})`, ...(onlyIf ? [onlyIf.sql] : [])];
  return d1
    .prepare(
      `INSERT INTO bookings (id, business_id, client_id, service, booking_date, booking_time, notes, status, source, created_at, updated_at,
                             duration_minutes, buffer_minutes, price_cents, member_id)
       SELECT ?, ?, ?, ?, ?, ?, ?, 'scheduled', 'sync', ?, ?, coalesce(s.duration_minutes, 60), coalesce(s.buffer_minutes, 0), s.price_cents,
              coalesce(?, (SELECT m.id FROM members m WHERE m.business_id = ?
                           ORDER BY (m.services = '[]' OR EXISTS (SELECT 1 FROM json_each(m.services) j WHERE lower(trim(j.value)) = ?)) DESC, m.position, m.created_at, m.id
                           LIMIT 1))
       FROM (SELECT 1) LEFT JOIN services s ON s.business_id = ? AND s.name_key = ?
       WHERE ${conditions.join(" AND ")}`,
    )
    .bind(
      row.id,
      row.businessId,
      row.clientId,
      row.item.service,
      row.item.date,
      row.item.time,
      row.item.notes,
      row.now,
      row.now,
      row.memberId ?? null,
      row.businessId,
      serviceKey(row.item.service),
      row.businessId,
      serviceKey(row.item.service),
      ...same.values,
      ...(onlyIf?.values ?? []),
    );
}

/** The client a WhatsApp number's bookings are saved under, created when the number is new. `phone` is the chat's digits. */
export async function syncClient(
  ctx: ServiceContext,
  business: { id: string; country: string },
  contact: { name: string; phone: string },
): Promise<ClientRow> {
  const { client } = await findOrCreateClient(
    ctx.db,
    business.id,
    { name: contact.name, phone: `+${contact.phone}`, country: business.country },
    ctx.now,
  );
  return client;
}

/**
 * Places Sync's bookings one after another: on the member chosen (which must
 * be in `team`), else on the first member who does the service and is free
 * then (as Add Booking places it), counting the ones placed before it. The
 * Sync screen asks it for each result's default member; the save, for the
 * member each booking goes to.
 */
export async function syncPlacer(db: Db, business: TimeBusiness, dates: string[]) {
  const [team, facts] = dates.length
    ? await Promise.all([listTeam(db, business), factsFor(db, business.id, dates)])
    : [[], { busy: [], off: [] }];
  const snapshots = new Map<string, Promise<Snapshot>>();
  const snapshot = (service: string) => {
    const key = serviceKey(service);
    if (!snapshots.has(key)) snapshots.set(key, snapshotOf(db, business.id, service));
    return snapshots.get(key)!;
  };
  const placed: BusyBooking[] = [];
  return {
    team,
    async place(item: SyncItem, booking: { id?: string; memberId?: string } = {}) {
      const { durationMinutes, bufferMinutes } = await snapshot(item.service);
      const timing = { date: item.date, time: item.time, durationMinutes, bufferMinutes };
      const { member } = placeBooking(
        team,
        { busy: [...facts.busy, ...placed], off: facts.off },
        business,
        timing,
        item.service,
        booking.memberId,
      );
      const id = booking.id ?? crypto.randomUUID();
      if (member) placed.push({ ...timing, id, memberId: member.id });
      return member;
    },
  };
}

/**
 * 404 when any contact is not the business's, or an item's `member_id` not one
 * of its members; 422 when one with items has no visible number. Nothing is written then. The answer names the bookings the
 * saved ones overlap, and their hours warnings.
 */
export async function saveSync(
  ctx: ServiceContext,
  business: Business,
  body: z.output<typeof SaveBody>,
): Promise<{ saved: number; skipped: number; conflicts: Conflict[]; warnings: TimeWarning[] }> {
  // Every id is checked before anything is written.
  const contacts = await ownContacts(
    ctx.db,
    business.id,
    body.results.map((r) => r.user_id),
  );
  const byId = new Map(contacts.map((c) => [c.id, c]));
  const withItems = body.results.filter((r) => r.items.length);
  if (withItems.some((r) => !byId.get(r.user_id)?.phone)) throw new AppError(422, "sync.hiddenSave");

  const d1 = ctx.env.DB;
  const statements: D1PreparedStatement[] = [];
  const ids: string[] = [];
  const placer = await syncPlacer(
    ctx.db,
    business,
    withItems.flatMap((r) => r.items.map((item) => item.date)),
  );
  // A chosen member must be the business's (404 otherwise), checked before any client is created.
  const chosen = withItems.flatMap((r) =>
    r.items.flatMap((item) => (item.member_id === undefined ? [] : [item.member_id])),
  );
  if (chosen.some((memberId) => !placer.team.some((m) => m.id === memberId)))
    throw new AppError(404, "team.err.notFound");
  for (const result of withItems) {
    const contact = byId.get(result.user_id)!;
    const client = await syncClient(ctx, business, { name: contact.name, phone: contact.phone! });
    for (const item of result.items) {
      const id = crypto.randomUUID();
      const member = await placer.place(item, { id, memberId: item.member_id });
      ids.push(id);
      statements.push(
        insertSyncBooking(d1, {
          id,
          businessId: business.id,
          clientId: client.id,
          item,
          now: ctx.now,
          memberId: member?.id,
        }),
      );
    }
  }
  if (!statements.length) return { saved: 0, skipped: 0, conflicts: [], warnings: [] };
  const outcomes = await d1.batch(statements);
  const savedIds = ids.filter((_, i) => (outcomes[i].meta.changes ?? 0) > 0);
  if (savedIds.length) await bookingsChanged(ctx.env, savedIds, ctx.now);
  return {
    saved: savedIds.length,
    skipped: ids.length - savedIds.length,
    ...(await reportForBookings(ctx.db, business, savedIds)),
  };
}
