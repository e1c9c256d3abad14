// Settings tab (Account Settings): profile and business details, the time
// zone and daily send time the scheduler uses, and Change Password.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useT } from "~/i18n";
import { PasswordForm } from "~/components/settings/password-form";
import { ProfileForm } from "~/components/settings/profile-form";
import { DataSection } from "~/components/settings/data-section";
import { DeleteAccount } from "~/components/settings/delete-account";
import { MessagingForm } from "~/components/settings/messaging-form";
import { messagingOf, updateMessagingSettings } from "~/services/messaging-settings.server";
import { accountCtx } from "~/services/auth/context.server";
import { changePassword } from "~/services/auth/passwords.server";
import { requireUser } from "~/services/auth/session.server";
import { validatePasswordChange } from "~/services/auth/validation";
import { settingsOf, updateSettings } from "~/services/settings.server";
import styles from "~/styles/accounts.css?url";
import modalStyles from "~/styles/modal.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: modalStyles }, { rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Settings · Chatbook" }];

function timeZoneList(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, business } = await requireUser(request, context.cloudflare.env);
  const account = { hasFeed: business.calendarFeedHash !== null, hasPassword: user.passwordHash !== null };
  return { settings: settingsOf(user, business), timeZones: timeZoneList(business.timeZone), messaging: messagingOf(business), account };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const authed = await requireUser(request, env);
  const form = await request.formData();
  const field = (k: string) => String(form.get(k) ?? "").slice(0, 1000);
  if (field("intent") === "messaging") {
    const result = await updateMessagingSettings(env.DB, authed.business, {
      message_language: field("message_language"), pause_between_messages: field("pause_between_messages"),
      quiet_hours_start: field("quiet_hours_start"), quiet_hours_end: field("quiet_hours_end"),
    });
    return result.ok ? { intent: "messaging" as const, ok: true as const } : { intent: "messaging" as const, ok: false as const, error: result.key };
  }
  if (field("intent") === "password") {
    const current = field("current_password");
    const next = field("new_password");
    const problem = validatePasswordChange(current, next, field("confirm_password"));
    if (problem) return { intent: "password" as const, ok: false as const, error: problem };
    const result = await changePassword(accountCtx(request, env), authed, current, next);
    return result.ok ? { intent: "password" as const, ok: true as const } : { intent: "password" as const, ok: false as const, error: result.key };
  }
  const result = await updateSettings(env, authed, {
    name: field("name"), email: field("email") || undefined, business_name: field("business_name"), phone: field("phone"),
    city: field("city"), country: field("country") || field("country_text"), timezone: field("timezone") || undefined,
    send_time: field("send_time") || undefined, agree_terms: form.get("agree_terms") === "on", agree_updates: form.get("agree_updates") === "on",
    message_retention_days: field("message_retention_days") ? wholeNumber(field("message_retention_days")) : undefined,
  }, Date.now());
  return result.ok ? { intent: "profile" as const, ok: true as const } : { intent: "profile" as const, ok: false as const, error: result.key };
}

/** "30" is 30; anything else ("3e2", "-1", "abc") is NaN and refused by the settings check. */
function wholeNumber(text: string): number {
  return /^\s*\d{1,6}\s*$/.test(text) ? Number(text) : Number.NaN;
}

export default function SettingsTab() {
  const t = useT();
  const { settings, timeZones, messaging, account } = useLoaderData<typeof loader>();
  return (
    <div className="settings">
      <header>
        <h1 className="tab-title">{t("settings.title")}</h1>
        <p className="muted">{t("settings.subtitle")}</p>
      </header>
      <ProfileForm settings={settings} timeZones={timeZones} />
      <MessagingForm settings={messaging} />
      <PasswordForm email={settings.email} />
      <DataSection hasFeed={account.hasFeed} />
      <DeleteAccount hasPassword={account.hasPassword} email={settings.email} />
    </div>
  );
}
