// FullCalendar (month, week, day) with the spec's toolbar: Today, Back, Next.
// Loaded lazily on the Calendar screen only, so its code is a separate chunk.
import FullCalendar from "@fullcalendar/react";
import dayGridPlugin from "@fullcalendar/daygrid";
import timeGridPlugin from "@fullcalendar/timegrid";
import interactionPlugin from "@fullcalendar/interaction";
import heLocale from "@fullcalendar/core/locales/he";
import type { EventInput } from "@fullcalendar/core";
import { useRef, useState } from "react";

export type CalendarLabels = { today: string; back: string; next: string; month: string; week: string; day: string; more: string; views: string };

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
};

const VIEWS = [
  ["dayGridMonth", "month"],
  ["timeGridWeek", "week"],
  ["timeGridDay", "day"],
] as const;
const HOUR_MINUTE = { hour: "2-digit", minute: "2-digit", hour12: false } as const;

export default function BookingCalendar({ lang, events, now, labels, onRange, onOpen, onMove, onDateClick }: BookingCalendarProps) {
  const ref = useRef<FullCalendar>(null);
  const [title, setTitle] = useState("");
  const [view, setView] = useState<string>("dayGridMonth");
  const api = () => ref.current?.getApi();

  return (
    <div className="booking-calendar">
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
            <button key={id} type="button" className="btn btn-sm" aria-pressed={view === id} onClick={() => api()?.changeView(id)}>
              {labels[key]}
            </button>
          ))}
        </div>
        <h2 className="cal-title" aria-live="polite">
          {title}
        </h2>
      </div>
      <FullCalendar
        ref={ref}
        plugins={[dayGridPlugin, timeGridPlugin, interactionPlugin]}
        initialView="dayGridMonth"
        headerToolbar={false}
        locale={lang === "he" ? heLocale : "en"}
        direction={lang === "he" ? "rtl" : "ltr"}
        timeZone="UTC"
        now={now}
        events={events}
        height={view === "dayGridMonth" ? "auto" : 640}
        dayMaxEvents={2}
        moreLinkText={labels.more}
        eventDisplay="block"
        eventTimeFormat={HOUR_MINUTE}
        slotLabelFormat={HOUR_MINUTE}
        slotDuration="00:30:00"
        slotLabelInterval="01:00"
        scrollTime="08:00:00"
        allDaySlot={false}
        nowIndicator
        editable
        eventDurationEditable={false}
        longPressDelay={250}
        eventLongPressDelay={250}
        eventDragMinDistance={5}
        views={{ dayGridMonth: { displayEventTime: false } }}
        datesSet={(arg) => {
          setTitle(arg.view.title);
          // A time grid opens at the working day (08:00), also after switching from the month.
          if (arg.view.type !== view && arg.view.type.startsWith("timeGrid")) setTimeout(() => api()?.scrollToTime("08:00:00"), 0);
          setView(arg.view.type);
          onRange(arg.startStr.slice(0, 10), arg.endStr.slice(0, 10));
        }}
        eventClick={(arg) => {
          arg.jsEvent.preventDefault();
          onOpen(arg.event.id);
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
