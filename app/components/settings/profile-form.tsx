// Settings: the profile, read-only until Edit Profile; Save Changes / Cancel
// (Cancel restores the last saved values by re-mounting the form from them).
import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useT, type MessageKey } from "~/i18n";
import { Banner } from "~/components/auth/auth-layout";
import { CountryInput } from "~/components/auth/country-input";
import { validateProfile } from "~/services/auth/validation";
import type { Settings } from "~/services/settings.server";

type Answer = { intent: "profile"; ok: true } | { intent: "profile"; ok: false; error: MessageKey };

export function ProfileForm({ settings, timeZones }: { settings: Settings; timeZones: string[] }) {
  const t = useT();
  const fetcher = useFetcher<Answer>();
  const [editing, setEditing] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [clientError, setClientError] = useState<MessageKey | null>(null);
  const [saved, setSaved] = useState(false);
  const busy = fetcher.state !== "idle";
  // Without scripts the form posts the whole page: the answer is then the page's action data.
  const pageAnswer = useActionData<Answer | { intent: string }>();
  const answer = fetcher.state === "idle" ? (fetcher.data ?? (pageAnswer?.intent === "profile" ? (pageAnswer as Answer) : undefined)) : undefined;

  useEffect(() => {
    if (answer?.ok) {
      setSaved(true);
      setEditing(false);
      setGeneration((g) => g + 1);
    }
  }, [answer]);

  const cancel = () => {
    setEditing(false);
    setClientError(null);
    setGeneration((g) => g + 1);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "");
    const problem = validateProfile({ name: s("name"), business_name: s("business_name"), phone: s("phone"), city: s("city"), country: s("country") });
    setClientError(problem);
    if (problem) e.preventDefault();
  };

  const error = clientError ?? (answer && !answer.ok ? answer.error : null);
  const ro = !editing;
  return (
    <section className="card" aria-labelledby="profile-title">
      <div className="settings-head">
        <h2 id="profile-title">{t("settings.profile")}</h2>
        {!editing && (
          <button type="button" className="btn btn-ghost btn-sm" aria-label={t("settings.edit")} onClick={() => { setEditing(true); setSaved(false); setClientError(null); }}>
            <Short long={t("settings.edit")} short={t("settings.editShort")} />
          </button>
        )}
      </div>
      {error && <Banner kind="error" testId="settings-error">{t(error) || t("settings.saveFailed")}</Banner>}
      {saved && !editing && <Banner kind="success">{t("settings.saved")}</Banner>}
      <fetcher.Form method="post" noValidate onSubmit={onSubmit} key={generation} data-testid="profile-form">
        <input type="hidden" name="intent" value="profile" />
        <Text name="name" label={t("field.fullName")} value={settings.name} readOnly={ro} maxLength={200} autoComplete="name" />
        <Text name="email" label={t("field.email")} value={settings.email} readOnly type="email" hint={editing ? t("settings.emailFixed") : undefined} />
        <Text name="business_name" label={t("field.businessName")} value={settings.business_name} readOnly={ro} maxLength={200} autoComplete="organization" />
        <Text name="phone" label={t("field.phone")} value={settings.phone} readOnly={ro} maxLength={20} type="tel" inputMode="numeric" autoComplete="tel" />
        <Text name="city" label={t("field.city")} value={settings.city} readOnly={ro} maxLength={100} autoComplete="address-level2" />
        <CountryInput name="country" label={t("field.country")} defaultCode={settings.country} disabled={ro} />

        <fieldset>
          <legend>{t("settings.preferences")}</legend>
          <label className="check"><input type="checkbox" name="agree_terms" defaultChecked={settings.agree_terms} disabled={ro} /> <span>{t("terms.agree")}</span></label>
          <label className="check"><input type="checkbox" name="agree_updates" defaultChecked={settings.agree_updates} disabled={ro} /> <span>{t("updates.agree")}</span></label>
        </fieldset>

        <fieldset>
          <legend>{t("settings.schedule")}</legend>
          <div className="field">
            <label htmlFor="timezone">{t("settings.timezone")}</label>
            <select id="timezone" name="timezone" defaultValue={settings.timezone} disabled={ro} aria-describedby="timezone-hint">
              {timeZones.map((z) => <option key={z} value={z}>{z.replace(/_/g, " ")}</option>)}
            </select>
            <span id="timezone-hint" className="hint">{t("settings.timezoneHint")}</span>
          </div>
          {/* Text, not type="time": that shows 12-hour clocks in some locales, and times here are HH:MM, 24-hour. */}
          <Text name="send_time" label={t("settings.sendTime")} value={settings.send_time} readOnly={ro} maxLength={5} placeholder="10:00"
            pattern="([01][0-9]|2[0-3]):[0-5][0-9]" dir="ltr" className="time-input" hint={t("settings.sendTimeHint")} />
          <Text name="message_retention_days" label={t("settings.retention")} value={String(settings.message_retention_days)} readOnly={ro}
            type="number" inputMode="numeric" min={7} max={3650} step={1} dir="ltr" className="time-input" hint={t("settings.retentionHint")} />
        </fieldset>

        {editing && (
          <div className="settings-actions">
            <button type="submit" className="btn btn-primary" disabled={busy} aria-label={busy ? undefined : t("settings.save")}>
              {busy ? t("settings.saving") : <Short long={t("settings.save")} short={t("settings.saveShort")} />}
            </button>
            <button type="button" className="btn btn-ghost" onClick={cancel} disabled={busy}>{t("settings.cancel")}</button>
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
      <span className="label-short" aria-hidden="true">{short}</span>
    </>
  );
}

type TextProps = { name: string; label: string; value: string; hint?: ReactNode } & Omit<React.InputHTMLAttributes<HTMLInputElement>, "value" | "name">;

function Text({ name, label, value, hint, ...rest }: TextProps) {
  const id = `settings-${name}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="text" defaultValue={value} aria-describedby={hint ? `${id}-hint` : undefined} {...rest} />
      {hint && <span id={`${id}-hint`} className="hint">{hint}</span>}
    </div>
  );
}
