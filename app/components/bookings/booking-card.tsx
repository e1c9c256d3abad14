// A booking in the List view: status badge, phone, service, date, time and
// notes; status change, inline Edit (service, date, time, notes) and Delete.
import { useState } from "react";
import type { BookingItem } from "~/services/bookings/screen.server";
import { validateBookingPatch } from "~/services/bookings/booking-input";
import { formatDateGB } from "~/services/templates";
import { useT } from "~/i18n";
import { useKnownMessage } from "../known-message";
import { EditIcon, TrashIcon } from "~/components/ui/icons";
import { StatusBadge, StatusSelect } from "./status";
import { useBookingMutation } from "./use-booking-mutation";

type Props = { booking: BookingItem; onSaved: (b: BookingItem) => void; onDeleted: (id: string) => void };

export function BookingCard({ booking, onSaved, onDeleted }: Props) {
  const t = useT();
  const known = useKnownMessage();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState({ service: "", booking_date: "", booking_time: "", notes: "" });
  const mutation = useBookingMutation({ onSaved: (b) => { onSaved(b); setEditing(false); }, onDeleted });
  const base = `booking-${booking.id}`;

  const startEdit = () => {
    setForm({ service: booking.service, booking_date: booking.booking_date, booking_time: booking.booking_time.slice(0, 5), notes: booking.notes });
    setEditing(true);
  };
  const save = () => {
    const checked = validateBookingPatch(form);
    if (!checked.ok) return window.alert(known(checked.message));
    mutation.update(booking.id, form);
  };
  const remove = () => {
    if (window.confirm(t("bookings.confirmDelete"))) mutation.remove(booking.id);
  };
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm({ ...form, [key]: e.target.value });

  return (
    <li className="card booking-card" data-testid="booking-card" aria-busy={mutation.busy}>
      <div className="row between gap-sm">
        <h3 className="booking-name">{booking.client_name || t("bookings.unknown")}</h3>
        <StatusBadge status={booking.status} />
      </div>
      {editing ? (
        <form className="booking-edit" onSubmit={(e) => { e.preventDefault(); save(); }}>
          <div className="field"><label htmlFor={`${base}-service`}>{t("bookings.service")}</label>
            <input id={`${base}-service`} value={form.service} onChange={set("service")} maxLength={60} list="service-options" /></div>
          <div className="date-time">
            <div className="field"><label htmlFor={`${base}-date`}>{t("bookings.date")}</label>
              <input id={`${base}-date`} type="date" value={form.booking_date} onChange={set("booking_date")} /></div>
            <div className="field"><label htmlFor={`${base}-time`}>{t("bookings.time")}</label>
              <input id={`${base}-time`} type="time" value={form.booking_time} onChange={set("booking_time")} /></div>
          </div>
          <div className="field"><label htmlFor={`${base}-notes`}>{t("bookings.notes")}</label>
            <textarea id={`${base}-notes`} value={form.notes} onChange={set("notes")} maxLength={2000} /></div>
          <div className="row gap-sm">
            <button type="submit" className="btn btn-primary btn-sm" disabled={mutation.busy}>{mutation.busy ? t("bookings.saving") : t("bookings.save")}</button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)} disabled={mutation.busy}>{t("bookings.cancel")}</button>
          </div>
        </form>
      ) : (
        <>
          <dl className="booking-facts">
            <div><dt>{t("bookings.phone")}</dt><dd dir="ltr">{booking.client_phone_display}</dd></div>
            <div><dt>{t("bookings.service")}</dt><dd>{booking.service}</dd></div>
            <div><dt>{t("bookings.date")}</dt><dd>{formatDateGB(booking.booking_date)}</dd></div>
            <div><dt>{t("bookings.time")}</dt><dd dir="ltr">{booking.booking_time.slice(0, 5)}</dd></div>
            {booking.notes && <div><dt>{t("bookings.notes")}</dt><dd className="booking-notes">{booking.notes}</dd></div>}
          </dl>
          <div className="booking-actions">
            <StatusSelect id={`${base}-status`} value={booking.status} disabled={mutation.busy} onChange={(status) => mutation.update(booking.id, { status })} />
            <button type="button" className="btn btn-ghost btn-sm" onClick={startEdit} disabled={mutation.busy}><EditIcon size={16} /> {t("bookings.edit")}</button>
            <button type="button" className="btn btn-danger-ghost btn-sm" onClick={remove} disabled={mutation.busy}><TrashIcon size={16} /> {t("bookings.delete")}</button>
          </div>
        </>
      )}
    </li>
  );
}
