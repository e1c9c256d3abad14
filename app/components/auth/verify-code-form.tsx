// The 6-digit code step (registration, and sign-in of an unverified address):
// Verify, and Send a new code. Posts to the current route's action.
import { Form, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useT, type MessageKey } from "~/i18n";
import { validateCode } from "~/services/auth/validation";
import { Banner } from "./auth-layout";

export function VerifyCodeForm({ email, error, notice }: { email: string; error?: MessageKey; notice?: MessageKey }) {
  const t = useT();
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  // A problem found before sending; cleared by every send, so the server's answer shows next.
  const [clientError, setClientError] = useState<MessageKey | null>(null);
  const shownError = clientError ?? error;

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const submitter = (e.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value !== "verify") return setClientError(null);
    const problem = validateCode(String(new FormData(e.currentTarget).get("code") ?? ""));
    setClientError(problem);
    if (problem) e.preventDefault();
  };

  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="auth-form" data-testid="verify-form">
      {shownError && <Banner kind="error">{t(shownError)}</Banner>}
      {!shownError && notice && <Banner kind="info">{t(notice)}</Banner>}
      <input type="hidden" name="email" value={email} />
      <div className="field">
        <label htmlFor="code">{t("verify.code")}</label>
        <input id="code" name="code" className="code-input" inputMode="numeric" autoComplete="one-time-code" maxLength={6}
          pattern="[0-9]*" aria-describedby="code-hint" />
        <span id="code-hint" className="muted small">{t("verify.hint")}</span>
      </div>
      <button type="submit" name="intent" value="verify" className="btn btn-primary btn-block" disabled={navigation.state !== "idle"}>
        {intent === "verify" ? t("verify.submitting") : t("verify.submit")}
      </button>
      <button type="submit" name="intent" value="resend" className="btn btn-ghost btn-block" disabled={navigation.state !== "idle"}>
        {t("verify.resend")}
      </button>
    </Form>
  );
}
