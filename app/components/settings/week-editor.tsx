// A week of working hours as an editor: per weekday, zero or more intervals
// (add, remove, copy a day to every open day). Controlled: the business's
// hours (Settings > Working hours) and each team member's (Settings > Team)
// hold the week and send it as one JSON field.
import { useState } from "react";
import { useT, type MessageKey } from "~/i18n";
import { CloseIcon, PlusIcon } from "~/components/ui/icons";
import { FieldError } from "~/components/form/field-error";
import { hoursProblem, MAX_INTERVALS, WEEKDAYS } from "~/services/time/hours";
import { minutesOfDay } from "~/utils/dates";
import type { WorkingHours } from "~/services/time/span";

const pad = (n: number) => String(n).padStart(2, "0");
const wall = (m: number) => (m >= 1440 ? "24:00" : `${pad(Math.floor(m / 60))}:${pad(m % 60)}`);

/** The next interval a tap on "Add hours" proposes: 09:00-18:00 on a closed day, else an hour after the last one ends. */
function nextInterval(day: [string, string][]): [string, string] {
  const last = day[day.length - 1];
  if (!last) return ["09:00", "18:00"];
  const from = Math.min(minutesOfDay(last[1]) + 60, 23 * 60);
  return [wall(from), wall(Math.min(from + 4 * 60, 1440))];
}

/** Whether any day of the week breaks the rules (the editor shows which under the day). */
export const weekInvalid = (week: WorkingHours) => WEEKDAYS.some((d) => hoursProblem({ [d]: week[d] }) !== null);

/** `idPrefix` keeps the inputs' ids apart when two editors share a page. */
export function WeekEditor({
  week,
  onChange,
  idPrefix = "hours",
}: {
  week: WorkingHours;
  onChange: (next: WorkingHours) => void;
  idPrefix?: string;
}) {
  const t = useT();
  const [copied, setCopied] = useState<string | null>(null);
  const dayName = (d: string) => t(`hours.day.${d}` as MessageKey);
  const problems = Object.fromEntries(WEEKDAYS.map((d) => [d, hoursProblem({ [d]: week[d] })]));
  const change = (d: string, next: [string, string][]) => {
    setCopied(null);
    onChange({ ...week, [d]: next });
  };
  const setTime = (d: string, i: number, edge: 0 | 1, value: string) =>
    change(
      d,
      week[d].map((pair, j) =>
        j === i ? ((edge === 0 ? [value, pair[1]] : [pair[0], value]) as [string, string]) : pair,
      ),
    );
  const copyToOpenDays = (from: string) => {
    onChange(
      Object.fromEntries(
        WEEKDAYS.map((d) => [
          d,
          d === from || week[d].length === 0 ? week[d] : week[from].map((p) => [...p] as [string, string]),
        ]),
      ),
    );
    setCopied(from);
  };
  return (
    <>
      <ul className="hours-week">
        {WEEKDAYS.map((d) => {
          const day = week[d] ?? [];
          const name = dayName(d);
          const problem = problems[d];
          return (
            <li key={d} className="hours-day" data-testid={`${idPrefix}-day-${d}`}>
              <fieldset aria-describedby={problem ? `${idPrefix}-error-${d}` : undefined}>
                <legend>{name}</legend>
                {day.length === 0 && <p className="muted small hours-closed">{t("hours.closed")}</p>}
                {day.map(([from, to], i) => (
                  <div className="hours-interval" key={i}>
                    <label className="sr-only" htmlFor={`${idPrefix}-${d}-${i}-from`}>
                      {`${name} ${t("hours.from")}`}
                    </label>
                    <input
                      id={`${idPrefix}-${d}-${i}-from`}
                      type="time"
                      className="input time-input"
                      value={from}
                      required
                      aria-invalid={problem ? true : undefined}
                      onChange={(e) => setTime(d, i, 0, e.target.value)}
                    />
                    <span aria-hidden="true">–</span>
                    <label className="sr-only" htmlFor={`${idPrefix}-${d}-${i}-to`}>
                      {`${name} ${t("hours.to")}`}
                    </label>
                    <input
                      id={`${idPrefix}-${d}-${i}-to`}
                      type="time"
                      className="input time-input"
                      value={to === "24:00" ? "23:59" : to}
                      required
                      aria-invalid={problem ? true : undefined}
                      onChange={(e) => setTime(d, i, 1, e.target.value)}
                    />
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm icon-btn"
                      aria-label={t("hours.removeInterval", { from, to, day: name })}
                      onClick={() =>
                        change(
                          d,
                          day.filter((_, j) => j !== i),
                        )
                      }
                    >
                      <CloseIcon size={16} />
                    </button>
                  </div>
                ))}
                <FieldError id={`${idPrefix}-error-${d}`} problems={problem ? [problem] : null} />
                <div className="row gap-sm wrap">
                  {day.length < MAX_INTERVALS && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={t("hours.addIntervalOn", { day: name })}
                      onClick={() => change(d, [...day, nextInterval(day)])}
                    >
                      <PlusIcon size={16} /> {t("hours.addInterval")}
                    </button>
                  )}
                  {day.length > 0 && (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      aria-label={t("hours.copyOn", { day: name })}
                      onClick={() => copyToOpenDays(d)}
                    >
                      {t("hours.copy")}
                    </button>
                  )}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ul>
      {copied !== null && (
        <p className="small" role="status">
          {t("hours.copied")}
        </p>
      )}
    </>
  );
}
