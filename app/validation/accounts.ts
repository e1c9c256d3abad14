// Accounts and settings: one schema per form and API body. Where the spec
// gives an order across fields (registration, reset, password change, the
// settings), the fields only trim and default and `inOrder` lists the checks
// in that order, so the first problem is the spec's first error. Every
// message is a dictionary key. Client-safe: the forms run these in the browser.
import "./zod-setup"; // first: before this file builds a schema
import { z } from "zod";
import { resolveCountry } from "~/services/countries";
import { RETENTION_DAYS } from "~/services/retention";
import { isTimeOfDay } from "~/utils/dates";
import { isValidTimeZone } from "~/utils/time-zone";
import { requiredText } from "./fields";
import { inOrder, says, type OrderedCheck } from "./parse";

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PASSWORD_MIN = 6;
export const ACCOUNT_LIMITS = {
  name: 200,
  business: 200,
  city: 100,
  email: 254,
  password: 200,
  phone: 20,
  code: 6,
} as const;
export const PAUSE_SECONDS = { min: 10, max: 120 } as const;
/** What one text field may carry before any rule reads it; beyond it the API names the field. */
const RAW_MAX = 1000;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// The building blocks: text fields of an ordered form only trim and default.
const text = () => z.string().max(RAW_MAX).trim().default("");
const optional = () => z.string().max(RAW_MAX).trim().optional();
/** Passwords are taken exactly as typed (never trimmed). */
const secret = () => z.string().max(RAW_MAX).default("");
const flag = () => z.boolean().default(false);

const filled = (value: string | undefined) => value !== undefined && value.length > 0;
const blank = (value: string | undefined) => value !== undefined && value.length === 0;
const longer = (value: string | undefined, max: number) => value !== undefined && value.length > max;
const digitsOnly = (value: string) => /^\d+$/.test(value);

/** An e-mail address on its own (forgot password, a new code): required, then the pattern. */
function emailText(required: "forgot.required" | "validate.email") {
  return requiredText(required, ACCOUNT_LIMITS.email, "validate.emailPattern").regex(
    EMAIL_PATTERN,
    says("validate.emailPattern"),
  );
}

/** The 6-digit code: required, then six digits. */
const codeText = () =>
  requiredText("verify.required", ACCOUNT_LIMITS.code, "code.format").regex(/^\d{6}$/, says("code.format"));

// ---------------------------------------------------------------- sign-in

/** Login: both fields, one message (the spec's), on each empty field. */
const LoginFields = z.object({ email: text(), password: secret() });
export const LoginSchema = LoginFields.superRefine(
  inOrder<z.output<typeof LoginFields>>([
    { field: "email", fails: (v) => !v.email, key: "login.required" },
    { field: "password", fails: (v) => !v.password, key: "login.required" },
  ]),
);

/** The code step (screens): the code, then the address it was sent to. */
export const VerifyCodeSchema = z.object({ code: codeText(), email: emailText("validate.email") });
/** POST /api/auth/verify names the code `token`. */
export const VerifyBodySchema = z.object({ token: codeText(), email: emailText("validate.email") });

/** Forgot password, and asking for a new code. */
export const EmailOnlySchema = z.object({ email: emailText("forgot.required") });

// ---------------------------------------------------------------- registration

const RegistrationFields = z.object({
  name: text(),
  business_name: text(),
  /** The alpha-2 code the suggestions chose, or what was typed (a full name in English or Hebrew). */
  country: text(),
  country_text: text(),
  phone: text(),
  email: text(),
  password: secret(),
  /** Absent for API clients: the spec's payload has no confirmation. */
  confirm_password: z.string().max(RAW_MAX).optional(),
  city: text(),
  agree_terms: flag(),
  agree_updates: flag(),
  timezone: z.string().max(100).trim().optional(),
});
type RegistrationRaw = z.output<typeof RegistrationFields>;
const countryOf = (v: { country?: string; country_text?: string }) => v.country || v.country_text || "";

