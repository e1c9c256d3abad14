// Settings: the profile, read-only until Edit Profile; Save Changes / Cancel
// (Cancel restores the last saved values by re-mounting the form from them).
// Failures show in a red banner, each also under its own field.
import { getFormProps } from "@conform-to/react";
import { useActionData, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useT } from "~/i18n";
import { Banner } from "~/components/form/banner";
import { CountryInput } from "~/components/form/country-input";
import { CheckField, firstProblemOf, ProblemBanner, SelectField, TextField } from "~/components/form/fields";
import type { ActionAnswer } from "~/utils/answer";
import { TIME_OF_DAY_PATTERN } from "~/utils/dates";
import type { Settings } from "~/services/settings.server";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { accountSchemas } from "~/components/form/schemas";

type Answer = ActionAnswer<"profile">;

/** `country`: the saved country's name in the reader's language. */
export function ProfileForm({
  settings,
  country,
  timeZones,
}: {
  settings: Settings;
  country: string;
  timeZones: string[];
}) {
  const fetcher = useFetcher<Answer>();
  const [editing, setEditing] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [saved, setSaved] = useState(false);
  // An answer left behind by Cancel is not shown again.
  const [dismissed, setDismissed] = useState<unknown>(null);
  // Without scripts the form posts the whole page: the answer is then the page's action data.
  const pageAnswer = useActionData<Answer | { intent: string }>();
  const latest =
    fetcher.state === "idle"
      ? (fetcher.data ?? (pageAnswer?.intent === "profile" ? (pageAnswer as Answer) : undefined))
      : undefined;
  const answer = latest !== dismissed ? latest : undefined;

  // A new successful answer closes the fields (set while rendering, as React advises for state that follows a value).
  const [handled, setHandled] = useState<Answer | undefined>(undefined);
  if (answer !== handled) {
    setHandled(answer);
    if (answer?.ok) {
      setSaved(true);
      setEditing(false);
      setGeneration((g) => g + 1);
    }
  }

  const cancel = () => {
    setEditing(false);
    setDismissed(latest);
    setGeneration((g) => g + 1);
  };
  const edit = () => {
    setEditing(true);
    setSaved(false);
  };

  return (
    <ProfileFields
      key={generation}
      fetcher={fetcher}
      settings={settings}
      country={country}
      timeZones={timeZones}
      editing={editing}
      saved={saved}
      answer={answer && !answer.ok ? answer : undefined}
      onEdit={edit}
      onCancel={cancel}
    />
  );
}

type FieldsProps = {
  fetcher: ReturnType<typeof useFetcher<Answer>>;
  settings: Settings;
  country: string;
  timeZones: string[];
  editing: boolean;
  saved: boolean;
  answer?: Extract<Answer, { ok: false }>;
  onEdit: () => void;
  onCancel: () => void;
};

/** The form itself, mounted afresh (from the saved settings) after Save and Cancel. */
function ProfileFields({
  fetcher,
  settings,
  country,
  timeZones,
  editing,
  saved,
  answer,
  onEdit,
  onCancel,
}: FieldsProps) {
  const t = useT();
  const busy = fetcher.state !== "idle";
  const [form, fields] = useSchemaForm(accountSchemas, (m) => m.profileFormSchema(settings.email), {
    id: "profile",
    lastResult: answer?.reply,
    defaultValue: { ...settings, message_retention_days: String(settings.message_retention_days) },
  });
  const ro = !editing;
  const problem = firstProblemOf(form.allErrors);

  return (
    <section className="card" aria-labelledby="profile-title">
      <div className="settings-head">
        <h2 id="profile-title">{t("settings.profile")}</h2>
        {!editing && (
          <button type="button" className="btn btn-ghost btn-sm" aria-label={t("settings.edit")} onClick={onEdit}>
            <Short long={t("settings.edit")} short={t("settings.editShort")} />
          </button>
        )}
      </div>
      <ProblemBanner problem={problem} testId="settings-error" />
      {saved && !editing && <Banner kind="success">{t("settings.saved")}</Banner>}
      <fetcher.Form method="post" {...getFormProps(form)} data-testid="profile-form">
        <input type="hidden" name="intent" value="profile" />
        <TextField field={fields.name} label={t("field.fullName")} readOnly={ro} maxLength={200} autoComplete="name" />
        <TextField
          field={fields.email}
          label={t("field.email")}
          readOnly
          type="email"
          hint={editing ? t("settings.emailFixed") : undefined}
        />
        <TextField
          field={fields.business_name}
          label={t("field.businessName")}
          readOnly={ro}
          maxLength={200}
          autoComplete="organization"
        />
        <TextField
          field={fields.phone}
          label={t("field.phone")}
          readOnly={ro}
          maxLength={20}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
        />
        <TextField
          field={fields.city}
          label={t("field.city")}
          readOnly={ro}
          maxLength={100}
          autoComplete="address-level2"
        />
        <CountryInput
          field={fields.country}
          label={t("field.country")}
          defaultCode={settings.country}
          defaultName={country}
          disabled={ro}
        />

        <fieldset>
          <legend>{t("settings.preferences")}</legend>
          <CheckField field={fields.agree_terms} label={t("terms.agree")} disabled={ro} />
          <CheckField field={fields.agree_updates} label={t("updates.agree")} disabled={ro} />
        </fieldset>

        <fieldset>
          <legend>{t("settings.schedule")}</legend>
          <SelectField
            field={fields.timezone}
            label={t("settings.timezone")}
            hint={t("settings.timezoneHint")}
            disabled={ro}
          >
            {timeZones.map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, " ")}
              </option>
            ))}
          </SelectField>
          {/* Text, not type="time": that shows 12-hour clocks in some locales, and times here are HH:MM, 24-hour. */}
          <TextField
            field={fields.send_time}
            label={t("settings.sendTime")}
            readOnly={ro}
            maxLength={5}
            placeholder="10:00"
            pattern={TIME_OF_DAY_PATTERN}
            dir="ltr"
            className="time-input"
            hint={t("settings.sendTimeHint")}
          />
          <TextField
            field={fields.message_retention_days}
            label={t("settings.retention")}
            readOnly={ro}
            type="number"
            inputMode="numeric"
            min={7}
            max={3650}
            step={1}
            dir="ltr"
            className="time-input"
            hint={t("settings.retentionHint")}
          />
        </fieldset>

        {editing && (
          <div className="settings-actions">
            <button
              type="submit"
              className="btn btn-primary"
              disabled={busy}
              aria-label={busy ? undefined : t("settings.save")}
            >
              {busy ? t("settings.saving") : <Short long={t("settings.save")} short={t("settings.saveShort")} />}
            </button>
            <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
              {t("settings.cancel")}
            </button>
          </div>
        )}
      </fetcher.Form>
    </section>
  );
}

/** The spec's long label, and its short form on small screens. */
function Short({ long, short }: { long: string; short: string }) {
  return (
    <>
      <span className="label-long">{long}</span>
      <span className="label-short" aria-hidden="true">
        {short}
      </span>
    </>
  );
}
