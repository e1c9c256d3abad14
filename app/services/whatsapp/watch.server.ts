// The cron's watch over WhatsApp sessions: reconcile statuses the Durable
// Objects have not re-read lately (a lost alarm, a gateway that forgot the
// session), and e-mail owners whose messages have waited 15 minutes for
// WhatsApp to reconnect (once per outage).
import { createDb } from "~db";
import { getEmailSender } from "../email/index.server";
import { parseLang } from "~/i18n";
import { translator } from "~/i18n/messages.server";
import { businessSession } from "./session.server";

/** A status not re-read for this long is reconciled by the cron (the Durable Object's own poll runs every minute). */
const RECONCILE_AFTER_MS = 90_000;
const RECONCILE_BATCH = 100;
/** Messages waiting this long for WhatsApp make the owner get an e-mail. */
const ALERT_AFTER_MS = 15 * 60 * 1000;

export async function reconcileSessions(env: Env, now: number): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT id FROM businesses WHERE wa_status NOT IN ('no-session', 'disconnected', 'unknown') AND wa_status_at < ?1
     ORDER BY wa_status_at LIMIT ${RECONCILE_BATCH}`,
  )
    .bind(now - RECONCILE_AFTER_MS)
    .all<{ id: string }>();
  await Promise.all(
    results.map(async ({ id }) => {
      try {
        await businessSession(env, id).reconcile(id);
      } catch (error) {
        console.error("Reconciling a WhatsApp session failed", id, error);
      }
    }),
  );
  return results.length;
}

export async function alertWaitingOwners(env: Env, now: number): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT b.id, b.message_lang, u.email, count(m.id) AS waiting FROM businesses b
     JOIN users u ON u.id = b.owner_user_id
     JOIN scheduled_messages m ON m.business_id = b.id AND m.status = 'scheduled' AND m.send_at <= ?1
     WHERE b.wa_status NOT IN ('WORKING', 'unknown') AND b.wa_alert_at IS NULL
     GROUP BY b.id LIMIT 200`,
  )
    .bind(now - ALERT_AFTER_MS)
    .all<{ id: string; message_lang: string; email: string; waiting: number }>();
  if (!results.length) return 0;
  const sender = getEmailSender(env, createDb(env.DB));
  for (const r of results) {
    // Claim first: two overlapping cron runs send one e-mail.
    const claim = await env.DB.prepare("UPDATE businesses SET wa_alert_at = ?2 WHERE id = ?1 AND wa_alert_at IS NULL")
      .bind(r.id, now)
      .run();
    if (!claim.meta.changes) continue;
    const link = `${env.APP_URL.replace(/\/+$/, "")}/dashboard`;
    const params = { count: String(r.waiting), link };
    // In the business's message language (the owner's language at sign-up, or as set in Settings).
    const t = translator(parseLang(r.message_lang));
    const result = await sender.send({
      to: r.email,
      subject: t("mail.waiting.subject"),
      text: t("mail.waiting.text", params),
    });
    if (result.status !== "sent") console.error("Waiting-messages e-mail failed", r.id, result.message);
  }
  return results.length;
}
