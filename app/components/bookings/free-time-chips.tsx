// The free times of Add Booking, the list's Edit and a booking request's Edit:
// once a service from the catalogue and a date are chosen, that day's free
// start times (of the member chosen in With, else anyone's) as one-tap chips
// (the time can still be typed). Read through the Calendar tab's loader (`?free`), which asks the
// same availability layer as GET /api/availability.
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, type ReactNode } from "react";
import { useT } from "~/i18n";
import type { FreeTimes } from "~/routes/dashboard.calendar/screen.server";
import { isRealDate } from "~/utils/dates";

/**
 * `member`: only that team member's free times ("" or left out: anyone's who does the service);
 * `except`: the booking being edited, whose own time is not in its way.
 */
type Props = {
  service: string;
  date: string;
  time: string;
  member?: string;
  except?: string;
  onPick: (time: string) => void;
};

/** A form field's value as the chips read it (conform's values may be lists, or absent). */
export const textOf = (value: unknown) => (typeof value === "string" ? value : "");

/** Typing a service name asks once the typing pauses, not per key. */
const PAUSE_MS = 250;

export function FreeTimeChips({ service, date, time, member = "", except = "", onPick }: Props) {
  const t = useT();
  const fetcher = useFetcher<FreeTimes>();
  // Several forms on one page (the list's cards, the requests) each have their own.
  const labelId = useId();
  const name = service.trim();
  const ready = name !== "" && isRealDate(date);
  const { load } = fetcher;
  useEffect(() => {
    if (!ready) return;
    const query = new URLSearchParams({
      free: "1",
      service: name,
      date,
      ...(member ? { member_id: member } : {}),
      ...(except ? { except } : {}),
    });
    const timer = setTimeout(() => load(`/dashboard/calendar?${query}`), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [ready, name, date, member, except, load]);

  const answer = fetcher.data;
  let body: ReactNode;
  if (!ready) body = <p className="small muted">{t("hours.free.pick")}</p>;
  else if (fetcher.state !== "idle" || !answer) body = <p className="small muted">{t("hours.free.loading")}</p>;
  else if (answer.state === "unknown-service" || answer.state === "invalid")
    body = <p className="small muted">{t("hours.free.unknownService")}</p>;
  else if (answer.state === "closed") body = <p className="small muted">{t("hours.free.closed")}</p>;
  else if (answer.times.length === 0) body = <p className="small muted">{t("hours.free.none")}</p>;
  else
    body = (
      <ul className="free-times-chips" aria-labelledby={labelId}>
        {answer.times.map((free) => (
          <li key={free}>
            <button
              type="button"
              className="free-chip"
              aria-pressed={free === time}
              aria-label={t("hours.free.chip", { time: free })}
              dir="ltr"
              onClick={() => onPick(free)}
            >
              {free}
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <div className="free-times" data-testid="free-times" aria-live="polite" aria-busy={fetcher.state !== "idle"}>
      <p className="free-times-label" id={labelId}>
        {t("hours.free.title")}
      </p>
      {/* One height whatever it holds (a hint, "loading", the chips): Save never moves under a tap as the times arrive. */}
      <div className="free-times-body">{body}</div>
    </div>
  );
}
