// Number safety in browser tests: Chatbook starts a chat only with clients who
// wrote to the business's WhatsApp (or whom the owner wrote to). Tests whose
// clients are added by hand and must get automatic messages say so here.
import { PAUSE_SECONDS } from "~/validation/accounts";
import type { BrowserStack } from "./browser-stack";

/** Every client so far of one business wrote to the business's WhatsApp a day ago. */
export function clientsWroteFirst(stack: Pick<BrowserStack["stack"], "query">, businessId: string) {
  stack.query(
    `INSERT OR IGNORE INTO contact_consent (business_id, phone, first_in_at)
     SELECT business_id, phone, ${Date.now() - 86_400_000} FROM clients WHERE business_id = '${businessId}'`,
  );
}

/** One cron run (as a deploy has every minute), every client so far of the business having written first. */
export async function cronForClientsWhoWrote(stack: Pick<BrowserStack["stack"], "query" | "cron">, businessId: string) {
  clientsWroteFirst(stack, businessId);
  await stack.cron();
}

/** The shortest pause an owner can choose between automatic messages (10 to 30 s apart): a test's reminders go out one after another sooner. */
export function shortestPause(stack: Pick<BrowserStack["stack"], "query">, businessId: string) {
  stack.query(`UPDATE businesses SET pause_seconds = ${PAUSE_SECONDS.min} WHERE id = '${businessId}'`);
}
