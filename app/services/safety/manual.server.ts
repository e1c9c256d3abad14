// "Send from your phone": a business-started message for a client nobody has
// written to yet (contact basis none) is not sent by Chatbook. It waits as
// `manual` in the rule's details with a wa.me link that opens WhatsApp on the
// owner's phone with the text filled in; "Done" marks it sent.
import { withConfirmationLine } from "../replies/words";
import { formatDateGB, renderTemplate } from "../templates";

/** A rule's message as the client reads it (delivery sends exactly this). */
export function renderRuleMessage(
  template: string,
  ask: boolean,
  lang: string,
  values: { name: string; service: string; date: string; staff: string },
): string {
  const text = renderTemplate(template, {
    name: values.name,
    service: values.service,
    date: formatDateGB(values.date),
    staff: values.staff,
  });
  return withConfirmationLine(text, ask, lang === "he" ? "he" : "en");
}

/** https://wa.me/<digits>?text=<the message>: WhatsApp opens that chat with the text typed in. */
export function waMeLink(phoneDigits: string, text: string): string {
  return `https://wa.me/${phoneDigits.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

/** The owner sent it from the phone: Sent. Answers false when the message is not this business's or not waiting. */
export async function markManualSent(
  d1: D1Database,
  businessId: string,
  messageId: string,
  now: number,
): Promise<boolean> {
  if (!messageId || messageId.length > 100) return false;
  const res = await d1
    .prepare(
      `UPDATE scheduled_messages SET status = 'sent', sent_at = ?3, last_error = NULL, updated_at = ?3
       WHERE id = ?2 AND business_id = ?1 AND status = 'manual'`,
    )
    .bind(businessId, messageId, now)
    .run();
  return (res.meta.changes ?? 0) > 0;
}
