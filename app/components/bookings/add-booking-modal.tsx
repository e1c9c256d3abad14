// Add Booking: Name, Phone, Service, Date, Time, Notes, checked in the spec's
// order (one message at a time, under its field). A phone that is not yet a
// client creates the client. A failed save shows the spec's browser alert; a
// time that overlaps another booking is shown first and saved on "Book anyway".
import { getFormProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import type { BookingActionResult, BookingItem } from "~/routes/dashboard.calendar/screen.server";
import { useT } from "~/i18n";
import { FieldError } from "../form/field-error";
import { TextAreaField, TextField } from "../form/fields";
import { firstInvalid } from "../form/first-invalid";
import { PersonFields } from "../form/person-fields";
import { Modal } from "~/components/ui/modal";
import { BOOKINGS_ACTION, useBookingResult } from "./use-booking-mutation";
import { useFetcherForm } from "~/components/form/use-schema-form";
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
  const { saving, failed, form, fields } = useFetcherForm(fetcher, bookingSchemas, (m) => m.BookingForm, {
    id: "add-booking",
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
        <TextField
          field={fields.service}
          label={t("bookings.service")}
          id="add-booking-service"
          quiet={shown !== "service"}
          maxLength={60}
          list="service-options"
          autoComplete="off"
          disabled={saving}
        />
        <div className="field-pair">
          <TextField
            field={fields.booking_date}
            label={t("bookings.date")}
            type="date"
            id="add-booking-date"
            quiet={shown !== "booking_date"}
            disabled={saving}
          />
          <TextField
            field={fields.booking_time}
            label={t("bookings.time")}
            type="time"
            id="add-booking-time"
            quiet={shown !== "booking_time"}
            disabled={saving}
          />
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
        <TextAreaField
          field={fields.notes}
          label={t("bookings.notesOptional")}
          id="add-booking-notes"
          quiet={shown !== "notes"}
          maxLength={2000}
          disabled={saving}
        />
        <TextField
          field={fields.duration_minutes}
          label={t("timebook.duration")}
          type="number"
          id="add-booking-duration"
          min={5}
          max={480}
          step={5}
          disabled={saving}
        />
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
