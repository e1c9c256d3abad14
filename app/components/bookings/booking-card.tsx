// A booking in the List view: status badge, phone, service, date, time and
// notes; status change, inline Edit (service, date, time, notes) and Delete.
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { BookingActionResult, BookingItem } from "~/routes/dashboard.calendar/screen.server";
import { BookingEditForm } from "~/validation/bookings";
import { formatDateGB } from "~/services/templates";
import { useT } from "~/i18n";
import { FieldError } from "../form/field-error";
import { EditIcon, TrashIcon } from "~/components/ui/icons";
import { StatusBadge, StatusSelect } from "./status";
import { BOOKINGS_ACTION, useBookingMutation, useBookingResult } from "./use-booking-mutation";
import { useSchemaForm } from "~/components/form/use-schema-form";

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
        <BookingEdit
          booking={booking}
          base={base}
          onCancel={() => setEditing(false)}
          onSaved={(b) => {
            onSaved(b);
            setEditing(false);
          }}
        />
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

type EditProps = { booking: BookingItem; base: string; onCancel: () => void; onSaved: (b: BookingItem) => void };

/** The inline edit (service, date, time, notes): problems under their fields; a failed save shows the spec's alert. */
function BookingEdit({ booking, base, onCancel, onSaved }: EditProps) {
  const t = useT();
  const fetcher = useFetcher<BookingActionResult>();
  const saving = fetcher.state !== "idle";
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm(BookingEditForm, {
    id: `${base}-edit`,
    lastResult: saving ? undefined : failed?.reply,
    defaultValue: { service: booking.service, booking_date: booking.booking_date, booking_time: booking.booking_time.slice(0, 5), notes: booking.notes },
  });
  useBookingResult(fetcher, { onSaved });

  return (
    <fetcher.Form method="post" action={BOOKINGS_ACTION} className="booking-edit" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="id" value={booking.id} />
      <div className="field">
        <label htmlFor={`${base}-service`}>{t("bookings.service")}</label>
        <input {...getInputProps(fields.service, { type: "text" })} id={`${base}-service`} maxLength={60} list="service-options" />
        <FieldError id={fields.service.errorId} problems={fields.service.errors} />
      </div>
      <div className="date-time">
        <div className="field">
          <label htmlFor={`${base}-date`}>{t("bookings.date")}</label>
          <input {...getInputProps(fields.booking_date, { type: "date" })} id={`${base}-date`} />
          <FieldError id={fields.booking_date.errorId} problems={fields.booking_date.errors} />
        </div>
        <div className="field">
          <label htmlFor={`${base}-time`}>{t("bookings.time")}</label>
          <input {...getInputProps(fields.booking_time, { type: "time" })} id={`${base}-time`} />
          <FieldError id={fields.booking_time.errorId} problems={fields.booking_time.errors} />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${base}-notes`}>{t("bookings.notes")}</label>
        <textarea {...getTextareaProps(fields.notes)} id={`${base}-notes`} maxLength={2000} />
        <FieldError id={fields.notes.errorId} problems={fields.notes.errors} />
      </div>
      <div className="row gap-sm">
        <button type="submit" className="btn btn-primary btn-sm" disabled={saving}>
          {saving ? t("bookings.saving") : t("bookings.save")}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel} disabled={saving}>
          {t("bookings.cancel")}
        </button>
      </div>
    </fetcher.Form>
  );
}
