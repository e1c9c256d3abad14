// Field schemas the forms and API bodies are built from. Every message is a
// dictionary key; each form's schema picks the keys its spec text needs.
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import type { MessageKey } from "~/i18n";
import { isRealDate, readTimeOfDay, type TimeOfDayInput } from "~/utils/dates";
import { checkPhoneInput } from "~/utils/phone-rule";
import { says } from "./parse";

/** Text that must be filled in: absent, non-text or blank is `required`; longer than `max` is `tooLong`. */
export function requiredText(required: MessageKey, max: number, tooLong: MessageKey = "problem.textTooLong") {
  return z.string(says(required)).trim().min(1, says(required)).max(max, says(tooLong));
}

/** Text that may be left out; absent becomes "". */
export function optionalText(max: number, tooLong: MessageKey = "problem.textTooLong") {
  return z
    .string()
    .trim()
    .max(max, says(tooLong))
    .optional()
    .transform((value) => value ?? "");
}

/** YYYY-MM-DD naming a real day. */
export function dateText(required: MessageKey, invalid: MessageKey = "problem.dateFormat") {
  return z.string(says(required)).trim().min(1, says(required)).refine(isRealDate, says(invalid));
}

const TYPED_TIME: TimeOfDayInput = { seconds: true, singleDigitHour: true };

/** HH:MM, H:MM or HH:MM:SS on a 24-hour clock, kept as HH:MM. */
export function timeText(required: MessageKey, invalid: MessageKey = "problem.timeFormat") {
  return z
    .string(says(required))
    .trim()
    .min(1, says(required))
    .refine((value) => readTimeOfDay(value, TYPED_TIME) !== null, says(invalid))
    .transform((value) => readTimeOfDay(value, TYPED_TIME)!);
}

/** The spec's phone rule (digits, optional +), as typed by a person; normalized later by utils/phone.ts. */
export function phoneText(required: MessageKey, rule: MessageKey, tooLong: MessageKey) {
  return z
    .string(says(required))
    .trim()
    .min(1, says(required))
    .superRefine((value, ctx) => {
      const broken = checkPhoneInput(value);
      if (broken) ctx.addIssue({ code: "custom", message: broken === "clients.err.phoneRule" ? rule : tooLong });
    });
}
