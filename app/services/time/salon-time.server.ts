// The salon's time as the owner sets it (working hours, the slot grid, the
// notice, time off) and the free start times it leaves: the thin server layer
// over the pure modules. The API, the Settings screen and Add Booking's free
// times all call these; none computes free time on its own.
import { and, eq, sql } from "drizzle-orm";
import { schema, type Db } from "~db";
import { AppError } from "~/utils/problem";
import { addDays } from "~/utils/dates";
import { localDate } from "~/utils/time-zone";
import { serviceKey } from "~/utils/service-name";
import { MAX_TIME_OFF_ROWS, type SalonTimePatch, type TimeOffInput } from "~/validation/hours";
import { doesService, listTeam, type MemberView } from "~/services/team/team.server";
import { busyTimings, timeOffBetween, timeOffOf } from "./facts.server";
import { dayClock, freeSlots, type Slot } from "./free-slots";
import { normalizeHours, readHours } from "./hours";
import { isTimeOff, occupiedSpan, weekdayOf, type Span, type WorkingHours } from "./span";

type Business = typeof schema.businesses.$inferSelect;
export type SalonTimeBusiness = Pick<
  Business,
  "id" | "timeZone" | "workingHours" | "slotStepMinutes" | "minNoticeMinutes"
>;

export type SalonTimeSettings = { working_hours: WorkingHours; slot_step_minutes: number; min_notice_minutes: number };

export function salonTimeOf(
  business: Pick<Business, "workingHours" | "slotStepMinutes" | "minNoticeMinutes">,
): SalonTimeSettings {
  return {
    working_hours: readHours(business.workingHours),
    slot_step_minutes: business.slotStepMinutes,
    min_notice_minutes: business.minNoticeMinutes,
  };
}

/** Saves what was sent (checked by SalonTimePatch); days left out of working_hours keep their intervals. */
export async function updateSalonTime(
  db: Db,
  business: SalonTimeBusiness,
  patch: SalonTimePatch,
): Promise<SalonTimeSettings> {
  const current = salonTimeOf(business);
  const next: SalonTimeSettings = {
    working_hours: patch.working_hours
      ? normalizeHours({ ...current.working_hours, ...patch.working_hours })
      : current.working_hours,
    slot_step_minutes: patch.slot_step_minutes ?? current.slot_step_minutes,
    min_notice_minutes: patch.min_notice_minutes ?? current.min_notice_minutes,
  };
  if (patch.working_hours || patch.slot_step_minutes !== undefined || patch.min_notice_minutes !== undefined) {
    await db
      .update(schema.businesses)
      .set({
        workingHours: next.working_hours,
        slotStepMinutes: next.slot_step_minutes,
        minNoticeMinutes: next.min_notice_minutes,
      })
      .where(eq(schema.businesses.id, business.id));
  }
  return next;
}

/** member_id null: the whole business is closed. */
export type TimeOffItem = { id: string; date_from: string; date_to: string; note: string; member_id: string | null };

export async function listTimeOff(db: Db, businessId: string): Promise<TimeOffItem[]> {
  const t = schema.timeOff;
  const rows = await db
    .select({ id: t.id, date_from: t.dateFrom, date_to: t.dateTo, note: t.note, member_id: t.memberId })
    .from(t)
    .where(eq(t.businessId, businessId))
    .orderBy(t.dateFrom, t.dateTo)
    .limit(MAX_TIME_OFF_ROWS);
  return rows;
}

/**
 * 409 past MAX_TIME_OFF_ROWS; the count and the insert are one statement, so
 * two adds cannot both pass the limit. A member's day off names one of the
 * business's members (404 otherwise, checked in the same statement).
 */