const REGISTRATION_ORDER: OrderedCheck<RegistrationRaw>[] = [
  // The spec's list, in its order.
  { field: "name", fails: (v) => !v.name, key: "validate.name" },
  { field: "business_name", fails: (v) => !v.business_name, key: "validate.business" },
  { field: "country", fails: (v) => !countryOf(v), key: "validate.country" },
  { field: "phone", fails: (v) => !v.phone, key: "validate.phone" },
  { field: "email", fails: (v) => !v.email, key: "validate.email" },
  { field: "password", fails: (v) => !v.password, key: "validate.password" },
  { field: "confirm_password", fails: (v) => blank(v.confirm_password), key: "validate.confirm" },
  { field: "email", fails: (v) => !EMAIL_PATTERN.test(v.email), key: "validate.emailPattern" },
  { field: "phone", fails: (v) => !digitsOnly(v.phone), key: "validate.phoneDigits" },
  {
    field: "confirm_password",
    fails: (v) => v.confirm_password !== undefined && v.password !== v.confirm_password,
    key: "validate.mismatch",
  },
  { field: "agree_terms", fails: (v) => !v.agree_terms, key: "validate.terms" },
  // Beyond the spec's list, checked after it so its order stays intact.
  { field: "password", fails: (v) => v.password.length < PASSWORD_MIN, key: "validate.passwordMin" },
  { field: "name", fails: (v) => longer(v.name, ACCOUNT_LIMITS.name), key: "validate.nameLong" },
  {
    field: "business_name",
    fails: (v) => longer(v.business_name, ACCOUNT_LIMITS.business),
    key: "validate.businessLong",
  },
  { field: "city", fails: (v) => longer(v.city, ACCOUNT_LIMITS.city), key: "validate.cityLong" },
  { field: "email", fails: (v) => longer(v.email, ACCOUNT_LIMITS.email), key: "validate.emailLong" },
  { field: "password", fails: (v) => longer(v.password, ACCOUNT_LIMITS.password), key: "validate.passwordLong" },
  { field: "phone", fails: (v) => longer(v.phone, ACCOUNT_LIMITS.phone), key: "validate.phoneLong" },
  { field: "country", fails: (v) => !resolveCountry(countryOf(v)), key: "validate.countryUnknown" },
  { field: "timezone", fails: (v) => filled(v.timezone) && !isValidTimeZone(v.timezone!), key: "validate.timezone" },
];

const toRegistration = (v: RegistrationRaw) => ({
  name: v.name,
  business_name: v.business_name,
  country: resolveCountry(countryOf(v))!,
  phone: v.phone,
  city: v.city,
  email: normalizeEmail(v.email),
  password: v.password,
  agree_terms: v.agree_terms,
  agree_updates: v.agree_updates,
  timezone: v.timezone || "UTC",
});
export type Registration = ReturnType<typeof toRegistration>;

/** POST /api/auth/register: the confirmation is checked only when it is sent. */
export const RegistrationBodySchema = RegistrationFields.superRefine(inOrder(REGISTRATION_ORDER)).transform(
  toRegistration,
);

/** The /register form always has the confirmation field (empty is "must be filled"). */
export const RegistrationFormSchema = RegistrationFields.extend({ confirm_password: secret() })
  .superRefine(inOrder(REGISTRATION_ORDER))
  .transform(toRegistration);

// ---------------------------------------------------------------- passwords

const ResetFields = z.object({
  new_password: secret(),
  confirm_password: z.string().max(RAW_MAX).optional(),
  token: text(),
});
const RESET_ORDER: OrderedCheck<z.output<typeof ResetFields>>[] = [
  { field: "new_password", fails: (v) => !v.new_password, key: "reset.required" },
  {
    field: "confirm_password",
    fails: (v) => v.confirm_password !== undefined && v.new_password !== v.confirm_password,
    key: "validate.mismatch",
  },
  { field: "token", fails: (v) => !v.token, key: "reset.missingToken" },
  { field: "new_password", fails: (v) => v.new_password.length < PASSWORD_MIN, key: "validate.passwordMin" },
  {
    field: "new_password",
    fails: (v) => longer(v.new_password, ACCOUNT_LIMITS.password),
    key: "validate.passwordLong",
  },
];
/** The reset screen: new password, its confirmation, then the token from the link. */
export const ResetFormSchema = ResetFields.extend({ confirm_password: secret() }).superRefine(inOrder(RESET_ORDER));
/** POST /api/auth/reset-password: the body's new_password with the link's token (the bearer). */
export const ResetBodySchema = ResetFields.superRefine(inOrder(RESET_ORDER));

