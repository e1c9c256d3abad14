// Settings tab (Account Settings): profile and business details, the time
// zone and daily send time the scheduler uses, the WhatsApp message settings
// Change Password, and the proposals, Answer for me and notifications switches. Each form
// posts its own intent here.
import type { SubmissionResult } from "@conform-to/react";
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { pageTitle, langFromRequest, useT } from "~/i18n";
import { PasswordForm } from "~/components/settings/password-form";
import { ProfileForm } from "~/components/settings/profile-form";
import { DataSection } from "~/components/settings/data-section";
import { DeleteAccount } from "~/components/settings/delete-account";
import { MessagingForm } from "~/components/settings/messaging-form";
import { NotificationsSection } from "~/components/settings/notifications-section";
import { SettingsIndex } from "~/components/settings/settings-index";
import { SafetySection } from "~/components/settings/safety-section";
import { safetyOf, updateSafetySettings } from "~/services/safety/settings.server";
import { SafetyBudgetForm } from "~/validation/safety";
import { translator } from "~/i18n/messages.server";
import {
  deleteSubscription,
  devicesOf,
  pushConfig,
  saveSubscription,
  sendTestNotification,
  setProposalsEnabled,
} from "~/services/push/push.server";
import { removeDeviceAction } from "~/services/push/devices.server";
import { validate } from "~/validation/parse";
import { ProposalsSwitchInput, PushEndpointInput, PushSubscriptionInput } from "~/validation/push";
import { messagingOf, updateMessagingSettings } from "~/services/messaging-settings.server";
import { accountCtx } from "~/services/auth/context.server";
import { changePassword } from "~/services/auth/password-change.server";
import { requireUser } from "~/security/signed-in.server";
import { settingsOf, updateSettings } from "~/services/settings.server";
import { countryName } from "~/services/countries";
import { caught, problem, type Problem } from "~/utils/problem";
import type { ActionAnswer } from "~/utils/answer";
import { MessagingFormSchema, PasswordChangeFormSchema, profileFormSchema } from "~/validation/accounts";
import { firstFormProblem, parseForm } from "~/validation/parse";
import styles from "~/styles/accounts.css?url";
import modalStyles from "~/styles/modal.css?url";
import toastStyles from "~/styles/toast.css?url";
import hoursStyles from "~/styles/hours.css?url";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CurrencySection } from "~/components/settings/currency-section";
import { currencyOf, currencyCodes } from "~/services/catalogue/money";
import { saveCurrency } from "~/services/catalogue/currency.server";
import { CurrencyPatch } from "~/validation/services";
import { BookingLinkSection } from "~/components/settings/booking-link-section";
import {
  bookingLinkOf,
  bookingPageUrl,
  checkBookingLink,
  suggestSlug,
  updateBookingLink,
} from "~/services/booking-link/settings.server";
import { hasWhatsAppNumber } from "~/services/booking-link/public.server";
import { BookingLinkPatch, HOLD_MINUTES } from "~/validation/booking-link";
import { qrSvg } from "~/utils/qr";
import { AutoAnswerSwitchForm } from "~/validation/drafts";
import { updateAutoAnswer } from "~/services/drafts/auto-answer.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: modalStyles },
  { rel: "stylesheet", href: styles },
  { rel: "stylesheet", href: toastStyles },
  { rel: "stylesheet", href: hoursStyles },
];
export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "dash.tab.settings")];

