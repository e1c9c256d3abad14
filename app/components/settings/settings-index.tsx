// The top of Settings: a short index an owner can find things in on a phone.
// Working hours and time off, and the team, have their own pages; the rest are sections below.
import { Link } from "@remix-run/react";
import { useT, type MessageKey } from "~/i18n";
import { CalendarIcon, ChevronIcon, ClockIcon } from "~/components/ui/icons";

/** Each section's heading id (its component's h2) and title. */
const SECTIONS: [string, MessageKey][] = [
  ["profile-title", "settings.profile"],
  ["messaging-title", "messaging.title"],
  ["safety-settings-title", "safety.settings.title"],
  ["booking-link-title", "booklink.settings.title"],
  ["push-title", "push.title"],
  ["password-title", "password.title"],
  ["data-title", "data.title"],
  ["delete-title", "account.deleteTitle"],
];

export function SettingsIndex() {
  const t = useT();
  return (
    <nav className="card settings-index" aria-labelledby="settings-index-title">
      <h2 id="settings-index-title" className="sr-only">
        {t("hours.index")}
      </h2>
      <Link to="/dashboard/settings/hours" className="settings-index-page" data-testid="settings-hours-link">
        <CalendarIcon size={20} />
        <span>
          <strong>{t("hours.link")}</strong>
          <span className="small muted">{t("hours.linkHint")}</span>
        </span>
        <ChevronIcon size={18} className="settings-index-chevron" />
      </Link>
      <Link to="/dashboard/settings/team" className="settings-index-page" data-testid="settings-team-link">
        <ClockIcon size={20} />
        <span>
          <strong>{t("team.link")}</strong>
          <span className="small muted">{t("team.linkHint")}</span>
        </span>
        <ChevronIcon size={18} className="settings-index-chevron" />
      </Link>
      <ul className="settings-index-links">
        {SECTIONS.map(([id, key]) => (
          <li key={id}>
            <a href={`#${id}`}>{t(key)}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
