// Drafted replies: a customer asked for free time, and a reply offering free
// slots from the calendar (services/time's availability, never the model)
// waits for the owner. Made at the same moment as live proposals (the chat's
// read after the quiet period, at once when the owner writes); a chat has at
// most one open draft (a newer ask replaces it), and the owner writing in the
// chat withdraws it. Decided once: every write checks, in its statement, that
// the draft is still open.
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { schema, type Db } from "~db";
import type { AskWindow } from "./reply";
import { customerLang, draftText, offerFor, timeList } from "./reply";
import type { ChatAsk, UpcomingBooking } from "~/providers/ai/types";
import { availability, type SalonTimeBusiness } from "~/services/time/salon-time.server";
import { localDate } from "~/utils/time-zone";
import { AppError } from "~/utils/problem";
import { oneOffInsert, queueNow } from "~/services/outbox.server";
import { optedOutSql } from "~/services/safety/consent.server";

const { drafts, bookings, clients, services } = schema;

/** A draft as the API and the screens read it. */
export type DraftView = {
  id: string;
  client_name: string;
  client_phone: string;
  question: string;
  text: string;
  slots: Array<{ date: string; time: string }>;
  created_at: number;
};

/** How many days ahead a draft looks for free times. */
const DRAFT_DAYS = 14;
/** At most this many open drafts are listed (newest first). */
const DRAFTS_LIST_MAX = 200;

type Row = typeof drafts.$inferSelect;

const notFound = () => new AppError(404, "drafts.err.notFound");
const closed = (row: Pick<Row, "status">) =>
  new AppError(
    409,
    row.status === "sent"
      ? "drafts.err.sent"
      : row.status === "dismissed"
        ? "drafts.err.dismissed"
        : "drafts.err.withdrawn",
  );

function parseSlots(json: string): DraftView["slots"] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value)
      ? value.filter(
          (s): s is { date: string; time: string } => typeof s?.date === "string" && typeof s?.time === "string",
        )
      : [];
  } catch {
    return [];
  }
}

function draftView(row: Row): DraftView {
  return {
    id: row.id,
    client_name: row.clientName,
    client_phone: row.clientPhone,
    question: row.question,
    text: row.text,
    slots: parseSlots(row.slots),
    created_at: row.createdAt,
  };
}

/** Open drafts, newest first. */
export async function listDrafts(db: Db, businessId: string): Promise<DraftView[]> {
  const rows = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.businessId, businessId), eq(drafts.status, "open")))
    .orderBy(desc(drafts.createdAt), desc(sql`rowid`))
    .limit(DRAFTS_LIST_MAX);
  return rows.map(draftView);
}

export async function findDraft(db: Db, businessId: string, id: string): Promise<Row | null> {
  if (!id || id.length > 100) return null;
  const [row] = await db
    .select()
    .from(drafts)
    .where(and(eq(drafts.businessId, businessId), eq(drafts.id, id)));
  return row ?? null;
}

/** Dismisses an open draft. 404 for an unknown id or another business's; 409 when sent, dismissed or withdrawn. */
export async function dismissDraft(db: Db, businessId: string, id: string, now: number): Promise<void> {
  const changed = await db
    .update(drafts)
    .set({ status: "dismissed", decidedAt: now })
    .where(and(eq(drafts.businessId, businessId), eq(drafts.id, id), eq(drafts.status, "open")))
    .returning({ id: drafts.id });
  if (changed.length) return;
  const row = await findDraft(db, businessId, id);
  throw row ? closed(row) : notFound();
}

/** The owner wrote in the chat: its open draft is withdrawn (the owner answered). */
export async function withdrawDrafts(d1: D1Database, businessId: string, chatId: string, now: number): Promise<void> {
  await d1
    .prepare(
      `UPDATE drafts SET status = 'withdrawn', decided_at = ?3 WHERE business_id = ?1 AND chat_id = ?2 AND status = 'open'`,
    )
    .bind(businessId, chatId, now)
    .run();
}

/** What code knows of a client for reading their ask: their usual service (the one booked most) and upcoming bookings. */
export async function clientContext(
  db: Db,
  businessId: string,
  phone: string,
  today: string,
): Promise<{ usual: string | null; upcoming: UpcomingBooking[] }> {
  const [client] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.businessId, businessId), eq(clients.phone, phone)));
  if (!client) return { usual: null, upcoming: [] };
  const live = and(
    eq(bookings.businessId, businessId),
    eq(bookings.clientId, client.id),
    sql`${bookings.status} NOT IN ('cancelled', 'no_show')`,
  );
  const [usual] = await db
    .select({ service: bookings.service, n: sql<number>`count(*)` })
    .from(bookings)
    .where(live)
    .groupBy(bookings.service)
    .orderBy(desc(sql`count(*)`), desc(sql`max(${bookings.bookingDate})`))
    .limit(1);
  const upcoming = await db
    .select({ id: bookings.id, service: bookings.service, date: bookings.bookingDate, time: bookings.bookingTime })
    .from(bookings)
    .where(and(live, sql`${bookings.bookingDate} >= ${today}`))
    .orderBy(asc(bookings.bookingDate), asc(bookings.bookingTime))
    .limit(5);
  return { usual: usual?.service ?? null, upcoming };
}

