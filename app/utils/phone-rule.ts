// The spec's input rule for phone numbers, without the numbering metadata, so
// forms can check it in the browser cheaply. app/utils/phone.ts normalizes.

export const PHONE_MIN_LENGTH = 6;
export const PHONE_MAX_LENGTH = 20;
/** The message keys of the rule's two ways to fail (the screens and the API say them in the reader's language). */
export type PhoneProblem = "clients.err.phoneRule" | "clients.err.phoneTooLong";

// Spaces, dashes, dots, brackets and direction marks people paste between digit groups.
const SEPARATORS = /[\s\-.()\u200e\u200f\u202a-\u202e]/g;

export function cleanPhoneInput(input: string): string {
  return input.trim().replace(SEPARATORS, "");
}

/** Digits with an optional leading +, at least 6 characters (separators aside): null when it passes, else what it breaks. */
export function checkPhoneInput(input: string): PhoneProblem | null {
  const cleaned = cleanPhoneInput(input);
  if (cleaned.length > PHONE_MAX_LENGTH) return "clients.err.phoneTooLong";
  if (cleaned.length < PHONE_MIN_LENGTH || !/^\+?\d+$/.test(cleaned)) return "clients.err.phoneRule";
  return null;
}
