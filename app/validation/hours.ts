// The salon's time as the owner sets it: working hours, the slot grid and the
// notice (in /api/settings and the Working hours form), time off, and the
// availability query. Every message is a dictionary key (i18n/areas/hours.ts).
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import type { ActionAnswer } from "~/utils/answer";
import { hoursProblem, NOTICE, SLOT_STEP } from "~/services/time/hours";
import type { WorkingHours } from "~/services/time/span";
import { isRealDate } from "~/utils/dates";
import { says } from "./parse";
import { memberId } from "./team";

/** A whole number of minutes within limits; a form sends it as text. */
const minutes = (limits: { min: number; max: number }, key: "hours.err.step" | "hours.err.notice") =>
  z
    .union([z.number(says(key)), z.string(says(key)).max(10, says(key))], says(key))
    .transform((v) => (typeof v === "number" ? v : /^\s*\d{1,6}\s*$/.test(v) ? Number(v) : Number.NaN))
    .refine((n) => Number.isInteger(n) && n >= limits.min && n <= limits.max, says(key));

const workingHours = z.unknown().superRefine((value, ctx) => {
  const found = hoursProblem(value);
  if (found) ctx.addIssue({ code: "custom", message: found.key, params: found.params });
});

/** The salon's time fields of PATCH /api/settings (any subset); days left out of working_hours keep their intervals. */
export const SalonTimePatch = z.object({
  working_hours: workingHours.optional().transform((v) => v as Partial<WorkingHours> | undefined),
  slot_step_minutes: minutes(SLOT_STEP, "hours.err.step").optional(),
  min_notice_minutes: minutes(NOTICE, "hours.err.notice").optional(),
});
export type SalonTimePatch = z.output<typeof SalonTimePatch>;

/** The Working hours form: the week as JSON text (the editor keeps it), the grid and the notice. */
export const HoursForm = z.object({
  working_hours: z
    .string(says("hours.err.shape"))
    .max(4000, says("hours.err.shape"))
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "hours.err.shape" });
        return z.NEVER;
      }
    })
    .pipe(workingHours)
    .transform((v) => v as Partial<WorkingHours>),
  slot_step_minutes: minutes(SLOT_STEP, "hours.err.step"),
  min_notice_minutes: minutes(NOTICE, "hours.err.notice"),
});

const MAX_TIME_OFF_DAYS = 366;
export const MAX_TIME_OFF_ROWS = 500;
const dayCount = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00Z`) - Date.parse(`${from}T00:00Z`)) / 86_400_000) + 1;

/** POST /api/time-off and the Time off form: inclusive dates, a short note. */
export const TimeOffInput = z
  .object({
    date_from: z.string(says("hours.err.dateFrom")).trim().refine(isRealDate, says("hours.err.dateFrom")),
    date_to: z.string(says("hours.err.dateTo")).trim().refine(isRealDate, says("hours.err.dateTo")),
    note: z.string().trim().max(200, says("hours.err.noteLong")).optional().default(""),
    // One member's day off; left out, the whole business's.
    member_id: memberId.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.date_to < v.date_from) ctx.addIssue({ code: "custom", path: ["date_to"], message: "hours.err.backwards" });
    else if (dayCount(v.date_from, v.date_to) > MAX_TIME_OFF_DAYS)
      ctx.addIssue({ code: "custom", path: ["date_to"], message: "hours.err.tooLong" });
  });
export type TimeOffInput = z.output<typeof TimeOffInput>;

const MAX_AVAILABILITY_DAYS = 31;

/** GET /api/availability's query (and the free-times chips'): service, from (default: today), days (default 7). */
export const AvailabilityQuery = z.object({
  service: z
    .string(says("hours.err.service"))
    .trim()
    .min(1, says("hours.err.service"))
    .max(200, says("hours.err.service")),
  from: z.string().trim().refine(isRealDate, says("hours.err.from")).optional(),
  days: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === undefined || v === "" ? 7 : /^\d{1,3}$/.test(v) ? Number(v) : Number.NaN))
    .refine((n) => Number.isInteger(n) && n >= 1 && n <= MAX_AVAILABILITY_DAYS, says("hours.err.days")),
  // Only this member's free times (404 unless the business's).
  member_id: memberId.optional(),
});

/** The Working hours screen's forms, and what its action answers each (a post its check refuses is a 400). */
export type HoursIntent = "hours" | "time-off-add" | "time-off-delete";
export type HoursAnswer = ActionAnswer<HoursIntent | "unknown">;
