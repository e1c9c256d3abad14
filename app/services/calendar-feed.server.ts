// The private calendar feed: an address with a long random secret (stored
// only as its SHA-256) that Google, Apple or Outlook calendar subscribe to.
// One event per booking that is not cancelled, from 90 days ago on, at its
// local time in the business's zone (written in UTC), as long as the booking, with a
// stable UID; with a team, the member it is with. Built and serialized by ical.js (RFC 5545 folding and escaping).
import ICAL from "ical.js";
import { translator } from "~/i18n/messages.server";
import type { MessageKey } from "~/i18n";
import { formatPhone } from "~/utils/phone";
import { randomToken, sha256Hex } from "~/utils/encoding";
import { bookingInstant, localDate } from "~/utils/time-zone";
import { addDays } from "~/utils/dates";
import { primaryOf } from "~db/read-session";

const FEED_PAST_DAYS = 90;
const MINUTE_MS = 60 * 1000;

/** Where the feed is served; the secret is the file name. */
const feedUrl = (appUrl: string, secret: string) => `${appUrl.replace(/\/+$/, "")}/feed/${secret}.ics`;

/** Creates (or replaces) the business's feed; the old address stops working. Answers the new address. */
export async function createFeed(env: Env, businessId: string): Promise<string> {
  const secret = randomToken(32);
  await env.DB.prepare("UPDATE businesses SET calendar_feed_hash = ? WHERE id = ?")
    .bind(await sha256Hex(secret), businessId)
    .run();
  return feedUrl(env.APP_URL, secret);
}

export async function revokeFeed(env: Env, businessId: string): Promise<void> {
  await env.DB.prepare("UPDATE businesses SET calendar_feed_hash = NULL WHERE id = ?").bind(businessId).run();
}

const STATUS: Record<string, string> = {
  scheduled: "CONFIRMED",
  confirmed: "CONFIRMED",
  completed: "CONFIRMED",
  no_show: "CANCELLED",
  pending: "TENTATIVE",
};
const toIcalTime = (ms: number) => ICAL.Time.fromJSDate(new Date(ms), true);

/** The feed for a secret, or null when no business has it. */
export async function feedFor(env: Env, secret: string, now: number): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(secret)) return null;
  // A revoked or replaced address must stop at once: the primary answers, never a replica behind it.
  const business = await primaryOf(env.DB)
    .prepare("SELECT id, name, time_zone, message_lang FROM businesses WHERE calendar_feed_hash = ?")
    .bind(await sha256Hex(secret))
    .first<{ id: string; name: string; time_zone: string; message_lang: "en" | "he" }>();
  if (!business) return null;
  // A calendar app sends no language: the descriptions use the business's own (Settings, message language).
  const t = translator(business.message_lang);
  const from = addDays(localDate(now, business.time_zone), -FEED_PAST_DAYS);
  // With a team, each event names the member it is with (a salon of one is not told its own name).
  const team = await env.DB.prepare("SELECT count(*) AS n FROM members WHERE business_id = ?")
    .bind(business.id)
    .first<number>("n");
  const { results } = await env.DB.prepare(
    `SELECT b.id, b.booking_date, b.booking_time, b.duration_minutes, b.service, b.status, b.notes, b.updated_at, c.name, c.phone, m.name AS member
     FROM bookings b JOIN clients c ON c.id = b.client_id
     LEFT JOIN members m ON m.id = b.member_id AND m.business_id = b.business_id
     WHERE b.business_id = ? AND b.status <> 'cancelled' AND b.booking_date >= ?
     ORDER BY b.booking_date, b.booking_time LIMIT 20000`,
  )
    .bind(business.id, from)
    .all<{
      id: string;
      booking_date: string;
      booking_time: string;
      duration_minutes: number;
      service: string;
      status: string;
      notes: string;
      updated_at: number;
      name: string;
      phone: string;
      member: string | null;
    }>();

  const cal = new ICAL.Component("vcalendar");
  cal.addPropertyWithValue("prodid", "-//Chatbook//Bookings//EN");
  cal.addPropertyWithValue("version", "2.0");
  cal.addPropertyWithValue("calscale", "GREGORIAN");
  cal.addPropertyWithValue("method", "PUBLISH");
  cal.addPropertyWithValue("x-wr-calname", business.name || "Chatbook");
  cal.addPropertyWithValue("x-wr-timezone", business.time_zone);
  cal.addPropertyWithValue("x-published-ttl", "PT1H"); // calendars re-read it hourly
  for (const b of results) {
    const start = bookingInstant(b.booking_date, b.booking_time, business.time_zone);
    const event = new ICAL.Component("vevent");
    event.addPropertyWithValue("uid", `${b.id}@chatbook`);
    event.addPropertyWithValue("dtstamp", toIcalTime(b.updated_at || now));
    event.addPropertyWithValue("dtstart", toIcalTime(start));
    event.addPropertyWithValue("dtend", toIcalTime(start + b.duration_minutes * MINUTE_MS));
    event.addPropertyWithValue("summary", `${b.name}: ${b.service}`);
    event.addPropertyWithValue("status", STATUS[b.status] ?? "CONFIRMED");
    const status = t(`bookings.status.${b.status}` as MessageKey);
    const member = (team ?? 0) > 1 && b.member ? t("feed.event.member", { name: b.member }) : "";
    const description = [
      t("feed.event.status", { status }),
      member,
      t("feed.event.phone", { phone: formatPhone(b.phone) }),
      b.notes,
    ]
      .filter(Boolean)
      .join("\n");
    event.addPropertyWithValue("description", description);
    cal.addSubcomponent(event);
  }
  return cal.toString().replace(/\r?\n/g, "\r\n") + "\r\n";
}
