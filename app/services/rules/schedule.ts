// When a rule message goes out, computed in the business's IANA time zone.
// Pure functions: the same code plans at creation and re-plans when a booking moves.
import { bookingInstant, localDate, localTime, zonedInstant } from "~/utils/time-zone";
import { addDays } from "~/utils/dates";
import { storedReason } from "./reasons";

export type RuleType = "followup" | "reminder";

export const PRESET_DAYS: Record<RuleType, readonly number[]> = {
  followup: [15, 30, 60],
  reminder: [1, 2, 3],
};
export const CUSTOM_DAYS_MIN = 1;
export const CUSTOM_DAYS_MAX = 365;

/** Days after the appointment a "when the client is due" follow-up waits for a client with no usual interval yet. */
export const DUE_FALLBACK_DAYS = 30;

/**
 * N days after (follow-up) or before (reminder) the appointment, at the
 * business's send time; or an exact local date and time. `due`: a follow-up
 * sent when the client is due (the appointment plus their usual interval for
 * its service, services/clients/rhythm.ts), else `days` after it.
 */
export type Schedule = { days: number; due?: true } | { date: string; time: string };

export type RuleSchedule = {
  type: RuleType;
  scheduleType: "preset" | "custom" | "due";
  scheduleValue: string;
  customDate: string | null;
  customTime: string | null;
};

export function scheduleOf(rule: RuleSchedule): Schedule {
  if (rule.scheduleType === "custom" && rule.customDate && rule.customTime)
    return { date: rule.customDate, time: rule.customTime };
  if (rule.scheduleType === "due") return { days: Number(rule.scheduleValue) || DUE_FALLBACK_DAYS, due: true };
  return { days: Number(rule.scheduleValue) || 0 };
}

/** A "when due" schedule for one booking: the client's usual interval (null: none yet) or the fallback days. */
export function forBooking(schedule: Schedule, intervalDays: number | null): Schedule {
  if (!("days" in schedule) || !schedule.due) return schedule;
  return { days: intervalDays ?? schedule.days };
}

export type PlanInput = {
  type: RuleType;
  schedule: Schedule;
  booking: { date: string; time: string };
  timeZone: string;
  /** The business's daily send time (HH:MM) for day-count schedules. */
  sendTime: string;
  now: number;
};

export type Plan =
  | { status: "scheduled"; sendDate: string; sendTime: string; sendAt: number; overdue: boolean; moment: number }
  | { status: "cancelled"; sendDate: string; sendTime: string; sendAt: number; reason: string };

// Reasons are stored as keys (reasons.ts): the screen translates them, the API answers their English.
export const REASON_APPOINTMENT_PASSED = storedReason("rules.reason.appointmentPassed");
export const REASON_AFTER_APPOINTMENT = storedReason("rules.reason.afterAppointment");
/** A follow-up whose client already has a later booking is not sent. */
export const REBOOKED_REASON = storedReason("rules.reason.rebooked");

/**
 * The planned moment of one message. A moment that already passed (the rule
 * was made late, or the booking moved) is `overdue`: it goes out at the next
 * run, at `now`. A reminder is never planned at or after its appointment.
 */
export function planMessage(input: PlanInput): Plan {
  const { type, schedule, booking, timeZone, now } = input;
  let date: string;
  let time: string;
  if ("days" in schedule) {
    date = addDays(booking.date, type === "followup" ? schedule.days : -schedule.days);
    time = input.sendTime;
  } else {
    date = schedule.date;
    time = schedule.time;
  }
  const moment = zonedInstant(date, time, timeZone);
  if (type === "reminder") {
    const appointment = bookingInstant(booking.date, booking.time, timeZone);
    if (appointment <= now)
      return { status: "cancelled", sendDate: date, sendTime: time, sendAt: moment, reason: REASON_APPOINTMENT_PASSED };
    if (moment >= appointment)
      return { status: "cancelled", sendDate: date, sendTime: time, sendAt: moment, reason: REASON_AFTER_APPOINTMENT };
  }
  // Shown as the wall clock will read: a time skipped by DST shows where the rule moved it.
  if (moment >= now)
    return {
      status: "scheduled",
      sendDate: localDate(moment, timeZone),
      sendTime: localTime(moment, timeZone),
      sendAt: moment,
      overdue: false,
      moment,
    };
  return {
    status: "scheduled",
    sendDate: localDate(now, timeZone),
    sendTime: localTime(now, timeZone),
    sendAt: now,
    overdue: true,
    moment,
  };
}

/** The English schedule description the API answers (the screen builds its own, translated). */
export function scheduleLabel(type: RuleType, schedule: Schedule): string {
  if (!("days" in schedule)) return `Custom: ${schedule.date} ${schedule.time}`;
  const n = schedule.days;
  if (schedule.due) return `When the client is due (else ${n} ${n === 1 ? "day" : "days"} after appointment)`;
  return `${n} ${n === 1 ? "day" : "days"} ${type === "followup" ? "after" : "before"} appointment`;
}
