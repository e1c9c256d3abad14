// Saves one booking change (move, status, delete) through the Calendar tab's
// action and reports back; failures show the spec's browser alert with the
// server's problem in the reader's language.
import { useFetcher } from "@remix-run/react";
import type { BookingActionResult, BookingItem } from "~/routes/dashboard.calendar/screen.server";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import { useProblemText } from "../form/field-error";

type Callbacks = { onSaved?: (booking: BookingItem) => void; onDeleted?: (id: string) => void; onFailed?: () => void };

export const BOOKINGS_ACTION = "/dashboard/calendar";

/** Reports a booking fetcher's answer once: saved, deleted, or the spec's alert. */
export function useBookingResult(fetcher: { state: "idle" | "loading" | "submitting"; data: BookingActionResult | undefined }, callbacks: Callbacks) {
  const problemText = useProblemText();
  useFetcherResult(fetcher, {
    ok: (result) => (result.intent === "delete" ? callbacks.onDeleted?.(result.id) : callbacks.onSaved?.(result.booking)),
    problem: (found) => {
      callbacks.onFailed?.();
      window.alert(problemText(found));
    },
  });
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
