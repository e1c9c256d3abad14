// /forgot-password: an e-mail form, then a confirmation with Back to Login.
import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useT, type MessageKey } from "~/i18n";
import { AuthLayout, Banner } from "~/components/auth/auth-layout";
import { accountCtx } from "~/services/auth/context.server";
import { forgotPassword } from "~/services/auth/passwords.server";
import { validateEmailOnly } from "~/services/auth/validation";
import styles from "~/styles/accounts.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Forgot password · Chatbook" }];

export async function action({ request, context }: ActionFunctionArgs): Promise<{ sent: true } | { error: MessageKey }> {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 1000);
  const result = await forgotPassword(accountCtx(request, context.cloudflare.env, context.cloudflare.ctx), email);
  return result.ok ? { sent: true } : { error: result.key };
}

export default function ForgotPassword() {
  const t = useT();
  const data = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [clientError, setClientError] = useState<MessageKey | null>(null);

  if (data && "sent" in data) {
    return (
      <AuthLayout title={t("forgot.sentTitle")} back="/login">
        <Banner kind="success" testId="forgot-sent">{t("forgot.sent")}</Banner>
        <Link to="/login" className="btn btn-primary btn-block">{t("forgot.backToLogin")}</Link>
      </AuthLayout>
    );
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const problem = validateEmailOnly(String(new FormData(e.currentTarget).get("email") ?? ""));
    setClientError(problem);
    if (problem) e.preventDefault();
  };
  const error = clientError ?? (data && "error" in data ? data.error : null);
  return (
    <AuthLayout title={t("forgot.title")} subtitle={t("forgot.subtitle")} back="/login">
      <Form method="post" noValidate onSubmit={onSubmit} className="auth-form">
        {error && <Banner kind="error">{t(error)}</Banner>}
        <div className="field">
          <label htmlFor="email">{t("field.email")}</label>
          <input id="email" name="email" type="email" autoComplete="email" maxLength={254} />
        </div>
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t("forgot.submitting") : t("forgot.submit")}
        </button>
      </Form>
      <p className="auth-foot small"><Link to="/login">{t("forgot.backToLogin")}</Link></p>
    </AuthLayout>
  );
}
