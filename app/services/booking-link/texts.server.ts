// The booking link's words about a day, in the customer's language: the
// day's label and the message the customer sends to confirm (the public
// page, the WhatsApp answers and the owner's notification share them).
import type { Lang } from "~/i18n";
import { translator } from "~/i18n/messages.server";

/** "Thu 28/11 16:30" (short) or "Thursday 28/11" (long) in the language, for the WhatsApp texts. */
export function dayLabel(date: string, lang: Lang, weekday: "short" | "long"): string {
  const [y, m, d] = date.split("-").map(Number);
  const day = new Intl.DateTimeFormat(lang === "he" ? "he-IL" : "en-GB", { weekday, timeZone: "UTC" }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
  return `${day} ${String(d).padStart(2, "0")}/${String(m).padStart(2, "0")}`;
}

/** The text the customer sends to confirm: "Confirm booking 4821: Haircut, Thu 28/11 16:30". */
export function confirmText(lang: Lang, b: { code: string; service: string; date: string; time: string }): string {
  return translator(lang)("booklink.wa.confirm", {
    code: b.code,
    service: b.service,
    when: `${dayLabel(b.date, lang, "short")} ${b.time.slice(0, 5)}`,
  });
}
