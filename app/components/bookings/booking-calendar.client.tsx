// FullCalendar (month, week, day) with the spec's toolbar: Today, Back, Next.
// Loaded lazily on the Calendar screen only, so its code is a separate chunk.
// Looking at a month needs only the month grid: the week and day views'
// plugin (timegrid) loads when the owner first asks for one, and dragging's
// (interaction) when a pointer or the keyboard first comes to the calendar;
// the calendar then starts again on the same view and date with it.
import FullCalendar from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/daygrid";
import heLocale from "@fullcalendar/core/locales/he";
import type { BusinessHoursInput, EventInput, PluginDef } from "@fullcalendar/core";
import { useEffect, useRef, useState } from "react";

type CalendarLabels = {
  today: string;
  back: string;
  next: string;
  month: string;
  week: string;
  day: string;
  more: string;
  views: string;
};

export type BookingCalendarProps = {
  lang: "en" | "he";
  events: EventInput[];
  /** The business's wall-clock now, "YYYY-MM-DDTHH:MM" (the calendar runs in UTC as a zone-free wall clock). */
  now: () => string;
  labels: CalendarLabels;
  onRange: (start: string, end: string) => void;
  onOpen: (id: string) => void;
  onMove: (id: string, date: string, time: string, revert: () => void) => void;
  onDateClick: (date: string, time?: string) => void;
  /** Working hours, shaded in the week and day views. */
  businessHours?: BusinessHoursInput;
  /** The hours a week or day shows ("HH:MM:SS"): the page scrolls through them, not a box of its own. */
  slotMinTime: string;
  slotMaxTime: string;
};

const VIEWS = [
  ["dayGridMonth", "month"],
  ["timeGridWeek", "week"],
  ["timeGridDay", "day"],
] as const;
const HOUR_MINUTE = { hour: "2-digit", minute: "2-digit", hour12: false } as const;

