// A booking made or moved inside a reminder window must not fire every
// reminder at once (cal.com #10749). The written rule, per booking:
// - reminders whose moment is still ahead go out at their moment;
// - of the reminders whose moment has already passed, at most one goes out
//   late (at the next run): the one planned closest to the appointment, and
//   only if no other reminder for that appointment is still to come and none
//   was sent since that moment. The others are cancelled with a reason.
import type { Plan } from "./schedule";
import { storedReason } from "./reasons";

export const REASON_SUPERSEDED = storedReason("rules.reason.superseded");

/** The booking's other reminder messages, those not being planned right now. */
export type ReminderHistory = { pending: boolean; lastSentAt: number | null };

export function resolveOverdueReminders<T extends { plan: Plan }>(items: T[], history: ReminderHistory): T[] {
  const overdue = items.filter((i) => i.plan.status === "scheduled" && i.plan.overdue);
  if (overdue.length === 0) return items;
  const onTime = items.some((i) => i.plan.status === "scheduled" && !i.plan.overdue);
  const latest = overdue.reduce((a, b) => (moment(b.plan) > moment(a.plan) ? b : a));
  const keep =
    !history.pending && !onTime && !(history.lastSentAt !== null && history.lastSentAt >= moment(latest.plan))
      ? latest
      : null;
  return items.map((i) => {
    if (!overdue.includes(i) || i === keep) return i;
    const p = i.plan;
    return {
      ...i,
      plan: {
        status: "cancelled",
        sendDate: p.sendDate,
        sendTime: p.sendTime,
        sendAt: p.sendAt,
        reason: REASON_SUPERSEDED,
      },
    };
  });
}

function moment(plan: Plan): number {
  return plan.status === "scheduled" ? plan.moment : plan.sendAt;
}
