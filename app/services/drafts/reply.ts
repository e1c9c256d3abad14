// The reply drafted for a customer who asked for free time: which free slots
// to offer (up to 3, on one day, spread over the asked window, else the next day
// that has some) and the text, in the customer's language, naming the day as
// a person would ("tomorrow", "Thursday 26/11") and each time as HH:MM. Pure:
// the free slots come from the availability module (services/time), never
// from the model; this only picks among them.
import type { DayPart } from "~/providers/ai/types";
import type { Lang } from "~/i18n/define";
import { addDays } from "~/utils/dates";
import type { Slot } from "~/services/time/free-slots";

const MAX_OFFERED = 3;

/** The hours of a part of the day, as HH:MM bounds: [from, to). */
export const PART_HOURS: Record<DayPart, { from: string; to: string }> = {
  morning: { from: "00:00", to: "12:00" },
  afternoon: { from: "12:00", to: "17:00" },
  evening: { from: "17:00", to: "24:00" },
};

export type AskWindow = { date: string | null; part: DayPart | null };

/** What to offer: the slots (one day, in time order), and whether they are inside the asked window. */
export type Offer = { date: string; slots: Slot[]; inWindow: boolean };

const inPart = (slot: Slot, part: DayPart | null) =>
  !part || (slot.time >= PART_HOURS[part].from && slot.time < PART_HOURS[part].to);

/**
 * Up to 3 of a day's free slots, as a person offers them: spread over the
 * choice (the earliest, the latest and one between), on the hour when there
 * are enough such, else on the half hour, else any.
 */
function spread(day: readonly Slot[]): Slot[] {
  const round = [(s: Slot) => s.time.endsWith(":00"), (s: Slot) => s.time.endsWith(":00") || s.time.endsWith(":30")]
    .map((keep) => day.filter(keep))
    .find((pool) => pool.length >= MAX_OFFERED);
  const pool = round ?? [...day];
  if (pool.length <= MAX_OFFERED) return pool;
  const last = pool.length - 1;
  return Array.from({ length: MAX_OFFERED }, (_, i) => pool[Math.round((i * last) / (MAX_OFFERED - 1))]);
}

/**
 * Up to 3 free slots for the ask, spread over the window (the asked day and
 * part; no day: the first day that has any); none there: the next day after
 * it with some in that part, else with any. Null when nothing is free.
 */
export function offerFor(free: readonly Slot[], window: AskWindow): Offer | null {
  const sorted = [...free].sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
  const firstDay = (slots: Slot[]) => (slots.length ? spread(slots.filter((slot) => slot.date === slots[0].date)) : []);
  const wanted = sorted.filter((slot) => (!window.date || slot.date === window.date) && inPart(slot, window.part));
  const inside = firstDay(wanted);
  if (inside.length) return { date: inside[0].date, slots: inside, inWindow: true };
  const later = window.date ? sorted.filter((slot) => slot.date > window.date!) : sorted;
  const next = firstDay(later.filter((slot) => inPart(slot, window.part)));
  const offered = next.length ? next : firstDay(later);
  return offered.length ? { date: offered[0].date, slots: offered, inWindow: false } : null;
}

/** Hebrew letters in the customer's words: the reply is in Hebrew. */
export function customerLang(text: string): Lang {
  return /[\u0590-\u05ff]/.test(text) ? "he" : "en";
}

const EN_DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const HE_DAYS = ["ראשון", "שני", "שלישי", "רביעי", "חמישי", "שישי", "שבת"];
const EN_PARTS: Record<DayPart, string> = { morning: "morning", afternoon: "afternoon", evening: "evening" };
const HE_PARTS: Record<DayPart, string> = { morning: "בבוקר", afternoon: "אחר הצהריים", evening: "בערב" };

function weekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

const dayMonth = (date: string) => `${Number(date.slice(8, 10))}/${Number(date.slice(5, 7))}`;

/** "today", "tomorrow", "Thursday 26/11"; Hebrew "היום", "מחר", "יום חמישי 26/11". */
export function dayName(date: string, today: string, lang: Lang): string {
  if (lang === "he") {
    if (date === today) return "היום";
    if (date === addDays(today, 1)) return "מחר";
    return `יום ${HE_DAYS[weekday(date)]} ${dayMonth(date)}`;
  }
  if (date === today) return "today";
  if (date === addDays(today, 1)) return "tomorrow";
  return `${EN_DAYS[weekday(date)]} ${dayMonth(date)}`;
}

/** "14:00", "14:00 or 16:30", "14:00, 15:00 or 16:30" (Hebrew: "ב-14:00 או ב-16:30"). */
export function timeList(slots: readonly Slot[], lang: Lang): string {
  const times = slots.map((slot) => (lang === "he" ? `ב-${slot.time}` : slot.time));
  if (times.length <= 1) return times.join("");
  return `${times.slice(0, -1).join(", ")} ${lang === "he" ? "או" : "or"} ${times[times.length - 1]}`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";

export type DraftTextInput = {
  name: string;
  service: string | null;
  offer: Offer;
  window: AskWindow;
  today: string;
  lang: Lang;
  /** The business's booking page while it is on: offered after the times ("Or pick a time yourself: …"). */
  bookingLink?: string | null;
};

/** " Or pick a time yourself: <link>" (Hebrew: " אפשר גם לבחור שעה בעצמך: <link>"), or nothing without a link. */
function linkSentence(link: string | null | undefined, lang: Lang): string {
  if (!link) return "";
  return lang === "he" ? ` אפשר גם לבחור שעה בעצמך: ${link}` : ` Or pick a time yourself: ${link}`;
}

/**
 * "Hi Noa! On Thursday 26/11 I can do 14:00 or 16:30 for a haircut. Which suits you?";
 * outside the window: "Hi Noa! Thursday 26/11 afternoon is full, but tomorrow I can do …".
 * With the booking page on, its link follows: "… Which suits you? Or pick a time yourself: <link>".
 */
export function draftText(input: DraftTextInput): string {
  return offerText(input) + linkSentence(input.bookingLink, input.lang);
}

function offerText({ name, service, offer, window, today, lang }: DraftTextInput): string {
  const first = firstName(name);
  const times = timeList(offer.slots, lang);
  if (lang === "he") {
    const hello = first ? `היי ${first}!` : "היי!";
    const day = dayName(offer.date, today, lang);
    const on = day === "היום" || day === "מחר" ? day : `ב${day}`;
    const what = service ? ` ל${/[\u0590-\u05ff]/.test(service) ? "" : "-"}${service}` : "";
    const full =
      !offer.inWindow && window.date
        ? `${dayName(window.date, today, lang)}${window.part ? ` ${HE_PARTS[window.part]}` : ""} מלא, אבל `
        : "";
    return `${hello} ${full}${on} אפשר ${times}${what}. מה מתאים לך?`;
  }
  const hello = first ? `Hi ${first}!` : "Hi!";
  const day = dayName(offer.date, today, lang);
  const on = day === "today" || day === "tomorrow" ? day : `on ${day}`;
  const what = service ? ` for ${/^[aeiou]/i.test(service) ? "an" : "a"} ${service.toLowerCase()}` : "";
  const asked =
    window.date === today && window.part
      ? `this ${EN_PARTS[window.part]}`
      : window.date
        ? `${dayName(window.date, today, lang)}${window.part ? ` ${EN_PARTS[window.part]}` : ""}`
        : "";
  const full = !offer.inWindow && asked ? `${capital(asked)} is full, but ` : "";
  const sentence = `${full}${on} I can do ${times}${what}.`;
  return `${hello} ${capital(sentence)} Which suits you?`;
}
