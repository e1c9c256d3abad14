// The calendar's detail panel for one booking: status (with the control that
// changes it), phone, service, date, time and notes, and a close button. It
// opens at once with the event's name; the details arrive from the server.
import type { BookingItem } from "~/routes/dashboard.calendar/screen.server";
import type { Problem } from "~/utils/problem";
import { useT } from "~/i18n";
import { Modal } from "~/components/ui/modal";
import { Loading } from "~/components/ui/loading";
import { Banner } from "~/components/form/banner";
import { BookingFacts } from "./booking-facts";
import { StatusSelect } from "./status";
import { useBookingMutation } from "./use-booking-mutation";
import { OwnerDecision } from "./owner-decision";
import { MoveAnywayDialog } from "./overlap-warning";

type Props = {
  name: string;
  booking: BookingItem | null;
  problem: Problem | null;
  onClose: () => void;
  onSaved: (b: BookingItem) => void;
};

export function BookingDetail({ name, booking, problem, onClose, onSaved }: Props) {
  const t = useT();
  return (
    <Modal
      title={(booking?.client_name ?? name) || t("bookings.unknown")}
      onClose={onClose}
      closeLabel={t("bookings.close")}
      className="booking-detail"
    >
      {booking ? (
        <BookingPanel booking={booking} onClose={onClose} onSaved={onSaved} />
      ) : problem ? (
        <Banner kind="error">{t(problem.key, problem.params)}</Banner>
      ) : (
        <Loading label={t("bookings.loading")} />
      )}
    </Modal>
  );
}

function BookingPanel({
  booking,
  onClose,
  onSaved,
}: {
  booking: BookingItem;
  onClose: () => void;
  onSaved: (b: BookingItem) => void;
}) {
  const t = useT();
  const mutation = useBookingMutation({ onSaved });
  return (
    <>
      <BookingFacts booking={booking} panel testId="booking-detail" />
      <OwnerDecision booking={booking} mutation={mutation} />
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
      <MoveAnywayDialog mover={mutation} />
    </>
  );
}
