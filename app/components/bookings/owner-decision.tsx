// An online booking waiting for the owner (booking_owner_confirms): what it
// waits for, with Accept and Decline. One block for the calendar's detail and
// the list's card; the answer comes back through the card's booking mutation.
import type { BookingItem } from "~/routes/dashboard.calendar/screen.server";
import { useT } from "~/i18n";
import { Banner } from "~/components/form/banner";
import type { useBookingMutation } from "./use-booking-mutation";

type Props = { booking: BookingItem; mutation: ReturnType<typeof useBookingMutation> };

export function OwnerDecision({ booking, mutation }: Props) {
  const t = useT();
  if (!booking.awaiting_owner) return null;
  return (
    <Banner kind="warning" className="booking-waiting" testId="booking-waiting">
      <p>{t("booklink.owner.waiting")}</p>
      <div className="row gap-sm wrap">
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={mutation.busy}
          onClick={() => mutation.decide(booking.id, "accept")}
        >
          {t("booklink.owner.accept")}
        </button>
        <button
          type="button"
          className="btn btn-danger-ghost btn-sm"
          disabled={mutation.busy}
          onClick={() => mutation.decide(booking.id, "decline")}
        >
          {t("booklink.owner.decline")}
        </button>
      </div>
    </Banner>
  );
}
