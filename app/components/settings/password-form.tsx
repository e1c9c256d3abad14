// Settings: Change Password with three show/hide fields.
import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useT, type MessageKey } from "~/i18n";
import { Banner } from "~/components/auth/auth-layout";
import { PasswordField } from "~/components/auth/password-field";
import { validatePasswordChange } from "~/services/auth/validation";

type Answer = { intent: "password"; ok: true } | { intent: "password"; ok: false; error: MessageKey };

export function PasswordForm({ email }: { email: string }) {
  const t = useT();
  const fetcher = useFetcher<Answer>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientError, setClientError] = useState<MessageKey | null>(null);
  const busy = fetcher.state !== "idle";
  // Without scripts the form posts the whole page: the answer is then the page's action data.
  const pageAnswer = useActionData<Answer | { intent: string }>();
  const answer = fetcher.state === "idle" ? (fetcher.data ?? (pageAnswer?.intent === "password" ? (pageAnswer as Answer) : undefined)) : undefined;

  useEffect(() => {
    if (answer?.ok) formRef.current?.reset();
  }, [answer]);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const f = new FormData(e.currentTarget);
    const s = (k: string) => String(f.get(k) ?? "");
    const problem = validatePasswordChange(s("current_password"), s("new_password"), s("confirm_password"));
    setClientError(problem);
    if (problem) e.preventDefault();
  };

  const error = clientError ?? (answer && !answer.ok ? answer.error : null);
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">{t("password.title")}</h2>
      {error && <Banner kind="error" testId="password-error">{t(error) || t("password.failed")}</Banner>}
      {!error && answer?.ok && (
        <>
          <Banner kind="success" testId="password-changed">{t("password.changed")}</Banner>
          <p className="muted small">{t("password.otherSessions")}</p>
        </>
      )}
      <fetcher.Form method="post" noValidate onSubmit={onSubmit} ref={formRef}>
        <input type="hidden" name="intent" value="password" />
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField id="current_password" name="current_password" label={t("password.current")} autoComplete="current-password" />
        <PasswordField id="new_password" name="new_password" label={t("password.new")} autoComplete="new-password" />
        <PasswordField id="confirm_password" name="confirm_password" label={t("password.confirm")} autoComplete="new-password" />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t("password.submitting") : t("password.submit")}
        </button>
      </fetcher.Form>
    </section>
  );
}
