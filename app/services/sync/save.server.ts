// Sync save: the reviewed proposals become bookings (source "sync"), with the
// client created when the number is new. A booking that already exists for
// the same client, service, date and time is skipped, inside the same SQL
// statement that would insert it, so saving twice (or twice at once) never
// duplicates. All of a request's bookings go in one D1 batch: all or nothing.
import type { z } from "zod";
import type { Db } from "../../../db";
import { bookingsChanged } from "~/services/booking-events.server";
import { findOrCreateClient } from "~/services/clients/clients.server";
import { AppError } from "~/utils/problem";
import type { SaveBody } from "~/validation/sync";
import { ownContacts } from "./contacts.server";

type Ctx = { db: Db; env: Env; now: number };
type Business = { id: string; country: string };

/** 404 when any contact is not the business's, 422 when one with items has no visible number. Nothing is written then. */
export async function saveSync(ctx: Ctx, business: Business, body: z.output<typeof SaveBody>): Promise<{ saved: number; skipped: number }> {
  // Every id is checked before anything is written.
  const contacts = await ownContacts(
    ctx.db,
    business.id,
    body.results.map((r) => r.user_id),
  );
  const byId = new Map(contacts.map((c) => [c.id, c]));
  const withItems = body.results.filter((r) => r.items.length);
  if (withItems.some((r) => !byId.get(r.user_id)?.phone)) throw new AppError(422, "sync.hiddenSave");

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
  if (!statements.length) return { saved: 0, skipped: 0 };
  const outcomes = await d1.batch(statements);
  const savedIds = ids.filter((_, i) => (outcomes[i].meta.changes ?? 0) > 0);
  if (savedIds.length) await bookingsChanged(ctx.env, savedIds, ctx.now);
  return { saved: savedIds.length, skipped: ids.length - savedIds.length };
}
