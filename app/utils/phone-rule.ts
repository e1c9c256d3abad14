// The spec's input rule for phone numbers, without the numbering metadata, so
// forms can check it in the browser cheaply. app/utils/phone.ts normalizes.

export const PHONE_MIN_LENGTH = 6;
export const PHONE_MAX_LENGTH = 20;
export const PHONE_RULE_MESSAGE = "Phone must contain digits (optionally starts with +)";
export const PHONE_TOO_LONG_MESSAGE = "Phone number is too long.";

// Spaces, dashes, dots, brackets and direction marks people paste between digit groups.
const SEPARATORS = /[\s\-.()\u200e\u200f\u202a-\u202e]/g;

export function cleanPhoneInput(input: string): string {
  return input.trim().replace(SEPARATORS, "");
}

/** Digits with an optional leading +, at least 6 characters (separators aside); null when it passes. */
export function checkPhoneInput(input: string): string | null {
  const cleaned = cleanPhoneInput(input);
  if (cleaned.length > PHONE_MAX_LENGTH) return PHONE_TOO_LONG_MESSAGE;
  if (cleaned.length < PHONE_MIN_LENGTH || !/^\+?\d+$/.test(cleaned)) return PHONE_RULE_MESSAGE;
  return null;
}
