// Settings: number safety's daily limit of business-started messages. Its own
// form and intent ("safety"); the pause switch lives on the Connect tab.
import { getFormProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useT } from "~/i18n";
import { Banner } from "~/components/form/banner";
import { firstProblemOf, ProblemBanner, TextField } from "~/components/form/fields";
import type { ActionAnswer } from "~/utils/answer";
import type { SafetySettings } from "~/services/safety/settings.server";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { safetySchemas } from "~/components/form/schemas";

type Answer = ActionAnswer<"safety">;

export function SafetySection({ settings }: { settings: SafetySettings }) {
  const t = useT();
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm(safetySchemas, (m) => m.SafetyBudgetForm, {
    id: "safety",
    lastResult: answer && !answer.ok ? answer.reply : undefined,
    defaultValue: { daily_message_budget: String(settings.daily_message_budget) },
  });
  const problem = firstProblemOf(form.allErrors);
  return (
    <section className="card" aria-labelledby="safety-settings-title" data-testid="safety-settings">
      <h2 id="safety-settings-title">{t("safety.settings.title")}</h2>
      <p className="muted small">{t("safety.settings.hint")}</p>
      <ProblemBanner problem={problem} testId="safety-error" />
      {!problem && answer?.ok && (
        <Banner kind="success" testId="safety-saved">
          {t("safety.settings.saved")}
        </Banner>
      )}
      <fetcher.Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="safety" />
        <TextField
          field={fields.daily_message_budget}
          label={t("safety.settings.budget")}
          type="number"
          hint={t("safety.settings.budgetHint")}
          hintId="budget-hint"
          inputMode="numeric"
          min={1}
          max={500}
          step={1}
          dir="ltr"
          className="time-input"
        />
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t("safety.settings.saving") : t("safety.settings.save")}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
