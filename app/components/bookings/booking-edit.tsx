// A booking card's inline edit (service, date, time, notes, duration, member, and
// the day's free times of the member chosen, as Add Booking's), checked by the
// same zod schema as the action; its own chunk, loaded on the first Edit.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import type { BookingActionResult, BookingItem } from "~/routes/dashboard.calendar/screen.server";
import { useT } from "~/i18n";
import { FieldError } from "../form/field-error";
import { BOOKINGS_ACTION, useBookingResult } from "./use-booking-mutation";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { bookingSchemas } from "~/components/form/schemas";
import { OverlapWarning } from "./overlap-warning";
import { MemberField, type TeamMember } from "./member-field";
import { FreeTimeChips, textOf } from "./free-time-chips";

type EditProps = {
  booking: BookingItem;
  base: string;
  members: TeamMember[];
  onCancel: () => void;
  onSaved: (b: BookingItem) => void;
};

/**
 * The inline edit (service, date, time, notes, duration, and with a team whose
 * calendar): problems under their fields; a failed save shows the spec's alert.
 */
export default function BookingEdit({ booking, base, members, onCancel, onSaved }: EditProps) {
  const t = useT();
  const fetcher = useFetcher<BookingActionResult>();
  const saving = fetcher.state !== "idle";
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm(bookingSchemas, (m) => m.BookingEditForm, {
    id: `${base}-edit`,
    lastResult: saving ? undefined : failed?.reply,
    defaultValue: {
      service: booking.service,
      booking_date: booking.booking_date,
      booking_time: booking.booking_time.slice(0, 5),
      notes: booking.notes,
      duration_minutes: String(booking.duration_minutes),
      member_id: booking.member_id ?? "",
    },
  });
  useBookingResult(fetcher, { onSaved, onTaken: () => {} });
  const taken = !saving && failed?.conflicts?.length ? failed.conflicts : null;

  return (
    <fetcher.Form method="post" action={BOOKINGS_ACTION} className="booking-edit" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="id" value={booking.id} />
      <div className="field">
        <label htmlFor={`${base}-service`}>{t("bookings.service")}</label>
        <input
          {...getInputProps(fields.service, { type: "text" })}
          id={`${base}-service`}
          maxLength={60}
          list="service-options"
        />
        <FieldError id={fields.service.errorId} problems={fields.service.errors} />
      </div>
      <div className="field-pair">
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
      <div className="field">
        <label htmlFor={`${base}-duration`}>{t("timebook.duration")}</label>
        <input
          {...getInputProps(fields.duration_minutes, { type: "number" })}
          id={`${base}-duration`}
          min={5}
          max={480}
          step={5}
        />
        <FieldError id={fields.duration_minutes.errorId} problems={fields.duration_minutes.errors} />
      </div>
      {/* An unassigned booking stays so unless a member is chosen (an empty choice changes nothing). */}
      <MemberField
        id={`${base}-member`}
        members={members}
        empty={booking.member_id ? undefined : "unassigned"}
        select={getSelectProps(fields.member_id)}
        error={{ id: fields.member_id.errorId, problems: fields.member_id.errors }}
      />
      <FreeTimeChips
        member={textOf(fields.member_id.value)}
        except={booking.id}
        service={textOf(fields.service.value)}
        date={textOf(fields.booking_date.value)}
        time={textOf(fields.booking_time.value)}
        onPick={(time) => form.update({ name: "booking_time", value: time })}
      />
      {taken && (
        <OverlapWarning
          conflicts={taken}
          date={String(fields.booking_date.value ?? "")}
          disabled={saving}
          anyway="timebook.moveAnyway"
        />
      )}
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
