// Saves one booking change (edit, move, status, delete) through the Calendar
// tab's action and reports back; failures show the spec's browser alert.
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { BookingActionResult, BookingItem } from "~/services/bookings/screen.server";
import { useT } from "~/i18n";
import { useKnownMessage } from "../known-message";

type Callbacks = { onSaved?: (booking: BookingItem) => void; onDeleted?: (id: string) => void; onFailed?: () => void };

export const BOOKINGS_ACTION = "/dashboard/calendar";

export function useBookingMutation(callbacks: Callbacks) {
  const t = useT();
  const known = useKnownMessage();
  const fetcher = useFetcher<BookingActionResult>();
  const last = useRef<"update" | "delete">("update");
  const latest = useRef(callbacks);
  latest.current = callbacks;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const result = fetcher.data;
    if (result.ok && result.intent !== "delete") latest.current.onSaved?.(result.booking);
    else if (result.ok) latest.current.onDeleted?.(result.id);
    else {
      latest.current.onFailed?.();
      window.alert(known(result.message) || t(last.current === "delete" ? "bookings.failedDelete" : "bookings.failedUpdate"));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.state, fetcher.data]);

  return {
    busy: fetcher.state !== "idle",
    update(id: string, fields: Record<string, string>) {
      last.current = "update";
      fetcher.submit({ intent: "update", id, ...fields }, { method: "post", action: BOOKINGS_ACTION });
    },
    remove(id: string) {
      last.current = "delete";
      fetcher.submit({ intent: "delete", id }, { method: "post", action: BOOKINGS_ACTION });
    },
  };
}
