// Add Booking: Name, Phone, Service, Date, Time, Notes, checked in the spec's
// order. A phone that is not yet a client creates the client.
import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { BookingActionResult, BookingItem } from "~/services/bookings/screen.server";
import { validateBookingCreate } from "~/services/bookings/booking-input";
import { useT } from "~/i18n";
import { Modal } from "~/components/ui/modal";
import { useKnownMessage } from "../known-message";
import { BOOKINGS_ACTION } from "./use-booking-mutation";

type Props = { initial: { booking_date?: string; booking_time?: string }; onClose: () => void; onCreated: (booking: BookingItem) => void };

export function AddBookingModal({ initial, onClose, onCreated }: Props) {
  const t = useT();
  const known = useKnownMessage();
  const fetcher = useFetcher<BookingActionResult>();
  const [form, setForm] = useState({ name: "", phone: "", service: "", booking_date: initial.booking_date ?? "", booking_time: initial.booking_time ?? "", notes: "" });
  const [error, setError] = useState<string | null>(null);
  const saving = fetcher.state !== "idle";

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok && fetcher.data.intent === "create") onCreated(fetcher.data.booking);
    else if (!fetcher.data.ok) window.alert(known(fetcher.data.message) || t("bookings.failedCreate"));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const checked = validateBookingCreate(form);
    if (!checked.ok) return setError(known(checked.message));
    setError(null);
    const v = checked.value;
    fetcher.submit({ intent: "create", name: v.name, phone: v.phone, service: v.service, booking_date: v.booking_date, booking_time: v.booking_time, notes: v.notes },
      { method: "post", action: BOOKINGS_ACTION });
  };
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm({ ...form, [key]: e.target.value });

  return (
    <Modal title={t("bookings.add")} onClose={onClose} locked={saving} closeLabel={t("bookings.close")}>
      <form onSubmit={submit} noValidate aria-busy={saving}>
        <div className="field"><label htmlFor="add-booking-name">{t("bookings.name")}</label>
          <input id="add-booking-name" value={form.name} onChange={set("name")} maxLength={200} autoComplete="off" disabled={saving} /></div>
        <div className="field"><label htmlFor="add-booking-phone">{t("bookings.phone")}</label>
          <input id="add-booking-phone" value={form.phone} onChange={set("phone")} inputMode="tel" dir="ltr" placeholder={t("bookings.phonePlaceholder")} autoComplete="off" disabled={saving} /></div>
        <div className="field"><label htmlFor="add-booking-service">{t("bookings.service")}</label>
          <input id="add-booking-service" value={form.service} onChange={set("service")} maxLength={60} list="service-options" autoComplete="off" disabled={saving} /></div>
        <div className="date-time">
          <div className="field"><label htmlFor="add-booking-date">{t("bookings.date")}</label>
            <input id="add-booking-date" type="date" value={form.booking_date} onChange={set("booking_date")} disabled={saving} /></div>
          <div className="field"><label htmlFor="add-booking-time">{t("bookings.time")}</label>
            <input id="add-booking-time" type="time" value={form.booking_time} onChange={set("booking_time")} disabled={saving} /></div>
        </div>
        <div className="field"><label htmlFor="add-booking-notes">{t("bookings.notesOptional")}</label>
          <textarea id="add-booking-notes" value={form.notes} onChange={set("notes")} maxLength={2000} disabled={saving} /></div>
        {error && <div className="alert alert-error" role="alert">{error}</div>}
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={saving}>{t("bookings.cancel")}</button>
          <button type="submit" className="btn btn-primary" disabled={saving}>{saving ? t("bookings.saving") : t("bookings.save")}</button>
        </div>
      </form>
    </Modal>
  );
}