/** The service whose length the free times are for: the asked one, else the catalogue's shortest (any visit fits). */
async function serviceForAsk(db: Db, businessId: string, asked: string | null): Promise<string | null> {
  if (asked) return asked;
  const [shortest] = await db
    .select({ name: services.name })
    .from(services)
    .where(eq(services.businessId, businessId))
    .orderBy(asc(services.durationMinutes), asc(services.name))
    .limit(1);
  return shortest?.name ?? null;
}

type Contact = { chatId: string; name: string; phone: string };

/**
 * Drafts the reply to an ask and stores it as the chat's open draft (replacing
 * an older open one). Null when nothing is free in the next DRAFT_DAYS days.
 * `bookingLink`: the business's booking page while it is on (bookingPageUrl),
 * offered after the times.
 */
export async function createDraft(
  db: Db,
  business: SalonTimeBusiness,
  contact: Contact,
  ask: Extract<ChatAsk, { kind: "ask" }>,
  now: number,
  bookingLink: string | null = null,
): Promise<DraftView | null> {
  const today = localDate(now, business.timeZone);
  const service = await serviceForAsk(db, business.id, ask.service);
  if (!service) return null;
  const window: AskWindow = {
    date: ask.date && ask.date >= today ? ask.date : ask.date ? today : null,
    part: ask.part,
  };
  const free = await availability(db, business, { service, from: window.date ?? today, days: DRAFT_DAYS }, now);
  const offer = offerFor(free.slots, window);
  if (!offer) return null;
  const lang = customerLang(ask.quote);
  const text = draftText({ name: contact.name, service: ask.service, offer, window, today, lang, bookingLink });
  const slots = offer.slots.map(({ date, time }) => ({ date, time }));
  const id = crypto.randomUUID();
  await db.batch([
    db
      .update(drafts)
      .set({ status: "withdrawn", decidedAt: now })
      .where(and(eq(drafts.businessId, business.id), eq(drafts.chatId, contact.chatId), eq(drafts.status, "open"))),
    db.insert(drafts).values({
      id,
      businessId: business.id,
      chatId: contact.chatId,
      clientName: contact.name,
      clientPhone: contact.phone,
      question: ask.quote,
      service: ask.service,
      lang,
      text,
      slots: JSON.stringify(slots),
      askedDate: window.date,
      createdAt: now,
    }),
  ]);
  return {
    id,
    client_name: contact.name,
    client_phone: contact.phone,
    question: ask.quote,
    text,
    slots,
    created_at: now,
  };
}

/**
 * The text that goes out when the owner taps Send on the draft as drafted:
 * each offered time is checked against the availability module again, and one
 * taken meanwhile is dropped from the text. Answers null when none is left.
 * A text the owner edited is theirs and goes as written (see sendDraft).
 */
async function recheckedText(db: Db, business: SalonTimeBusiness, row: Row, now: number): Promise<string | null> {
  const slots = parseSlots(row.slots);
  if (slots.length === 0) return row.text;
  const service = await serviceForAsk(db, business.id, row.service);
  const dates = slots.map((s) => s.date).sort();
  const from = dates[0];
  const days = Math.round((Date.parse(dates[dates.length - 1]) - Date.parse(from)) / 86_400_000) + 1;
  const free = service ? (await availability(db, business, { service, from, days }, now)).slots : [];
  const still = slots.filter((slot) => free.some((f) => f.date === slot.date && f.time === slot.time));
  if (still.length === 0) return null;
  if (still.length === slots.length) return row.text;
  const lang = row.lang === "he" ? "he" : "en";
  const offered = timeList(slots, lang);
  if (row.text.includes(offered)) return row.text.replace(offered, timeList(still, lang));
  // The list is not in the text as drafted (never expected): draft it again from the times left.
  const today = localDate(now, business.timeZone);
  const window: AskWindow = { date: still[0].date, part: null };
  return draftText({
    name: row.clientName,
    service: row.service,
    offer: { date: still[0].date, slots: still, inWindow: true },
    window,
    today,
    lang,
  });
}

/**
 * POST /api/drafts/{id}/send: the draft goes out through the one delivery path
 * (a one-off scheduled message of kind "draft", referenced by the draft's id,
 * an answer to the customer's own message: origin "reply"), from the owner's
 * number, paced, once. `text` is the owner's edit (null: as drafted, its
 * times checked again). 404 for an unknown id or another business's; 409 when
 * sent, dismissed or withdrawn, or when none of the drafted times is free any
 * more. Answers the scheduled message's id.
 */
