// The business's currency setting: stored as chosen ("" = its country's), answered as the code in effect.
import { eq } from "drizzle-orm";
import { schema, type Db } from "~db";
import { currencyOf } from "./money";

/** Saves the chosen ISO 4217 code ("" goes back to the country's), when one was sent. */
export async function saveCurrency(db: Db, businessId: string, code: string | undefined): Promise<void> {
  if (code === undefined) return;
  await db.update(schema.businesses).set({ currency: code }).where(eq(schema.businesses.id, businessId));
}

/** What /api/settings answers: the code in effect. */
export const currencySetting = (business: { currency: string; country: string }) => ({
  currency: currencyOf(business),
});
