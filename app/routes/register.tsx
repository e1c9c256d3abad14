// /register: the form, then the 6-digit code, then success with Go to Login.
import { getFormProps } from "@conform-to/react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { pageTitle, metaTranslator, useT, type MessageKey } from "~/i18n";
import { AuthLayout } from "~/components/auth/auth-layout";
import { Banner } from "~/components/form/banner";
import { CountryInput } from "~/components/form/country-input";
import { CheckField, firstProblemOf, ProblemBanner, TextField } from "~/components/form/fields";
import { PasswordField } from "~/components/form/password-field";
import { codeRefused, VerifyCodeForm } from "~/components/auth/verify-code-form";
import { useProblemText } from "~/components/form/field-error";
import { accountCtx } from "~/services/auth/context.server";
import { register, resendCode, verifyEmail } from "~/services/auth/registration.server";
import { getAuthedUser } from "~/services/auth/session.server";
import type { ActionAnswer } from "~/utils/answer";
import { caught } from "~/utils/problem";
import { EmailOnlySchema, RegistrationFormSchema, VerifyCodeSchema } from "~/validation/accounts";
import { firstFormProblem, parseForm } from "~/validation/parse";
import styles from "~/styles/accounts.css?url";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { accountSchemas } from "~/components/form/schemas";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "nav.register"),
  { name: "description", content: metaTranslator(matches)("register.meta.description") },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getAuthedUser(request, context.cloudflare.env)) throw redirect("/dashboard");
  return null;
}

/**
 * What the page shows after a post, as every screen's action answers: done
 * (a notice for a new code), or the problem of the form that was sent (`reply`
 * ties it to its fields). `email` and `registration` are the sign-up whose
 * code step is open.
 */
type RegisterIntent = "register" | "verify" | "resend";
type RegisterAnswer = ActionAnswer<RegisterIntent, { notice?: MessageKey }> & { email?: string; registration?: string };

const HIDDEN = ["password", "confirm_password"];

export async function action({ request, context }: ActionFunctionArgs) {
  const ctx = accountCtx(request, context.cloudflare.env, context.cloudflare.ctx);
  const form = await request.formData();
  const intent = form.get("intent");
  const answer = (value: RegisterAnswer, status = 200) => data(value, { status });
  const email = String(form.get("email") ?? "").slice(0, 320);
  // This browser's own sign-up (Send a new code sends a code for it, never for someone else's sign-up of the address).
  const registration = /^[0-9a-f-]{36}$/.test(String(form.get("registration") ?? ""))
    ? String(form.get("registration"))
    : undefined;

  if (intent === "verify") {
    const submission = parseForm(form, VerifyCodeSchema);
    if (submission.status !== "success")
      return answer(
        { intent, ok: false, email, problem: firstFormProblem(submission.error), reply: submission.reply() },
        400,
      );
    try {
      await verifyEmail(ctx, submission.value);
      return answer({ intent, ok: true });
    } catch (error) {
      const { problem } = caught(error);
      return answer({ intent, ok: false, email, registration, problem, reply: codeRefused(submission, problem) });
    }
  }
  if (intent === "resend") {
    const submission = parseForm(form, EmailOnlySchema);
    if (submission.status !== "success")
      return answer(
        { intent, ok: false, email, problem: firstFormProblem(submission.error), reply: submission.reply() },
        400,
      );
    try {
      const sent = await resendCode(ctx, submission.value.email, registration);
      return answer({ intent, ok: true, email, registration, notice: sent.codeSent ? "verify.resent" : "verify.wait" });
    } catch (error) {
      const { problem } = caught(error);
      return answer({
        intent,
        ok: false,
        email,
        registration,
        problem,
        reply: submission.reply({ formErrors: [problem] }),
      });
    }
  }

  const submission = parseForm(form, RegistrationFormSchema);
  if (submission.status !== "success") {
    return answer(
      {
        intent: "register",
        ok: false,
        problem: firstFormProblem(submission.error),
        reply: submission.reply({ hideFields: HIDDEN }),
      },
      400,
    );
  }
  try {
    const result = await register(ctx, submission.value);
    return answer({ intent: "register", ok: true, email: result.email, registration: result.registration });
  } catch (error) {
    const { problem } = caught(error);
    const tied = problem.key === "register.exists" ? { fieldErrors: { email: [problem] } } : { formErrors: [problem] };
    return answer({ intent: "register", ok: false, problem, reply: submission.reply({ hideFields: HIDDEN, ...tied }) });
  }
}

