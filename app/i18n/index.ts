// All UI text goes through this dictionary. Each feature keeps its strings in
// its own file under areas/, so features can grow without touching each other.
// The dictionaries themselves live in messages.server.ts: the server renders
// with them and the root loader sends the page only its own language, so no
// screen ships both languages' texts as JavaScript.
import { useRouteLoaderData } from "@remix-run/react";
import type { bookings } from "./areas/bookings";
import type { clients } from "./areas/clients";
import type { common } from "./areas/common";
import type { connect } from "./areas/connect";
import type { dashboard } from "./areas/dashboard";
import type { landing } from "./areas/landing";
import type { accounts } from "./areas/accounts";
import type { settings } from "./areas/settings";
import type { sync } from "./areas/sync";
import type { rules } from "./areas/rules";
import type { data } from "./areas/data";
import type { security } from "./areas/security";
import type { messaging } from "./areas/messaging";
import type { problems } from "./areas/problems";
import type { proposals } from "./areas/proposals";
import type { drafts } from "./areas/drafts";
import type { push } from "./areas/push";
import type { importing } from "./areas/importing";
import type { hours } from "./areas/hours";
import type { safety } from "./areas/safety";
import type { access } from "./areas/access";
import type { timeBook } from "./areas/time-book";
import type { bookingLink } from "./areas/booking-link";
import type { insights } from "./areas/insights";
import type { team } from "./areas/team";
import type { openings } from "./areas/openings";
import type { Lang } from "./define";

export type { Lang } from "./define";
export { languages } from "./define";

type Areas = [
  typeof common,
  typeof landing,
  typeof dashboard,
  typeof connect,
  typeof accounts,
  typeof settings,
  typeof sync,
  typeof rules,
  typeof clients,
  typeof bookings,
  typeof data,
  typeof security,
  typeof messaging,
  typeof problems,
  typeof proposals,
  typeof drafts,
  typeof push,
  typeof importing,
  typeof hours,
  typeof safety,
  typeof access,
  typeof timeBook,
  typeof bookingLink,
  typeof insights,
  typeof team,
  typeof openings,
];

type Merge<A extends readonly { en: Record<string, string> }[]> = A extends readonly [infer H, ...infer R]
  ? (H extends { en: infer E } ? E : never) & (R extends readonly { en: Record<string, string> }[] ? Merge<R> : unknown)
  : unknown;
export type MessageKey = keyof Merge<Areas> & string;

export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

/** The messages of one language, as the root loader hands them to the page (only the reader's language is shipped). */
export type Messages = Record<string, string>;

/** A translate function over a dictionary; unknown keys show as themselves. */
export function translatorOf(dict: Messages, fallback: Messages = {}): Translate {
  return (key, vars) => {
    const text = dict[key] ?? fallback[key] ?? key;
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

const NO_MESSAGES: Messages = {};

/** The root loader sends the dictionary as one JSON text (see dictionaryTexts); each text is read once. */
const parsed = new Map<string, Messages>();
function messagesOf(text: string | undefined): Messages {
  if (!text) return NO_MESSAGES;
  let messages = parsed.get(text);
  if (!messages) {
    messages = JSON.parse(text) as Messages;
    // A server holds both languages; a page only ever sees one or two.
    if (parsed.size >= 2) parsed.clear();
    parsed.set(text, messages);
  }
  return messages;
}

type MetaMatches = readonly { id: string; data: unknown }[];

/**
 * Translates in a route's meta function, with the dictionary the root loader
 * sent: a Hebrew page gets a Hebrew description.
 */
export function metaTranslator(matches: MetaMatches): Translate {
  const root = matches.find((m) => m.id === "root")?.data as { messages?: string } | undefined;
  return translatorOf(messagesOf(root?.messages));
}

/** A page's title in the page's language: "<what the page is> · Chatbook". */
export function pageTitle(matches: MetaMatches, key: MessageKey) {
  const t = metaTranslator(matches);
  return { title: `${t(key)} · ${t("app.name")}` };
}

/** Translates with the dictionary the root loader sent (the page's language only). */
export function useT(): Translate {
  const data = useRouteLoaderData<{ messages?: string }>("root");
  return translatorOf(messagesOf(data?.messages));
}
