// Answer for me: the business's switch (Settings, `auto_answer` in /api/settings).
// What it does when on is in drafts.server.ts (autoAnswer).
import { eq } from "drizzle-orm";
import { schema, type Db } from "~db";

export type AutoAnswerSetting = { auto_answer: boolean };

export function autoAnswerOf(business: { autoAnswer: boolean }): AutoAnswerSetting {
  return { auto_answer: business.autoAnswer };
}

/** Saves the switch when it was sent and answers the setting. */
export async function updateAutoAnswer(
  db: Db,
  business: { id: string; autoAnswer: boolean },
  patch: { auto_answer?: boolean },
): Promise<AutoAnswerSetting> {
  if (patch.auto_answer === undefined) return autoAnswerOf(business);
  await db
    .update(schema.businesses)
    .set({ autoAnswer: patch.auto_answer })
    .where(eq(schema.businesses.id, business.id));
  return { auto_answer: patch.auto_answer };
}