export default function BookingCalendar({
  lang,
  events,
  now,
  labels,
  onRange,
  onOpen,
  onMove,
  onDateClick,
  businessHours,
  slotMinTime,
  slotMaxTime,
}: BookingCalendarProps) {
  const ref = useRef<FullCalendar>(null);
  const [title, setTitle] = useState("");
  const [view, setView] = useState<string>("dayGridMonth");
  const [extra, setExtra] = useState<{ timeGrid?: PluginDef; interaction?: PluginDef }>({});
  // Where a calendar started again with a new plugin opens.
  const [start, setStart] = useState<{ view: string; date?: string }>({ view: "dayGridMonth" });
  const interactionAsked = useRef(false);
  // A view asked for whose calendar is not drawn yet (its plugin is loading, or
  // the calendar is starting again with it): dragging's plugin arriving then
  // must not start the calendar again on the view it is leaving.
  const asked = useRef<{ view: string; date?: string } | null>(null);
  const api = () => ref.current?.getApi();
  const here = () => {
    const calendar = api();
    return { view: calendar?.view.type ?? "dayGridMonth", date: calendar?.getDate().toISOString().slice(0, 10) };
  };
  /** Shows a view (on `date`, YYYY-MM-DD, if given), loading the time grid first if it is not here yet. */
  const show = (id: string, date?: string) => {
    if (id === "dayGridMonth" || extra.timeGrid) return api()?.changeView(id, date);
    const at = { view: id, date: date ?? here().date };
    asked.current = at;
    import("@fullcalendar/timegrid").then(
      (m) => {
        setStart(at);
        setExtra((e) => ({ ...e, timeGrid: m.default }));
      },
      () => {
        // Its code did not load (a dead network): the month stays, and a tap on the button asks again.
        asked.current = null;
      },
    );
  };
  // Starting again in the middle of a press would lose its click: then it waits for the press to end.
  const pressed = useRef(false);
  useEffect(() => {
    const up = () => (pressed.current = false);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", up);
    return () => {
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", up);
    };
  }, []);
  const wantInteraction = () => {
    if (interactionAsked.current) return;
    interactionAsked.current = true;
    void import("@fullcalendar/interaction").then((m) => {
      const apply = () => {
        // Where the calendar is drawn, unless the time grid has just arrived for a view asked for (then there).
        const drawn = here();
        setStart((s) => (asked.current && s.view === asked.current.view ? s : drawn));
        setExtra((e) => ({ ...e, interaction: m.default }));
      };
      if (pressed.current) window.addEventListener("pointerup", () => setTimeout(apply, 50), { once: true });
      else apply();
    });
  };
  const plugins = [dayGridPlugin, extra.timeGrid, extra.interaction].filter((p): p is PluginDef => !!p);

  return (
    // A tap on a day before dragging's plugin is here still opens Add Booking on that day (the plugin answers taps after).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a pointer-only shortcut; the calendar's own buttons serve the keyboard
    <div
      className="booking-calendar"
      onPointerEnter={wantInteraction}
      onPointerDown={() => {
        pressed.current = true;
        wantInteraction();
      }}
      onFocus={wantInteraction}
      onClick={(e) => {
        if (extra.interaction) return;
        const target = e.target as HTMLElement;
        if (target.closest(".fc-event, .fc-daygrid-more-link, .fc-popover, a, button")) return;
        const day = target.closest<HTMLElement>(".fc-daygrid-day[data-date]")?.dataset.date;
        if (day) onDateClick(day);
      }}
    >
      <div className="cal-toolbar">
        <div className="cal-nav" role="group">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => api()?.today()}>
            {labels.today}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => api()?.prev()}>
            {labels.back}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => api()?.next()}>
            {labels.next}
          </button>
        </div>
        <div className="cal-views" role="group" aria-label={labels.views}>
          {VIEWS.map(([id, key]) => (
            <button key={id} type="button" className="btn btn-sm" aria-pressed={view === id} onClick={() => show(id)}>
              {labels[key]}
            </button>
          ))}
        </div>
        <h2 className="cal-title" aria-live="polite">
          {title}
        </h2>
      </div>
      <FullCalendar
        // A new set of plugins needs a new calendar.
        key={plugins.length}
        ref={ref}
        plugins={plugins}
        initialView={start.view}
        initialDate={start.date}
        headerToolbar={false}
        locale={lang === "he" ? heLocale : "en"}
        direction={lang === "he" ? "rtl" : "ltr"}
        timeZone="UTC"
        now={now}
        events={events}
        businessHours={businessHours}
        height="auto"
        slotMinTime={slotMinTime}
        slotMaxTime={slotMaxTime}
        dayMaxEvents={2}
        // Laid out again as soon as the window turns or resizes (not 100 ms later, when a tap may already be under way).
        windowResizeDelay={0}
        moreLinkText={labels.more}
        // FullCalendar draws "+N more" as an <a> without href, which has no role for its aria-expanded: it acts as a button.
        moreLinkDidMount={(arg) => arg.el.setAttribute("role", "button")}
        eventDisplay="block"
        eventTimeFormat={HOUR_MINUTE}
        slotLabelFormat={HOUR_MINUTE}
        slotDuration="00:30:00"
        slotLabelInterval="01:00"
        allDaySlot={false}
        nowIndicator
        editable
        eventDurationEditable={false}
        longPressDelay={250}
        eventLongPressDelay={250}
        eventDragMinDistance={5}
        views={{ dayGridMonth: { displayEventTime: false } }}
        datesSet={(arg) => {
          // The view asked for is drawn: from now on the calendar itself says where it is.
          if (asked.current?.view === arg.view.type) asked.current = null;
          setTitle(arg.view.title);
          setView(arg.view.type);
          onRange(arg.startStr.slice(0, 10), arg.endStr.slice(0, 10));
        }}
        eventClick={(arg) => {
          arg.jsEvent.preventDefault();
          const countOf = arg.event.extendedProps.countOf as string | undefined;
          if (countOf) show("timeGridDay", countOf);
          else onOpen(arg.event.id);
        }}
        eventDrop={(arg) => {
          const start = arg.event.startStr;
          onMove(arg.event.id, start.slice(0, 10), start.slice(11, 16), arg.revert);
        }}
        dateClick={(arg) => onDateClick(arg.dateStr.slice(0, 10), arg.allDay ? undefined : arg.dateStr.slice(11, 16))}
      />
    </div>
  );
}
