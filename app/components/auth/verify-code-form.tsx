// The 6-digit code step (registration, and sign-in of an unverified address):
// Verify, and Send a new code. Posts to the current route's action; Verify
// checks the code first, Send a new code only the address.
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useT, type MessageKey } from "~/i18n";
import type { Problem } from "~/utils/problem";
import { accountSchemas } from "~/components/form/schemas";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { Banner } from "~/components/form/banner";
import { firstProblemOf, ProblemBanner, TextField } from "~/components/form/fields";

/** `registration`: the sign-up this browser made, so Send a new code sends a code for it and no other. */
type Props = { email: string; registration?: string; lastResult?: SubmissionResult<Problem[]>; notice?: MessageKey };

export function VerifyCodeForm({ email, registration, lastResult, notice }: Props) {
  const t = useT();
  const navigation = useNavigation();
  const intent = navigation.formData?.get("intent");
  // Send a new code needs only the address (a subset of the code's fields).
  const [form, fields] = useSchemaForm(
    accountSchemas,
    (m, formData) => (formData.get("intent") === "resend" ? m.EmailOnlySchema : m.VerifyCodeSchema),
    {
      id: "verify",
      lastResult,
    },
  );
  const problem = firstProblemOf(form.allErrors);

  return (
    <Form method="post" {...getFormProps(form)} className="auth-form" data-testid="verify-form">
      <ProblemBanner problem={problem} testId="verify-error" />
      {!problem && notice && <Banner kind="info">{t(notice)}</Banner>}
      <input type="hidden" name="email" value={email} />
      {registration && <input type="hidden" name="registration" value={registration} />}
      <TextField
        field={fields.code}
        label={t("verify.code")}
        className="code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        pattern="[0-9]*"
        hint={t("verify.hint")}
      />
      <button
        type="submit"
        name="intent"
        value="verify"
        className="btn btn-primary btn-block"
        disabled={navigation.state !== "idle"}
      >
        {intent === "verify" ? t("verify.submitting") : t("verify.submit")}
      </button>
      <button
        type="submit"
        name="intent"
        value="resend"
        className="btn btn-ghost btn-block"
        disabled={navigation.state !== "idle"}
      >
        {t("verify.resend")}
      </button>
    </Form>
  );
}

/** The server's refusal of a code, tied to the code field (a wrong or dead code) or to the whole form. */
export function codeRefused(
  submission: {
    reply: (options?: {
      formErrors?: Problem[];
      fieldErrors?: Record<string, Problem[]>;
    }) => SubmissionResult<Problem[]>;
  },
  problem: Problem,
) {
  return submission.reply(
    problem.key.startsWith("code.") ? { fieldErrors: { code: [problem] } } : { formErrors: [problem] },
  );
}
