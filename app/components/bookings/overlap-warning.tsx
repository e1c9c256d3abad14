// Before a booking is saved over another: "Overlaps Noa Cohen 17:00-17:45",
// one line per booking in the way, and "Book anyway", a submit button of the
// same form that sends book_anyway=1. A move (a calendar drag, a status that
// takes a cancelled booking back) asks in a dialog instead. After a save: its
// hours warnings.
import { useId } from "react";
import { Modal } from "~/components/ui/modal";
import { Banner } from "~/components/form/banner";
import type { Conflict } from "~/services/bookings/overlaps.server";
import type { TimeWarning } from "~/services/time/span";
import type { Translate } from "~/i18n";
import { useT } from "~/i18n";
import { formatDateGB } from "~/services/templates";

/** "Overlaps Noa Cohen 17:00-17:45" (with the date when it is another day's booking). */
function overlapText(t: Translate, c: Conflict, date?: string): string {
  const from = c.booking_date !== date ? `${formatDateGB(c.booking_date)} ${c.booking_time}` : c.booking_time;
  return t("timebook.overlaps", { name: c.client_name || t("bookings.unknown"), from, to: c.end_time });
}

/** "Saved. Outside working hours." / "Saved. It overlaps 1 booking(s).": what the owner should notice after a save. */
export function savedNotice(
  t: Translate,
  result: { conflicts: Conflict[]; warnings: TimeWarning[]; booking?: { booking_date: string } },
): string | null {
  const date = result.booking?.booking_date;
  const parts = [
    ...result.warnings.map((w) => t(`timebook.warn.${w}`)),
    ...result.conflicts.map((c) => overlapText(t, c, date)),
  ];
  return parts.length ? t("timebook.savedWithWarning", { warning: parts.join(" · ") }) : null;
}

type Props = {
  conflicts: Conflict[];
  date?: string;
  disabled?: boolean;
  anyway?: "timebook.bookAnyway" | "timebook.moveAnyway";
};

export function OverlapWarning({ conflicts, date, disabled, anyway = "timebook.bookAnyway" }: Props) {
  const t = useT();
  return (
    <Banner kind="error" className="overlap-warning" testId="overlap-warning">
      <strong>{t("timebook.overlapTitle")}</strong>
      <ul>
        {conflicts.map((c) => (
          <li key={c.id}>{overlapText(t, c, date)}</li>
        ))}
      </ul>
      <button type="submit" name="book_anyway" value="1" className="btn btn-ghost btn-sm" disabled={disabled}>
        {t(anyway)}
      </button>
    </Banner>
  );
}

/** A move waiting on the owner (useBookingMutation's): what it would overlap, and the two answers. */
type Mover = {
  taken: { conflicts: Conflict[]; date?: string } | null;
  busy?: boolean;
  moveAnyway: () => void;
  keep: () => void;
};

/**
 * A move onto other bookings, not saved yet: "Overlaps Noa Cohen 17:00-17:45",
 * then Move anyway or Keep it where it was (focused first; Escape, the close
 * button and a tap outside keep it too, and a dragged event goes back).
 * Nothing while no move waits.
 */
export function MoveAnywayDialog({ mover }: { mover: Mover }) {
  const t = useT();
  const list = useId();
  if (!mover.taken) return null;
  const { conflicts, date } = mover.taken;
  const { busy, moveAnyway: onMove, keep: onKeep } = mover;
  return (
    <Modal
      title={t("timebook.overlapTitle")}
      onClose={onKeep}
      closeLabel={t("bookings.close")}
      className="modal-small"
      testId="move-anyway"
      role="alertdialog"
      describedBy={list}
      footer={
        <div className="row gap-sm modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onKeep} data-autofocus>
            {t("timebook.keepPlace")}
          </button>
          <button type="button" className="btn btn-primary" onClick={onMove} disabled={busy}>
            {t("timebook.moveAnyway")}
          </button>
        </div>
      }
    >
      <ul id={list} className="overlap-list">
        {conflicts.map((c) => (
          <li key={c.id}>{overlapText(t, c, date)}</li>
        ))}
      </ul>
    </Modal>
  );
}