const PasswordChangeFields = z.object({
  current_password: secret(),
  new_password: secret(),
  confirm_password: z.string().max(RAW_MAX).optional(),
});
const PASSWORD_CHANGE_ORDER: OrderedCheck<z.output<typeof PasswordChangeFields>>[] = [
  { field: "current_password", fails: (v) => !v.current_password, key: "password.allRequired" },
  { field: "new_password", fails: (v) => !v.new_password, key: "password.allRequired" },
  { field: "confirm_password", fails: (v) => blank(v.confirm_password), key: "password.allRequired" },
  {
    field: "confirm_password",
    fails: (v) => v.confirm_password !== undefined && v.new_password !== v.confirm_password,
    key: "password.mismatch",
  },
  { field: "new_password", fails: (v) => v.new_password.length < PASSWORD_MIN, key: "password.min" },
  {
    field: "new_password",
    fails: (v) => longer(v.new_password, ACCOUNT_LIMITS.password),
    key: "validate.passwordLong",
  },
  {
    field: "current_password",
    fails: (v) => longer(v.current_password, ACCOUNT_LIMITS.password),
    key: "validate.passwordLong",
  },
];
/** Settings' Change Password (three fields). */
export const PasswordChangeFormSchema = PasswordChangeFields.extend({ confirm_password: secret() }).superRefine(
  inOrder(PASSWORD_CHANGE_ORDER),
);
/** POST /api/settings/change-password: current_password and new_password. */
export const PasswordChangeBodySchema = PasswordChangeFields.superRefine(inOrder(PASSWORD_CHANGE_ORDER));

/**
 * Deleting the account: the password, for an account that has one. An
 * account that signs in only with Google confirms with a fresh Google sign-in
 * instead (checked by the server: services/auth/confirm.server.ts).
 */
export function deleteAccountSchema(account: { hasPassword: boolean; email: string }) {
  const Fields = z.object({
    password: z.string().max(1024).optional(),
    confirm_email: z.string().max(320).trim().optional(),
  });
  return Fields.superRefine(
    inOrder<z.output<typeof Fields>>(
      account.hasPassword
        ? [{ field: "password", fails: (v) => !v.password, key: "account.err.passwordRequired" }]
        : [],
    ),
  );
}

/** Confirming with the password (POST /api/calendar-feed {password}); absent for a Google-only account. */
export const ConfirmPasswordSchema = z.object({ password: z.string().max(1024).optional() });

// ---------------------------------------------------------------- settings

/** "30" is 30; anything else ("3e2", "-1", "abc") is NaN and refused by the check. */
const wholeNumber = (value: string) => (/^\s*\d{1,6}\s*$/.test(value) ? Number(value) : Number.NaN);

type ProfileRaw = {
  name?: string;
  email?: string;
  business_name?: string;
  phone?: string;
  city?: string;
  country?: string;
  country_text?: string;
  agree_terms?: boolean;
  agree_updates?: boolean;
  timezone?: string;
  send_time?: string;
  message_retention_days?: number;
};

/** The profile's checks in the registration form's order and words; only the fields that were sent. */
function profileOrder(accountEmail: string): OrderedCheck<ProfileRaw>[] {
  return [
    {
      field: "email",
      fails: (v) => v.email !== undefined && normalizeEmail(v.email) !== accountEmail,
      key: "settings.emailFixed",
    },
    { field: "name", fails: (v) => blank(v.name), key: "validate.name" },
    { field: "business_name", fails: (v) => blank(v.business_name), key: "validate.business" },
    { field: "country", fails: (v) => v.country !== undefined && !countryOf(v), key: "validate.country" },
    {
      field: "country",
      fails: (v) => v.country !== undefined && !resolveCountry(countryOf(v)),
      key: "validate.countryUnknown",
    },
    { field: "phone", fails: (v) => blank(v.phone), key: "validate.phone" },
    { field: "phone", fails: (v) => v.phone !== undefined && !digitsOnly(v.phone), key: "validate.phoneDigits" },
    { field: "name", fails: (v) => longer(v.name, ACCOUNT_LIMITS.name), key: "validate.nameLong" },
    {
      field: "business_name",
      fails: (v) => longer(v.business_name, ACCOUNT_LIMITS.business),
      key: "validate.businessLong",
    },
    { field: "city", fails: (v) => longer(v.city, ACCOUNT_LIMITS.city), key: "validate.cityLong" },
    { field: "phone", fails: (v) => longer(v.phone, ACCOUNT_LIMITS.phone), key: "validate.phoneLong" },
    {
      field: "timezone",
      fails: (v) => v.timezone !== undefined && (v.timezone.length > 100 || !isValidTimeZone(v.timezone)),
      key: "validate.timezone",
    },
    {
      field: "send_time",
      fails: (v) => v.send_time !== undefined && !isTimeOfDay(v.send_time),
      key: "settings.badSendTime",
    },
    {
      field: "message_retention_days",
      key: "settings.badRetention",
      fails: (v) => {
        const days = v.message_retention_days;
        return (
          days !== undefined && (!Number.isInteger(days) || days < RETENTION_DAYS.min || days > RETENTION_DAYS.max)
        );
      },
    },
  ];
}

