// Saves one booking change (move, status, delete) through the Calendar tab's
// action and reports back; failures show the spec's browser alert with the
// server's problem in the reader's language. A move onto another booking is
// asked about in the page's own dialog (MoveAnywayDialog: "Overlaps Noa Cohen
// 17:00-17:45", Move anyway or Keep it where it was; keeping it reverts a drag).
import { useFetcher } from "@remix-run/react";
import { useRef, useState } from "react";
import type { BookingActionResult, BookingItem } from "~/routes/dashboard.calendar/screen.server";
import type { Conflict } from "~/services/bookings/overlaps.server";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import { useT } from "~/i18n";
import { useProblemText } from "../form/field-error";
import { savedNotice } from "./overlap-warning";

type Callbacks = {
  onSaved?: (booking: BookingItem) => void;
  onDeleted?: (id: string) => void;
  onFailed?: () => void;
  /** The time overlaps these bookings and nothing was saved; without it the spec's alert says so. */
  onTaken?: (conflicts: Conflict[]) => void;
  /** Saved, with something to notice: outside working hours, a day off, or the overlaps booked anyway. */
  onNotice?: (text: string) => void;
};

export const BOOKINGS_ACTION = "/dashboard/calendar";

/** Reports a booking fetcher's answer once: saved, deleted, or the spec's alert. */
export function useBookingResult(
  fetcher: { state: "idle" | "loading" | "submitting"; data: BookingActionResult | undefined },
  callbacks: Callbacks,
) {
  const problemText = useProblemText();
  const t = useT();
  useFetcherResult(fetcher, {
    ok: (result) => {
      if (result.intent === "delete") return callbacks.onDeleted?.(result.id);
      callbacks.onSaved?.(result.booking);
      const notice = savedNotice(t, result);
      if (notice) callbacks.onNotice?.(notice);
    },
    problem: (found, result) => {
      if (result.conflicts?.length && callbacks.onTaken) return callbacks.onTaken(result.conflicts);
      callbacks.onFailed?.();
      window.alert(problemText(found));
    },
  });
}

export function useBookingMutation(callbacks: Callbacks) {
  const fetcher = useFetcher<BookingActionResult>();
  const last = useRef<Record<string, string>>({});
  // The change refused because its time overlaps these bookings, until the owner answers.
  const [taken, setTaken] = useState<{ conflicts: Conflict[]; date?: string } | null>(null);
  useBookingResult(fetcher, {
    ...callbacks,
    onTaken: (conflicts) => setTaken({ conflicts, date: last.current.booking_date }),
  });
  return {
    busy: fetcher.state !== "idle",
    /** The overlaps of a change waiting for "Move anyway" or "Keep it where it was" (MoveAnywayDialog asks). */
    taken,
    moveAnyway() {
      setTaken(null);
      fetcher.submit({ ...last.current, book_anyway: "1" }, { method: "post", action: BOOKINGS_ACTION });
    },
    keep() {
      setTaken(null);
      callbacks.onFailed?.();
    },
    update(id: string, fields: Record<string, string>) {
      last.current = { intent: "update", id, ...fields };
      fetcher.submit(last.current, { method: "post", action: BOOKINGS_ACTION });
    },
    /** An online booking waiting for the owner: Accept or Decline. */
    decide(id: string, intent: "accept" | "decline") {
      fetcher.submit({ intent, id }, { method: "post", action: BOOKINGS_ACTION });
    },
    remove(id: string) {
      fetcher.submit({ intent: "delete", id }, { method: "post", action: BOOKINGS_ACTION });
    },
  };
}
