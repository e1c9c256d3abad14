// The daily budget: at most `daily_message_budget` business-started messages
// per business-local day. A message takes a place of its day when it is
// claimed for sending (scheduled_messages.budget_day) and keeps it through
// retries and pacing; one that finds the day full waits for the next day's
// send time. Each place is taken by its own conditional UPDATE, run one after
// another in one D1 transaction, so parallel queue consumers never take more
// places than the budget.
import { addDays } from "~/utils/dates";
import { localDate, localTime, zonedInstant } from "~/utils/time-zone";
import { storedReason } from "../rules/reasons";

export type BudgetAsk = { id: string; business_id: string; budget: number; time_zone: string };

/** Takes a place of today's budget for each message that can have one; answers the ids that did. */
export async function takeBudget(d1: D1Database, asks: BudgetAsk[], now: number): Promise<Set<string>> {
  if (asks.length === 0) return new Set();
  const results = await d1.batch<{ id: string }>(
    asks.map((a) =>
      d1
        .prepare(
          `UPDATE scheduled_messages SET budget_day = ?2
           WHERE id = ?1 AND status = 'sending' AND (budget_day = ?2 OR
             (SELECT count(*) FROM scheduled_messages WHERE business_id = ?3 AND budget_day = ?2) < ?4)
           RETURNING id`,
        )
        .bind(a.id, localDate(now, a.time_zone), a.business_id, a.budget),
    ),
  );
  return new Set(results.flatMap((r) => r.results.map((x) => x.id)));
}

/** When a message over today's budget goes: the next day's send time, in the business's zone. */
export function nextDaySend(now: number, timeZone: string, sendTime: string) {
  const at = zonedInstant(addDays(localDate(now, timeZone), 1), sendTime, timeZone);
  return { send_at: at, send_date: localDate(at, timeZone), send_time: localTime(at, timeZone) };
}

export const overBudgetReason = (budget: number) => storedReason("rules.reason.overBudget", { n: budget });

/** How many business-started messages today's budget has used (the Connect tab). */
export async function budgetUsed(d1: D1Database, businessId: string, timeZone: string, now: number): Promise<number> {
  const row = await d1
    .prepare(`SELECT count(*) AS n FROM scheduled_messages WHERE business_id = ?1 AND budget_day = ?2`)
    .bind(businessId, localDate(now, timeZone))
    .first<{ n: number }>();
  return row?.n ?? 0;
}
