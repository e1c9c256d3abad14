// What the extractor found in one live chat becomes open proposals. A booking
// is not proposed when it is already saved (the number's client has the same
// booking, as Sync's save decides it: service ignoring case, date, time to the
// minute) or was already proposed, whether still open, accepted or dismissed.
// The first is checked inside the INSERT, the second by the table's unique
// index, so two runs over the same chat at once store each booking once.
import type { Db } from "~db";
import type { ChatAsk, ExtractedBooking } from "~/providers/ai/types";
import { sameBooking } from "~/services/sync/save.server";
import type { WaContact } from "~/services/sync/contacts.server";
import { normalizePhone } from "~/utils/phone";
import { CLIENT_LIMITS } from "~/validation/clients";
import { ProposedBooking } from "~/validation/proposals";
import { proposalViews, type ProposalView } from "./proposals.server";

type Business = { id: string; country: string };
/** The chat the bookings were read from: its WhatsApp contact. */
export type ProposalChat = Pick<WaContact, "chatId" | "phone" | "name">;
/** The extractor's output, as Sync's preview items carry it. */
export type ProposalItem = Pick<ExtractedBooking, "service" | "date" | "time" | "notes" | "quote">;

/**
 * Stores the chat's new bookings as open proposals and returns them (as the
 * list shows them). Nothing is stored for a chat whose number WhatsApp hides
 * (it could not be booked), nor for an item without a service, a real date
 * or an HH:MM time.
 */
export async function storeProposals(
  db: Db,
  business: Business,
  chat: ProposalChat,
  items: readonly ProposalItem[],
  now = Date.now(),
): Promise<ProposalView[]> {
  if (!chat.phone) return [];
  // The digits the client is (or will be) stored under, as Sync's save normalizes the chat's number.
  const phone = normalizePhone(`+${chat.phone}`, business.country);
  if (!phone.ok) return [];
  const client = {
    sql: "SELECT id FROM clients WHERE business_id = ? AND phone = ?",
    values: [business.id, phone.digits],
  };

  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [];
  for (const raw of items) {
    const parsed = ProposedBooking.safeParse(raw);
    if (!parsed.success) continue;
    const item = parsed.data;
    const saved = sameBooking(business.id, client, item);
    statements.push(
      d1
        .prepare(
          `INSERT INTO proposals (id, business_id, chat_id, client_name, client_phone, service, date, time, notes, quote, status, created_at)
           SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', ?
           WHERE NOT EXISTS (SELECT 1 FROM bookings WHERE ${saved.sql})
           ON CONFLICT DO NOTHING
           RETURNING id`,
        )
        .bind(
          crypto.randomUUID(),
          business.id,
          chat.chatId,
          chat.name.trim().slice(0, CLIENT_LIMITS.name),
          phone.digits,
          item.service,
          item.date,
          item.time,
          item.notes,
          item.quote,
          now,
          ...saved.values,
        ),
    );
  }
  if (!statements.length) return [];
  const outcomes = await d1.batch<{ id: string }>(statements);
  const stored = outcomes.flatMap((outcome) => outcome.results.map((r) => r.id));
  return proposalViews(db, business.id, stored);
}

/** A change the customer asked for to an upcoming booking, as the ask reader read it (the booking read from the calendar, with its id). */
export type ChangeAsk = Extract<ChatAsk, { kind: "reschedule" | "late" | "cancel" }>;

/**
 * Stores a change to the client's upcoming booking as an open proposal tied to
 * that booking and returns it (as the list shows it); nothing for a booking no
 * longer live (cancelled, no-show, gone, another business's), for a reschedule
 * without a new day and time or to the time it already has, or for the same
 * change proposed before (the table's unique index, whatever became of it).
 */
export async function storeChange(
  db: Db,
  business: Business,
  chat: ProposalChat,
  ask: ChangeAsk,
  now = Date.now(),
): Promise<ProposalView[]> {
  const booking = ask.booking;
  if (!chat.phone || !booking.id) return [];
  const phone = normalizePhone(`+${chat.phone}`, business.country);
  if (!phone.ok) return [];
  const to =
    ask.kind === "reschedule" ? { date: ask.date, time: ask.time } : { date: booking.date, time: booking.time };
  if (!to.date || !to.time) return [];
  if (ask.kind === "reschedule" && to.date === booking.date && to.time === booking.time.slice(0, 5)) return [];
  const quote = ProposedBooking.shape.quote.parse(ask.quote);
  const row = await db.$client
    .prepare(
      `INSERT INTO proposals (id, business_id, chat_id, client_name, client_phone, service, date, time, notes, quote, status, created_at,
         kind, booking_id, from_date, from_time, late_minutes)
       SELECT ?1, ?2, ?3, ?4, ?5, b.service, ?6, ?7, '', ?8, 'open', ?9, ?10, b.id, b.booking_date, b.booking_time, ?11
       FROM bookings b
       WHERE b.id = ?12 AND b.business_id = ?2 AND b.status NOT IN ('cancelled', 'no_show')
       ON CONFLICT DO NOTHING
       RETURNING id`,
    )
    .bind(
      crypto.randomUUID(),
      business.id,
      chat.chatId,
      chat.name.trim().slice(0, CLIENT_LIMITS.name),
      phone.digits,
      to.date,
      to.time.slice(0, 5),
      quote,
      now,
      ask.kind,
      ask.kind === "late" ? ask.minutes : null,
      booking.id,
    )
    .first<{ id: string }>();
  return row ? proposalViews(db, business.id, [row.id]) : [];
}
