// Freed slots offered (issue 31). The owner offers an opening to up to three of
// its candidates (POST /api/openings/{id}/offer): each gets "A 16:00 slot
// opened tomorrow for a haircut. Reply 1 to take it." as a one-off send of kind
// "offer" started by the business (the paced queue, the daily budget, never to
// a client who opted out), recorded in opening_offers so the answer finds it.
// An offer is open for OFFER_OPEN_MS, never past the slot's start.
//
// The first "1" from an offered client takes the slot: decided once, one at a
// time, in the business's Durable Object (decide.server's "offer" task, the
// queue every if-free booking decision waits in): the booking is made through
// the same create path as any other (its overlap check refuses a time booked
// over meanwhile), the opening is marked taken and the client gets a
// confirmation; a later "1" from another offered client gets "Sorry, it was
// just taken" and nothing is booked. The answers go as replies (short gap, no
// budget), in the offer's language.
import { sql } from "drizzle-orm";
import { inList, type Db } from "~db";
import { isUniqueViolation } from "~db/errors";
import type { Lang } from "~/i18n/define";
import { parseLang } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import { dayName } from "~/services/drafts/reply";
import { oneOffInsert, queueNow } from "~/services/outbox.server";
import { addDays } from "~/utils/dates";
import { AppError } from "~/utils/problem";
import { localDate } from "~/utils/time-zone";
import type { BookingInput } from "~/validation/bookings";
import type { BookingBusiness, BookingOutcome } from "~/services/bookings/outcome";
import { listOpenings } from "./openings.server";

/** An offer is open this long after it was made (and never past the slot's start). */
export const OFFER_OPEN_MS = 2 * 3_600_000;

type Business = { id: string; timeZone: string; messageLang: string };
type Slot = { date: string; time: string; service: string };

/** "tomorrow", "today", "on Thursday 26/11" (Hebrew "מחר", "היום", "ביום חמישי 26/11"). */
function offerDay(date: string, today: string, lang: Lang): string {
  const day = dayName(date, today, lang);
  return date === today || date === addDays(today, 1) ? day : translator(lang)("openings.wa.on", { day });
}

/** "A 16:00 slot opened tomorrow for a haircut. Reply 1 to take it." */
function offerText(lang: Lang, slot: Slot, today: string): string {
  return translator(lang)("openings.wa.offer", {
    time: slot.time.slice(0, 5),
    day: offerDay(slot.date, today, lang),
    service: slot.service.toLocaleLowerCase(),
  });
}

/** "It's yours! Your Haircut tomorrow at 16:00 is booked. See you then!" */
function bookedText(lang: Lang, slot: Slot, today: string): string {
  return translator(lang)("openings.wa.booked", {
    time: slot.time.slice(0, 5),
    day: offerDay(slot.date, today, lang),
    service: slot.service,
  });
}

/** Whether the id is one of the business's openings (open or not). */
export async function isOpeningOf(db: Db, businessId: string, id: string): Promise<boolean> {
  if (!id || id.length > 100) return false;
  const [row] = await db.all<{ x: number }>(
    sql`SELECT 1 AS x FROM openings WHERE business_id = ${businessId} AND id = ${id}`,
  );
  return row !== undefined;
}

/**
 * Offers the opening to these clients (1 to 3 of its candidates). 404 for an
 * unknown id or another business's; 409 once taken, booked over or started, or
 * when one of them was offered it already; 400 for a client who is not (or no
 * longer) a candidate. All or nothing. Answers how many were offered.
 */