export async function sendDraft(
  env: Env,
  db: Db,
  businessId: string,
  id: string,
  edited: string | null,
  now: number,
  defer: (p: Promise<unknown>) => void = () => {},
): Promise<string> {
  const row = await findDraft(db, businessId, id);
  if (!row) throw notFound();
  if (row.status !== "open") throw closed(row);
  const [business] = await db.select().from(schema.businesses).where(eq(schema.businesses.id, businessId));
  if (!business) throw notFound();
  const text = edited ?? (await recheckedText(db, business, row, now));
  if (text === null) throw new AppError(409, "drafts.err.noSlots");
  const messageId = await queueDraft(env, business, row, text, now, defer, null);
  if (messageId) return messageId;
  const again = await findDraft(db, business.id, id);
  throw again ? closed(again) : notFound();
}

/** At most this many drafts of one chat are sent by themselves in a business-local day (Answer for me). */
const AUTO_ANSWERS_PER_DAY = 3;

/** Answer for me: the day it is sent on, and the newest chat message (row number) the draft was made from. */
type Auto = { day: string; readUpTo: number };

/**
 * The one write that sends a draft: the draft is decided once, and its message
 * is written only by the write that decided it (one transaction), then handed
 * to the queue. An automatic send (`auto`) is written only while the business
 * has Answer for me on and is not paused, the client has not opted out, the
 * chat has had fewer than AUTO_ANSWERS_PER_DAY automatic answers that day, and
 * the owner has written nothing in the chat since the messages the draft was
 * made from. Answers the message's id, or null when nothing was written.
 */
async function queueDraft(
  env: Env,
  business: { id: string; timeZone: string },
  row: Row,
  text: string,
  now: number,
  defer: (p: Promise<unknown>) => void,
  auto: Auto | null,
): Promise<string | null> {
  const messageId = crypto.randomUUID();
  const d1 = env.DB;
  const autoAllowed = `?5 IS NULL OR (
    (SELECT auto_answer = 1 AND paused = 0 FROM businesses WHERE id = ?1)
    AND (SELECT count(*) FROM drafts AS d WHERE d.business_id = ?1 AND d.chat_id = drafts.chat_id AND d.auto_day = ?5) < ?6
    AND NOT EXISTS (SELECT 1 FROM contact_consent AS c WHERE c.business_id = ?1 AND c.phone = drafts.client_phone AND ${optedOutSql("c")})
    AND NOT EXISTS (
      SELECT 1 FROM wa_messages AS w WHERE w.business_id = ?1 AND w.chat_id = drafts.chat_id AND w.from_me = 1 AND w.rowid > ?7
        AND NOT EXISTS (SELECT 1 FROM scheduled_messages AS s WHERE s.business_id = ?1 AND s.provider_message_id = w.provider_id)))`;
  const [decided] = await d1.batch([
    d1
      .prepare(
        `UPDATE drafts SET status = 'sent', decided_at = ?3, text = ?4, auto_day = ?5
         WHERE business_id = ?1 AND id = ?2 AND status = 'open' AND (${autoAllowed}) RETURNING id`,
      )
      .bind(business.id, row.id, now, text, auto?.day ?? null, AUTO_ANSWERS_PER_DAY, auto?.readUpTo ?? 0),
    oneOffInsert(
      d1,
      messageId,
      {
        businessId: business.id,
        kind: "draft",
        ref: row.id,
        text,
        toPhone: row.clientPhone,
        toChatId: row.chatId,
        origin: "reply",
        timeZone: business.timeZone,
      },
      now,
      `EXISTS (SELECT 1 FROM drafts WHERE business_id = ?2 AND id = ?3 AND status = 'sent' AND decided_at = ?10)`,
    ),
  ]);
  if (decided.results.length === 0) return null;
  defer(queueNow(env, messageId, now));
  return messageId;
}

/**
 * Answer for me: a draft just made (after the chat's quiet period) is sent by
 * itself, the way the owner's Send sends it (its own text, its times checked
 * again, the one paced queue), when queueDraft's conditions hold. Otherwise,
 * or when none of its times is free any more, it stays open for the owner.
 * Answers the text that was sent, or null when it was not.
 */
export async function autoAnswer(
  env: Env,
  db: Db,
  business: SalonTimeBusiness & { autoAnswer: boolean },
  draftId: string,
  readUpTo: number,
  now: number,
): Promise<string | null> {
  if (!business.autoAnswer) return null;
  const row = await findDraft(db, business.id, draftId);
  if (!row || row.status !== "open") return null;
  const text = await recheckedText(db, business, row, now);
  if (text === null) return null;
  const queued: Promise<unknown>[] = [];
  const id = await queueDraft(env, business, row, text, now, (p) => queued.push(p), {
    day: localDate(now, business.timeZone),
    readUpTo,
  });
  await Promise.all(queued);
  return id === null ? null : text;
}
