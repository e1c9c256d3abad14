// A Web Push notification for each new draft, in the language the phone
// subscribed in: who asked and the drafted reply. Tapping it opens the draft
// on the Sync tab. Never throws: a failed notification must not undo the draft.
import type { Lang } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import { createDb } from "../../../db";
import { pushConfig, pushTo, subscriptionsOf, type PushPayload } from "~/services/push/push.server";
import type { DraftView } from "./drafts.server";

export function draftNotification(d: DraftView, lang: Lang): PushPayload {
  const t = translator(lang);
  return {
    title: t("drafts.push.title"),
    body: t("drafts.push.body", { name: d.client_name || d.client_phone, text: d.text }),
    url: `/dashboard/sync?draft=${encodeURIComponent(d.id)}`,
    tag: d.id,
  };
}

export async function notifyNewDrafts(env: Env, businessId: string, drafts: DraftView[]): Promise<void> {
  try {
    const keys = pushConfig(env);
    if (!keys || !drafts.length) return;
    const db = createDb(env.DB);
    const rows = await subscriptionsOf(db, businessId);
    await Promise.all(
      rows.map(async (row) => {
        for (const d of drafts) {
          const status = await pushTo(db, env, keys, row, draftNotification(d, row.lang));
          if (status === 404 || status === 410) break;
        }
      }),
    );
  } catch (error) {
    console.error(`push: notifying business ${businessId} of drafts failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