export async function offerOpening(
  env: Env,
  db: Db,
  business: Business,
  openingId: string,
  clientIds: string[],
  now: number,
  defer: (p: Promise<unknown>) => void = () => {},
): Promise<number> {
  const [row] =
    openingId.length > 100
      ? []
      : await db.all<{ taken_at: number | null; starts_at: number }>(sql`
    SELECT taken_at, starts_at FROM openings WHERE business_id = ${business.id} AND id = ${openingId}`);
  if (!row) throw new AppError(404, "openings.err.notFound");
  if (row.taken_at !== null) throw new AppError(409, "openings.err.taken");
  if (row.starts_at <= now) throw new AppError(409, "openings.err.ended");
  const [opening] = await listOpenings(db, business, now, openingId);
  // Booked over since it opened: the time is someone's again.
  if (!opening) throw new AppError(409, "openings.err.taken");
  await refuseOffered(db, openingId, clientIds);
  if (!clientIds.every((id) => opening.candidates.some((c) => c.client_id === id)))
    throw new AppError(400, "openings.err.notCandidate");

  const people = await db.all<{ id: string; phone: string; lang: string | null }>(sql`
    SELECT c.id, c.phone, (SELECT d.lang FROM drafts d WHERE d.business_id = c.business_id AND d.client_phone = c.phone
      ORDER BY d.created_at DESC LIMIT 1) AS lang
    FROM clients c WHERE c.business_id = ${business.id} AND c.id IN ${inList(clientIds)}`);
  const today = localDate(now, business.timeZone);
  const endsAt = Math.min(now + OFFER_OPEN_MS, row.starts_at);
  const d1 = env.DB;
  const messages: string[] = [];
  const statements = people.flatMap((p) => {
    const offerId = crypto.randomUUID();
    const messageId = crypto.randomUUID();
    const lang = parseLang(p.lang ?? business.messageLang);
    messages.push(messageId);
    return [
      d1
        .prepare(
          `INSERT INTO opening_offers (id, business_id, opening_id, client_id, phone, message_id, lang, offered_at, ends_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
           WHERE EXISTS (SELECT 1 FROM openings WHERE id = ?3 AND business_id = ?2 AND taken_at IS NULL AND starts_at > ?8)`,
        )
        .bind(offerId, business.id, openingId, p.id, p.phone, messageId, lang, now, endsAt),
      oneOffInsert(
        d1,
        messageId,
        {
          businessId: business.id,
          kind: "offer",
          ref: offerId,
          text: offerText(lang, opening, today),
          toPhone: p.phone,
          origin: "business",
          timeZone: business.timeZone,
        },
        now,
        `EXISTS (SELECT 1 FROM opening_offers WHERE business_id = ?2 AND id = ?3)`,
      ),
    ];
  });
  let results: D1Result[];
  try {
    results = await d1.batch(statements);
  } catch (error) {
    // Offered to one of them at the same moment (a double tap): nothing of this one was written.
    if (isUniqueViolation(error)) await refuseOffered(db, openingId, clientIds);
    throw error;
  }
  // Taken meanwhile: nothing was written.
  if ((results[0]?.meta.changes ?? 0) === 0) throw new AppError(409, "openings.err.taken");
  for (const id of messages) defer(queueNow(env, id, now));
  return people.length;
}

/** 409 naming a client this opening was offered to already. */
async function refuseOffered(db: Db, openingId: string, clientIds: string[]) {
  const [offered] = await db.all<{ name: string }>(sql`
    SELECT c.name FROM opening_offers o JOIN clients c ON c.id = o.client_id
    WHERE o.opening_id = ${openingId} AND o.client_id IN ${inList(clientIds)} ORDER BY c.name LIMIT 1`);
  if (offered) throw new AppError(409, "openings.err.offered", { name: offered.name });
}

/** An offer the client may still answer: its message reached them before `at`, not answered, not ended. */
export type OpenOffer = { id: string; sent_at: number };

/** The client's newest open offer whose message was sent before their message (written at `at`), if any. */
export async function openOfferOf(
  d1: D1Database,
  businessId: string,
  clientId: string,
  at: number,
  now: number,
): Promise<OpenOffer | null> {
  return d1
    .prepare(
      `SELECT o.id, m.sent_at FROM opening_offers o JOIN scheduled_messages m ON m.id = o.message_id
       WHERE o.business_id = ?1 AND o.client_id = ?2 AND o.answered_at IS NULL AND o.ends_at > ?3
         AND m.status = 'sent' AND m.sent_at < ?4
       ORDER BY m.sent_at DESC LIMIT 1`,
    )
    .bind(businessId, clientId, now, at)
    .first<OpenOffer>();
}

/** The Durable Object's task: the client's "1" to an offer. */
export type OfferTask = {
  kind: "offer";
  business: BookingBusiness;
  offerId: string;
  replyMessageId: string;
  chatId: string;
  ifFree: true;
  now: number;
};

type OfferRow = {
  phone: string;
  lang: string;
  ends_at: number;
  answered_at: number | null;
  opening_id: string;
  opening_date: string;
  opening_time: string;
  service: string;
  duration_minutes: number;
  member_id: string | null;
  taken_at: number | null;
  name: string;
};

/**
 * The client answered an offer with "1" (run one at a time in the business's
 * Durable Object; `book` is the create path with its overlap check). Free and
 * open: booked, the opening taken, a confirmation queued. Taken (by an earlier
 * "1", or booked over meanwhile): "Sorry, it was just taken" and nothing is
 * booked (409 openings.err.taken). Ended or answered already: nothing
 * (409 openings.err.ended).
 */
