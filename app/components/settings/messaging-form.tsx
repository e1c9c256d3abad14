// Settings: the WhatsApp messages the product sends (message language,
// pause between messages, quiet hours). Its own form and intent, apart from
// the profile. Failures show in a red banner, each also under its own field.
import { getFormProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useT } from "~/i18n";
import { Banner } from "~/components/form/banner";
import { firstProblemOf, ProblemBanner, SelectField, TextField } from "~/components/form/fields";
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
        <SelectField
          field={fields.message_language}
          label={t("messaging.language")}
          hint={t("messaging.languageHint")}
          hintId="message_language-hint"
        >
          <option value="en">{t("messaging.lang.en")}</option>
          <option value="he">{t("messaging.lang.he")}</option>
        </SelectField>
        <TextField
          field={fields.pause_between_messages}
          label={t("messaging.pause")}
          type="number"
          hint={t("messaging.pauseHint")}
          hintId="pause-hint"
          inputMode="numeric"
          min={10}
          max={120}
          step={1}
          dir="ltr"
          className="time-input"
        />
        {/* One hint under both quiet-hours fields: each names it (hintId without a hint of its own). */}
        <div className="row gap-sm">
          <TextField
            field={fields.quiet_hours_start}
            label={t("messaging.quietStart")}
            hintId="quiet-hint"
            maxLength={5}
            placeholder="21:00"
            pattern={TIME_OF_DAY_PATTERN}
            dir="ltr"
            className="time-input"
          />
          <TextField
            field={fields.quiet_hours_end}
            label={t("messaging.quietEnd")}
            hintId="quiet-hint"
            maxLength={5}
            placeholder="08:00"
            pattern={TIME_OF_DAY_PATTERN}
            dir="ltr"
            className="time-input"
          />
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
