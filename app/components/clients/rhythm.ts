// A client's rhythm and reliability in plain words: "comes every 5 weeks",
// "2 no-shows", "1 late cancellation" (nothing when there is nothing to say).
import type { Translate } from "~/i18n";

type Rhythm = { usual_interval_days: number | null; no_shows: number; late_cancels: number };

/** Weeks once the interval is four weeks or a whole number of weeks; days below that. */
export function intervalWords(t: Translate, days: number): string {
  if (days >= 28 || (days >= 7 && days % 7 === 0)) {
    const weeks = Math.round(days / 7);
    return weeks === 1 ? t("clients.rhythm.everyWeek") : t("clients.rhythm.everyWeeks", { n: weeks });
  }
  return t("clients.rhythm.everyDays", { n: days });
}

export function rhythmWords(t: Translate, r: Rhythm): string[] {
  const words: string[] = [];
  if (r.usual_interval_days !== null) words.push(intervalWords(t, r.usual_interval_days));
  if (r.no_shows > 0)
    words.push(r.no_shows === 1 ? t("clients.rhythm.noShow") : t("clients.rhythm.noShows", { n: r.no_shows }));
  if (r.late_cancels > 0)
    words.push(
      r.late_cancels === 1 ? t("clients.rhythm.lateCancel") : t("clients.rhythm.lateCancels", { n: r.late_cancels }),
    );
  return words;
}