export async function addTimeOff(db: Db, businessId: string, input: TimeOffInput, now: number): Promise<TimeOffItem> {
  const id = crypto.randomUUID();
  const memberId = input.member_id ?? null;
  const inserted = await db.run(
    sql`INSERT INTO time_off (id, business_id, date_from, date_to, note, member_id, created_at)
        SELECT ${id}, ${businessId}, ${input.date_from}, ${input.date_to}, ${input.note}, ${memberId}, ${now}
        WHERE (SELECT count(*) FROM time_off WHERE business_id = ${businessId}) < ${MAX_TIME_OFF_ROWS}
          AND (${memberId} IS NULL OR EXISTS (SELECT 1 FROM members WHERE id = ${memberId} AND business_id = ${businessId}))`,
  );
  if (!inserted.meta.changes) {
    if (memberId) {
      const m = schema.members;
      const [found] = await db
        .select({ id: m.id })
        .from(m)
        .where(and(eq(m.businessId, businessId), eq(m.id, memberId)))
        .limit(1);
      if (!found) throw new AppError(404, "team.err.notFound");
    }
    throw new AppError(409, "hours.err.tooManyOff", { max: MAX_TIME_OFF_ROWS });
  }
  return { id, date_from: input.date_from, date_to: input.date_to, note: input.note, member_id: memberId };
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

/** `except`: a booking not counted as busy (the one an edit is moving; not part of the API's query). */
export type AvailabilityAsk = { service: string; from?: string; days: number; member_id?: string; except?: string };
/** A free start time and the members free for it who do the service (in the team's order). */
type TeamSlot = Slot & { member_ids: string[] };
/** `closed`: the dates of the range on which none of the members asked about works (no hours, or time off). */
export type Availability = { time_zone: string; from: string; days: number; slots: TeamSlot[]; closed: string[] };

/**
 * Free start times for a service over local days from..from+days-1, member by
 * member (each with their own hours, time off and bookings): a time is listed
 * when at least one member who does the service is free for it (only
 * `member_id` when asked). 404 "Service not found." for a name not in the
 * catalogue, "Team member not found." for a member not the business's.
 */
export async function availability(
  db: Db,
  business: SalonTimeBusiness,
  ask: AvailabilityAsk,
  now: number,
): Promise<Availability> {
  const zone = business.timeZone;
  const from = ask.from ?? localDate(now, zone);
  const to = addDays(from, ask.days - 1);
  const s = schema.services;
  // The service, the team, the bookings (a day either side: a late booking can run into the first day) and the time off, together.
  const [services, team, busy, off] = await Promise.all([
    db
      .select({ durationMinutes: s.durationMinutes, bufferMinutes: s.bufferMinutes })
      .from(s)
      .where(and(eq(s.businessId, business.id), eq(s.nameKey, serviceKey(ask.service))))
      .limit(1),
    listTeam(db, business),
    busyTimings(db, business.id, addDays(from, -1), addDays(to, 1), ask.except),
    timeOffBetween(db, business.id, from, to),
  ]);
  const service = services[0];
  if (!service) throw new AppError(404, "sync.err.notFound");
  let members: MemberView[];
  if (ask.member_id !== undefined) {
    const chosen = team.find((t) => t.id === ask.member_id);
    if (!chosen) throw new AppError(404, "team.err.notFound");
    members = doesService(chosen, ask.service) ? [chosen] : [];
  } else {
    // A service nobody lists is anyone's, as when booking (overlaps.server's placeBooking).
    const doing = team.filter((t) => doesService(t, ask.service));
    members = doing.length ? doing : team;
  }
  const settings = salonTimeOf(business);
  const clock = dayClock(zone);
  const spans = new Map<string, Span[]>();
  for (const b of busy) {
    if (!b.memberId) continue; // unassigned: nobody's chair
    const list = spans.get(b.memberId) ?? [];
    list.push(occupiedSpan(b, zone, clock.instant));
    spans.set(b.memberId, list);
  }
  const byTime = new Map<string, TeamSlot>();
  for (const member of members) {
    const found = freeSlots({
      from,
      days: ask.days,
      hours: member.working_hours,
      timeOff: timeOffOf(off, member.id),
      busy: spans.get(member.id) ?? [],
      durationMinutes: service.durationMinutes,
      bufferMinutes: service.bufferMinutes,
      stepMinutes: settings.slot_step_minutes,
      noticeMinutes: settings.min_notice_minutes,
      now,
      timeZone: zone,
    });
    for (const slot of found) {
      const key = `${slot.date} ${slot.time}`;
      const seen = byTime.get(key);
      if (seen) seen.member_ids.push(member.id);
      else byTime.set(key, { ...slot, member_ids: [member.id] });
    }
  }
  const slots =
    members.length > 1
      ? [...byTime.values()].sort((a, b) =>
          a.date === b.date ? a.time.localeCompare(b.time) : a.date.localeCompare(b.date),
        )
      : [...byTime.values()];
  const dates = Array.from({ length: ask.days }, (_, i) => addDays(from, i));
  const worksOn = (member: MemberView, d: string) =>
    !isTimeOff(timeOffOf(off, member.id), d) && Boolean(member.working_hours[String(weekdayOf(d))]?.length);
  const closed = dates.filter((d) => !members.some((member) => worksOn(member, d)));
  return { time_zone: zone, from, days: ask.days, slots, closed };
}
