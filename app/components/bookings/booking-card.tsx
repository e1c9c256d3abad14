// A booking in the List view: status badge, phone, service, date, time and
// notes; status change, inline Edit (service, date, time, notes) and Delete.
// The edit form (conform and the zod schema) loads when the owner first taps Edit.
import { lazy, Suspense, useState } from "react";
import type { BookingItem } from "~/routes/dashboard.calendar/screen.server";
import { formatDateGB } from "~/services/templates";
import { useT } from "~/i18n";
import { EditIcon, TrashIcon } from "~/components/ui/icons";
import { StatusBadge, StatusSelect } from "./status";
import { useBookingMutation } from "./use-booking-mutation";

const BookingEdit = lazy(() => import("./booking-edit"));

type Props = { booking: BookingItem; onSaved: (b: BookingItem) => void; onDeleted: (id: string) => void };

export function BookingCard({ booking, onSaved, onDeleted }: Props) {
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
        <Suspense
          fallback={
            <p className="list-status muted" role="status">
              <span className="spinner" aria-hidden="true" />
            </p>
          }
        >
          <BookingEdit
            booking={booking}
            base={base}
            onCancel={() => setEditing(false)}
            onSaved={(b) => {
              onSaved(b);
              setEditing(false);
            }}
          />
        </Suspense>
      ) : (
        <>
          <dl className="booking-facts">
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
            {booking.notes && (
              <div>
                <dt>{t("bookings.notes")}</dt>
                <dd className="booking-notes">{booking.notes}</dd>
              </div>
            )}
          </dl>
          <div className="booking-actions">
            <StatusSelect
              id={`${base}-status`}
              value={booking.status}
              disabled={mutation.busy}
              onChange={(status) => mutation.update(booking.id, { status })}
            />
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(true)} disabled={mutation.busy}>
              <EditIcon size={16} /> {t("bookings.edit")}
            </button>
            <button type="button" className="btn btn-danger-ghost btn-sm" onClick={remove} disabled={mutation.busy}>
              <TrashIcon size={16} /> {t("bookings.delete")}
            </button>
          </div>
        </>
      )}
    </li>
  );
}
