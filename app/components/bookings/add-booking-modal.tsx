// Add Booking: Name, Phone, Service, Date, Time, Notes, checked in the spec's
// order (one message at a time, under its field). A phone that is not yet a
// client creates the client. A failed save shows the spec's browser alert; a
// time that overlaps another booking is shown first and saved on "Book anyway".
import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { BookingActionResult, BookingItem } from "~/routes/dashboard.calendar/screen.server";
import { useT } from "~/i18n";
import { FieldError } from "../form/field-error";
import { firstInvalid } from "../form/first-invalid";
import { PersonFields } from "../form/person-fields";
import { Modal } from "~/components/ui/modal";
import { BOOKINGS_ACTION, useBookingResult } from "./use-booking-mutation";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { bookingSchemas } from "~/components/form/schemas";
import { FreeTimeChips, textOf } from "./free-time-chips";
import { OverlapWarning } from "./overlap-warning";
import { MemberField, type TeamMember } from "./member-field";

type Props = {
  initial: { booking_date?: string; booking_time?: string };
  /** The team in its order; with more than one, the owner chooses whose calendar (default: the first free member). */
  members?: TeamMember[];
  onClose: () => void;
  onCreated: (booking: BookingItem) => void;
  onNotice?: (text: string) => void;
};

const ORDER = ["name", "phone", "service", "booking_date", "booking_time", "notes"] as const;

export function AddBookingModal({ initial, members = [], onClose, onCreated, onNotice }: Props) {
  const t = useT();
  const [member, setMember] = useState("");
  const fetcher = useFetcher<BookingActionResult>();
  const saving = fetcher.state !== "idle";
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm(bookingSchemas, (m) => m.BookingForm, {
    id: "add-booking",
    lastResult: saving ? undefined : failed?.reply,
    defaultValue: { booking_date: initial.booking_date ?? "", booking_time: initial.booking_time ?? "" },
  });
  useBookingResult(fetcher, { onSaved: onCreated, onNotice, onTaken: () => {} });
  const taken = !saving && failed?.conflicts?.length ? failed.conflicts : null;
  const shown = firstInvalid(fields, ORDER);
  const errorOf = (name: (typeof ORDER)[number]) => (
    <FieldError id={fields[name].errorId} problems={shown === name ? fields[name].errors : undefined} />
  );

  return (
    <Modal title={t("bookings.add")} onClose={onClose} locked={saving} closeLabel={t("bookings.close")}>
      <fetcher.Form method="post" action={BOOKINGS_ACTION} {...getFormProps(form)} aria-busy={saving}>
        <PersonFields
          idPrefix="add-booking"
          fields={fields}
          labels={{
            name: t("bookings.name"),
            phone: t("bookings.phone"),
            phonePlaceholder: t("bookings.phonePlaceholder"),
          }}
          errors={{ name: errorOf("name"), phone: errorOf("phone") }}
          disabled={saving}
        />
        <div className="field">
          <label htmlFor="add-booking-service">{t("bookings.service")}</label>
          <input
            {...getInputProps(fields.service, { type: "text" })}
            id="add-booking-service"
            maxLength={60}
            list="service-options"
            autoComplete="off"
            disabled={saving}
          />
          {errorOf("service")}
        </div>
        <div className="field-pair">
          <div className="field">
            <label htmlFor="add-booking-date">{t("bookings.date")}</label>
            <input {...getInputProps(fields.booking_date, { type: "date" })} id="add-booking-date" disabled={saving} />
            {errorOf("booking_date")}
          </div>
          <div className="field">
            <label htmlFor="add-booking-time">{t("bookings.time")}</label>
            <input {...getInputProps(fields.booking_time, { type: "time" })} id="add-booking-time" disabled={saving} />
            {errorOf("booking_time")}
          </div>
        </div>
        <MemberField
          id="add-booking-member"
          members={members}
          empty="auto"
          select={{ value: member, onChange: (e) => setMember(e.target.value), disabled: saving }}
        />
        <FreeTimeChips
          member={member}
          service={textOf(fields.service.value)}
          date={textOf(fields.booking_date.value)}
          time={textOf(fields.booking_time.value)}
          onPick={(time) => form.update({ name: "booking_time", value: time })}
        />
        <div className="field">
          <label htmlFor="add-booking-notes">{t("bookings.notesOptional")}</label>
          <textarea {...getTextareaProps(fields.notes)} id="add-booking-notes" maxLength={2000} disabled={saving} />
          {errorOf("notes")}
        </div>
        <div className="field">
          <label htmlFor="add-booking-duration">{t("timebook.duration")}</label>
          <input
            {...getInputProps(fields.duration_minutes, { type: "number" })}
            id="add-booking-duration"
            min={5}
            max={480}
            step={5}
            disabled={saving}
          />
          <FieldError id={fields.duration_minutes.errorId} problems={fields.duration_minutes.errors} />
        </div>
        {taken && <OverlapWarning conflicts={taken} date={String(fields.booking_date.value ?? "")} disabled={saving} />}
        {/* After the fields: the dialog focuses its first input. */}
        <input type="hidden" name="intent" value="create" />
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={saving}>
            {t("bookings.cancel")}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? t("bookings.saving") : t("bookings.save")}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
