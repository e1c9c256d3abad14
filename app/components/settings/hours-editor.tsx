// Settings: working hours per weekday (zero or more intervals: a lunch break
// is two), the grid free times are offered on, and the minimum notice. The
// week travels as one JSON field; the page's action checks it with the same
// rules as PATCH /api/settings (services/time/hours.ts).
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useT } from "~/i18n";
import { Banner } from "~/components/form/banner";
import { Field, ProblemBanner } from "~/components/form/fields";
import { WeekEditor, weekInvalid } from "./week-editor";
import type { HoursAnswer } from "~/validation/hours";
import { NOTICE, SLOT_STEP } from "~/services/time/hours";
import type { WorkingHours } from "~/services/time/span";

type Settings = { working_hours: WorkingHours; slot_step_minutes: number; min_notice_minutes: number };

export function HoursEditor({ settings }: { settings: Settings }) {
  const t = useT();
  const fetcher = useFetcher<HoursAnswer>();
  const [week, setWeek] = useState<WorkingHours>(settings.working_hours);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const invalid = weekInvalid(week);

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
      <fetcher.Form
        method="post"
        action="/dashboard/settings/hours"
        noValidate
        onSubmit={(e) => invalid && e.preventDefault()}
      >
        <input type="hidden" name="intent" value="hours" />
        <input type="hidden" name="working_hours" value={JSON.stringify(week)} />
        <WeekEditor week={week} onChange={setWeek} />
        <Field id="slot-step" label={t("hours.step")} hint={t("hours.stepHint")}>
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
        </Field>
        <Field id="min-notice" label={t("hours.notice")} hint={t("hours.noticeHint")}>
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
        </Field>
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary" disabled={busy || invalid}>
            {busy ? t("hours.saving") : t("hours.save")}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
