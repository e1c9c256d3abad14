// Number safety's settings: the daily budget of business-started messages and
// the switch that pauses every automatic message.
import { z } from "zod";
import { says } from "./parse";

export const DAILY_BUDGET = { min: 1, max: 500, default: 50 } as const;

const budget = z
  .number(says("safety.err.budget"))
  .int(says("safety.err.budget"))
  .min(DAILY_BUDGET.min, says("safety.err.budget"))
  .max(DAILY_BUDGET.max, says("safety.err.budget"));

/** PATCH /api/settings: `daily_message_budget` and `paused`, when sent. */
export const SafetyPatch = z.object({
  daily_message_budget: budget.optional(),
  paused: z.boolean(says("safety.err.paused")).optional(),
});
export type SafetyPatchInput = z.output<typeof SafetyPatch>;

/** Settings' "Number safety" form: the budget as typed. */
export const SafetyBudgetForm = z.object({
  daily_message_budget: z
    .string(says("safety.err.budget"))
    .trim()
    .regex(/^\d{1,3}$/, says("safety.err.budget"))
    .transform(Number)
    .pipe(budget),
});

/** The Connect tab's switch. */
export const PauseSwitchForm = z
  .object({ paused: z.enum(["on", "off"], says("safety.err.paused")) })
  .transform((v) => ({ paused: v.paused === "on" }));
