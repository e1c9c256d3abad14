// What a booking is, as a list of facts: phone, service, the team member it is with, date, time, price,
// "Booked online" for one from the booking page, notes.
// The List view's card leaves out an empty note (its badge is in the card's
// head); the calendar's detail panel shows the status first and every row.
import type { BookingItem } from "~/routes/dashboard.calendar/screen.server";
import { formatDateGB } from "~/services/templates";
import { useLang, useT } from "~/i18n";
import { formatPrice, LOCALES } from "~/services/catalogue/money";
import { useCurrency } from "~/components/ui/use-currency";
import { StatusBadge } from "./status";

type Props = { booking: BookingItem; panel?: boolean; testId?: string };

export function BookingFacts({ booking, panel = false, testId }: Props) {
  const t = useT();
  const lang = useLang();
  const currency = useCurrency();
  return (
    <dl className="facts booking-facts" data-testid={testId}>
      {panel && (
        <div>
          <dt>{t("bookings.status")}</dt>
          <dd>
            <StatusBadge status={booking.status} />
          </dd>
        </div>
      )}
      <div>
        <dt>{t("bookings.phone")}</dt>
        <dd dir="ltr">{booking.client_phone_display}</dd>
      </div>
      <div>
        <dt>{t("bookings.service")}</dt>
        <dd>{booking.service}</dd>
      </div>
      {(panel || booking.member_name) && (
        <div>
          <dt>{t("team.member")}</dt>
          <dd data-testid="booking-member">{booking.member_name ?? t("team.unassigned")}</dd>
        </div>
      )}
      <div>
        <dt>{t("bookings.date")}</dt>
        <dd>{formatDateGB(booking.booking_date)}</dd>
      </div>
      <div>
        <dt>{t("bookings.time")}</dt>
        <dd dir="ltr">
          {booking.booking_time.slice(0, 5)}–{booking.end_time}
        </dd>
      </div>
      {booking.price !== null && (
        <div>
          <dt>{t("timebook.priceLabel")}</dt>
          <dd>{formatPrice(Math.round(booking.price * 100), currency, LOCALES[lang])}</dd>
        </div>
      )}
      {booking.source === "online" && (
        <div>
          <dt>{t("booklink.source.label")}</dt>
          <dd data-testid="booking-source">{t("booklink.source.online")}</dd>
        </div>
      )}
      {(panel || booking.notes) && (
        <div>
          <dt>{t("bookings.notes")}</dt>
          <dd className="booking-notes">{booking.notes || "—"}</dd>
        </div>
      )}
    </dl>
  );
}
