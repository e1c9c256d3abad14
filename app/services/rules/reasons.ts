// Why a rule message was cancelled, failed or is waiting: stored in
// scheduled_messages.last_error as a dictionary key (`rules.reason.missed`),
// or as a problem in JSON when it has values
// (`{"key":"rules.reason.refusedCode","params":{"code":17}}`). The screen
// shows it in the reader's language; the API answers its English text.
//
// Any other text is the gateway's own words (an error a send answered),
// shown as it came. (Rows written before reasons were keys held English
// sentences: migration 0021_reason_keys.sql made them keys.)
import type { MessageKey, Translate } from "~/i18n";
import { isMessageKey, problem, type MessageParams, type Problem } from "~/utils/problem";

export type ReasonKey = Extract<MessageKey, `rules.reason.${string}`>;

/** The value to store in last_error. */
export function storedReason(key: ReasonKey, params?: MessageParams): string {
  return params ? JSON.stringify(problem(key, params)) : key;
}

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
  return null;
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
export function withReasonTexts<G extends { clients: { last_error: string | null }[] }>(
  groups: G[],
  t: Translate,
): G[] {
  return groups.map((g) => ({
    ...g,
    clients: g.clients.map((c) => ({ ...c, last_error: reasonText(c.last_error, t) })),
  }));
}
