// All UI text goes through this dictionary. Each feature keeps its strings in
// its own file under areas/, so features can grow without touching each other.
import { useRouteLoaderData } from "@remix-run/react";
import { bookings } from "./areas/bookings";
import { clients } from "./areas/clients";
import { common } from "./areas/common";
import { connect } from "./areas/connect";
import { dashboard } from "./areas/dashboard";
import { landing } from "./areas/landing";
import { accounts } from "./areas/accounts";
import { settings } from "./areas/settings";
import { sync } from "./areas/sync";
import { rules } from "./areas/rules";
import { messaging } from "./areas/messaging";
import type { Lang } from "./define";

export type { Lang } from "./define";
export { languages } from "./define";

const areas = [common, landing, dashboard, connect, accounts, settings, sync, rules, clients, bookings, messaging] as const;

type Merge<A extends readonly { en: Record<string, string> }[]> = A extends readonly [infer H, ...infer R]
  ? (H extends { en: infer E } ? E : never) & (R extends readonly { en: Record<string, string> }[] ? Merge<R> : unknown)
  : unknown;
export type MessageKey = keyof Merge<typeof areas> & string;

const dictionaries: Record<Lang, Record<string, string>> = {
  en: Object.assign({}, ...areas.map((a) => a.en)),
  he: Object.assign({}, ...areas.map((a) => a.he)),
};

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

export function translator(lang: Lang): Translate {
  const dict = dictionaries[lang] ?? dictionaries.en;
  return (key, vars) => {
    const text = dict[key] ?? dictionaries.en[key] ?? key;
    return vars ? text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m)) : text;
  };
}

export function dirOf(lang: Lang): "ltr" | "rtl" {
  return lang === "he" ? "rtl" : "ltr";
}

export function parseLang(value: string | null | undefined): Lang {
  return value === "he" ? "he" : "en";
}

export const LANG_COOKIE = "lang";

/** The display language chosen in this browser (a cookie, so the server renders it right away). */
export function langFromRequest(request: Request): Lang {
  const cookie = request.headers.get("Cookie") ?? "";
  const match = /(?:^|;\s*)lang=(en|he)(?:;|$)/.exec(cookie);
  return parseLang(match?.[1]);
}

export function useLang(): Lang {
  const data = useRouteLoaderData<{ lang: Lang }>("root");
  return data?.lang ?? "en";
}

export function useT(): Translate {
  return translator(useLang());
}
