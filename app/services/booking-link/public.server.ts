// The booking link's public side (no sign-in): the business and its services,
// its free times, and a booking that holds its time as `pending` until the
// customer confirms it by sending its code to the salon on WhatsApp
// (confirm.server.ts). The salon writes nothing to the number typed here: it
// is only a hint, and the booking goes to whoever sends the code.
import { and, eq, inArray, sql } from "drizzle-orm";
import { createDb, schema, type Db } from "~db";
import type { Lang } from "~/i18n";
import { chatIdToPhone } from "~/providers/whatsapp/chat-id";
import { exceeds } from "~/services/auth/rate-limit.server";
import { bookingBusiness, decideBooking } from "~/services/bookings/decide.server";
import { isTaken, outcomeError } from "~/services/bookings/outcome";
import { conflictsIn, dayFacts } from "~/services/bookings/overlaps.server";
import { doesService, listTeam } from "~/services/team/team.server";
import { currencySetting } from "~/services/catalogue/currency.server";
import { listServices, serviceByName } from "~/services/catalogue/services.server";
import { availability } from "~/services/time/salon-time.server";
import { businessSession } from "~/services/whatsapp/session.server";
import { addDays } from "~/utils/dates";
import { normalizePhone } from "~/utils/phone";
import { AppError } from "~/utils/problem";
import { bookingInstant, localDate } from "~/utils/time-zone";
import type { PublicBookingInput } from "~/validation/booking-link";
import { notifyOwner } from "./confirm.server";
import { confirmText } from "./texts.server";

export type PageBusiness = typeof schema.businesses.$inferSelect;

/** Dates more than this many days ahead cannot be booked on the page. */
const BOOKING_WINDOW_DAYS = 60;
/** Bookings waiting for confirmation per typed phone, and bookings per address per hour. */
const PUBLIC_LIMITS = { pendingPerPhone: 3, perAddress: { max: 20, windowMs: 60 * 60_000 } } as const;
/** How many next free times a refusal ("This time was just taken") offers. */
const NEXT_FREE = 6;

/** The business behind a slug while its page is on; 404 otherwise (unknown, off, or no slug). */
export async function pageBusiness(db: Db, slug: string): Promise<PageBusiness> {
  const b = schema.businesses;
  const [row] = slug
    ? await db
        .select()
        .from(b)
        .where(and(eq(b.bookingSlug, slug.toLowerCase()), eq(b.bookingPageEnabled, true)))
        .limit(1)
    : [];
  if (!row) throw new AppError(404, "booklink.err.notFound");
  return row;
}

/** GET /api/public/{slug}: what the page shows of the business, nothing more (with a team, its members' names to choose from). */
export async function publicInfo(db: Db, business: PageBusiness) {
  const [services, team] = await Promise.all([listServices(db, business.id), listTeam(db, business)]);
  return {
    business: { name: business.name, city: business.city, time_zone: business.timeZone, ...currencySetting(business) },
    services: services.map((s) => ({ name: s.service, duration_minutes: s.duration_minutes, price: s.price })),
    // Only with a team: a one-person business answers as before.
    ...(team.length > 1 ? { members: team.map((m) => ({ id: m.id, name: m.name })) } : {}),
  };
}

/** The page's language: the business's message language. */
export const pageLang = (business: Pick<PageBusiness, "messageLang">): Lang =>
  business.messageLang === "he" ? "he" : "en";

/**
 * Free start times (date and time only) within the booking window, from the
 * availability module; `member_id`: only that member's. The customer's input,
 * so a 400 in words they can act on: a member who is not the business's
 * ("Choose someone from this salon's team, or Anyone."), one who does not do
 * the service, or a service not in the catalogue.
 */
export async function publicSlots(
  db: Db,
  business: PageBusiness,
  ask: { service: string; from?: string; days: number; member_id?: string },
  now: number,
) {
  if (ask.member_id !== undefined) {
    const member = (await listTeam(db, business)).find((m) => m.id === ask.member_id);
    if (!member) throw new AppError(400, "booklink.err.member");
    if (!doesService(member, ask.service))
      throw new AppError(400, "booklink.err.memberService", { name: member.name, service: ask.service });
  }
  const last = addDays(localDate(now, business.timeZone), BOOKING_WINDOW_DAYS);
  const found = await availability(db, business, ask, now).catch((error: unknown) => {
    if (error instanceof AppError && error.problem.key === "sync.err.notFound")
      throw new AppError(400, "hours.err.service");
    throw error;
  });
  return found.slots.filter((s) => s.date <= last).map((s) => ({ date: s.date, time: s.time }));
}

/** What finding the salon's number reads: its id (the connected session) and its phone with the country to read it. */
export type NumberBusiness = Pick<PageBusiness, "id" | "phone" | "country">;

