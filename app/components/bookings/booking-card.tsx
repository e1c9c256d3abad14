// A booking in the List view: status badge, phone, service, date, time and
// notes; status change, inline Edit (service, date, time, notes) and Delete;
// Accept and Decline for an online booking waiting for the owner.
// The edit form (conform and the zod schema) loads when the owner first taps Edit.
import { lazy, Suspense, useState } from "react";
import type { BookingItem } from "~/routes/dashboard.calendar/screen.server";
import { useT } from "~/i18n";
import { EditIcon, TrashIcon } from "~/components/ui/icons";
import { Loading } from "~/components/ui/loading";
import { BookingFacts } from "./booking-facts";
import { StatusBadge, StatusSelect } from "./status";
import { useBookingMutation } from "./use-booking-mutation";
import { OwnerDecision } from "./owner-decision";
import { MoveAnywayDialog } from "./overlap-warning";
import type { TeamMember } from "./member-field";

const BookingEdit = lazy(() => import("./booking-edit"));

type Props = {
  booking: BookingItem;
  members: TeamMember[];
  onSaved: (b: BookingItem) => void;
  onDeleted: (id: string) => void;
};

export function BookingCard({ booking, members, onSaved, onDeleted }: Props) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const mutation = useBookingMutation({ onSaved, onDeleted });
  const base = `booking-${booking.id}`;
  const remove = () => {
    if (window.confirm(t("bookings.confirmDelete"))) mutation.remove(booking.id);
  };

  return (
    <li className="card booking-card" data-testid="booking-card" aria-busy={mutation.busy}>
      <div className="row between gap-sm">
        <h3 className="booking-name">{booking.client_name || t("bookings.unknown")}</h3>
        <StatusBadge status={booking.status} />
      </div>
      {editing ? (
        <Suspense fallback={<Loading label={t("bookings.loading")} />}>
          <BookingEdit
            booking={booking}
            base={base}
            members={members}
            onCancel={() => setEditing(false)}
            onSaved={(b) => {
              onSaved(b);
              setEditing(false);
            }}
          />
        </Suspense>
      ) : (
        <>
          <BookingFacts booking={booking} />
          <OwnerDecision booking={booking} mutation={mutation} />
          <div className="booking-actions">
            <StatusSelect
              id={`${base}-status`}
              value={booking.status}
              disabled={mutation.busy}
              onChange={(status) => mutation.update(booking.id, { status })}
            />
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => setEditing(true)}
              disabled={mutation.busy}
            >
              <EditIcon size={16} /> {t("bookings.edit")}
            </button>
            <button type="button" className="btn btn-danger-ghost btn-sm" onClick={remove} disabled={mutation.busy}>
              <TrashIcon size={16} /> {t("bookings.delete")}
            </button>
          </div>
        </>
      )}
      <MoveAnywayDialog mover={mutation} />
    </li>
  );
}