/** Which view an answer opens: the form (refused), the code step (sent, or a code refused or resent), or success. */
function stepOf(answer: RegisterAnswer | undefined): "form" | "verify" | "done" {
  if (!answer || (answer.intent === "register" && !answer.ok)) return "form";
  return answer.intent === "verify" && answer.ok ? "done" : "verify";
}

export default function Register() {
  const t = useT();
  const text = useProblemText();
  const answer = useActionData<typeof action>();
  const step = stepOf(answer);
  const busy = useNavigation().state !== "idle";
  // A server failure replaces the form with the failure view until Try Again.
  const [dismissed, setDismissed] = useState<unknown>(null);
  const tzRef = useRef<HTMLInputElement>(null);
  const [form, fields] = useSchemaForm(accountSchemas, (m) => m.RegistrationFormSchema, {
    id: "register",
    lastResult: answer?.intent === "register" && !answer.ok ? answer.reply : undefined,
    // The terms box starts checked (the spec); the updates box unchecked.
    defaultValue: { agree_terms: true },
  });

  useEffect(() => {
    if (tzRef.current) tzRef.current.value = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  }, []);

  if (step === "done") {
    return (
      <AuthLayout title={t("register.successTitle")}>
        <Banner kind="success">{t("register.successBody")}</Banner>
        <Link to="/login" className="btn btn-primary btn-block">
          {t("register.goToLogin")}
        </Link>
      </AuthLayout>
    );
  }
  if (answer && step === "verify") {
    const email = answer.email ?? "";
    return (
      <AuthLayout title={t("verify.title")} subtitle={t("register.codeSent", { email })}>
        <VerifyCodeForm
          email={email}
          registration={answer.registration}
          lastResult={answer.ok ? undefined : answer.reply}
          notice={answer.ok ? answer.notice : undefined}
        />
        <p className="auth-foot small">
          <Link to="/register" reloadDocument>
            {t("verify.changeEmail")}
          </Link>
        </p>
      </AuthLayout>
    );
  }

  const failure = answer && !answer.ok && dismissed !== answer ? answer.problem : null;
  return (
    <AuthLayout title={t("register.title")} subtitle={t("register.subtitle")}>
      {failure && (
        <div className="stack">
          <Banner kind="error" testId="register-failure">
            {text(failure) || t("register.failed")}
          </Banner>
          <button type="button" className="btn btn-primary btn-block" onClick={() => setDismissed(answer)}>
            {t("register.tryAgain")}
          </button>
        </div>
      )}
      <Form method="post" {...getFormProps(form)} hidden={!!failure} className="auth-form">
        <ProblemBanner problem={failure ? null : firstProblemOf(form.allErrors)} testId="register-error" />
        <TextField field={fields.name} label={t("field.fullName")} autoComplete="name" maxLength={200} />
        <TextField
          field={fields.business_name}
          label={t("field.businessName")}
          autoComplete="organization"
          maxLength={200}
        />
        <CountryInput field={fields.country} label={t("field.country")} />
        <TextField
          field={fields.phone}
          label={t("field.phone")}
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={20}
        />
        <TextField field={fields.city} label={t("field.cityOptional")} autoComplete="address-level2" maxLength={100} />
        <TextField field={fields.email} label={t("field.email")} type="email" autoComplete="email" maxLength={254} />
        <PasswordField field={fields.password} label={t("field.password")} autoComplete="new-password" />
        <PasswordField field={fields.confirm_password} label={t("field.confirmPassword")} autoComplete="new-password" />
        <div className="field">
          <CheckField field={fields.agree_terms} label={t("terms.agree")} />
        </div>
        <CheckField field={fields.agree_updates} label={t("updates.agree")} />
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
