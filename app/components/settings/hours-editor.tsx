// Settings: working hours per weekday (zero or more intervals: a lunch break
// is two), the grid free times are offered on, and the minimum notice. The
// week travels as one JSON field; the page's action checks it with the same
// rules as PATCH /api/settings (services/time/hours.ts).
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useT, type MessageKey } from "~/i18n";
import { Banner } from "~/components/auth/auth-layout";
import { ProblemBanner } from "~/components/auth/form-problems";
import { CloseIcon, PlusIcon } from "~/components/ui/icons";
import type { HoursAnswer } from "~/routes/dashboard.settings_.hours";
import { hoursProblem, MAX_INTERVALS, minutesOf, NOTICE, SLOT_STEP, WEEKDAYS } from "~/services/time/hours";
import type { WorkingHours } from "~/services/time/span";

type Settings = { working_hours: WorkingHours; slot_step_minutes: number; min_notice_minutes: number };

const pad = (n: number) => String(n).padStart(2, "0");
const wall = (m: number) => (m >= 1440 ? "24:00" : `${pad(Math.floor(m / 60))}:${pad(m % 60)}`);

/** The next interval a tap on "Add hours" proposes: 09:00-18:00 on a closed day, else an hour after the last one ends. */
function nextInterval(day: [string, string][]): [string, string] {
  const last = day[day.length - 1];
  if (!last) return ["09:00", "18:00"];
  const from = Math.min(minutesOf(last[1]) + 60, 23 * 60);
  return [wall(from), wall(Math.min(from + 4 * 60, 1440))];
}

export function HoursEditor({ settings }: { settings: Settings }) {
  const t = useT();
  const fetcher = useFetcher<HoursAnswer>();
  const [week, setWeek] = useState<WorkingHours>(settings.working_hours);
  const [copied, setCopied] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const dayName = (d: string) => t(`hours.day.${d}` as MessageKey);
  const problems = Object.fromEntries(WEEKDAYS.map((d) => [d, hoursProblem({ [d]: week[d] })]));
  const invalid = Object.values(problems).some(Boolean);

  const change = (d: string, next: [string, string][]) => {
    setCopied(null);
    setWeek((w) => ({ ...w, [d]: next }));
  };
  const setTime = (d: string, i: number, edge: 0 | 1, value: string) =>
    change(
      d,
      week[d].map((pair, j) => (j === i ? ((edge === 0 ? [value, pair[1]] : [pair[0], value]) as [string, string]) : pair)),
    );
  const copyToOpenDays = (from: string) => {
    setWeek((w) => Object.fromEntries(WEEKDAYS.map((d) => [d, d === from || w[d].length === 0 ? w[d] : w[from].map((p) => [...p] as [string, string])])));
    setCopied(from);
  };

  return (
    <section className="card" aria-labelledby="hours-title" data-testid="working-hours">
      <h2 id="hours-title">{t("hours.title")}</h2>
      <p className="muted small">{t("hours.hint")}</p>
      {answer && !answer.ok && <ProblemBanner problem={answer.problem} testId="hours-error" />}
      {answer?.ok && (
        <Banner kind="success" testId="hours-saved">
          {t("hours.saved")}
        </Banner>
      )}
      <fetcher.Form method="post" action="/dashboard/settings/hours" noValidate onSubmit={(e) => invalid && e.preventDefault()}>
        <input type="hidden" name="intent" value="hours" />
        <input type="hidden" name="working_hours" value={JSON.stringify(week)} />
        <ul className="hours-week">
          {WEEKDAYS.map((d) => {
            const day = week[d];
            const name = dayName(d);
            const problem = problems[d];
            return (
              <li key={d} className="hours-day" data-testid={`hours-day-${d}`}>
                <fieldset aria-describedby={problem ? `hours-error-${d}` : undefined}>
                  <legend>{name}</legend>
                  {day.length === 0 && <p className="muted small hours-closed">{t("hours.closed")}</p>}
                  {day.map(([from, to], i) => (
                    <div className="hours-interval" key={i}>
                      <label className="sr-only" htmlFor={`hours-${d}-${i}-from`}>
                        {`${name} ${t("hours.from")}`}
                      </label>
                      <input
                        id={`hours-${d}-${i}-from`}
                        type="time"
                        className="input time-input"
                        value={from}
                        required
                        aria-invalid={problem ? true : undefined}
                        onChange={(e) => setTime(d, i, 0, e.target.value)}
                      />
                      <span aria-hidden="true">–</span>
                      <label className="sr-only" htmlFor={`hours-${d}-${i}-to`}>
                        {`${name} ${t("hours.to")}`}
                      </label>
                      <input
                        id={`hours-${d}-${i}-to`}
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
                  <span id={`hours-error-${d}`} className="field-error" role={problem ? "alert" : undefined}>
                    {problem ? t(problem.key, problem.params) : null}
                  </span>
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
                      <button type="button" className="btn btn-ghost btn-sm" aria-label={t("hours.copyOn", { day: name })} onClick={() => copyToOpenDays(d)}>
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
        <div className="field">
          <label htmlFor="slot-step">{t("hours.step")}</label>
          <input
            id="slot-step"
            name="slot_step_minutes"
            type="number"
            inputMode="numeric"
            min={SLOT_STEP.min}
            max={SLOT_STEP.max}
            step={5}
            defaultValue={settings.slot_step_minutes}
            className="time-input"
            dir="ltr"
            aria-describedby="slot-step-hint"
          />
          <span id="slot-step-hint" className="hint">
            {t("hours.stepHint")}
          </span>
        </div>
        <div className="field">
          <label htmlFor="min-notice">{t("hours.notice")}</label>
          <input
            id="min-notice"
            name="min_notice_minutes"
            type="number"
            inputMode="numeric"
            min={NOTICE.min}
            max={NOTICE.max}
            step={5}
            defaultValue={settings.min_notice_minutes}
            className="time-input"
            dir="ltr"
            aria-describedby="min-notice-hint"
          />
          <span id="min-notice-hint" className="hint">
            {t("hours.noticeHint")}
          </span>
        </div>
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || invalid}>
            {busy ? t("hours.saving") : t("hours.save")}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
