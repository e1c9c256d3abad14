// The body of POST /api/rules/create (the spec's field names), and how it
// becomes a schedule. Shared by the API route and its tests.
import { isRealDate } from "~/utils/dates";
import { z } from "zod";
import { addDays } from "~/utils/dates";
import { CUSTOM_DAYS_MAX, CUSTOM_DAYS_MIN, PRESET_DAYS, type RuleType, type Schedule } from "./schedule";

export const MAX_RULE_CLIENTS = 500;
export const MAX_TEMPLATE = 2000;

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => z.union([text(max), z.null()]).optional();

const ClientSchema = z.object({
  booking_id: z
    .union([z.string(), z.number()], { error: (iss) => (iss.input === undefined ? "booking_id is required." : "booking_id must be text.") })
    .transform(String)
    .pipe(z.string().trim().min(1, "booking_id is required.").max(100, "booking_id is too long.")),
  sender_name: optionalText(200),
  sender_number: optionalText(40),
  service: optionalText(200),
  booking_date: optionalText(20),
  booking_time: optionalText(20),
});

export const CreateRuleSchema = z.object({
  type: z.enum(["followup", "reminder"], { message: "type must be followup or reminder." }),
  services: z
    .array(z.string().trim().min(1, "A service name is empty.").max(200))
    .min(1, { message: "Choose at least one service." })
    .max(100),
  template: text(MAX_TEMPLATE).refine((s) => s.trim().length > 0, { message: "The message template is empty." }),
  schedule_type: z.enum(["preset", "custom"], { message: "schedule_type must be preset or custom." }),
  schedule_value: z.union([text(10), z.number(), z.null()]).optional(),
  customDate: optionalText(20),
  customTime: optionalText(20),
  ask_confirmation: z.boolean().nullish(),
  clients: z
    .array(ClientSchema)
    .min(1, { message: "Choose at least one client." })
    .max(MAX_RULE_CLIENTS, { message: `A rule can have at most ${MAX_RULE_CLIENTS} clients.` }),
});
export type CreateRuleInput = z.output<typeof CreateRuleSchema>;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::[0-5]\d)?$/;

export function isTime(value: string): boolean {
  return TIME.test(value);
}

function daysOf(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(String(value).trim());
  return Number.isInteger(n) ? n : NaN;
}

/**
 * The schedule the owner chose, or a message saying what is wrong.
 * `today` is the business's local date: a custom date may not be before it
 * (one day of slack for a browser in a zone behind the business's).
 */
export function scheduleFromInput(input: CreateRuleInput, today: string): { schedule: Schedule } | { error: string } {
  const type: RuleType = input.type;
  const days = daysOf(input.schedule_value);
  if (input.schedule_type === "preset") {
    if (days !== null && PRESET_DAYS[type].includes(days)) return { schedule: { days } };
    const list = PRESET_DAYS[type].join(", ");
    return { error: `Choose a preset schedule: ${list} days ${type === "followup" ? "after" : "before"} the appointment.` };
  }
  const date = input.customDate?.trim() || "";
  const time = input.customTime?.trim() || "";
  if (date || time) {
    if (!date || !time) return { error: "A custom schedule needs both a date and a time." };
    if (!isRealDate(date)) return { error: "The custom date must be a real date (YYYY-MM-DD)." };
    if (!isTime(time)) return { error: "The custom time must be HH:mm (24-hour)." };
    if (date < addDays(today, -1)) return { error: "The custom date cannot be in the past." };
    return { schedule: { date, time: time.slice(0, 5) } };
  }
  if (days === null) return { error: "Choose a custom date and time, or a number of days." };
  if (!(days >= CUSTOM_DAYS_MIN && days <= CUSTOM_DAYS_MAX)) {
    return { error: `The number of days must be a whole number from ${CUSTOM_DAYS_MIN} to ${CUSTOM_DAYS_MAX}.` };
  }
  return { schedule: { days } };
}
