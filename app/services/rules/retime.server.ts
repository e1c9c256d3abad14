// Pending rule messages follow their booking: cancelled with it, re-timed
// when it moves. A message already being sent is left to the queue consumer,
// which re-reads the booking before it sends.
import { resolveOverdueReminders } from "./catch-up";
import { reminderHistory } from "./history.server";
import { dueIntervals } from "./due-interval.server";
import { forBooking, planMessage, scheduleOf, type Plan } from "./schedule";
import { storedReason } from "./reasons";

type PendingRow = {
  id: string;
  booking_id: string;
  business_id: string;
  status: "scheduled" | "queued";
  send_at: number;
  type: "followup" | "reminder";
  schedule_type: "preset" | "custom" | "due";
  schedule_value: string;
  custom_date: string | null;
  custom_time: string | null;
  booking_date: string | null;
  booking_time: string | null;
  client_id: string | null;
  service: string | null;
  booking_status: string | null;
  time_zone: string;
  business_send_time: string;
};

/** null keeps the current value (a cancelled message keeps its planned time). */
type Update = {
  id: string;
  send_date: string | null;
  send_time: string | null;
  send_at: number | null;
  status: string;
  last_error: string | null;
};

export async function retimeBookingMessages(d1: D1Database, bookingIds: string[], now: number): Promise<number> {
  const ids = [...new Set(bookingIds)];
  if (ids.length === 0) return 0;
  const { results } = await d1
    .prepare(
      `SELECT m.id, m.booking_id, m.business_id, m.status, m.send_at, r.type, r.schedule_type, r.schedule_value,
              r.custom_date, r.custom_time, b.booking_date, b.booking_time, b.client_id, b.service, b.status AS booking_status,
              biz.time_zone, biz.send_time AS business_send_time
       FROM scheduled_messages m
       JOIN rules r ON r.id = m.rule_id
       JOIN businesses biz ON biz.id = m.business_id
       LEFT JOIN bookings b ON b.id = m.booking_id AND b.business_id = m.business_id
       WHERE m.booking_id IN (SELECT value FROM json_each(?1)) AND m.status IN ('scheduled', 'queued') AND m.kind = 'rule'`,
    )
    .bind(JSON.stringify(ids))
    .all<PendingRow>();

  const byBooking = new Map<string, PendingRow[]>();
  for (const row of results) byBooking.set(row.booking_id, [...(byBooking.get(row.booking_id) ?? []), row]);

  const updates: Update[] = [];
  for (const rows of byBooking.values()) updates.push(...(await planBooking(d1, rows, now)));
  if (updates.length === 0) return 0;

  await d1
    .prepare(
      `UPDATE scheduled_messages
       SET send_date = coalesce(j.send_date, scheduled_messages.send_date), send_time = coalesce(j.send_time, scheduled_messages.send_time),
           send_at = coalesce(j.send_at, scheduled_messages.send_at), status = j.status,
           last_error = j.last_error, updated_at = ?2
       FROM (SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.send_date') AS send_date,
                    json_extract(value, '$.send_time') AS send_time, json_extract(value, '$.send_at') AS send_at,
                    json_extract(value, '$.status') AS status, json_extract(value, '$.last_error') AS last_error
             FROM json_each(?1)) AS j
       WHERE scheduled_messages.id = j.id AND scheduled_messages.status IN ('scheduled', 'queued')`,
    )
    .bind(JSON.stringify(updates), now)
    .run();
  return updates.length;
}

async function planBooking(d1: D1Database, rows: PendingRow[], now: number): Promise<Update[]> {
  const first = rows[0];
  if (!first.booking_status || first.booking_status === "cancelled" || first.booking_status === "no_show") {
    const reason = storedReason(first.booking_status ? "rules.reason.bookingCancelled" : "rules.reason.bookingDeleted");
    return rows.map((r) => ({
      id: r.id,
      send_date: null,
      send_time: null,
      send_at: null,
      status: "cancelled",
      last_error: reason,
    }));
  }

  const booking = { date: first.booking_date!, time: first.booking_time! };
  // A "when due" follow-up keeps the client's usual interval after the booking's new date.
  const interval = rows.some((r) => r.schedule_type === "due")
    ? ((
        await dueIntervals(
          d1,
          { id: first.business_id, timeZone: first.time_zone },
          [{ id: first.booking_id, client_id: first.client_id!, service: first.service! }],
          now,
        )
      ).get(first.booking_id) ?? null)
    : null;
  const planned = rows.map((row) => {
    const plan = planMessage({
      type: row.type,
      schedule: forBooking(
        scheduleOf({
          type: row.type,
          scheduleType: row.schedule_type,
          scheduleValue: row.schedule_value,
          customDate: row.custom_date,
          customTime: row.custom_time,
        }),
        interval,
      ),
      booking,
      timeZone: row.time_zone,
      sendTime: row.business_send_time,
      now,
    });
    // Already due (or already caught up) and still due: leave it to the sweep as it is.
    const unchanged = plan.status === "scheduled" && (plan.overdue ? row.send_at <= now : plan.sendAt === row.send_at);
    return { row, plan, unchanged };
  });

  const changedReminders = planned.filter((p) => !p.unchanged && p.row.type === "reminder");
  if (changedReminders.length) {
    const history = (
      await reminderHistory(
        d1,
        first.business_id,
        [first.booking_id],
        rows.map((r) => r.id),
      )
    ).get(first.booking_id);
    const stillPending = planned.some((p) => p.unchanged && p.row.type === "reminder");
    const resolved = resolveOverdueReminders(changedReminders, {
      pending: stillPending || (history?.pending ?? false),
      lastSentAt: history?.lastSentAt ?? null,
    });
    resolved.forEach((r, i) => (changedReminders[i].plan = r.plan));
  }

  return planned.filter((p) => !p.unchanged).map(({ row, plan }) => toUpdate(row.id, plan));
}

function toUpdate(id: string, plan: Plan): Update {
  return {
    id,
    send_date: plan.sendDate,
    send_time: plan.sendTime,
    send_at: plan.sendAt,
    status: plan.status,
    last_error: plan.status === "cancelled" ? plan.reason : null,
  };
}
