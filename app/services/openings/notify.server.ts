// A Web Push notification when a freed slot opens, in the language the phone
// subscribed in: the service, the day and the time. Tapping it opens the
// opening's card on the Sync tab. Never throws: a failed notification must not
// undo the cancellation.
import type { Lang } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import { createDb } from "~db";
import { pushConfig, pushTo, subscriptionsOf, type PushPayload } from "~/services/push/push.server";
import { dayName } from "~/services/drafts/reply";

export type NewOpening = { id: string; date: string; time: string; service: string; today: string };

function openingNotification(o: NewOpening, lang: Lang): PushPayload {
  const t = translator(lang);
  return {
    title: t("openings.push.title"),
    body: t("openings.push.body", { service: o.service, day: dayName(o.date, o.today, lang), time: o.time }),
    url: `/dashboard/sync?opening=${encodeURIComponent(o.id)}`,
    tag: `opening-${o.id}`,
  };
}

export async function notifyNewOpening(env: Env, businessId: string, opening: NewOpening): Promise<void> {
  try {
    const keys = pushConfig(env);
    if (!keys) return;
    const db = createDb(env.DB);
    const rows = await subscriptionsOf(db, businessId);
    await Promise.all(rows.map((row) => pushTo(db, env, keys, row, openingNotification(opening, row.lang))));
  } catch (error) {
    console.error(
      `push: notifying business ${businessId} of an opening failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