function timeZoneList(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { db, user, business } = await requireUser(request, context);
  const account = { hasFeed: business.calendarFeedHash !== null, hasPassword: user.passwordHash !== null };
  const push = {
    proposalsEnabled: business.proposalsEnabled,
    autoAnswer: business.autoAnswer,
    vapidPublicKey: pushConfig(context.cloudflare.env)?.publicKey ?? null,
    devices: await devicesOf(db, context.cloudflare.env, business.id),
  };
  // The saved country's name in the reader's language: the country list itself loads only when the field is edited.
  const country = countryName(business.country, langFromRequest(request));
  const currency = {
    currency: business.currency,
    countryDefault: currencyOf({ currency: "", country: business.country }),
    codes: currencyCodes(),
  };
  const link = bookingLinkOf(business);
  const url = bookingPageUrl(new URL(request.url).origin, business);
  const bookingLink = {
    settings: link,
    hasNumber: await hasWhatsAppNumber(context.cloudflare.env, business),
    holdRange: { min: HOLD_MINUTES.min, max: HOLD_MINUTES.max },
    suggestion: link.booking_slug ? "" : await suggestSlug(db, business),
    share: url
      ? {
          url,
          qr: `data:image/svg+xml;base64,${btoa(qrSvg(url))}`,
          text: translator(business.messageLang === "he" ? "he" : "en")("booklink.settings.shareText", {
            name: business.name,
            url,
          }),
        }
      : null,
  };
  return {
    bookingLink,
    settings: settingsOf(user, business),
    country,
    timeZones: timeZoneList(business.timeZone),
    messaging: messagingOf(business),
    safety: safetyOf(business),
    account,
    push,
    currency,
  };
}

const PASSWORDS = ["current_password", "new_password", "confirm_password"];

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const authed = await requireUser(request, context);
  const form = await request.formData();
  const intent = form.get("intent");

  if (intent === "messaging") {
    const submission = parseForm(form, MessagingFormSchema);
    if (submission.status !== "success")
      return refused(intent, firstFormProblem(submission.error), submission.reply(), 400);
    await updateMessagingSettings(env.DB, authed.business, submission.value);
    return saved(intent);
  }
  if (intent === "safety") {
    const submission = parseForm(form, SafetyBudgetForm);
    if (submission.status !== "success")
      return refused(intent, firstFormProblem(submission.error), submission.reply(), 400);
    await updateSafetySettings(env.DB, authed.business, submission.value);
    return saved(intent);
  }
  if (intent === "currency") {
    const input = validate(CurrencyPatch, { currency: form.get("currency") ?? "" });
    if (!input.ok) return refused(intent, input.problem, {}, 400);
    await saveCurrency(authed.db, authed.business.id, input.value.currency);
    return saved(intent);
  }
  if (intent === "booking-link") {
    const hold = String(form.get("booking_hold_minutes") ?? "").trim();
    const input = validate(BookingLinkPatch, {
      booking_slug: String(form.get("booking_slug") ?? ""),
      booking_page_enabled: form.get("booking_page_enabled") === "true",
      booking_hold_minutes: /^\d+$/.test(hold) ? Number(hold) : hold,
      booking_owner_confirms: form.get("booking_owner_confirms") === "true",
    });
    if (!input.ok) return refused(intent, input.problem, {}, 400);
    try {
      await checkBookingLink(env, authed.db, authed.business, input.value);
      await updateBookingLink(authed.db, authed.business, input.value);
      return saved(intent);
    } catch (error) {
      const { problem, status } = caught(error);
      return refused(intent, problem, {}, status);
    }
  }
  if (intent === "password") {
    const submission = parseForm(form, PasswordChangeFormSchema);
    if (submission.status !== "success")
      return refused(intent, firstFormProblem(submission.error), submission.reply({ hideFields: PASSWORDS }), 400);
    try {
      await changePassword(accountCtx(request, env), authed, submission.value);
      return saved(intent);
    } catch (error) {
      const { problem } = caught(error);
      const tied =
        problem.key === "password.wrongCurrent"
          ? { fieldErrors: { current_password: [problem] } }
          : { formErrors: [problem] };
      return refused(intent, problem, submission.reply({ hideFields: PASSWORDS, ...tied }));
    }
  }
  if (intent === "profile") {
    const submission = parseForm(form, profileFormSchema(authed.user.email));
    if (submission.status !== "success")
      return refused(intent, firstFormProblem(submission.error), submission.reply(), 400);
    await updateSettings(env, authed, submission.value, Date.now());
    return saved(intent);
  }
  if (
    intent === "proposals" ||
    intent === "auto-answer" ||
    intent === "push-subscribe" ||
    intent === "push-unsubscribe" ||
    intent === "push-test"
  ) {
    return pushAction(intent, form, authed, env);
  }
  if (intent === "push-remove") return removeDeviceAction(form, authed);
  return data(
    { intent: "unknown" as const, ok: false as const, problem: problem("problem.unknownAction") },
    { status: 400 },
  );
}

