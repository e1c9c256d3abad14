// The five steps of the rule wizard. Each is a controlled view of the wizard's state.
import { useEffect, useRef } from "react";
import { useLang, useT, type Lang } from "~/i18n";
import { Switch } from "~/components/ui/switch";
import { inQuietHours } from "~/services/quiet-hours";
import { withConfirmationLine } from "~/services/replies/words";
import { DUE_FALLBACK_DAYS, PRESET_DAYS, type RuleType } from "~/services/rules/schedule";
import { renderTemplate } from "~/services/templates";
import { candidateKey, type Candidate } from "./client-source";
import { formatDateGB } from "./format";
import { LiveClock } from "./live-clock";
import { Field } from "~/components/form/fields";

export function TypeStep({ value, onChange }: { value: RuleType | ""; onChange: (v: RuleType) => void }) {
  const t = useT();
  const options: [
    RuleType,
    "rules.type.followup" | "rules.type.reminder",
    "wizard.type.followupHint" | "wizard.type.reminderHint",
  ][] = [
    ["followup", "rules.type.followup", "wizard.type.followupHint"],
    ["reminder", "rules.type.reminder", "wizard.type.reminderHint"],
  ];
  return (
    <fieldset className="choice-list">
      <legend className="sr-only">{t("wizard.step.type")}</legend>
      {options.map(([v, label, hint], i) => (
        <label key={v} className={`choice ${value === v ? "is-on" : ""}`}>
          <input
            type="radio"
            name="rule-type"
            value={v}
            checked={value === v}
            onChange={() => onChange(v)}
            data-autofocus={i === 0 ? true : undefined}
          />
          <span>
            <span className="choice-title">{t(label)}</span>
            <span className="choice-hint muted small">{t(hint)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** A select-all checkbox that shows "some" as indeterminate. */
function SelectAll({
  all,
  some,
  onChange,
  label,
}: {
  all: boolean;
  some: boolean;
  onChange: (on: boolean) => void;
  label: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some && !all;
  }, [all, some]);
  return (
    <label className="check select-all">
      <input ref={ref} type="checkbox" checked={all} onChange={(e) => onChange(e.target.checked)} data-autofocus />
      <span>{label}</span>
    </label>
  );
}

export function ServicesStep({
  services,
  selected,
  onChange,
}: {
  services: string[];
  selected: string[];
  onChange: (v: string[]) => void;
}) {
  const t = useT();
  const toggle = (s: string, on: boolean) =>
    onChange(on ? services.filter((x) => x === s || selected.includes(x)) : selected.filter((x) => x !== s));
  return (
    <div>
      <p className="muted small">{t("wizard.services.hint")}</p>
      <SelectAll
        all={services.length > 0 && selected.length === services.length}
        some={selected.length > 0}
        onChange={(on) => onChange(on ? [...services] : [])}
        label={t("wizard.selectAll")}
      />
      <div className="pick-list" role="group" aria-label={t("wizard.step.service")}>
        {services.map((s) => (
          <label key={s} className="check pick">
            <input type="checkbox" checked={selected.includes(s)} onChange={(e) => toggle(s, e.target.checked)} />
            <span>{s}</span>
          </label>
        ))}
      </div>
    </div>
  );
}

type ClientsProps = {
  candidates: Candidate[];
  loading: boolean;
  selected: string[];
  onChange: (keys: string[]) => void;
  upcomingOnly: boolean;
};

export function ClientsStep({ candidates, loading, selected, onChange, upcomingOnly }: ClientsProps) {
  const t = useT();
  if (loading)
    return (
      <p className="muted" role="status">
        {t("wizard.clients.loading")}
      </p>
    );
  const keys = candidates.map(candidateKey);
  const toggle = (k: string, on: boolean) =>
    onChange(on ? keys.filter((x) => x === k || selected.includes(x)) : selected.filter((x) => x !== k));
  return (
    <div>
      {upcomingOnly && <p className="muted small">{t("wizard.clients.upcomingOnly")}</p>}
      {candidates.length === 0 ? (
        <p className="muted">{t("wizard.clients.empty")}</p>
      ) : (
        <>
          <div className="row between">
            <SelectAll
              all={selected.length === keys.length}
              some={selected.length > 0}
              onChange={(on) => onChange(on ? keys : [])}
              label={t("wizard.selectAll")}
            />
            <span className="muted small">{t("wizard.clients.selected", { n: selected.length })}</span>
          </div>
          <div className="pick-list pick-clients" role="group" aria-label={t("wizard.step.clients")}>
            {candidates.map((c, i) => (
              <label key={keys[i]} className="check pick pick-client">
                <input
                  type="checkbox"
                  checked={selected.includes(keys[i])}
                  onChange={(e) => toggle(keys[i], e.target.checked)}
                />
                <span className="pick-client-text">
                  <span className="pick-client-name">{c.sender_name || t("rules.unknownName")}</span>
                  <span className="muted small">
                    <bdi dir="ltr">{c.phone_display}</bdi> · {c.service}
                  </span>
                  <span className="muted small">
                    <bdi dir="ltr">
                      {formatDateGB(c.booking_date)} {c.booking_time}
                    </bdi>
                  </span>
                </span>
              </label>
            ))}
          </div>
        </>
      )}
    </div>
  );
}

type MessageProps = {
  template: string;
  onChange: (v: string) => void;
  services: string[];
  sampleDate: string;
  ask: boolean;
  onAskChange: (v: boolean) => void;
  messageLang: Lang;
};

export function MessageStep({ template, onChange, services, sampleDate, ask, onAskChange, messageLang }: MessageProps) {
  const t = useT();
  const rendered = renderTemplate(template, {
    name: t("wizard.message.sampleName"),
    service: services.length ? services.join(", ") : t("wizard.message.sampleService"),
    date: formatDateGB(sampleDate),
    staff: t("wizard.message.sampleStaff"),
  });
  // The line is added in the business's message language, whatever language the screen is in.
  const preview = template.trim() ? withConfirmationLine(rendered, ask, messageLang) : rendered;
  return (
    <div>
      <Field id="rule-template" label={t("wizard.message.label")} hint={t("wizard.message.tokens")}>
        <textarea
          id="rule-template"
          dir="auto"
          value={template}
          onChange={(e) => onChange(e.target.value)}
          maxLength={2000}
          rows={5}
          data-autofocus
          aria-describedby="rule-template-hint"
        />
      </Field>
      <div className="wizard-switch">
        <Switch
          id="ask-confirmation"
          label={t("confirm.switch")}
          hint={t("confirm.switchHint")}
          checked={ask}
          testId="ask-confirmation"
          onChange={onAskChange}
        />
      </div>
      <p className="label">{t("wizard.message.preview")}</p>
      <div className="chat-preview" data-testid="template-preview">
        <div className="bubble bubble-out" dir="auto">
          {preview || "\u00a0"}
        </div>
      </div>
    </div>
  );
}

export type ScheduleState = { choice: string; customDate: string; customTime: string; customDays: string };

type ScheduleProps = {
  type: RuleType;
  value: ScheduleState;
  onChange: (v: ScheduleState) => void;
  minDate: string;
  sendTime: string;
  timeZone: string;
  quietHours: { start: string; end: string };
};

export function ScheduleStep({ type, value, onChange, minDate, sendTime, timeZone, quietHours }: ScheduleProps) {
  const t = useT();
  const lang = useLang();
  const presetLabel = (n: number) =>
    type === "followup"
      ? t("wizard.schedule.after.many", { n })
      : n === 1
        ? t("wizard.schedule.before.one")
        : t("wizard.schedule.before.many", { n });
  const set = (patch: Partial<ScheduleState>) => onChange({ ...value, ...patch });
  return (
    <div>
      <LiveClock label={t("wizard.clock")} lang={lang} />
      <fieldset className="choice-list">
        <legend className="sr-only">{t("wizard.step.schedule")}</legend>
        {PRESET_DAYS[type].map((n, i) => (
          <label key={n} className={`choice compact ${value.choice === String(n) ? "is-on" : ""}`}>
            <input
              type="radio"
              name="schedule"
              value={n}
              checked={value.choice === String(n)}
              onChange={() => set({ choice: String(n) })}
              data-autofocus={i === 0 ? true : undefined}
            />
            <span className="choice-title">{presetLabel(n)}</span>
          </label>
        ))}
        {type === "followup" && (
          <label className={`choice compact ${value.choice === "due" ? "is-on" : ""}`}>
            <input
              type="radio"
              name="schedule"
              value="due"
              checked={value.choice === "due"}
              onChange={() => set({ choice: "due" })}
            />
            <span className="choice-title">{t("wizard.schedule.due")}</span>
          </label>
        )}
        <label className={`choice compact ${value.choice === "custom" ? "is-on" : ""}`}>
          <input
            type="radio"
            name="schedule"
            value="custom"
            checked={value.choice === "custom"}
            onChange={() => set({ choice: "custom" })}
          />
          <span className="choice-title">{t("wizard.schedule.custom")}</span>
        </label>
      </fieldset>
      {value.choice === "due" && (
        <p className="muted small">{t("wizard.schedule.dueHint", { n: DUE_FALLBACK_DAYS })}</p>
      )}
      <p className="muted small">{t("wizard.schedule.sendTime", { time: sendTime, zone: timeZone })}</p>
      {value.choice === "custom" && (
        <div className="custom-schedule">
          <div className="row gap-sm custom-when">
            <Field id="custom-date" label={t("wizard.schedule.date")}>
              <input
                id="custom-date"
                type="date"
                min={minDate}
                value={value.customDate}
                onChange={(e) => set({ customDate: e.target.value, customDays: "" })}
              />
            </Field>
            <Field id="custom-time" label={t("wizard.schedule.time")}>
              <input
                id="custom-time"
                type="time"
                value={value.customTime}
                onChange={(e) => set({ customTime: e.target.value, customDays: "" })}
              />
            </Field>
          </div>
          <p className="muted small">{t("wizard.schedule.zone", { zone: timeZone })}</p>
          {value.customDate && value.customTime && inQuietHours(value.customTime, quietHours.start, quietHours.end) && (
            <p className="quiet-warning small" role="status" data-testid="quiet-warning">
              {t("confirm.quietWarning", { time: value.customTime, start: quietHours.start, end: quietHours.end })}
            </p>
          )}
          <p className="or-divider">
            <span>{t("wizard.schedule.or")}</span>
          </p>
          <Field
            id="custom-days"
            label={t(type === "followup" ? "wizard.schedule.daysAfter" : "wizard.schedule.daysBefore")}
          >
            <input
              id="custom-days"
              type="number"
              inputMode="numeric"
              min={1}
              max={365}
              step={1}
              placeholder="15"
              value={value.customDays}
              onChange={(e) => set({ customDays: e.target.value, customDate: "", customTime: "" })}
            />
          </Field>
        </div>
      )}
    </div>
  );
}

/** Step 4 is satisfied by a preset, or Custom with a date and time or 1 to 365 days. */
export function scheduleReady(v: ScheduleState): boolean {
  if (!v.choice) return false;
  if (v.choice !== "custom") return true;
  if (v.customDate && v.customTime) return true;
  const n = Number(v.customDays);
  return v.customDays !== "" && Number.isInteger(n) && n >= 1 && n <= 365;
}
