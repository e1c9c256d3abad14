// A phone number as files hold it, made into stored digits or a problem a
// person can act on. Files carry every dash and space Unicode has (WhatsApp,
// iPhones and Word copy non-breaking hyphens, en dashes, narrow spaces and
// direction marks), a leading apostrophe (Excel's "keep as text"), "tel:"
// and extensions, and Excel's scientific notation, which has already lost
// digits. A number that does not fit the business's country is flagged, not
// rewritten into that country.
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js";
import { normalizePhone, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH } from "~/utils/phone";
import { problem, type Problem } from "~/utils/problem";

/** Excel shows a long number as 9.72541E+11 and saves it so; the digits after the sixth are gone. */
const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e\+?\d+$/i;
/** Dashes, spaces, invisible marks and the punctuation people put between digit groups. */
const NOISE = /[\p{Pd}\p{Zs}\p{Cf}\s().[\]/\\\u2212]/gu;
const QUOTES = /^['’‘`"“”]+|['’‘`"“”]+$/g;
const EXTENSION = /(?:ext\.?|x|#|שלוחה)\s*\d{1,6}$/i;
/** Digits of other scripts (Arabic-Indic, Persian) as ASCII; fullwidth ones go through NFKC. */
const OTHER_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

export const isScientific = (value: string) => SCIENTIFIC.test(value.trim());

/** The characters of a number a person meant, or the text as it was when it is not a number. */
function cleanNumber(value: string): string {
  return value
    .trim()
    .normalize("NFKC")
    .replace(QUOTES, "")
    .replace(/^tel:/i, "")
    .replace(EXTENSION, "")
    .replace(OTHER_DIGITS, (d) => String(d.charCodeAt(0) & 0xf))
    .replace(NOISE, "");
}

export type Checked = { ok: true; digits: string } | { ok: false; problem: Problem };

/**
 * One cell's number against the business's country. `where` names the
 * column (or the card's TEL line) for the message.
 */
export function checkNumber(value: string, country: string | null | undefined, where: string): Checked {
  const shown = value.trim().slice(0, 40);
  const params = { value: shown, column: where };
  // Nothing longer is a number; and the patterns below then never see a long text.
  if (value.length > 80) return { ok: false, problem: problem("import.err.notNumber", params) };
  if (isScientific(value)) return { ok: false, problem: problem("import.err.excelNumber", params) };
  const cleaned = cleanNumber(value);
  if (!/^\+?\d+$/.test(cleaned) || cleaned.length < PHONE_MIN_LENGTH)
    return { ok: false, problem: problem("import.err.notNumber", params) };
  if (cleaned.length > PHONE_MAX_LENGTH) return { ok: false, problem: problem("import.err.numberTooLong", params) };
  const code = (country ?? "").toUpperCase();
  if (cleaned.startsWith("+") || cleaned.startsWith("00") || !/^[A-Z]{2}$/.test(code)) {
    const normalized = normalizePhone(cleaned.replace(/^00/, "+"), code);
    return normalized.ok
      ? { ok: true, digits: normalized.digits }
      : { ok: false, problem: problem("import.err.notNumber", params) };
  }
  // Without a "+": a number of the business's country, else an international number written without its "+" (as
  // WhatsApp numbers are, 972541234567). Anything else would be rewritten into the wrong country: ask instead.
  const national = parsePhoneNumberFromString(cleaned, { defaultCountry: code as CountryCode });
  if (national?.isValid()) return { ok: true, digits: national.number.slice(1) };
  const international = cleaned.length >= 10 ? parsePhoneNumberFromString(`+${cleaned}`) : undefined;
  if (international?.isValid()) return { ok: true, digits: international.number.slice(1) };
  return { ok: false, problem: problem("import.err.foreignNumber", params) };
}
