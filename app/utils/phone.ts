// Phone numbers are stored once, as E.164 digits without the "+", so the same
// person typed two ways ("054-123-4567", "+972 54 123 4567") is one client and
// matches their WhatsApp chat id ("972541234567@c.us").
import { parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from "libphonenumber-js";
import { checkPhoneInput, cleanPhoneInput, type PhoneProblem } from "./phone-rule";

export { checkPhoneInput, PHONE_MIN_LENGTH, PHONE_MAX_LENGTH } from "./phone-rule";

export type NormalizedPhone = { ok: true; digits: string } | { ok: false; key: PhoneProblem };

function asCountry(code: string | null | undefined): CountryCode | undefined {
  const c = (code ?? "").trim().toUpperCase();
  return /^[A-Z]{2}$/.test(c) ? (c as CountryCode) : undefined;
}

const e164Digits = (p: PhoneNumber) => p.number.slice(1);

/**
 * Normalizes what a person typed (or a WhatsApp number) to E.164 digits.
 * With a "+", the number is international. Without one, a number valid in the
 * business's country wins, then a valid international number written without
 * its "+" (as WhatsApp ids are), then a merely possible national number.
 * A number libphonenumber cannot place is kept as typed (digits only), so
 * nothing a person entered is refused for being unusual.
 */
export function normalizePhone(input: string, defaultCountry?: string | null): NormalizedPhone {
  const problem = checkPhoneInput(input);
  if (problem) return { ok: false, key: problem };
  const cleaned = cleanPhoneInput(input);
  const digits = cleaned.replace(/^\+/, "");
  if (cleaned.startsWith("+")) {
    const intl = parsePhoneNumberFromString(cleaned);
    return { ok: true, digits: intl?.isPossible() ? e164Digits(intl) : digits };
  }
  const country = asCountry(defaultCountry);
  const national = country ? parsePhoneNumberFromString(digits, { defaultCountry: country }) : undefined;
  if (national?.isValid()) return { ok: true, digits: e164Digits(national) };
  const intl = parsePhoneNumberFromString(`+${digits}`);
  if (intl?.isValid()) return { ok: true, digits: e164Digits(intl) };
  if (national?.isPossible()) return { ok: true, digits: e164Digits(national) };
  return { ok: true, digits };
}

/** Stored digits -> "+972 54 123 4567" for display; digits it cannot place are shown as stored. */
export function formatPhone(digits: string): string {
  if (!/^\d+$/.test(digits)) return digits;
  const p = parsePhoneNumberFromString(`+${digits}`);
  return p?.isPossible() ? p.formatInternational() : digits;
}

/** A wa.me link that opens a WhatsApp chat with the number. */
export function whatsappLink(digits: string): string {
  return `https://wa.me/${digits.replace(/\D/g, "")}`;
}