/** The salon's WhatsApp digits: the connected number, else the business's phone read with its country ("" when it has neither). */
async function salonDigits(env: Env, business: NumberBusiness): Promise<string> {
  try {
    const view = await businessSession(env, business.id).status(business.id);
    const me = view.status === "WORKING" && view.me ? chatIdToPhone(view.me.id) : null;
    if (me) return me;
  } catch (error) {
    console.error("Reading the connected WhatsApp number failed; the business phone is used", business.id, error);
  }
  const phone = normalizePhone(business.phone, business.country);
  return phone.ok ? phone.digits : business.phone.replace(/\D/g, "");
}

/**
 * Whether customers have a number to confirm on: the business phone (no
 * gateway call when it reads as a phone), else the connected WhatsApp number.
 * Without one, the page cannot be switched on, and a page already on takes
 * requests the owner confirms (createHold).
 */
export async function hasWhatsAppNumber(env: Env, business: NumberBusiness): Promise<boolean> {
  if (normalizePhone(business.phone, business.country).ok) return true;
  return (await salonDigits(env, business)) !== "";
}

const confirmUrl = (digits: string, text: string) => `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;

/** 409 "This time was just taken", with the next free times of that service from that day. */
export class TimeTaken extends AppError {
  constructor(readonly slots: { date: string; time: string }[]) {
    super(409, "booklink.err.taken");
  }
}

async function taken(
  db: Db,
  business: PageBusiness,
  service: string,
  date: string,
  now: number,
  member_id?: string,
): Promise<never> {
  throw new TimeTaken(
    (await publicSlots(db, business, { service, from: date, days: 7, member_id }, now)).slice(0, NEXT_FREE),
  );
}

const randomCode = (digits: number) =>
  String(10 ** (digits - 1) + (crypto.getRandomValues(new Uint32Array(1))[0] % (9 * 10 ** (digits - 1))));

/** `confirm_url`: null when the salon has no WhatsApp number (no connected one, no business phone): the booking then waits for the owner. */
export type HoldCreated = { booking_id: string; status: "pending"; code: string; confirm_url: string | null };

/**
 * POST /api/public/{slug}/bookings after the form's checks: the limits, the
 * window, the free time, then the booking (through the same one-at-a-time
 * decision as the owner's `if_free`) and its hold with a code unique among the
 * business's open holds. Nothing is half-written: a hold that cannot be kept
 * takes its booking back. A salon with no WhatsApp number to confirm on (no
 * connected number and no business phone) would give a wa.me link to nobody:
 * its booking waits for the owner's Accept or Decline at once (the owner is
 * notified; the customer is sent nothing, as the salon never writes first),
 * and `confirm_url` is null.
 */
export async function createHold(
  env: Env,
  business: PageBusiness,
  input: PublicBookingInput,
  ip: string,
  now: number,
): Promise<HoldCreated> {
  const db = createDb(env.DB);
  // People leave the hidden field empty.
  if (typeof input.website === "string" ? input.website.trim() !== "" : input.website != null)
    throw new AppError(400, "booklink.err.refused");
  const service = await serviceByName(db, business.id, input.service);
  if (!service) throw new AppError(400, "hours.err.service");
  const phone = normalizePhone(input.phone, business.country);
  if (!phone.ok) throw new AppError(400, phone.key);
  const zone = business.timeZone;
  if (input.date > addDays(localDate(now, zone), BOOKING_WINDOW_DAYS))
    throw new AppError(400, "booklink.err.tooFar", { days: BOOKING_WINDOW_DAYS });
  if (bookingInstant(input.date, input.time, zone) < now + business.minNoticeMinutes * 60_000)
    throw new AppError(400, "booklink.err.tooSoon");
  if (await exceeds(db, `booklink:ip:${ip}`, PUBLIC_LIMITS.perAddress, now))
    throw new AppError(429, "booklink.err.tooManyFromAddress");
  if ((await openHoldsOf(db, business.id, phone.digits)) >= PUBLIC_LIMITS.pendingPerPhone)
    throw new AppError(429, "booklink.err.tooManyPending", { max: PUBLIC_LIMITS.pendingPerPhone });

  // Only a free time on the salon's grid, inside its hours, may be booked.
  // With a member chosen, only their free times (400 unless one of the business's who does the service).
  const member = input.member_id;
  const free = await publicSlots(
    db,
    business,
    { service: service.service, from: input.date, days: 1, member_id: member },
    now,
  );
  if (!free.some((s) => s.time === input.time)) {
    const timing = {
      date: input.date,
      time: input.time,
      durationMinutes: service.duration_minutes,
      bufferMinutes: service.buffer_minutes,
    };
    // Taken: every member who does the service (or the one chosen) has a booking in the way (a time off the grid or outside hours is not "taken").
    const [team, facts] = await Promise.all([listTeam(db, business), dayFacts(db, business.id, input.date)]);
    const able = team.filter((m) => (member ? m.id === member : true) && doesService(m, service.service));
    if (able.length && able.every((m) => conflictsIn(facts, zone, timing, m).length))
      return taken(db, business, service.service, input.date, now, member);
    throw new AppError(400, "booklink.err.notFree");
  }

  const existing = await db
    .select({ id: schema.clients.id })
    .from(schema.clients)
    .where(and(eq(schema.clients.businessId, business.id), eq(schema.clients.phone, phone.digits)))
    .limit(1);
  const outcome = await decideBooking(env, {
    kind: "create",
    business: bookingBusiness(business),
    input: {
      name: input.name,
      phone: `+${phone.digits}`,
      service: service.service,
      booking_date: input.date,
      booking_time: input.time,
      notes: input.notes,
      status: "pending",
      ...(member ? { member_id: member } : {}),
    },
    source: "online",
    ifFree: true,
    now,
  });
  if (!outcome.ok) {
    if (isTaken(outcome)) return taken(db, business, service.service, input.date, now, member);
    throw outcomeError(outcome);
  }
  const bookingId = outcome.booking.id;
  const lang = pageLang(business);
  const digits = await salonDigits(env, business);
  const code = await insertHold(env.DB, {
    state: digits ? "open" : "awaiting_owner",
    bookingId,
    businessId: business.id,
    name: input.name,
    phoneHint: phone.digits,
    hintClientCreated: existing.length === 0,
    lang,
    expiresAt: now + business.bookingHoldMinutes * 60_000,
    now,
  });
  if (!code) {
    await takeBack(env.DB, business.id, bookingId, existing.length === 0 ? outcome.booking.client_id : null);
    throw new AppError(429, "booklink.err.tooManyPending", { max: PUBLIC_LIMITS.pendingPerPhone });
  }
  if (!digits) {
    await notifyOwner(env, business.id, {
      bookingId,
      name: input.name,
      service: service.service,
      date: input.date,
      time: input.time,
      waiting: true,
      timeZone: zone,
    });
    return { booking_id: bookingId, status: "pending", code, confirm_url: null };
  }
  const text = confirmText(lang, { code, service: service.service, date: input.date, time: input.time });
  return { booking_id: bookingId, status: "pending", code, confirm_url: confirmUrl(digits, text) };
}

async function openHoldsOf(db: Db, businessId: string, phone: string): Promise<number> {
  const h = schema.bookingHolds;
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(h)
    .where(and(eq(h.businessId, businessId), eq(h.phoneHint, phone), inArray(h.state, ["open", "awaiting_owner"])));
  return row?.n ?? 0;
}

type NewHold = {
  /** "open" (waiting for the customer's message) or, with no number to send it to, "awaiting_owner". */
  state: "open" | "awaiting_owner";
  bookingId: string;
  businessId: string;
  name: string;
  phoneHint: string;
  hintClientCreated: boolean;
  lang: Lang;
  expiresAt: number;
  now: number;
};

/**
 * The hold, with a code no open hold of the business has (the partial unique
 * index decides; a clash draws again), only while the typed phone has fewer
 * than PUBLIC_LIMITS.pendingPerPhone pending holds, open or waiting for the owner (counted in the same
 * statement). Null when the phone is over that limit.
 */
async function insertHold(d1: D1Database, h: NewHold): Promise<string | null> {
  for (let attempt = 0; attempt < 12; attempt++) {
    const code = randomCode(attempt < 8 ? 4 : 6);
    try {
      const res = await d1
        .prepare(
          `INSERT INTO booking_holds (booking_id, business_id, code, state, name, phone_hint, hint_client_created, lang, expires_at, created_at)
           SELECT ?1, ?2, ?3, ?11, ?4, ?5, ?6, ?7, ?8, ?9
           WHERE (SELECT count(*) FROM booking_holds WHERE business_id = ?2 AND phone_hint = ?5 AND state IN ('open', 'awaiting_owner')) < ?10`,
        )
        .bind(
          h.bookingId,
          h.businessId,
          code,
          h.name,
          h.phoneHint,
          h.hintClientCreated ? 1 : 0,
          h.lang,
          h.expiresAt,
          h.now,
          PUBLIC_LIMITS.pendingPerPhone,
          h.state,
        )
        .run();
      return (res.meta.changes ?? 0) > 0 ? code : null;
    } catch (error) {
      if (!/UNIQUE/i.test(String(error))) throw error;
    }
  }
  throw new Error("no free booking code after 12 draws");
}

/** A booking whose hold could not be kept is removed, with the client it brought (when nobody else's). */
async function takeBack(d1: D1Database, businessId: string, bookingId: string, createdClientId: string | null) {
  await d1.batch([
    d1.prepare(`DELETE FROM bookings WHERE business_id = ?1 AND id = ?2`).bind(businessId, bookingId),
    d1
      .prepare(
        `DELETE FROM clients WHERE business_id = ?1 AND id = ?2 AND NOT EXISTS (SELECT 1 FROM bookings WHERE client_id = ?2)`,
      )
      .bind(businessId, createdClientId ?? ""),
  ]);
}
