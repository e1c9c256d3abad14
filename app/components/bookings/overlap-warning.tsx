// Before a booking is saved over another: "Overlaps Noa Cohen 17:00-17:45",
// one line per booking in the way, and "Book anyway", a submit button of the
// same form that sends book_anyway=1. After a save: its hours warnings.
import type { Conflict } from "~/services/bookings/overlaps.server";
import type { TimeWarning } from "~/services/time/span";
import type { Translate } from "~/i18n";
import { useT } from "~/i18n";
import { formatDateGB } from "~/services/templates";

/** "Overlaps Noa Cohen 17:00-17:45" (with the date when it is another day's booking). */
export function overlapText(t: Translate, c: Conflict, date?: string): string {
  const from = c.booking_date !== date ? `${formatDateGB(c.booking_date)} ${c.booking_time}` : c.booking_time;
  return t("timebook.overlaps", { name: c.client_name || t("bookings.unknown"), from, to: c.end_time });
}

/** "Saved. Outside working hours." / "Saved. It overlaps 1 booking(s).": what the owner should notice after a save. */
export function savedNotice(t: Translate, result: { conflicts: Conflict[]; warnings: TimeWarning[]; booking?: { booking_date: string } }): string | null {
  const date = result.booking?.booking_date;
  const parts = [...result.warnings.map((w) => t(`timebook.warn.${w}`)), ...result.conflicts.map((c) => overlapText(t, c, date))];
  return parts.length ? t("timebook.savedWithWarning", { warning: parts.join(" · ") }) : null;
}

type Props = { conflicts: Conflict[]; date?: string; disabled?: boolean; anyway?: "timebook.bookAnyway" | "timebook.moveAnyway" };

export function OverlapWarning({ conflicts, date, disabled, anyway = "timebook.bookAnyway" }: Props) {
  const t = useT();
  return (
    <div className="alert alert-error overlap-warning" role="alert" data-testid="overlap-warning">
      <strong>{t("timebook.overlapTitle")}</strong>
      <ul>
        {conflicts.map((c) => (
          <li key={c.id}>{overlapText(t, c, date)}</li>
        ))}
      </ul>
      <button type="submit" name="book_anyway" value="1" className="btn btn-ghost btn-sm" disabled={disabled}>
        {t(anyway)}
      </button>
    </div>
  );
}
