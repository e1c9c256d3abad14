// A Web Push notification to each of the business's subscribed phones for
// every new proposal: "New booking request: Noa Cohen, Haircut, tomorrow
// 17:00" in the language the phone subscribed in, "today"/"tomorrow" in the
// business's time zone. Tapping it opens the proposal on the Sync tab. Never
// throws: a failed notification must not undo the proposals.
import { eq } from "drizzle-orm";
import { createDb, schema } from "~db";
import type { Lang } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import { pushConfig, pushTo, subscriptionsOf, type PushPayload } from "~/services/push/push.server";
import { addDays, isRealDate } from "~/utils/dates";
import { isValidTimeZone, localDate } from "~/utils/time-zone";
import type { ProposalView } from "./proposals.server";

/** When the booking is: "today 17:00", "tomorrow 17:00", or a short date ("Thu, 26 Nov 17:00"). */
export function whenText(date: string, time: string, lang: Lang, timeZone: string, now: number): string {
  const t = translator(lang);
  if (!isRealDate(date)) return time;
  const today = localDate(now, isValidTimeZone(timeZone) ? timeZone : "UTC");
  if (date === today) return t("push.when.today", { time }).trim();
  if (date === addDays(today, 1)) return t("push.when.tomorrow", { time }).trim();
  const [y, m, d] = date.split("-").map(Number);
  const label = new Intl.DateTimeFormat(lang === "he" ? "he-IL" : "en-GB", {
    weekday: "short",
    day: "numeric",
    month: "short",
    ...(y !== Number(today.slice(0, 4)) ? { year: "numeric" as const } : {}),
    timeZone: "UTC",
  }).format(new Date(Date.UTC(y, m - 1, d)));
  return t("push.when.date", { date: label, time }).trim();
}

/** The notification of one proposal, in one language. */
export function proposalNotification(p: ProposalView, lang: Lang, timeZone: string, now: number): PushPayload {
  const t = translator(lang);
  // A reschedule names its new time; late and cancel their booking's.
  const when =
    p.kind === "reschedule" && p.from
      ? `${whenText(p.from.date, p.from.time, lang, timeZone, now)} → ${whenText(p.date, p.time, lang, timeZone, now)}`
      : whenText(p.date, p.time, lang, timeZone, now);
  const details = [p.client_name || p.client_phone, p.service, when].filter((s) => s.trim()).join(", ");
  return {
    title: t("push.proposal.title"),
    body: t(p.kind === "booking" ? "push.proposal.body" : `push.proposal.${p.kind}`, { details }),
    url: `/dashboard/sync?proposal=${encodeURIComponent(p.id)}`,
    tag: p.id,
  };
}

export async function notifyNewProposals(env: Env, businessId: string, proposals: ProposalView[]): Promise<void> {
  try {
    const keys = pushConfig(env);
    if (!keys || !proposals.length) return;
    const db = createDb(env.DB);
    const rows = await subscriptionsOf(db, businessId);
    if (!rows.length) return;
    const [business] = await db
      .select({ timeZone: schema.businesses.timeZone })
      .from(schema.businesses)
      .where(eq(schema.businesses.id, businessId));
    if (!business) return;
    const now = Date.now();
    await Promise.all(
      rows.map(async (row) => {
        // One phone's notifications in order; a dead phone stops at its first 404/410.
        for (const p of proposals) {
          const status = await pushTo(db, env, keys, row, proposalNotification(p, row.lang, business.timeZone, now));
          if (status === 404 || status === 410) break;
        }
      }),
    );
  } catch (error) {
    console.error(
      `push: notifying business ${businessId} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
