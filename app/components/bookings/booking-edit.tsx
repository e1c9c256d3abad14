// A booking card's inline edit (service, date, time, notes, duration, member, and
// the day's free times of the member chosen, as Add Booking's), checked by the
// same zod schema as the action; its own chunk, loaded on the first Edit.
import { getFormProps, getSelectProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import type { BookingActionResult, BookingItem } from "~/routes/dashboard.calendar/screen.server";
import { useT } from "~/i18n";
import { TextAreaField, TextField } from "~/components/form/fields";
import { BOOKINGS_ACTION, useBookingResult } from "./use-booking-mutation";
import { useFetcherForm } from "~/components/form/use-schema-form";
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
  const { saving, failed, form, fields } = useFetcherForm(fetcher, bookingSchemas, (m) => m.BookingEditForm, {
    id: `${base}-edit`,
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
      <TextField
        field={fields.service}
        label={t("bookings.service")}
        id={`${base}-service`}
        maxLength={60}
        list="service-options"
      />
      <div className="field-pair">
        <TextField field={fields.booking_date} label={t("bookings.date")} type="date" id={`${base}-date`} />
        <TextField field={fields.booking_time} label={t("bookings.time")} type="time" id={`${base}-time`} />
      </div>
      <TextAreaField field={fields.notes} label={t("bookings.notes")} id={`${base}-notes`} maxLength={2000} />
      <TextField
        field={fields.duration_minutes}
        label={t("timebook.duration")}
        type="number"
        id={`${base}-duration`}
        min={5}
        max={480}
        step={5}
      />
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
