// The Calendar view: loads the bookings of the visible range only, shows each
// as a one-hour event coloured by status, opens a detail panel on click, and
// saves drag-and-drop moves. FullCalendar itself loads in the browser only.
import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { EventInput } from "@fullcalendar/core";
import type { BookingItem, bookingsScreen } from "~/routes/dashboard.calendar/screen.server";
import { statusTone } from "~/services/bookings/status";
import { localDate, localTime } from "~/utils/time-zone";
import { useLang, useT } from "~/i18n";
import { BookingDetail } from "./booking-detail";
import { useBookingMutation } from "./use-booking-mutation";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";

const BookingCalendar = lazy(() => import("./booking-calendar.client"));

// White text on each at least 4.5:1 (green 5.0, teal 5.5, blue 5.2, red 4.8, grey 4.8).
const COLORS = { green: "#15803d", teal: "#0f766e", blue: "#2563eb", red: "#dc2626", grey: "#6b7280" } as const;
/** Spec: a booking is a one-hour event; a booking without a time starts at 09:00. */
const EVENT_MINUTES = 60;
const DEFAULT_TIME = "09:00";

function plusMinutes(date: string, time: string, minutes: number) {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return new Date(Date.UTC(y, m - 1, d, hh, mm + minutes)).toISOString().slice(0, 16);
}

export function toEvent(b: BookingItem, unknown: string): EventInput {
  const time = (b.booking_time || DEFAULT_TIME).slice(0, 5);
  const color = COLORS[statusTone(b.status)];
  return {
    id: b.id,
    title: `${b.client_name || unknown} - ${b.service}`,
    start: `${b.booking_date}T${time}`,
    end: plusMinutes(b.booking_date, time, EVENT_MINUTES),
    backgroundColor: color,
    borderColor: color,
    textColor: "#fff",
    classNames: [`status-${b.status}`],
  };
}

const never = () => () => {};
/** False in the server's HTML and while hydrating, true once the browser renders on its own. */
const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

type Props = { q: string; timeZone: string; reloadKey: number; onAddAt: (date: string, time?: string) => void };

export function CalendarView({ q, timeZone, reloadKey, onAddAt }: Props) {
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  // The Calendar route's loader answers with bookingsScreen's result; typed from the
  // service so that the route (which renders this view) and this view do not import each other.
  const fetcher = useFetcher<typeof bookingsScreen>();
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [items, setItems] = useState<BookingItem[]>([]);
  const [truncated, setTruncated] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const revert = useRef<(() => void) | null>(null);
  const replace = (b: BookingItem) => setItems((prev) => prev.map((p) => (p.id === b.id ? b : p)));
  const mover = useBookingMutation({ onSaved: replace, onFailed: () => revert.current?.() });

  useEffect(() => {
    if (!range) return;
    const params = new URLSearchParams({ start: range.start, end: range.end });
    if (q) params.set("q", q);
    fetcher.load(`/dashboard/calendar?${params}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [range?.start, range?.end, q, reloadKey]);

  useFetcherResult(fetcher, (data) => {
    if (data.kind !== "range") return;
    setItems(data.bookings);
    setTruncated(data.truncated);
    setLoaded(true);
  });

  const unknown = t("bookings.unknown");
  const events = useMemo(() => items.map((b) => toEvent(b, unknown)), [items, unknown]);
  const open = items.find((b) => b.id === openId);
  const labels = {
    today: t("cal.today"),
    back: t("cal.back"),
    next: t("cal.next"),
    month: t("cal.month"),
    week: t("cal.week"),
    day: t("cal.day"),
    more: t("cal.more"),
    views: t("bookings.views"),
  };
  const loadingText = (
    <p className="list-status muted" role="status">
      <span className="spinner" aria-hidden="true" /> {t("bookings.loading")}
    </p>
  );

  return (
    <div className="card calendar-card">
      {hydrated ? (
        <Suspense fallback={loadingText}>
          <BookingCalendar
            lang={lang}
            labels={labels}
            events={events}
            now={() => {
              const now = Date.now(); // one instant, so the date and the time agree across midnight
              return `${localDate(now, timeZone)}T${localTime(now, timeZone)}`;
            }}
            onRange={(start, end) => setRange((r) => (r?.start === start && r.end === end ? r : { start, end }))}
            onOpen={setOpenId}
            onMove={(id, date, time, undo) => {
              revert.current = undo;
              mover.update(id, { booking_date: date, booking_time: time });
            }}
            onDateClick={onAddAt}
          />
        </Suspense>
      ) : (
        loadingText
      )}
      <div className="cal-status">
        {fetcher.state !== "idle" && loadingText}
        {fetcher.state === "idle" && loaded && items.length === 0 && (
          <p className="list-status muted" role="status">
            {t("cal.noEvents")}
          </p>
        )}
        {truncated && (
          <p className="small muted" role="status">
            {t("cal.truncated", { n: items.length })}
          </p>
        )}
      </div>
      {open && <BookingDetail booking={open} onClose={() => setOpenId(null)} onSaved={replace} />}
    </div>
  );
}
