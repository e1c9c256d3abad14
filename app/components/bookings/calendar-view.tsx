// The Calendar view: loads the visible range only, as compact events (name,
// service, date, time, status, duration), shows each over its real duration
// coloured by status, and a month's too-full day as "N bookings" that opens the day. A
// click fetches that one booking for the detail panel; drag-and-drop moves
// are saved. FullCalendar itself loads in the browser only.
import { useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { BusinessHoursInput, EventInput } from "@fullcalendar/core";
import type { TimeOffRow } from "~/services/time/facts.server";
import { endOnWall, type WorkingHours } from "~/services/time/span";
import { addDays, minutesOfDay } from "~/utils/dates";
import type { BookingItem, bookingsScreen } from "~/routes/dashboard.calendar/screen.server";
import type { CalendarEvent, DayCount } from "~/services/bookings/bookings.server";
import type { Problem } from "~/utils/problem";
import { statusTone } from "~/services/bookings/status";
import { localDate, localTime } from "~/utils/time-zone";
import { useLang, useT } from "~/i18n";
import { BookingDetail } from "./booking-detail";
import { useBookingMutation } from "./use-booking-mutation";
import { MoveAnywayDialog } from "./overlap-warning";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import { Loading } from "~/components/ui/loading";

import type { TeamMember } from "./member-field";
import { colorClass } from "~/services/team/palette";

const BookingCalendar = lazy(() => import("./booking-calendar.client"));

// White text on each at least 4.5:1 (green 5.0, teal 5.5, blue 5.2, red 4.8, grey 4.8).
const COLORS = {
  green: "#15803d",
  teal: "#0f766e",
  blue: "#2563eb",
  red: "#dc2626",
  amber: "#b45309",
  grey: "#6b7280",
} as const;
/** A booking spans its own duration (one hour when it has none); a booking without a time starts at 09:00. */
const EVENT_MINUTES = 60;
const DEFAULT_TIME = "09:00";

/**
 * `memberColor`: with a team, the event takes its member's colour (every
 * palette colour keeps 4.5:1 with white) and its status stays visible as a
 * thick border in the status colour at its start.
 */
export function toEvent(b: CalendarEvent, unknown: string, timeZone: string, memberColor?: string): EventInput {
  const time = (b.time || DEFAULT_TIME).slice(0, 5);
  const color = COLORS[statusTone(b.status)];
  // Where its end_time says: a DST change in between moves the end with the clock.
  const end = endOnWall({ date: b.date, time, durationMinutes: b.minutes || EVENT_MINUTES }, timeZone);
  return {
    id: b.id,
    title: `${b.name || unknown} - ${b.service}`,
    start: `${b.date}T${time}`,
    end: `${end.date}T${end.time}`,
    backgroundColor: memberColor ?? color,
    borderColor: color,
    textColor: "#fff",
    classNames: memberColor ? [`status-${b.status}`, "by-member"] : [`status-${b.status}`],
  };
}

/** A dense day's count: an all-day outline block (no status colour), not draggable; a click opens that day. */
function toCountEvent(c: DayCount, title: string): EventInput {
  return {
    id: `count-${c.date}`,
    title,
    start: c.date,
    allDay: true,
    editable: false,
    classNames: ["cal-count"],
    extendedProps: { countOf: c.date },
  };
}

/** Time off: a shaded background across its days (the last one inclusive), not a booking. */
function toTimeOffEvent(o: TimeOffRow, title: string): EventInput {
  return {
    id: `off-${o.id}`,
    title: o.note ? `${title}: ${o.note}` : title,
    start: o.dateFrom,
    end: addDays(o.dateTo, 1),
    allDay: true,
    display: "background",
    classNames: ["cal-time-off"],
  };
}

/** Working hours as FullCalendar shades them in the week and day views (the calendar's clock is the business's wall clock). */
function toBusinessHours(hours: WorkingHours): BusinessHoursInput {
  return Object.entries(hours).flatMap(([day, intervals]) =>
    intervals.map(([startTime, endTime]) => ({ daysOfWeek: [Number(day)], startTime, endTime })),
  );
}

/** Without working hours, a week or day shows 08:00 to 20:00. */
const DEFAULT_HOURS = { from: 8, to: 20 };

/**
 * The hours a week or day shows, whole: an hour before the earliest opening
 * through an hour after the latest closing, widened to every booking on screen
 * (one at 22:00 is never hidden). The page scrolls, not a box inside it: one
 * scroll on a phone, and nothing a keyboard cannot reach.
 */
export function visibleHours(
  hours: WorkingHours | undefined,
  items: readonly CalendarEvent[],
  timeZone: string,
): { slotMinTime: string; slotMaxTime: string } {
  const open = Object.values(hours ?? {}).flat();
  let from = open.length ? Math.min(...open.map(([start]) => minutesOfDay(start))) - 60 : DEFAULT_HOURS.from * 60;
  let to = open.length ? Math.max(...open.map(([, end]) => minutesOfDay(end))) + 60 : DEFAULT_HOURS.to * 60;
  for (const b of items) {
    const time = (b.time || DEFAULT_TIME).slice(0, 5);
    from = Math.min(from, minutesOfDay(time));
    // Its end as toEvent draws it: on the wall clock (a DST night moves it), the day's end when it runs past midnight.
    const end = endOnWall({ date: b.date, time, durationMinutes: b.minutes || EVENT_MINUTES }, timeZone);
    to = Math.max(to, end.date === b.date ? minutesOfDay(end.time) : 24 * 60);
  }
  const clock = (minutes: number) => `${String(minutes / 60).padStart(2, "0")}:00:00`;
  return {
    slotMinTime: clock(Math.max(0, Math.floor(from / 60) * 60)),
    slotMaxTime: clock(Math.min(24 * 60, Math.ceil(to / 60) * 60)),
  };
}

/** The compact event of a booking the detail panel or a move saved. */
const compact = (b: BookingItem): CalendarEvent => ({
  id: b.id,
  name: b.client_name,
  service: b.service,
  date: b.booking_date,
  time: b.booking_time,
  status: b.status,
  minutes: b.duration_minutes,
  member: b.member_id,
});

const never = () => () => {};
/** False in the server's HTML and while hydrating, true once the browser renders on its own. */
const useHydrated = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

type Props = {
  /** The team in its order; with more than one, chips filter the calendar by member and events take the member's colour. */
  members?: TeamMember[];
  q: string;
  timeZone: string;
  reloadKey: number;
  onAddAt: (date: string, time?: string) => void;
  workingHours?: WorkingHours;
  onNotice?: (text: string) => void;
};

export function CalendarView({ members = [], q, timeZone, reloadKey, onAddAt, workingHours, onNotice }: Props) {
  const [who, setWho] = useState("");
  const t = useT();
  const lang = useLang();
  const hydrated = useHydrated();
  // The Calendar route's loader answers with bookingsScreen's result; typed from the
  // service so that the route (which renders this view) and this view do not import each other.
  const fetcher = useFetcher<typeof bookingsScreen>();
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [items, setItems] = useState<CalendarEvent[]>([]);
  const [counts, setCounts] = useState<DayCount[]>([]);
  const [timeOff, setTimeOff] = useState<TimeOffRow[]>([]);
  const [truncated, setTruncated] = useState(false);
  const [loaded, setLoaded] = useState(false);
  // The opened event, then its details as the server has them (or why not).
  const [open, setOpen] = useState<CalendarEvent | null>(null);
  const [detail, setDetail] = useState<{ booking: BookingItem | null; problem: Problem | null } | null>(null);
  const details = useFetcher<typeof bookingsScreen>();
  const revert = useRef<(() => void) | null>(null);
  const replace = (b: BookingItem) => {
    setItems((prev) => prev.map((p) => (p.id === b.id ? compact(b) : p)));
    setDetail((d) => (d?.booking?.id === b.id ? { booking: b, problem: null } : d));
  };
  const mover = useBookingMutation({ onSaved: replace, onFailed: () => revert.current?.(), onNotice });

  useEffect(() => {
    if (!range) return;
    const params = new URLSearchParams({ start: range.start, end: range.end });
    if (q) params.set("q", q);
    fetcher.load(`/dashboard/calendar?${params}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reloads on the range, the search and a reload key only; fetcher changes every render
  }, [range?.start, range?.end, q, reloadKey]);

  useFetcherResult(fetcher, (data) => {
    if (data.kind !== "range") return;
    setItems(data.events);
    setCounts(data.counts);
    setTimeOff(data.timeOff ?? []);
    setTruncated(data.truncated);
    setLoaded(true);
  });
  useFetcherResult(details, (data) => {
    if (data.kind === "booking") setDetail({ booking: data.booking, problem: data.problem });
  });
  const openEvent = (id: string) => {
    const found = items.find((b) => b.id === id);
    if (!found) return;
    setOpen(found);
    setDetail(null);
    details.load(`/dashboard/calendar?${new URLSearchParams({ booking: id })}`);
  };

  const unknown = t("bookings.unknown");
  const dayCount = t("cal.dayCount"); // "{n} bookings", filled per day
  const offTitle = t("hours.cal.timeOff");
  const team = members.length > 1;
  const events = useMemo(
    () => [
      ...items
        .filter((b) => !who || b.member === who)
        .map((b) => toEvent(b, unknown, timeZone, team ? members.find((m) => m.id === b.member)?.color : undefined)),
      ...counts.map((c) => toCountEvent(c, dayCount.replace("{n}", String(c.count)))),
      ...timeOff.map((o) => toTimeOffEvent(o, offTitle)),
    ],
    [items, counts, timeOff, unknown, dayCount, offTitle, who, team, members, timeZone],
  );
  const businessHours = useMemo(() => (workingHours ? toBusinessHours(workingHours) : undefined), [workingHours]);
  const { slotMinTime, slotMaxTime } = visibleHours(workingHours, items, timeZone);
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
  const loadingText = <Loading label={t("bookings.loading")} />;

  return (
    <div className="card calendar-card">
      {team && (
        <div className="team-filter" role="group" aria-label={t("team.filter")} data-testid="team-filter">
          <button type="button" className="btn btn-sm" aria-pressed={who === ""} onClick={() => setWho("")}>
            {t("team.everyone")}
          </button>
          {members.map((m) => (
            <button
              key={m.id}
              type="button"
              className="btn btn-sm"
              aria-pressed={who === m.id}
              onClick={() => setWho(m.id)}
            >
              <span className={`team-swatch ${colorClass(m.color)}`} aria-hidden="true" /> {m.name}
            </button>
          ))}
        </div>
      )}
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
            onOpen={openEvent}
            onMove={(id, date, time, undo) => {
              revert.current = undo;
              mover.update(id, { booking_date: date, booking_time: time });
            }}
            onDateClick={onAddAt}
            businessHours={businessHours}
            slotMinTime={slotMinTime}
            slotMaxTime={slotMaxTime}
          />
        </Suspense>
      ) : (
        loadingText
      )}
      <div className="cal-status">
        {fetcher.state !== "idle" && loadingText}
        {fetcher.state === "idle" && loaded && items.length === 0 && counts.length === 0 && (
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
      <MoveAnywayDialog mover={mover} />
      {open && (
        <BookingDetail
          name={open.name}
          booking={detail?.booking?.id === open.id ? detail.booking : null}
          problem={detail?.problem ?? null}
          onClose={() => setOpen(null)}
          onSaved={replace}
        />
      )}
    </div>
  );
}
