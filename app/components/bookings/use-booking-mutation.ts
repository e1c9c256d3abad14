// Saves one booking change (move, status, delete) through the Calendar tab's
// action and reports back; failures show the spec's browser alert with the
// server's problem in the reader's language.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { BookingActionResult, BookingItem } from "~/routes/dashboard.calendar/screen.server";
import { useProblemText } from "../form/field-error";

type Callbacks = { onSaved?: (booking: BookingItem) => void; onDeleted?: (id: string) => void; onFailed?: () => void };

export const BOOKINGS_ACTION = "/dashboard/calendar";

/** Reports a booking fetcher's result once it settles: saved, deleted, or the spec's alert. */
export function useBookingResult(fetcher: { state: string; data?: BookingActionResult }, callbacks: Callbacks) {
  const problemText = useProblemText();
  const latest = useRef(callbacks);
  useEffect(() => {
    latest.current = callbacks;
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.ok && result.intent !== "delete") latest.current.onSaved?.(result.booking);
    else if (result.ok) latest.current.onDeleted?.(result.id);
    else {
      latest.current.onFailed?.();
      window.alert(problemText(result.problem));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);
}

export function useBookingMutation(callbacks: Callbacks) {
  const fetcher = useFetcher<BookingActionResult>();
  useBookingResult(fetcher, callbacks);
  return {
    busy: fetcher.state !== "idle",
    update(id: string, fields: Record<string, string>) {
      fetcher.submit({ intent: "update", id, ...fields }, { method: "post", action: BOOKINGS_ACTION });
    },
    remove(id: string) {
      fetcher.submit({ intent: "delete", id }, { method: "post", action: BOOKINGS_ACTION });
    },
  };
}
