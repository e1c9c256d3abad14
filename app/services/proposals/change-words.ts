// The short answer a customer gets when the owner accepts the change they asked
// for in the chat (moved, late, cancelled), in the language of their own words,
// naming the day as the drafted replies do ("tomorrow", "Thursday 28/11").
// Pure: the accept path queues it, tests read it.
import type { Lang } from "~/i18n/define";
import type { ProposalKind } from "~db/schema";
import { customerLang, dayName } from "~/services/drafts/reply";

export type ChangeKind = Exclude<ProposalKind, "booking">;

/** The service after the Hebrew "ל": glued to a Hebrew name ("לתספורת"), with a hyphen before a Latin one ("ל-Haircut"). */
const heFor = (service: string) => `ל${/[\u0590-\u05ff]/.test(service) ? "" : "-"}${service}`;

/**
 * "Done! Your Haircut is moved to tomorrow at 18:00. See you then!",
 * "No problem, see you soon!", "OK, your Haircut on Thursday 28/11 at 17:00 is cancelled. Hope to see you another time!";
 * in Hebrew when the customer wrote Hebrew. `date`/`time`: the booking's new time (reschedule) or its own.
 */
export function changeAck(
  kind: ChangeKind,
  b: { service: string; date: string; time: string },
  today: string,
  lang: Lang,
): string {
  const day = dayName(b.date, today, lang);
  const time = b.time.slice(0, 5);
  if (lang === "he") {
    if (kind === "reschedule") return `סגור! התור שלך ${heFor(b.service)} הועבר ל${day} בשעה ${time}. נתראה!`;
    if (kind === "late") return "אין בעיה, נתראה בקרוב!";
    return `בסדר, התור שלך ${heFor(b.service)} (${day} בשעה ${time}) בוטל. נשמח לראות אותך בפעם אחרת!`;
  }
  if (kind === "reschedule") return `Done! Your ${b.service} is moved to ${day} at ${time}. See you then!`;
  if (kind === "late") return "No problem, see you soon!";
  const on = day === "today" || day === "tomorrow" ? day : `on ${day}`;
  return `OK, your ${b.service} ${on} at ${time} is cancelled. Hope to see you another time!`;
}

/** The customer's language, from their quoted words. */
export const changeLang = (quote: string): Lang => customerLang(quote);
