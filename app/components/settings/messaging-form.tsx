// Settings: the WhatsApp messages the product sends (message language,
// pause between messages, quiet hours). Its own form and intent, apart from the profile.
import { useFetcher } from "@remix-run/react";
import { useT, type MessageKey } from "~/i18n";
import { Banner } from "~/components/auth/auth-layout";
import type { MessagingSettings } from "~/services/messaging-settings.server";

type Answer = { intent: "messaging"; ok: true } | { intent: "messaging"; ok: false; error: MessageKey };

const TIME_PATTERN = "([01][0-9]|2[0-3]):[0-5][0-9]";

export function MessagingForm({ settings }: { settings: MessagingSettings }) {
  const t = useT();
  const fetcher = useFetcher<Answer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section className="card" aria-labelledby="messaging-title" data-testid="messaging-settings">
      <h2 id="messaging-title">{t("messaging.title")}</h2>
      <p className="muted small">{t("messaging.hint")}</p>
      {answer && !answer.ok && <Banner kind="error" testId="messaging-error">{t(answer.error)}</Banner>}
      {answer?.ok && <Banner kind="success" testId="messaging-saved">{t("messaging.saved")}</Banner>}
      <fetcher.Form method="post" noValidate>
        <input type="hidden" name="intent" value="messaging" />
        <div className="field">
          <label htmlFor="message_language">{t("messaging.language")}</label>
          <select id="message_language" name="message_language" defaultValue={settings.message_language} aria-describedby="message_language-hint">
            <option value="en">{t("messaging.lang.en")}</option>
            <option value="he">{t("messaging.lang.he")}</option>
          </select>
          <span id="message_language-hint" className="hint">{t("messaging.languageHint")}</span>
        </div>
        <div className="field">
          <label htmlFor="pause_between_messages">{t("messaging.pause")}</label>
          <input id="pause_between_messages" name="pause_between_messages" type="number" inputMode="numeric" min={3} max={60} step={1}
            defaultValue={settings.pause_between_messages} dir="ltr" aria-describedby="pause-hint" className="time-input" />
          <span id="pause-hint" className="hint">{t("messaging.pauseHint")}</span>
        </div>
        <div className="row gap-sm">
          <div className="field">
            <label htmlFor="quiet_hours_start">{t("messaging.quietStart")}</label>
            <input id="quiet_hours_start" name="quiet_hours_start" type="text" defaultValue={settings.quiet_hours_start} maxLength={5}
              placeholder="21:00" pattern={TIME_PATTERN} dir="ltr" className="time-input" aria-describedby="quiet-hint" />
          </div>
          <div className="field">
            <label htmlFor="quiet_hours_end">{t("messaging.quietEnd")}</label>
            <input id="quiet_hours_end" name="quiet_hours_end" type="text" defaultValue={settings.quiet_hours_end} maxLength={5}
              placeholder="08:00" pattern={TIME_PATTERN} dir="ltr" className="time-input" aria-describedby="quiet-hint" />
          </div>
        </div>
        <span id="quiet-hint" className="hint">{t("messaging.quietHint")}</span>
        <div className="settings-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{busy ? t("messaging.saving") : t("messaging.save")}</button>
        </div>
      </fetcher.Form>
    </section>
  );
}
