// A new rule: the body of POST /api/rules/create (the spec's field names) and
// of the Rules tab's "create" post, and the schedule it asks for. Messages are
// dictionary keys, checked in the order the API has always answered them:
// the body's fields first, then the schedule (scheduleFromInput). Lengths
// and types without a message of their own get the generic ones
// ("clients is too long.", "services has the wrong type.").
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import { addDays, isRealDate, isTimeOfDay } from "~/utils/dates";
import { fail, succeed, type Result } from "~/utils/problem";
import {
  CUSTOM_DAYS_MAX,
  CUSTOM_DAYS_MIN,
  DUE_FALLBACK_DAYS,
  PRESET_DAYS,
  type RuleType,
  type Schedule,
} from "~/services/rules/schedule";
import { says } from "./parse";

const MAX_RULE_CLIENTS = 500;
const MAX_TEMPLATE = 2000;

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => z.union([text(max), z.null()]).optional();

const ClientSchema = z.object({
  booking_id: z
    .union([z.string(), z.number()], {
      error: (issue) => (issue.input === undefined ? "rules.err.bookingIdRequired" : "rules.err.bookingIdText"),
    })
    .transform(String)
    .pipe(z.string().trim().min(1, says("rules.err.bookingIdRequired")).max(100)),
  sender_name: optionalText(200),
  sender_number: optionalText(40),
  service: optionalText(200),
  booking_date: optionalText(20),
  booking_time: optionalText(20),
});

export const CreateRuleSchema = z.object({
  type: z.enum(["followup", "reminder"], says("rules.err.typeOneOf")),
  services: z
    .array(z.string().trim().min(1, says("rules.err.serviceEmpty")).max(200))
    .min(1, says("rules.err.servicesRequired"))
    .max(100),
  template: text(MAX_TEMPLATE).refine((s) => s.trim().length > 0, says("rules.err.templateEmpty")),
  schedule_type: z.enum(["preset", "custom", "due"], says("rules.err.scheduleTypeOneOf")),
  schedule_value: z.union([text(10), z.number(), z.null()]).optional(),
  customDate: optionalText(20),
  customTime: optionalText(20),
  ask_confirmation: z.boolean().nullish(),
  clients: z.array(ClientSchema).min(1, says("rules.err.clientsRequired")).max(MAX_RULE_CLIENTS),
});
export type CreateRuleInput = z.output<typeof CreateRuleSchema>;

/**
 * The Rules tab posts a form (screens accept only forms): the lists as
 * repeated fields (`services`, `booking_id`), the switch as "true"/"false".
 * This turns it into the API's body, checked by the same schema.
 */
export function ruleBodyFromForm(form: FormData) {
  const one = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const ask = one("ask_confirmation");
  return {
    type: one("type"),
    services: form.getAll("services").filter((s): s is string => typeof s === "string"),
    template: one("template"),
    schedule_type: one("schedule_type"),
    schedule_value: one("schedule_value") ?? null,
    customDate: one("customDate") ?? null,
    customTime: one("customTime") ?? null,
    ask_confirmation: ask === "true" ? true : ask === "false" ? false : null,
    clients: form
      .getAll("booking_id")
      .filter((s): s is string => typeof s === "string")
      .map((booking_id) => ({ booking_id })),
  };
}

function daysOf(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(String(value).trim());
  return Number.isInteger(n) ? n : NaN;
}

/**
 * The schedule the owner chose, or the problem with it. `today` is the
 * business's local date: a custom date may not be before it (one day of
 * slack for a browser in a zone behind the business's).
 */
export function scheduleFromInput(input: CreateRuleInput, today: string): Result<Schedule> {
  const type: RuleType = input.type;
  const days = daysOf(input.schedule_value);
  if (input.schedule_type === "due") {
    // A follow-up at the client's own interval; schedule_value, when given, is the days for a client without one.
    if (type !== "followup") return fail("rules.err.dueFollowupOnly");
    if (days === null) return succeed({ days: DUE_FALLBACK_DAYS, due: true });
    if (!(days >= CUSTOM_DAYS_MIN && days <= CUSTOM_DAYS_MAX))
      return fail("rules.err.daysRange", { min: CUSTOM_DAYS_MIN, max: CUSTOM_DAYS_MAX });
    return succeed({ days, due: true });
  }
  if (input.schedule_type === "preset") {
    if (days !== null && PRESET_DAYS[type].includes(days)) return succeed({ days });
    return fail(type === "followup" ? "rules.err.presetAfter" : "rules.err.presetBefore", {
      list: PRESET_DAYS[type].join(", "),
    });
  }
  const date = input.customDate?.trim() || "";
  const time = input.customTime?.trim() || "";
  if (date || time) {
    if (!date || !time) return fail("rules.err.customBoth");
    if (!isRealDate(date)) return fail("rules.err.customDate");
    if (!isTimeOfDay(time, { seconds: true })) return fail("rules.err.customTime");
    if (date < addDays(today, -1)) return fail("rules.err.customPast");
    return succeed({ date, time: time.slice(0, 5) });
  }
  if (days === null) return fail("rules.err.scheduleMissing");
  if (!(days >= CUSTOM_DAYS_MIN && days <= CUSTOM_DAYS_MAX))
    return fail("rules.err.daysRange", { min: CUSTOM_DAYS_MIN, max: CUSTOM_DAYS_MAX });
  return succeed({ days });
}
