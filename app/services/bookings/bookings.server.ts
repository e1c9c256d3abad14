// Bookings of a business: the list (newest first, a page at a time), the
// calendar (a date range), and create/edit/status/delete. Every write tells
// the rule scheduler afterwards (bookingsChanged) so pending messages follow.
import { and, asc, count, desc, eq, gt, gte, lt, lte, notInArray, sql, type SQL } from "drizzle-orm";
import { schema, type Db } from "~db";
import { bookingsChanged } from "~/services/booking-events.server";
import { clientUpsert, type BusinessRef } from "~/services/clients/clients.server";
import { DEFAULT_SERVICE_TIME, serviceByName, type ServiceItem } from "~/services/catalogue/services.server";
import { nameOrPhoneMatches } from "~/services/clients/search.server";
import { bookingCancelled } from "~/services/openings/openings.server";
import { endTime } from "~/services/time/span";
import { AppError } from "~/utils/problem";
import { serviceKey } from "~/utils/service-name";
import { decodeCursor, encodeCursor } from "~/utils/cursor";
import type { BookingInput, BookingPatchInput } from "~/validation/bookings";
import type { BookingStatus } from "./status";
import type { ServiceContext } from "~/services/service-context";

const { bookings, businesses, clients, members } = schema;

/** A booking as the API and the screens read it. */
export type BookingView = {
  id: string;
  client_id: string;
  client_name: string;
  client_phone: string;
  service: string;
  booking_date: string;
  booking_time: string;
  notes: string;
  status: BookingStatus;
  /** Where it came from: the owner's screens or API ("manual"), Sync or an accepted request ("sync"), the booking page ("online"). */
  source: BookingSource;
  /** How long the booking takes; end_time is when it ends on the business's wall clock (DST changes in between counted). */
  duration_minutes: number;
  end_time: string;
  /** The service's price when it was booked (a decimal in the business's currency), or null. */
  price: number | null;
  /** The team member whose calendar it is on (null: unassigned). */
  member_id: string | null;
  member_name: string | null;
  /** Booked online, confirmed by the customer's message, waiting for the owner's Accept or Decline (booking_owner_confirms). */
  awaiting_owner: boolean;
};

export type BookingSource = "manual" | "sync" | "online";

const BOOKING_PAGE_DEFAULT = 100;
export const BOOKING_PAGE_MAX = 500;
/** A month view spans six weeks; a busy business still fits, beyond this the calendar says it shows the first ones. */
const RANGE_MAX_EVENTS = 3000;
const RANGE_MAX_DAYS = 62;

const columns = {
  id: bookings.id,
  client_id: bookings.clientId,
  client_name: clients.name,
  client_phone: clients.phone,
  service: bookings.service,
  booking_date: bookings.bookingDate,
  booking_time: bookings.bookingTime,
  notes: bookings.notes,
  status: bookings.status,
  source: bookings.source,
  duration_minutes: bookings.durationMinutes,
  price: sql<number | null>`${bookings.priceCents} / 100.0`,
  member_id: bookings.memberId,
  member_name: members.name,
  awaiting_owner:
    sql<boolean>`EXISTS (SELECT 1 FROM booking_holds h WHERE h.booking_id = ${bookings.id} AND h.state = 'awaiting_owner')`.mapWith(
      Boolean,
    ),
  // For end_time: SQLite knows no time zones, so the end is worked out in toView.
  time_zone: businesses.timeZone,
};

function selectViews(db: Db) {
  return db
    .select(columns)
    .from(bookings)
    .innerJoin(clients, and(eq(clients.id, bookings.clientId), eq(clients.businessId, bookings.businessId)))
    .innerJoin(businesses, eq(businesses.id, bookings.businessId))
    .leftJoin(members, and(eq(members.id, bookings.memberId), eq(members.businessId, bookings.businessId)));
}

type ViewRow = Omit<BookingView, "end_time"> & { time_zone: string };

