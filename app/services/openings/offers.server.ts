// Freed slots offered (issue 31). The owner offers an opening to up to three of
// its candidates (POST /api/openings/{id}/offer): each gets "A 16:00 slot
// opened tomorrow for a haircut. Reply 1 to take it." as a one-off send of kind
// "offer" started by the business (the paced queue, the daily budget, never to
// a client who opted out), recorded in opening_offers so the answer finds it.
// An offer is open for OFFER_OPEN_MS, never past the slot's start.
import { sql } from "drizzle-orm";
import { type Db } from "../../../db";
import { isUniqueViolation } from "../../../db/errors";
import type { Lang } from "~/i18n/define";
import { parseLang } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import { dayName } from "~/services/drafts/reply";
import { oneOffInsert, queueNow } from "~/services/outbox.server";
import { addDays } from "~/utils/dates";
import { AppError } from "~/utils/problem";
import { localDate } from "~/utils/time-zone";
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
export function offerText(lang: Lang, slot: Slot, today: string): string {
  return translator(lang)("openings.wa.offer", {
    time: slot.time.slice(0, 5),
    day: offerDay(slot.date, today, lang),
    service: slot.service.toLocaleLowerCase(),
  });
}

/** Whether the id is one of the business's openings (open or not). */
export async function isOpeningOf(db: Db, businessId: string, id: string): Promise<boolean> {
  if (!id || id.length > 100) return false;
  const [row] = await db.all<{ x: number }>(sql`SELECT 1 AS x FROM openings WHERE business_id = ${businessId} AND id = ${id}`);
  return row !== undefined;
}

const jsonList = (values: string[]) => sql`(SELECT value FROM json_each(${JSON.stringify(values)}))`;

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
  if (!clientIds.every((id) => opening.candidates.some((c) => c.client_id === id))) throw new AppError(400, "openings.err.notCandidate");

  const people = await db.all<{ id: string; phone: string; lang: string | null }>(sql`
    SELECT c.id, c.phone, (SELECT d.lang FROM drafts d WHERE d.business_id = c.business_id AND d.client_phone = c.phone
      ORDER BY d.created_at DESC LIMIT 1) AS lang
    FROM clients c WHERE c.business_id = ${business.id} AND c.id IN ${jsonList(clientIds)}`);
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
    WHERE o.opening_id = ${openingId} AND o.client_id IN ${jsonList(clientIds)} ORDER BY c.name LIMIT 1`);
  if (offered) throw new AppError(409, "openings.err.offered", { name: offered.name });
}
