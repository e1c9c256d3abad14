// Countries from i18n-iso-countries (ISO 3166-1, maintained upstream) with
// English and Hebrew names. Used by the browser (suggestions) and the server
// (turning what was typed into an alpha-2 code).
import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json";
import he from "i18n-iso-countries/langs/he.json";
import type { Lang } from "~/i18n";

countries.registerLocale(en);
countries.registerLocale(he);

export const SUGGEST_FROM = 2;
export const SUGGEST_MAX = 10;

type Entry = { code: string; name: string; aliases: string[] };

const cache = new Map<Lang, Entry[]>();

function entries(lang: Lang): Entry[] {
  let list = cache.get(lang);
  if (!list) {
    const all = countries.getNames(lang, { select: "all" });
    const collator = new Intl.Collator(lang);
    list = Object.entries(all)
      .map(([code, names]) => ({ code, name: names[0], aliases: names.map((n) => n.toLocaleLowerCase(lang)) }))
      .sort((a, b) => collator.compare(a.name, b.name));
    cache.set(lang, list);
  }
  return list;
}

export type CountryOption = { code: string; name: string };

/** From 2 typed characters: case-insensitive substring matches, names starting with the text first, at most 10. */
export function countrySuggestions(query: string, lang: Lang): CountryOption[] {
  const q = query.trim().toLocaleLowerCase(lang);
  if ([...q].length < SUGGEST_FROM) return [];
  const starts: CountryOption[] = [];
  const contains: CountryOption[] = [];
  for (const e of entries(lang)) {
    if (e.aliases.some((a) => a.startsWith(q))) starts.push({ code: e.code, name: e.name });
    else if (e.aliases.some((a) => a.includes(q))) contains.push({ code: e.code, name: e.name });
  }
  return [...starts, ...contains].slice(0, SUGGEST_MAX);
}

export function countryName(code: string, lang: Lang): string {
  return countries.getName(code, lang) ?? "";
}

/** An alpha-2 code, or a full name (any alias) in English or Hebrew; null when it is no country. */
export function resolveCountry(value: string): string | null {
  const text = value.trim();
  if (!text) return null;
  if (/^[A-Za-z]{2}$/.test(text) && countries.isValid(text.toUpperCase())) return text.toUpperCase();
  for (const lang of ["en", "he"] as const) {
    const lower = text.toLocaleLowerCase(lang);
    const hit = entries(lang).find((e) => e.aliases.includes(lower));
    if (hit) return hit.code;
  }
  return null;
}

export function countryCount(): number {
  return entries("en").length;
}
