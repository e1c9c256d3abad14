// /reset-password#access_token=TOKEN: the token is read in the browser, taken
// out of the address bar at once, and posted with the new password. The page
// sends no Referer anywhere, so the link cannot leak through one.
import type { ActionFunctionArgs, HeadersFunction, LinksFunction, MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState, type FormEvent } from "react";
import { useT, type MessageKey } from "~/i18n";
import { AuthLayout, Banner } from "~/components/auth/auth-layout";
import { PasswordField } from "~/components/auth/password-field";
import { accountCtx } from "~/services/auth/context.server";
import { resetPassword } from "~/services/auth/passwords.server";
import { validateReset } from "~/services/auth/validation";
import styles from "~/styles/accounts.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Reset password · Chatbook" }, { name: "referrer", content: "no-referrer" }];
export const headers: HeadersFunction = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

export async function action({ request, context }: ActionFunctionArgs): Promise<{ done: true } | { error: MessageKey }> {
  const form = await request.formData();
  const password = String(form.get("new_password") ?? "").slice(0, 1000);
  const confirm = String(form.get("confirm_password") ?? "").slice(0, 1000);
  const token = String(form.get("token") ?? "").slice(0, 200);
  const problem = validateReset(password, confirm, token.length > 0);
  if (problem) return { error: problem };
  const result = await resetPassword(accountCtx(request, context.cloudflare.env), token, password);
  return result.ok ? { done: true } : { error: result.key };
}

export default function ResetPassword() {
  const t = useT();
  const data = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [token, setToken] = useState<string | null>(null);
  const [clientError, setClientError] = useState<MessageKey | null>(null);

  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get("access_token");
    if (window.location.hash) window.history.replaceState(null, "", window.location.pathname + window.location.search);
    // Keeps a token already read (effects can run twice in development).
    setToken((prev) => found ?? prev ?? "");
  }, []);

  if (data && "done" in data) {
    return (
      <AuthLayout title={t("reset.success")} back="/login">
        <Banner kind="success" testId="reset-success">{t("reset.success")}</Banner>
        <Link to="/login" className="btn btn-primary btn-block">{t("register.goToLogin")}</Link>
      </AuthLayout>
    );
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const f = new FormData(e.currentTarget);
    const problem = validateReset(String(f.get("new_password") ?? ""), String(f.get("confirm_password") ?? ""), Boolean(token));
    setClientError(problem);
    if (problem) e.preventDefault();
  };
  const missing = token === "";
  const error = clientError ?? (data && "error" in data ? data.error : null) ?? (missing ? "reset.missingToken" : null);
  return (
    <AuthLayout title={t("reset.title")} back="/login">
      <Form method="post" noValidate onSubmit={onSubmit} className="auth-form">
        {error && <Banner kind="error" testId="reset-error">{t(error)}</Banner>}
        <input type="hidden" name="token" value={token ?? ""} />
        <PasswordField id="new_password" name="new_password" label={t("reset.new")} autoComplete="new-password" />
        <PasswordField id="confirm_password" name="confirm_password" label={t("reset.confirm")} autoComplete="new-password" />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || token === null}>
          {busy ? t("reset.submitting") : t("reset.submit")}
        </button>
      </Form>
      {missing && <p className="auth-foot small"><Link to="/forgot-password">{t("login.forgot")}</Link></p>}
    </AuthLayout>
  );
}
