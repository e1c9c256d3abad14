// Sync save: the reviewed proposals become bookings (source "sync"), with the
// client created when the number is new. A booking that already exists for
// the same client, service, date and time is skipped, inside the same SQL
// statement that would insert it, so saving twice (or twice at once) never
// duplicates. All of a request's bookings go in one D1 batch: all or nothing.
import { z } from "zod";
import type { Db } from "../../../db";
import { bookingsChanged } from "~/services/booking-events.server";
import { findOrCreateClient } from "~/services/clients/clients.server";
import { CONTACT_NOT_FOUND, ownContacts } from "./contacts.server";

export const INCOMPLETE = "Please complete Service, Date, and Time for this contact.";
export const HIDDEN_NUMBER = "WhatsApp hides this contact's phone number, so the booking cannot be saved for them.";
export const SAVE_CONTACTS_MAX = 50;
export const SAVE_ITEMS_MAX = 50;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function isCalendarDate(value: string) {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

const Item = z
  .object({
    // Missing counts as empty: the owner gets the one message that says what to complete.
    service: z.string().max(200, "service is too long.").nullish().transform((s) => (s ?? "").trim()),
    date: z.string().max(20).nullish().transform((s) => (s ?? "").trim()),
    time: z.string().max(20).nullish().transform((s) => (s ?? "").trim().replace(/^(\d\d:\d\d):\d\d$/, "$1")),
    notes: z.string().max(2000, "notes is too long.").nullish().transform((s) => (s ?? "").trim()),
    bookingId: z.string().max(200).optional(),
  })
  .superRefine((item, ctx) => {
    if (!item.service || !isCalendarDate(item.date) || !TIME.test(item.time)) ctx.addIssue({ code: "custom", message: INCOMPLETE });
  });

export const SaveBody = z.object({
  results: z
    .array(z.object({ user_id: z.string().min(1).max(200), items: z.array(Item).max(SAVE_ITEMS_MAX, `At most ${SAVE_ITEMS_MAX} bookings per contact.`) }))
    .min(1, "results is required.")
    .max(SAVE_CONTACTS_MAX, `Save at most ${SAVE_CONTACTS_MAX} contacts at a time.`),
});

type Ctx = { db: Db; env: Env; now: number };
type Business = { id: string; country: string };
type Failure = { ok: false; status: number; message: string };

export async function saveSync(ctx: Ctx, business: Business, body: z.infer<typeof SaveBody>): Promise<{ ok: true; saved: number; skipped: number } | Failure> {
  // Every id is checked before anything is written.
  const contacts = await ownContacts(ctx.db, business.id, body.results.map((r) => r.user_id));
  if (!contacts) return { ok: false, status: 404, message: CONTACT_NOT_FOUND };
  const byId = new Map(contacts.map((c) => [c.id, c]));
  const withItems = body.results.filter((r) => r.items.length);
  if (withItems.some((r) => !byId.get(r.user_id)?.phone)) return { ok: false, status: 422, message: HIDDEN_NUMBER };

  const d1 = ctx.env.DB;
  const statements: D1PreparedStatement[] = [];
  const ids: string[] = [];
  for (const result of withItems) {
    const contact = byId.get(result.user_id)!;
    const { client } = await findOrCreateClient(ctx.db, business.id, { name: contact.name, phone: `+${contact.phone}`, country: business.country }, ctx.now);
    for (const item of result.items) {
      const id = crypto.randomUUID();
      ids.push(id);
      statements.push(
        d1
          .prepare(
            `INSERT INTO bookings (id, business_id, client_id, service, booking_date, booking_time, notes, status, source, created_at, updated_at)
             SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, 'scheduled', 'sync', ?8, ?8
             WHERE NOT EXISTS (
               SELECT 1 FROM bookings
               WHERE business_id = ?2 AND client_id = ?3 AND booking_date = ?5
                 AND substr(booking_time, 1, 5) = ?6 AND lower(service) = lower(?4))`,
          )
          .bind(id, business.id, client.id, item.service, item.date, item.time, item.notes, ctx.now),
      );
    }
  }
  if (!statements.length) return { ok: true, saved: 0, skipped: 0 };
  const outcomes = await d1.batch(statements);
  const savedIds = ids.filter((_, i) => (outcomes[i].meta.changes ?? 0) > 0);
  if (savedIds.length) await bookingsChanged(ctx.env, savedIds, ctx.now);
  return { ok: true, saved: savedIds.length, skipped: ids.length - savedIds.length };
}
