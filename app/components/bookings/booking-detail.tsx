// The calendar's detail panel for one booking: status (with the control that
// changes it), phone, service, date, time and notes, and a close button. It
// opens at once with the event's name; the details arrive from the server.
import type { BookingItem } from "~/routes/dashboard.calendar/screen.server";
import type { Problem } from "~/utils/problem";
import { formatDateGB } from "~/services/templates";
import { useT } from "~/i18n";
import { Modal } from "~/components/ui/modal";
import { StatusBadge, StatusSelect } from "./status";
import { useBookingMutation } from "./use-booking-mutation";

type Props = { name: string; booking: BookingItem | null; problem: Problem | null; onClose: () => void; onSaved: (b: BookingItem) => void };

export function BookingDetail({ name, booking, problem, onClose, onSaved }: Props) {
  const t = useT();
  return (
    <Modal title={(booking?.client_name ?? name) || t("bookings.unknown")} onClose={onClose} closeLabel={t("bookings.close")} className="booking-detail">
      {booking ? (
        <BookingFacts booking={booking} onClose={onClose} onSaved={onSaved} />
      ) : problem ? (
        <p className="alert alert-error" role="alert">
          {t(problem.key, problem.params)}
        </p>
      ) : (
        <p className="list-status muted" role="status">
          <span className="spinner" aria-hidden="true" /> {t("bookings.loading")}
        </p>
      )}
    </Modal>
  );
}

function BookingFacts({ booking, onClose, onSaved }: { booking: BookingItem; onClose: () => void; onSaved: (b: BookingItem) => void }) {
  const t = useT();
  const mutation = useBookingMutation({ onSaved });
  return (
    <>
      <dl className="booking-facts" data-testid="booking-detail">
        <div>
          <dt>{t("bookings.status")}</dt>
          <dd>
            <StatusBadge status={booking.status} />
          </dd>
        </div>
        <div>
          <dt>{t("bookings.phone")}</dt>
          <dd dir="ltr">{booking.client_phone_display}</dd>
        </div>
        <div>
          <dt>{t("bookings.service")}</dt>
          <dd>{booking.service}</dd>
        </div>
        <div>
          <dt>{t("bookings.date")}</dt>
          <dd>{formatDateGB(booking.booking_date)}</dd>
        </div>
        <div>
          <dt>{t("bookings.time")}</dt>
          <dd dir="ltr">{booking.booking_time.slice(0, 5)}</dd>
        </div>
        <div>
          <dt>{t("bookings.notes")}</dt>
          <dd className="booking-notes">{booking.notes || "—"}</dd>
        </div>
      </dl>
      <div className="booking-actions">
        <StatusSelect
          id={`detail-${booking.id}-status`}
          value={booking.status}
          disabled={mutation.busy}
          onChange={(status) => mutation.update(booking.id, { status })}
        />
        <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
          {t("bookings.close")}
        </button>
      </div>
    </>
  );
}
