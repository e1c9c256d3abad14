// The public booking page (/b/<slug>), server side: its language, and what it
// shows for the choices in its address (service, day, time). Everything comes
// from the same functions as the public API (public.server.ts), never through
// HTTP to itself.
import { createDb, type Db } from "~db";
import { parseLang, type Lang } from "~/i18n";
import { listServices } from "~/services/catalogue/services.server";
import { doesService, listTeam } from "~/services/team/team.server";
import { currencyOf } from "~/services/catalogue/money";
import { addDays } from "~/utils/dates";
import { AppError } from "~/utils/problem";
import { localDate } from "~/utils/time-zone";
import { pageBusiness, pageLang, publicSlots, type PageBusiness } from "./public.server";
import { dayLabel } from "./texts.server";

/** How many days the page's day picker offers. */
const PICKER_DAYS = 30;

/** /b/<slug> (or a page under it), else null. */
const slugOfPath = (pathname: string): string | null => /^\/b\/([^/]+)\/?$/.exec(pathname)?.[1] ?? null;

/**
 * The booking page's language: the ?lang= switch, else the business's message
 * language; null for any other page (which keeps the reader's own).
 */
export async function bookingPageLang(request: Request, env: Env): Promise<Lang | null> {
  const url = new URL(request.url);
  const slug = slugOfPath(url.pathname);
  if (slug === null) return null;
  const asked = url.searchParams.get("lang");
  if (asked === "en" || asked === "he") return parseLang(asked);
  try {
    return pageLang(await pageBusiness(createDb(env.DB), decodeURIComponent(slug)));
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

export type PageChoice = {
  service?: string | null;
  member?: string | null;
  date?: string | null;
  time?: string | null;
};

/**
 * What the page shows: the business, its services, and for a chosen service
 * the next PICKER_DAYS days (those without a free time disabled), the chosen
 * day's free times (the first free day when none is chosen) and the chosen time
 * when it is one of them. With a team, the members who do the chosen service
 * to choose from ("anyone" by default): a chosen member narrows the free times
 * to theirs.
 */
export async function pageView(db: Db, business: PageBusiness, choice: PageChoice, lang: Lang, now: number) {
  const [services, team] = await Promise.all([listServices(db, business.id), listTeam(db, business)]);
  const service = services.find((s) => s.service === choice.service) ?? null;
  const members =
    service && team.length > 1
      ? team.filter((m) => doesService(m, service.service)).map((m) => ({ id: m.id, name: m.name }))
      : [];
  const member = members.find((m) => m.id === choice.member)?.id ?? null;
  const today = localDate(now, business.timeZone);
  let days: { date: string; label: string; free: boolean }[] = [];
  let day: string | null = null;
  let times: string[] = [];
  if (service) {
    const slots = await publicSlots(
      db,
      business,
      { service: service.service, from: today, days: PICKER_DAYS, member_id: member ?? undefined },
      now,
    );
    const byDay = new Map<string, string[]>();
    for (const s of slots) byDay.set(s.date, [...(byDay.get(s.date) ?? []), s.time]);
    days = Array.from({ length: PICKER_DAYS }, (_, i) => {
      const date = addDays(today, i);
      return { date, label: dayLabel(date, lang, "short"), free: byDay.has(date) };
    });
    day = choice.date && byDay.has(choice.date) ? choice.date : (days.find((d) => d.free)?.date ?? null);
    times = day ? (byDay.get(day) ?? []) : [];
  }
  const time = day && choice.time && times.includes(choice.time) ? choice.time : null;
  return {
    business: { name: business.name, city: business.city, currency: currencyOf(business) },
    services: services.map((s) => ({
      name: s.service,
      duration_minutes: s.duration_minutes,
      price_cents: s.price === null ? null : Math.round(s.price * 100),
    })),
    service: service?.service ?? null,
    members,
    member,
    days,
    day,
    dayLabel: day ? dayLabel(day, lang, "long") : null,
    times,
    time,
  };
}
