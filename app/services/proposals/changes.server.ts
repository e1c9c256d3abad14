// Accepting a change the customer asked for in the chat (a proposal of kind
// reschedule, late or cancel, tied to their booking). It is applied through
// the bookings' own update path (the caller's `update`: decide.server's, with
// its overlap check and warnings, reminders re-timed by bookingsChanged, an
// opening recorded for a cancellation): a reschedule moves the booking, late
// adds a note to it, cancel cancels it (and its pending messages). The
// proposal is claimed first (accepted once, whatever two taps do) and given
// back open when the update refuses (a time taken with if_free) or fails.
// With `ack`, a short answer in the customer's language goes out through the
// one-off queue (kind "ack", referenced by the proposal: queued once).
import { and, eq } from "drizzle-orm";
import { schema, type Db } from "~db";
import type { BookingOutcome } from "~/services/bookings/outcome";
import { translator } from "~/i18n/messages.server";
import { oneOffInsert, queueNow } from "~/services/outbox.server";
import { FREEING_STATUSES } from "~/services/time/span";
import { AppError } from "~/utils/problem";
import { localDate } from "~/utils/time-zone";
import { BOOKING_LIMITS, type BookingPatchInput } from "~/validation/bookings";
import type { ProposalCorrectionInput } from "~/validation/proposals";
import { changeAck, changeLang, type ChangeKind } from "./change-words";
import type { ProposalRow } from "./proposals.server";

const { proposals, bookings, businesses } = schema;

export type ChangeOptions = { ack: boolean; corrections: ProposalCorrectionInput; now: number };
/** The bookings' update path (overlaps checked, reminders re-timed): decide.server hands in its own. */
export type UpdateBooking = (bookingId: string, patch: BookingPatchInput) => Promise<BookingOutcome>;

/** "Running 10 min late" (or "Running late"), in the owner's language, after the booking's notes. */
function withLateNote(notes: string, minutes: number | null, lang: "en" | "he"): string {
  const t = translator(lang);
  const note = minutes ? t("proposals.lateNote", { minutes }) : t("proposals.lateNoteUnsaid");
  return (notes.trim() ? `${notes.trim()}\n${note}` : note).slice(0, BOOKING_LIMITS.notes);
}

/**
 * Applies an open change proposal. 409 when its booking is gone or already
 * cancelled (the proposal stays open, for the owner to dismiss), when it was
 * accepted or dismissed before; an update's own refusal is answered as it is.
 */
export async function acceptChange(
  env: Env,
  db: Db,
  business: { id: string; timeZone: string },
  row: ProposalRow,
  opts: ChangeOptions,
  update: UpdateBooking,
): Promise<BookingOutcome> {
  const kind = row.kind as ChangeKind;
  const [booking] = row.bookingId
    ? await db
        .select({
          id: bookings.id,
          status: bookings.status,
          service: bookings.service,
          notes: bookings.notes,
          lang: businesses.messageLang,
        })
        .from(bookings)
        .innerJoin(businesses, eq(businesses.id, bookings.businessId))
        .where(and(eq(bookings.businessId, business.id), eq(bookings.id, row.bookingId)))
    : [];
  if (!booking) throw new AppError(409, "proposals.err.bookingGone");
  if (FREEING_STATUSES.includes(booking.status)) throw new AppError(409, "proposals.err.bookingCancelled");

  const claimed = await db
    .update(proposals)
    .set({ status: "accepted" })
    .where(and(eq(proposals.businessId, business.id), eq(proposals.id, row.id), eq(proposals.status, "open")))
    .returning({ id: proposals.id });
  if (!claimed.length) {
    const current = await db.select({ status: proposals.status }).from(proposals).where(eq(proposals.id, row.id)).get();
    throw new AppError(
      409,
      current?.status === "dismissed" ? "proposals.err.dismissed" : "proposals.err.alreadyAccepted",
    );
  }
  const reopen = () =>
    db
      .update(proposals)
      .set({ status: "open" })
      .where(and(eq(proposals.id, row.id), eq(proposals.status, "accepted")));

  const to = { date: opts.corrections.date ?? row.date, time: opts.corrections.time ?? row.time };
  const patch: BookingPatchInput =
    kind === "reschedule"
      ? { booking_date: to.date, booking_time: to.time }
      : kind === "late"
        ? { notes: withLateNote(booking.notes, row.lateMinutes, booking.lang) }
        : { status: "cancelled" };
  let outcome: BookingOutcome;
  try {
    outcome = await update(booking.id, patch);
  } catch (error) {
    await reopen();
    // Deleted between the read above and the update.
    if (error instanceof AppError && error.problem.key === "bookings.err.notFound")
      throw new AppError(409, "proposals.err.bookingGone");
    throw error;
  }
  if (!outcome.ok) {
    await reopen();
    return outcome;
  }

  if (opts.ack) {
    const b = outcome.booking;
    const text = changeAck(
      kind,
      { service: b.service, date: b.booking_date, time: b.booking_time },
      localDate(opts.now, business.timeZone),
      changeLang(row.quote),
    );
    const id = crypto.randomUUID();
    const sent = {
      businessId: business.id,
      kind: "ack",
      ref: row.id,
      text,
      toPhone: row.clientPhone,
      toChatId: row.chatId,
      bookingId: booking.id,
    } as const;
    const res = await oneOffInsert(
      env.DB,
      id,
      { ...sent, origin: "reply", timeZone: business.timeZone },
      opts.now,
    ).run();
    if ((res.meta.changes ?? 0) > 0) await queueNow(env, id, opts.now);
  }
  return outcome;
}