/** What the settings service stores: checked values, the country as its alpha-2 code. */
function toProfilePatch(v: ProfileRaw) {
  const { country_text: _typed, email: _unchanged, ...patch } = v;
  return { ...patch, country: v.country === undefined ? undefined : resolveCountry(countryOf(v))! };
}
export type SettingsPatch = ReturnType<typeof toProfilePatch>;

/** Settings' profile form: every field is posted (the checkboxes off when absent); the e-mail only to be refused if changed. */
export function profileFormSchema(accountEmail: string) {
  const Fields = z.object({
    name: text(),
    email: optional(),
    business_name: text(),
    phone: text(),
    city: text(),
    country: text(),
    country_text: text(),
    agree_terms: flag(),
    agree_updates: flag(),
    timezone: optional(),
    send_time: optional(),
    message_retention_days: optional().transform((days) =>
      days === undefined || days === "" ? undefined : wholeNumber(days),
    ),
  });
  return Fields.superRefine(inOrder<z.output<typeof Fields>>(profileOrder(normalizeEmail(accountEmail)))).transform(
    toProfilePatch,
  );
}

type MessagingRaw = {
  message_language?: string;
  pause_between_messages?: number | string;
  quiet_hours_start?: string;
  quiet_hours_end?: string;
};

const pauseOf = (raw: number | string) =>
  typeof raw === "number" ? raw : raw.trim() === "" ? Number.NaN : Number(raw.trim());

const MESSAGING_ORDER: OrderedCheck<MessagingRaw>[] = [
  {
    field: "message_language",
    fails: (v) => v.message_language !== undefined && v.message_language !== "en" && v.message_language !== "he",
    key: "messaging.err.language",
  },
  {
    field: "pause_between_messages",
    key: "messaging.err.pause",
    fails: (v) => {
      if (v.pause_between_messages === undefined) return false;
      const n = pauseOf(v.pause_between_messages);
      return !Number.isInteger(n) || n < PAUSE_SECONDS.min || n > PAUSE_SECONDS.max;
    },
  },
  {
    field: "quiet_hours_start",
    fails: (v) => v.quiet_hours_start !== undefined && !isTimeOfDay(v.quiet_hours_start),
    key: "messaging.err.quiet",
  },
  {
    field: "quiet_hours_end",
    fails: (v) => v.quiet_hours_end !== undefined && !isTimeOfDay(v.quiet_hours_end),
    key: "messaging.err.quiet",
  },
];

const toMessagingPatch = (v: MessagingRaw) => ({
  message_language: v.message_language as "en" | "he" | undefined,
  pause_between_messages: v.pause_between_messages === undefined ? undefined : pauseOf(v.pause_between_messages),
  quiet_hours_start: v.quiet_hours_start,
  quiet_hours_end: v.quiet_hours_end,
});
export type MessagingPatch = ReturnType<typeof toMessagingPatch>;

/** Settings' WhatsApp messages form: all four fields (an empty one is refused). */
const MessagingFormFields = z.object({
  message_language: text(),
  pause_between_messages: text(),
  quiet_hours_start: text(),
  quiet_hours_end: text(),
});
export const MessagingFormSchema = MessagingFormFields.superRefine(inOrder<MessagingRaw>(MESSAGING_ORDER)).transform(
  toMessagingPatch,
);

/**
 * PATCH /api/settings: any subset of the profile and message settings. The
 * message settings are checked first, and nothing is saved unless all pass.
 */
export function settingsPatchSchema(accountEmail: string) {
  const Fields = z.object({
    name: optional(),
    email: optional(),
    business_name: optional(),
    phone: optional(),
    city: optional(),
    country: optional(),
    agree_terms: z.boolean().optional(),
    agree_updates: z.boolean().optional(),
    timezone: optional(),
    send_time: optional(),
    message_retention_days: z.number().optional(),
    message_language: z.string().max(10).trim().optional(),
    pause_between_messages: z.union([z.number(), z.string().max(10)]).optional(),
    quiet_hours_start: z.string().max(10).trim().optional(),
    quiet_hours_end: z.string().max(10).trim().optional(),
    proposals_enabled: z.boolean(says("push.err.switch")).optional(),
  });
  type Raw = z.output<typeof Fields>;
  return Fields.superRefine(
    inOrder<Raw>([...MESSAGING_ORDER, ...profileOrder(normalizeEmail(accountEmail))]),
  ).transform((v) => {
    const {
      message_language,
      pause_between_messages,
      quiet_hours_start,
      quiet_hours_end,
      proposals_enabled,
      ...profile
    } = v;
    return {
      profile: toProfilePatch(profile),
      messaging: toMessagingPatch({ message_language, pause_between_messages, quiet_hours_start, quiet_hours_end }),
      proposalsEnabled: proposals_enabled,
    };
  });
}