/** A row of selectViews as the API reads it: with its end on the business's wall clock. */
function toView({ time_zone, ...row }: ViewRow): BookingView {
  return {
    ...row,
    end_time: endTime(
      { date: row.booking_date, time: row.booking_time, durationMinutes: row.duration_minutes },
      time_zone,
    ),
  };
}

export type BookingListOptions = {
  q?: string;
  from?: string;
  to?: string;
  status?: BookingStatus;
  cursor?: string;
  limit?: number;
};

/** Newest first by date and time; `from`/`to` inclusive YYYY-MM-DD. */
export async function listBookings(db: Db, businessId: string, opts: BookingListOptions) {
  const limit = Math.min(Math.max(opts.limit ?? BOOKING_PAGE_DEFAULT, 1), BOOKING_PAGE_MAX);
  const where: (SQL | undefined)[] = [
    eq(bookings.businessId, businessId),
    nameOrPhoneMatches(opts.q ?? "", clients.name, clients.phone),
    opts.from ? gte(bookings.bookingDate, opts.from) : undefined,
    opts.to ? lte(bookings.bookingDate, opts.to) : undefined,
    opts.status ? eq(bookings.status, opts.status) : undefined,
  ];
  if (opts.cursor) {
    const [date, time, id] = decodeCursor(opts.cursor, ["s", "s", "s"]) as string[];
    // The plain bound lets the date index narrow the scan; the row value picks up exactly after the last row.
    where.push(
      lte(bookings.bookingDate, date),
      sql`(${bookings.bookingDate}, ${bookings.bookingTime}, ${bookings.id}) < (${date}, ${time}, ${id})`,
    );
  }
  const rows = await selectViews(db)
    .where(and(...where))
    .orderBy(desc(bookings.bookingDate), desc(bookings.bookingTime), desc(bookings.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map(toView);
  const last = page[page.length - 1];
  return {
    bookings: page,
    next_cursor: rows.length > limit && last ? encodeCursor([last.booking_date, last.booking_time, last.id]) : null,
  };
}

/** The calendar's visible range: start inclusive, end exclusive (as the calendar reports it), oldest first. */
export async function bookingsInRange(db: Db, businessId: string, opts: { start: string; end: string; q?: string }) {
  rangeDays(opts);
  const rows = await selectViews(db)
    .where(
      and(
        eq(bookings.businessId, businessId),
        gte(bookings.bookingDate, opts.start),
        lt(bookings.bookingDate, opts.end),
        nameOrPhoneMatches(opts.q ?? "", clients.name, clients.phone),
      ),
    )
    .orderBy(asc(bookings.bookingDate), asc(bookings.bookingTime), asc(bookings.id))
    .limit(RANGE_MAX_EVENTS + 1);
  return { bookings: rows.slice(0, RANGE_MAX_EVENTS).map(toView), truncated: rows.length > RANGE_MAX_EVENTS };
}

/** What the calendar draws for one booking: the rest (phone, notes...) is fetched when the owner opens it. */
export type CalendarEvent = {
  id: string;
  name: string;
  service: string;
  date: string;
  time: string;
  status: BookingStatus;
  minutes: number;
  /** The team member whose calendar it is on (null: unassigned). */
  member: string | null;
};
/** A day too full to draw event by event in the month view: the calendar shows "N bookings" that opens the day. */
export type DayCount = { date: string; count: number };

/** A month-view day with more bookings than this ships as a count. */
export const DENSE_DAY = 50;
/** Ranges longer than a week (the month grid) count their dense days; a week or a day ships every event. */
const WEEK_DAYS = 7;

/**
 * The calendar's visible range as it draws it: compact events, oldest first,
 * and for a month, a count instead of the events of each day holding more
 * than DENSE_DAY bookings (matching the search, if any).
 */
export async function calendarRange(db: Db, businessId: string, opts: { start: string; end: string; q?: string }) {
  const days = rangeDays(opts);
  const search = nameOrPhoneMatches(opts.q ?? "", clients.name, clients.phone);
  const inRange = and(
    eq(bookings.businessId, businessId),
    gte(bookings.bookingDate, opts.start),
    lt(bookings.bookingDate, opts.end),
  );
  let counts: DayCount[] = [];
  if (days > WEEK_DAYS) {
    const perDay = { date: bookings.bookingDate, count: count() };
    // Without a search the date index answers alone; a search needs the client's name and phone.
    const grouped = search
      ? db
          .select(perDay)
          .from(bookings)
          .innerJoin(clients, and(eq(clients.id, bookings.clientId), eq(clients.businessId, bookings.businessId)))
          .where(and(inRange, search))
      : db.select(perDay).from(bookings).where(inRange);
    counts = await grouped
      .groupBy(bookings.bookingDate)
      .having(gt(count(), DENSE_DAY))
      .orderBy(asc(bookings.bookingDate));
  }
  const rows = await db
    .select({
      id: bookings.id,
      name: clients.name,
      service: bookings.service,
      date: bookings.bookingDate,
      time: bookings.bookingTime,
      status: bookings.status,
      minutes: bookings.durationMinutes,
      member: bookings.memberId,
    })
    .from(bookings)
    .innerJoin(clients, and(eq(clients.id, bookings.clientId), eq(clients.businessId, bookings.businessId)))
    .where(
      and(
        inRange,
        search,
        counts.length
          ? notInArray(
              bookings.bookingDate,
              counts.map((c) => c.date),
            )
          : undefined,
      ),
    )
    .orderBy(asc(bookings.bookingDate), asc(bookings.bookingTime), asc(bookings.id))
    .limit(RANGE_MAX_EVENTS + 1);
  return {
    events: rows.slice(0, RANGE_MAX_EVENTS) as CalendarEvent[],
    counts,
    truncated: rows.length > RANGE_MAX_EVENTS,
  };
}

/** A range's length in days, refused (400) when backwards or longer than RANGE_MAX_DAYS. */
function rangeDays(opts: { start: string; end: string }) {
  if (opts.end <= opts.start) throw new AppError(400, "problem.rangeOrder");
  const days = (Date.parse(opts.end) - Date.parse(opts.start)) / 86_400_000;
  if (days > RANGE_MAX_DAYS) throw new AppError(400, "problem.rangeTooLong", { max: RANGE_MAX_DAYS });
  return days;
}

export async function getBooking(db: Db, businessId: string, id: string): Promise<BookingView | null> {
  const rows = await selectViews(db)
    .where(and(eq(bookings.businessId, businessId), eq(bookings.id, id)))
    .limit(1);
  return rows[0] ? toView(rows[0]) : null;
}

/** What a booking copies from its service: duration (unless given), buffer and price; a name the catalogue lacks takes 60 minutes, no buffer, no price. */
export type Snapshot = { durationMinutes: number; bufferMinutes: number; priceCents: number | null };

export async function snapshotOf(db: Db, businessId: string, service: string, duration?: number): Promise<Snapshot> {
  return snapshotFrom(await serviceByName(db, businessId, service), duration);
}

/** snapshotOf from the catalogue entry already read (serviceQuery in a batch). */
export function snapshotFrom(item: ServiceItem | null, duration?: number): Snapshot {
  const base = item
    ? {
        durationMinutes: item.duration_minutes,
        bufferMinutes: item.buffer_minutes,
        priceCents: item.price === null ? null : Math.round(item.price * 100),
      }
    : DEFAULT_SERVICE_TIME;
  return duration === undefined ? base : { ...base, durationMinutes: duration };
}

/**
 * A booking for a phone that is not yet a client creates the client. One
 * round trip: the client's upsert, the insert (answering the row it wrote)
 * and the member's name go to D1 as one batch. A new booking has no rule
 * messages yet, so there are none to retime (bookingsChanged).
 */
export async function createBooking(
  { db, now }: ServiceContext,
  business: BusinessRef,
  input: BookingInput,
  source: BookingSource = "manual",
  snapshot?: Snapshot,
) {
  const time = snapshot ?? (await snapshotOf(db, business.id, input.service, input.duration_minutes));
  const client = clientUpsert(
    db,
    business.id,
    { name: input.name, phone: input.phone, country: business.country },
    now,
  );
  const memberId = input.member_id ?? null;
  const [, , [found], [row], [member]] = await db.batch([
    ...client.statements,
    db
      .insert(bookings)
      .values({
        id: crypto.randomUUID(),
        businessId: business.id,
        clientId: sql`(${db.select({ id: clients.id }).from(clients).where(client.byPhone)})`,
        service: input.service,
        bookingDate: input.booking_date,
        bookingTime: input.booking_time,
        notes: input.notes,
        status: input.status,
        source,
        ...time,
        memberId,
        createdAt: now,
        updatedAt: now,
      })
      .returning(),
    db
      .select({ name: members.name })
      .from(members)
      .where(and(eq(members.businessId, business.id), eq(members.id, memberId ?? "")))
      .limit(1),
  ]);
  return toView({
    id: row.id,
    client_id: row.clientId,
    client_name: found.name,
    client_phone: found.phone,
    service: row.service,
    booking_date: row.bookingDate,
    booking_time: row.bookingTime,
    notes: row.notes,
    status: row.status as BookingStatus,
    source: row.source as BookingSource,
    duration_minutes: row.durationMinutes,
    price: row.priceCents === null ? null : row.priceCents / 100,
    member_id: row.memberId,
    member_name: member?.name ?? null,
    // Owner confirmation is a hold pointing at the booking: none points at a booking this new.
    awaiting_owner: false,
    time_zone: business.timeZone,
  });
}

/** Edit, move or change the status of a booking. A new service brings its duration (unless one is sent), buffer and price. */
export async function updateBooking(
  { db, env, now }: ServiceContext,
  businessId: string,
  id: string,
  patch: BookingPatchInput,
) {
  const changes: Partial<typeof bookings.$inferInsert> = { updatedAt: now };
  if (patch.duration_minutes !== undefined) changes.durationMinutes = patch.duration_minutes;
  if (patch.service !== undefined) {
    const [current] = await db
      .select({ service: bookings.service })
      .from(bookings)
      .where(and(eq(bookings.businessId, businessId), eq(bookings.id, id)))
      .limit(1);
    if (current && serviceKey(current.service) !== serviceKey(patch.service))
      Object.assign(changes, await snapshotOf(db, businessId, patch.service, patch.duration_minutes));
  }
  if (patch.service !== undefined) changes.service = patch.service;
  if (patch.booking_date !== undefined) changes.bookingDate = patch.booking_date;
  if (patch.booking_time !== undefined) changes.bookingTime = patch.booking_time;
  if (patch.notes !== undefined) changes.notes = patch.notes;
  if (patch.status !== undefined) changes.status = patch.status;
  if (patch.member_id !== undefined) changes.memberId = patch.member_id;
  const updated = await db
    .update(bookings)
    .set(changes)
    .where(and(eq(bookings.businessId, businessId), eq(bookings.id, id)))
    .returning({ id: bookings.id });
  if (updated.length === 0) throw new AppError(404, "bookings.err.notFound");
  await bookingsChanged(env, [id], now);
  // Cancelled by the owner (the app, the API) while still ahead: its time is offered again.
  if (patch.status === "cancelled") await bookingCancelled(env, db, businessId, id, now);
  return (await getBooking(db, businessId, id))!;
}

/** Deletes a booking; its pending rule messages go with it (cascade). */
export async function deleteBooking({ db, env, now }: ServiceContext, businessId: string, id: string) {
  const deleted = await db
    .delete(bookings)
    .where(and(eq(bookings.businessId, businessId), eq(bookings.id, id)))
    .returning({ id: bookings.id });
  if (deleted.length === 0) throw new AppError(404, "bookings.err.notFound");
  await bookingsChanged(env, [id], now);
}