type PushIntent = "proposals" | "auto-answer" | "push-subscribe" | "push-unsubscribe" | "push-test";

/** The switches of the proposals and notifications section; a post that fails its schema is 400. */
async function pushAction(
  intent: PushIntent,
  form: FormData,
  authed: Awaited<ReturnType<typeof requireUser>>,
  env: Env,
) {
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  const bad = (p: Problem) => data<ActionAnswer<PushIntent>>({ intent, ok: false, problem: p }, { status: 400 });
  const { db, business } = authed;
  try {
    if (intent === "proposals") {
      const input = validate(ProposalsSwitchInput, fields);
      if (!input.ok) return bad(input.problem);
      await setProposalsEnabled(db, business.id, input.value.proposalsEnabled);
      return saved(intent);
    }
    if (intent === "auto-answer") {
      const input = validate(AutoAnswerSwitchForm, fields);
      if (!input.ok) return bad(input.problem);
      await updateAutoAnswer(db, business, input.value);
      return saved(intent);
    }
    if (intent === "push-subscribe") {
      const input = validate(PushSubscriptionInput, fields);
      if (!input.ok) return bad(input.problem);
      await saveSubscription(db, env, business.id, input.value, Date.now(), authed.sessionHash);
      return saved(intent);
    }
    const input = validate(PushEndpointInput, fields);
    if (!input.ok) return bad(input.problem);
    if (intent === "push-unsubscribe") {
      await deleteSubscription(db, business.id, input.value.endpoint);
      return saved(intent);
    }
    await sendTestNotification(db, env, business.id, input.value.endpoint, (lang) => {
      const t = translator(lang);
      return {
        title: t("push.test.title"),
        body: t("push.test.body"),
        url: "/dashboard/settings",
        tag: "chatbook-test",
      };
    });
    return saved(intent);
  } catch (error) {
    return data<ActionAnswer<PushIntent>>({ intent, ok: false, problem: caught(error).problem });
  }
}

function saved<I extends string>(intent: I) {
  return data<ActionAnswer<I>>({ intent, ok: true });
}

/** A refused form (its check bypassed) is 400; a service's refusal is shown with 200, the problem in the body. */
function refused<I extends string>(intent: I, problem: Problem, reply: SubmissionResult<Problem[]>, status = 200) {
  return data<ActionAnswer<I>>({ intent, ok: false, problem, reply }, { status });
}

export default function SettingsTab() {
  const t = useT();
  const { settings, country, timeZones, messaging, safety, account, push, currency, bookingLink } =
    useLoaderData<typeof loader>();
  return (
    <div className="settings">
      <header>
        <h1 className="tab-title">{t("settings.title")}</h1>
        <p className="muted">{t("settings.subtitle")}</p>
      </header>
      <SettingsIndex />
      <ProfileForm settings={settings} country={country} timeZones={timeZones} />
      <MessagingForm settings={messaging} />
      <SafetySection settings={safety} />
      <CurrencySection {...currency} />
      <BookingLinkSection {...bookingLink} />
      <NotificationsSection
        proposalsEnabled={push.proposalsEnabled}
        autoAnswer={push.autoAnswer}
        vapidPublicKey={push.vapidPublicKey}
        devices={push.devices}
      />
      <PasswordForm email={settings.email} />
      <DataSection hasFeed={account.hasFeed} hasPassword={account.hasPassword} />
      <DeleteAccount hasPassword={account.hasPassword} email={settings.email} />
    </div>
  );
}

/** A failed load or a lost request keeps the header and tabs, with Try again. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary tab={{ title: "settings.title", failed: "settings.loadFailed" }} />;
}
