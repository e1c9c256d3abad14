// Why a rule message was cancelled, failed or is waiting: stored in
// scheduled_messages.last_error as a dictionary key (`rules.reason.missed`),
// or as a problem in JSON when it has values
// (`{"key":"rules.reason.refusedCode","params":{"code":17}}`). The screen
// shows it in the reader's language; the API answers its English text.
//
// Rows written before reasons were keys hold English sentences: they are
// read here, in this one place, through OLD_SENTENCES. Any other text is the
// gateway's own words (an error a send answered), shown as it came.
import type { MessageKey, Translate } from "~/i18n";
import { isMessageKey, problem, type MessageParams, type Problem } from "~/utils/problem";

export type ReasonKey = Extract<MessageKey, `rules.reason.${string}`>;

/** The value to store in last_error. */
export function storedReason(key: ReasonKey, params?: MessageParams): string {
  return params ? JSON.stringify(problem(key, params)) : key;
}

/** The reasons' English sentences as they were stored before they were keys. */
export const OLD_SENTENCES: Record<string, ReasonKey> = {
  "The appointment has already passed.": "rules.reason.appointmentPassed",
  "The planned time is after the appointment.": "rules.reason.afterAppointment",
  "Skipped: the client already gets another reminder for this appointment.": "rules.reason.superseded",
  "Client already rebooked": "rules.reason.rebooked",
  "The booking was cancelled.": "rules.reason.bookingCancelled",
  "The booking was deleted.": "rules.reason.bookingDeleted",
  "The client has no phone number.": "rules.reason.noPhone",
  "Waiting for WhatsApp to reconnect": "rules.reason.waiting",
  "This number is not on WhatsApp.": "rules.reason.notOnWhatsApp",
  "delivery retries exhausted": "rules.reason.retriesExhausted",
  "Missed: not sent within 6 hours of its planned time.": "rules.reason.missed",
  "WhatsApp refused the message: this number is restricted from messaging new contacts (error 463).": "rules.reason.restricted",
  "WhatsApp refused the message.": "rules.reason.refused",
};
const OLD_REFUSED_CODE = /^WhatsApp refused the message \(error (\d+)\)\.$/;

const isReasonKey = (value: unknown): value is ReasonKey => isMessageKey(value) && value.startsWith("rules.reason.");

/** A stored reason as our own key and values, or null when the text is not ours (the gateway's words). */
function ownReason(stored: string): Problem | null {
  if (isReasonKey(stored)) return problem(stored);
  if (stored.startsWith("{")) {
    try {
      const parsed = JSON.parse(stored) as { key?: unknown; params?: MessageParams };
      if (isReasonKey(parsed.key)) return problem(parsed.key, parsed.params);
    } catch {
      /* not ours */
    }
  }
  const old = OLD_SENTENCES[stored];
  if (old) return problem(old);
  const code = OLD_REFUSED_CODE.exec(stored);
  return code ? problem("rules.reason.refusedCode", { code: Number(code[1]) }) : null;
}

/** What the screen shows for a stored reason (null when there is none). */
export function reasonProblem(stored: string | null): Problem | null {
  if (!stored) return null;
  return ownReason(stored) ?? problem("rules.reason.gateway", { detail: stored });
}

/** The stored reason as text in one language (the API: English); the gateway's own words pass as they are. */
export function reasonText(stored: string | null, t: Translate): string | null {
  if (!stored) return null;
  const own = ownReason(stored);
  return own ? t(own.key, own.params) : stored;
}

/** Rule groups with each client's reason as text in one language (the API's answer: English). */
export function withReasonTexts<G extends { clients: { last_error: string | null }[] }>(groups: G[], t: Translate): G[] {
  return groups.map((g) => ({ ...g, clients: g.clients.map((c) => ({ ...c, last_error: reasonText(c.last_error, t) })) }));
}
