// Web Push for drafted replies, in the language the phone subscribed in: a new
// draft (who asked and the drafted reply), and a draft Answer for me sent by
// itself (whom it answered and what it said). Tapping either opens the Sync
// tab at that draft. Never throws: a failed notification must not undo the draft.
import type { Lang } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import { createDb } from "~db";
import { pushConfig, pushTo, subscriptionsOf, type PushPayload } from "~/services/push/push.server";
import type { DraftView } from "./drafts.server";

const draftUrl = (d: DraftView) => `/dashboard/sync?draft=${encodeURIComponent(d.id)}`;

/** A push about a draft saying `key` ({name}, {text}); tapping it opens the draft. */
function draftPush(key: "drafts.push.body" | "drafts.push.answered") {
  return (d: DraftView, lang: Lang): PushPayload => {
    const t = translator(lang);
    return {
      title: t("drafts.push.title"),
      body: t(key, { name: d.client_name || d.client_phone, text: d.text }),
      url: draftUrl(d),
      tag: d.id,
    };
  };
}

/** A new draft: who asked and the drafted reply. */
const draftNotification = draftPush("drafts.push.body");

/** A draft Answer for me sent: `d.text` is the text that went out. */
const answeredNotification = draftPush("drafts.push.answered");

async function notifyEach(
  env: Env,
  businessId: string,
  drafts: DraftView[],
  payload: (d: DraftView, lang: Lang) => PushPayload,
): Promise<void> {
  try {
    const keys = pushConfig(env);
    if (!keys || !drafts.length) return;
    const db = createDb(env.DB);
    const rows = await subscriptionsOf(db, businessId);
    await Promise.all(
      rows.map(async (row) => {
        for (const d of drafts) {
          const status = await pushTo(db, env, keys, row, payload(d, row.lang));
          if (status === 404 || status === 410) break;
        }
      }),
    );
  } catch (error) {
    console.error(
      `push: notifying business ${businessId} of drafts failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

export const notifyNewDrafts = (env: Env, businessId: string, drafts: DraftView[]) =>
  notifyEach(env, businessId, drafts, draftNotification);

/** Answer for me sent these drafts by itself: the owner hears whom it answered and what it said. */
export const notifyAnsweredDrafts = (env: Env, businessId: string, drafts: DraftView[]) =>
  notifyEach(env, businessId, drafts, answeredNotification);
