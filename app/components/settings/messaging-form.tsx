// Settings: the WhatsApp messages the product sends (message language,
// pause between messages, quiet hours). Its own form and intent, apart from
// the profile. Failures show in a red banner, each also under its own field.
import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useT } from "~/i18n";
import { Banner } from "~/components/form/banner";
import { firstProblemOf, ProblemBanner } from "~/components/form/fields";
import { FieldError } from "~/components/form/field-error";
import type { ActionAnswer } from "~/utils/answer";
import { TIME_OF_DAY_PATTERN } from "~/utils/dates";
import type { MessagingSettings } from "~/services/messaging-settings.server";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { accountSchemas } from "~/components/form/schemas";

type Answer = ActionAnswer<"messaging">;

export function MessagingForm({ settings }: { settings: MessagingSettings }) {
  const t = useT();
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm(accountSchemas, (m) => m.MessagingFormSchema, {
    id: "messaging",
    lastResult: answer && !answer.ok ? answer.reply : undefined,
    defaultValue: settings,
  });
  const problem = firstProblemOf(form.allErrors);
  const { quiet_hours_start: start, quiet_hours_end: end } = fields;
  return (
    <section className="card" aria-labelledby="messaging-title" data-testid="messaging-settings">
      <h2 id="messaging-title">{t("messaging.title")}</h2>
      <p className="muted small">{t("messaging.hint")}</p>
      <ProblemBanner problem={problem} testId="messaging-error" />
      {!problem && answer?.ok && (
        <Banner kind="success" testId="messaging-saved">
          {t("messaging.saved")}
        </Banner>
      )}
      <fetcher.Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="messaging" />
        <div className="field">
          <label htmlFor={fields.message_language.id}>{t("messaging.language")}</label>
          <select {...getSelectProps(fields.message_language, { ariaDescribedBy: "message_language-hint" })}>
            <option value="en">{t("messaging.lang.en")}</option>
            <option value="he">{t("messaging.lang.he")}</option>
          </select>
          <span id="message_language-hint" className="hint">
            {t("messaging.languageHint")}
          </span>
          <FieldError id={fields.message_language.errorId} problems={fields.message_language.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.pause_between_messages.id}>{t("messaging.pause")}</label>
          <input
            {...getInputProps(fields.pause_between_messages, { type: "number", ariaDescribedBy: "pause-hint" })}
            inputMode="numeric"
            min={10}
            max={120}
            step={1}
            dir="ltr"
            className="time-input"
          />
          <span id="pause-hint" className="hint">
            {t("messaging.pauseHint")}
          </span>
          <FieldError id={fields.pause_between_messages.errorId} problems={fields.pause_between_messages.errors} />
        </div>
        <div className="row gap-sm">
          <div className="field">
            <label htmlFor={start.id}>{t("messaging.quietStart")}</label>
            <input
              {...getInputProps(start, { type: "text", ariaDescribedBy: "quiet-hint" })}
              maxLength={5}
              placeholder="21:00"
              pattern={TIME_OF_DAY_PATTERN}
              dir="ltr"
              className="time-input"
            />
            <FieldError id={start.errorId} problems={start.errors} />
          </div>
          <div className="field">
            <label htmlFor={end.id}>{t("messaging.quietEnd")}</label>
            <input
              {...getInputProps(end, { type: "text", ariaDescribedBy: "quiet-hint" })}
              maxLength={5}
              placeholder="08:00"
              pattern={TIME_OF_DAY_PATTERN}
              dir="ltr"
              className="time-input"
            />
            <FieldError id={end.errorId} problems={end.errors} />
          </div>
        </div>
        <span id="quiet-hint" className="hint">
          {t("messaging.quietHint")}
        </span>
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t("messaging.saving") : t("messaging.save")}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
