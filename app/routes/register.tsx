// /register: the form, then the 6-digit code, then success with Go to Login.
import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useT, type MessageKey } from "~/i18n";
import { AuthLayout, Banner } from "~/components/auth/auth-layout";
import { CountryInput } from "~/components/auth/country-input";
import { PasswordField } from "~/components/auth/password-field";
import { VerifyCodeForm } from "~/components/auth/verify-code-form";
import { accountCtx } from "~/services/auth/context.server";
import { register, resendCode, verifyEmail } from "~/services/auth/registration.server";
import { getAuthedUser } from "~/services/auth/session.server";
import { validateRegistration } from "~/services/auth/validation";
import styles from "~/styles/accounts.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Register · Chatbook" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getAuthedUser(request, context.cloudflare.env)) throw redirect("/dashboard");
  return null;
}

type ActionData =
  | { step: "form"; error: MessageKey }
  | { step: "verify"; email: string; error?: MessageKey; notice?: MessageKey }
  | { step: "done" };

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionData> {
  const ctx = accountCtx(request, context.cloudflare.env, context.cloudflare.ctx);
  const form = await request.formData();
  const field = (k: string) => String(form.get(k) ?? "").slice(0, 1000);
  const intent = field("intent");
  const email = field("email");
  if (intent === "verify") {
    const result = await verifyEmail(ctx, email, field("code"));
    return result.ok ? { step: "done" } : { step: "verify", email, error: result.key };
  }
  if (intent === "resend") {
    const result = await resendCode(ctx, email);
    if (!result.ok) return { step: "verify", email, error: result.key };
    return { step: "verify", email, notice: result.codeSent ? "verify.resent" : "verify.wait" };
  }
  const result = await register(ctx, {
    name: field("name"), business_name: field("business_name"), country: field("country") || field("country_text"),
    phone: field("phone"), email, password: field("password"), confirm_password: field("confirm_password"),
    city: field("city"), agree_terms: form.get("agree_terms") === "on", agree_updates: form.get("agree_updates") === "on",
    timezone: field("timezone") || undefined,
  });
  if (!result.ok) return { step: "form", error: result.key };
  return result.pending ? { step: "verify", email: result.email, notice: "verify.pending" } : { step: "verify", email: result.email };
}

export default function Register() {
  const t = useT();
  const data = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [clientError, setClientError] = useState<MessageKey | null>(null);
  // A server failure replaces the form with the failure view until Try Again.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const tzRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (tzRef.current) tzRef.current.value = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  }, []);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "");
    const problem = validateRegistration({
      name: s("name"), business_name: s("business_name"), country: s("country"), phone: s("phone"), email: s("email"),
      password: s("password"), confirm_password: s("confirm_password"), city: s("city"), agree_terms: f.get("agree_terms") === "on",
    });
    setClientError(problem);
    if (problem) e.preventDefault();
  };

  if (data?.step === "done") {
    return (
      <AuthLayout title={t("register.successTitle")}>
        <Banner kind="success">{t("register.successBody")}</Banner>
        <Link to="/login" className="btn btn-primary btn-block">{t("register.goToLogin")}</Link>
      </AuthLayout>
    );
  }
  if (data?.step === "verify") {
    return (
      <AuthLayout title={t("verify.title")} subtitle={t("register.codeSent", { email: data.email })}>
        <VerifyCodeForm email={data.email} error={data.error} notice={data.notice} />
        <p className="auth-foot small">
          <Link to="/register" reloadDocument>{t("verify.changeEmail")}</Link>
        </p>
      </AuthLayout>
    );
  }

  const failure = data?.step === "form" && dismissed !== data ? data.error : null;
  return (
    <AuthLayout title={t("register.title")} subtitle={t("register.subtitle")}>
      {failure && (
        <div className="stack">
          <Banner kind="error" testId="register-failure">{t(failure) || t("register.failed")}</Banner>
          <button type="button" className="btn btn-primary btn-block" onClick={() => setDismissed(data)}>{t("register.tryAgain")}</button>
        </div>
      )}
      <Form method="post" noValidate onSubmit={onSubmit} hidden={!!failure} className="auth-form">
        {clientError && <Banner kind="error">{t(clientError)}</Banner>}
        <Field name="name" label={t("field.fullName")} autoComplete="name" maxLength={200} />
        <Field name="business_name" label={t("field.businessName")} autoComplete="organization" maxLength={200} />
        <CountryInput name="country" label={t("field.country")} />
        <Field name="phone" label={t("field.phone")} type="tel" inputMode="numeric" autoComplete="tel" maxLength={20} />
        <Field name="city" label={t("field.cityOptional")} autoComplete="address-level2" maxLength={100} />
        <Field name="email" label={t("field.email")} type="email" autoComplete="email" maxLength={254} />
        <PasswordField id="password" name="password" label={t("field.password")} autoComplete="new-password" />
        <PasswordField id="confirm_password" name="confirm_password" label={t("field.confirmPassword")} autoComplete="new-password" />
        <label className="check"><input type="checkbox" name="agree_terms" defaultChecked /> <span>{t("terms.agree")}</span></label>
        <label className="check"><input type="checkbox" name="agree_updates" /> <span>{t("updates.agree")}</span></label>
        <input type="hidden" name="timezone" ref={tzRef} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t("register.submitting") : t("register.submit")}
        </button>
      </Form>
      <p className="auth-foot small">
        {t("register.haveAccount")} <Link to="/login">{t("nav.login")}</Link>
      </p>
    </AuthLayout>
  );
}

function Field({ name, label, ...rest }: { name: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <input id={name} name={name} type="text" {...rest} />
    </div>
  );
}
