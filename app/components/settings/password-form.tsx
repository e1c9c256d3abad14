// Settings: Change Password with three show/hide fields. Failures show in a
// red banner, each also under its own field.
import { getFormProps } from "@conform-to/react";
import { useActionData, useFetcher } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useT } from "~/i18n";
import { Banner } from "~/components/form/banner";
import { firstProblemOf, ProblemBanner } from "~/components/form/fields";
import { PasswordField } from "~/components/form/password-field";
import type { ActionAnswer } from "~/utils/answer";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { accountSchemas } from "~/components/form/schemas";

type Answer = ActionAnswer<"password">;

export function PasswordForm({ email }: { email: string }) {
  const t = useT();
  const fetcher = useFetcher<Answer>();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  // Without scripts the form posts the whole page: the answer is then the page's action data.
  const pageAnswer = useActionData<Answer | { intent: string }>();
  const answer =
    fetcher.state === "idle"
      ? (fetcher.data ?? (pageAnswer?.intent === "password" ? (pageAnswer as Answer) : undefined))
      : undefined;
  const [form, fields] = useSchemaForm(accountSchemas, (m) => m.PasswordChangeFormSchema, {
    id: "password",
    lastResult: answer && !answer.ok ? answer.reply : undefined,
  });

  useEffect(() => {
    if (answer?.ok) formRef.current?.reset();
  }, [answer]);

  const problem = firstProblemOf(form.allErrors);
  return (
    <section className="card" aria-labelledby="password-title">
      <h2 id="password-title">{t("password.title")}</h2>
      <ProblemBanner problem={problem} testId="password-error" />
      {!problem && answer?.ok && (
        <>
          <Banner kind="success" testId="password-changed">
            {t("password.changed")}
          </Banner>
          <p className="muted small">{t("password.otherSessions")}</p>
        </>
      )}
      <fetcher.Form method="post" {...getFormProps(form)} ref={formRef}>
        <input type="hidden" name="intent" value="password" />
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField field={fields.current_password} label={t("password.current")} autoComplete="current-password" />
        <PasswordField field={fields.new_password} label={t("password.new")} autoComplete="new-password" />
        <PasswordField field={fields.confirm_password} label={t("password.confirm")} autoComplete="new-password" />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t("password.submitting") : t("password.submit")}
        </button>
      </fetcher.Form>
    </section>
  );
}
