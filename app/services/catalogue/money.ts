// Prices and the business's currency. Client-safe: the screens format prices
// with the reader's locale, the API reads and writes them as decimal numbers.
// Prices are stored in hundredths (price_cents) whatever the currency; a
// currency with no minor unit (JPY) is shown rounded by Intl.
import countryToCurrency from "country-to-currency";

/** When the country maps to no currency (or none is set yet). */
export const FALLBACK_CURRENCY = "USD";

/** The business's currency: the one chosen in Settings, else its country's (ILS for IL). */
export function currencyOf(business: { currency: string; country: string }): string {
  if (business.currency) return business.currency;
  return (countryToCurrency as Record<string, string>)[business.country.toUpperCase()] ?? FALLBACK_CURRENCY;
}

/** ISO 4217 codes this runtime knows (Intl's list), so every accepted code can be formatted. */
export function isCurrencyCode(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    return Intl.supportedValuesOf("currency").includes(code);
  } catch {
    return true;
  }
}

/** Every ISO 4217 code this runtime can format (Settings lists them). */
export function currencyCodes(): string[] {
  try {
    return Intl.supportedValuesOf("currency");
  } catch {
    return [];
  }
}

/** Stored hundredths to the API's decimal number (null stays null). */
export const priceOf = (cents: number | null): number | null => (cents === null ? null : cents / 100);

/** The API's decimal number to stored hundredths. */
export const centsOf = (price: number | null): number | null => (price === null ? null : Math.round(price * 100));

/** The locale prices are written in for a screen language. */
export const LOCALES = { en: "en", he: "he" } as const;

/** "₪120.00" / "‏120.00 ₪": a price in the reader's locale. */
export function formatPrice(cents: number | null, currency: string, locale: string): string {
  if (cents === null) return "";
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}
