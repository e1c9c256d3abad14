// The salon's time as the owner sets it (working hours, the slot grid, the
// notice, time off) and the free start times it leaves: the thin server layer
// over the pure modules. The API, the Settings screen and Add Booking's free
// times all call these; none computes free time on its own.
import { and, eq, sql } from "drizzle-orm";
import { schema, type Db } from "../../../db";
import { AppError } from "~/utils/problem";
import { addDays } from "~/utils/dates";
import { localDate } from "~/utils/time-zone";
import { serviceKey } from "~/utils/service-name";
import { MAX_TIME_OFF_ROWS, type SalonTimePatch, type TimeOffInput } from "~/validation/hours";
import { busyTimings, timeOffBetween } from "./facts.server";
import { dayClock, freeSlots, type Slot } from "./free-slots";
import { normalizeHours, readHours } from "./hours";
import { isTimeOff, occupiedSpan, weekdayOf, type WorkingHours } from "./span";

type Business = typeof schema.businesses.$inferSelect;
export type SalonTimeBusiness = Pick<Business, "id" | "timeZone" | "workingHours" | "slotStepMinutes" | "minNoticeMinutes">;

export type SalonTimeSettings = { working_hours: WorkingHours; slot_step_minutes: number; min_notice_minutes: number };

export function salonTimeOf(business: Pick<Business, "workingHours" | "slotStepMinutes" | "minNoticeMinutes">): SalonTimeSettings {
  return { working_hours: readHours(business.workingHours), slot_step_minutes: business.slotStepMinutes, min_notice_minutes: business.minNoticeMinutes };
}

/** Saves what was sent (checked by SalonTimePatch); days left out of working_hours keep their intervals. */
export async function updateSalonTime(db: Db, business: SalonTimeBusiness, patch: SalonTimePatch): Promise<SalonTimeSettings> {
  const current = salonTimeOf(business);
  const next: SalonTimeSettings = {
    working_hours: patch.working_hours ? normalizeHours({ ...current.working_hours, ...patch.working_hours }) : current.working_hours,
    slot_step_minutes: patch.slot_step_minutes ?? current.slot_step_minutes,
    min_notice_minutes: patch.min_notice_minutes ?? current.min_notice_minutes,
  };
  if (patch.working_hours || patch.slot_step_minutes !== undefined || patch.min_notice_minutes !== undefined) {
    await db
      .update(schema.businesses)
      .set({ workingHours: next.working_hours, slotStepMinutes: next.slot_step_minutes, minNoticeMinutes: next.min_notice_minutes })
      .where(eq(schema.businesses.id, business.id));
  }
  return next;
}

export type TimeOffItem = { id: string; date_from: string; date_to: string; note: string };

export async function listTimeOff(db: Db, businessId: string): Promise<TimeOffItem[]> {
  const t = schema.timeOff;
  const rows = await db
    .select({ id: t.id, date_from: t.dateFrom, date_to: t.dateTo, note: t.note })
    .from(t)
    .where(eq(t.businessId, businessId))
    .orderBy(t.dateFrom, t.dateTo)
    .limit(MAX_TIME_OFF_ROWS);
  return rows;
}

/** 409 past MAX_TIME_OFF_ROWS; the count and the insert are one statement, so two adds cannot both pass the limit. */
export async function addTimeOff(db: Db, businessId: string, input: TimeOffInput, now: number): Promise<TimeOffItem> {
  const id = crypto.randomUUID();
  const inserted = await db.run(
    sql`INSERT INTO time_off (id, business_id, date_from, date_to, note, created_at)
        SELECT ${id}, ${businessId}, ${input.date_from}, ${input.date_to}, ${input.note}, ${now}
        WHERE (SELECT count(*) FROM time_off WHERE business_id = ${businessId}) < ${MAX_TIME_OFF_ROWS}`,
  );
  if (!inserted.meta.changes) throw new AppError(409, "hours.err.tooManyOff", { max: MAX_TIME_OFF_ROWS });
  return { id, date_from: input.date_from, date_to: input.date_to, note: input.note };
}

/** 404 for another business's (or no) time off. */
export async function deleteTimeOff(db: Db, businessId: string, id: string): Promise<void> {
  const t = schema.timeOff;
  const gone = await db
    .delete(t)
    .where(and(eq(t.id, id), eq(t.businessId, businessId)))
    .returning({ id: t.id });
  if (!gone.length) throw new AppError(404, "hours.err.notFound");
}

export type AvailabilityAsk = { service: string; from?: string; days: number };
/** `closed`: the dates of the range with no working hours or on time off. */
export type Availability = { time_zone: string; from: string; days: number; slots: Slot[]; closed: string[] };

/** Free start times for a service over local days from..from+days-1: 404 "Service not found." for a name not in the catalogue. */
export async function availability(db: Db, business: SalonTimeBusiness, ask: AvailabilityAsk, now: number): Promise<Availability> {
  const zone = business.timeZone;
  const from = ask.from ?? localDate(now, zone);
  const to = addDays(from, ask.days - 1);
  const s = schema.services;
  // The service, the bookings (a day either side: a late booking can run into the first day) and the time off, together.
  const [services, busy, off] = await Promise.all([
    db
      .select({ durationMinutes: s.durationMinutes, bufferMinutes: s.bufferMinutes })
      .from(s)
      .where(and(eq(s.businessId, business.id), eq(s.nameKey, serviceKey(ask.service))))
      .limit(1),
    busyTimings(db, business.id, addDays(from, -1), addDays(to, 1)),
    timeOffBetween(db, business.id, from, to),
  ]);
  const service = services[0];
  if (!service) throw new AppError(404, "sync.err.notFound");
  const settings = salonTimeOf(business);
  const clock = dayClock(zone);
  const slots = freeSlots({
    from,
    days: ask.days,
    hours: settings.working_hours,
    timeOff: off,
    busy: busy.map((b) => occupiedSpan(b, zone, clock.instant)),
    durationMinutes: service.durationMinutes,
    bufferMinutes: service.bufferMinutes,
    stepMinutes: settings.slot_step_minutes,
    noticeMinutes: settings.min_notice_minutes,
    now,
    timeZone: zone,
  });
  const dates = Array.from({ length: ask.days }, (_, i) => addDays(from, i));
  const closed = dates.filter((d) => isTimeOff(off, d) || !settings.working_hours[String(weekdayOf(d))]?.length);
  return { time_zone: zone, from, days: ask.days, slots, closed };
}