export async function answerOffer(
  env: Env,
  task: OfferTask,
  book: (input: BookingInput) => Promise<BookingOutcome>,
): Promise<BookingOutcome> {
  const d1 = env.DB;
  const { business, offerId, now } = task;
  const row = await d1
    .prepare(
      `SELECT o.phone, o.lang, o.ends_at, o.answered_at, op.id AS opening_id, op.opening_date, op.opening_time, op.service,
              op.duration_minutes, op.member_id, op.taken_at, c.name
       FROM opening_offers o JOIN openings op ON op.id = o.opening_id JOIN clients c ON c.id = o.client_id
       WHERE o.business_id = ?1 AND o.id = ?2`,
    )
    .bind(business.id, offerId)
    .first<OfferRow>();
  const ended: BookingOutcome = { ok: false, status: 409, problem: { key: "openings.err.ended" }, conflicts: [] };
  if (!row || row.answered_at !== null || row.ends_at <= now) return ended;
  const lang = parseLang(row.lang);
  const t = translator(lang);
  const slot = { date: row.opening_date, time: row.opening_time, service: row.service };

  const answer = async (kind: "booked" | "taken", text: string, bookingId: string | null) => {
    const messageId = crypto.randomUUID();
    const [recorded, ...rest] = await d1.batch([
      d1
        .prepare(
          `UPDATE opening_offers SET answered_at = ?3, answer = ?4, reply_message_id = ?5, booking_id = ?6
           WHERE business_id = ?1 AND id = ?2 AND answered_at IS NULL`,
        )
        .bind(business.id, offerId, now, kind, task.replyMessageId, bookingId),
      ...(kind === "booked"
        ? [
            d1
              .prepare(`UPDATE openings SET taken_at = ?3 WHERE business_id = ?1 AND id = ?2 AND taken_at IS NULL`)
              .bind(business.id, row.opening_id, now),
          ]
        : []),
      oneOffInsert(
        d1,
        messageId,
        {
          businessId: business.id,
          kind: "offer",
          ref: `${offerId}:${kind}`,
          text,
          toPhone: row.phone,
          toChatId: task.chatId,
          bookingId,
          origin: "reply",
          timeZone: business.timeZone,
        },
        now,
        `EXISTS (SELECT 1 FROM opening_offers WHERE business_id = ?2 AND id || ':' || answer = ?3 AND answered_at = ?10)`,
      ),
    ]);
    if ((recorded.meta.changes ?? 0) > 0 && (rest[rest.length - 1].meta.changes ?? 0) > 0)
      await queueNow(env, messageId, now);
  };

  const taken: BookingOutcome = { ok: false, status: 409, problem: { key: "openings.err.taken" }, conflicts: [] };
  if (row.taken_at !== null) {
    await answer("taken", t("openings.wa.taken"), null);
    return taken;
  }
  const outcome = await book({
    name: row.name,
    phone: `+${row.phone}`,
    service: row.service,
    booking_date: row.opening_date,
    booking_time: row.opening_time,
    notes: "",
    status: "scheduled",
    duration_minutes: row.duration_minutes,
    ...(row.member_id ? { member_id: row.member_id } : {}),
  });
  if (!outcome.ok) {
    if (outcome.problem.key !== "timebook.notFree") return outcome;
    // Booked over meanwhile (the owner, the booking page): taken all the same.
    await answer("taken", t("openings.wa.taken"), null);
    return { ...taken, conflicts: outcome.conflicts };
  }
  await answer("booked", bookedText(lang, slot, localDate(now, business.timeZone)), outcome.booking.id);
  return outcome;
}

/** Who each of these openings was offered to (client ids), by opening id. */
export async function offeredClients(db: Db, businessId: string, openingIds: string[]): Promise<Map<string, string[]>> {
  const found = new Map<string, string[]>();
  if (openingIds.length === 0) return found;
  const rows = await db.all<{ opening_id: string; client_id: string }>(sql`
    SELECT opening_id, client_id FROM opening_offers WHERE business_id = ${businessId} AND opening_id IN ${inList(openingIds)} ORDER BY offered_at`);
  for (const r of rows) found.set(r.opening_id, [...(found.get(r.opening_id) ?? []), r.client_id]);
  return found;
}

export type TakenOpening = {
  id: string;
  date: string;
  time: string;
  service: string;
  taken_by: string;
  offered: number;
};

/** Openings taken through an offer whose time is still ahead, soonest first, with who took them. */
export async function takenOpenings(db: Db, businessId: string, now: number): Promise<TakenOpening[]> {
  return db.all<TakenOpening>(sql`
    SELECT op.id, op.opening_date AS date, op.opening_time AS time, op.service, c.name AS taken_by,
      (SELECT count(*) FROM opening_offers a WHERE a.opening_id = op.id) AS offered
    FROM openings op JOIN opening_offers o ON o.opening_id = op.id AND o.answer = 'booked' JOIN clients c ON c.id = o.client_id
    WHERE op.business_id = ${businessId} AND op.taken_at IS NOT NULL AND op.starts_at > ${now}
    ORDER BY op.starts_at, op.id LIMIT 20`);
}
