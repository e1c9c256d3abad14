// /forgot-password: an e-mail form, then a confirmation with Back to Login.
import { getFormProps } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LinksFunction, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { pageTitle, useT } from "~/i18n";
import { AuthLayout } from "~/components/auth/auth-layout";
import { Banner } from "~/components/form/banner";
import { firstProblemOf, ProblemBanner, TextField } from "~/components/form/fields";
import { accountCtx } from "~/services/auth/context.server";
import { forgotPassword } from "~/services/auth/password-change.server";
import { caught } from "~/utils/problem";
import { EmailOnlySchema } from "~/validation/accounts";
import { firstFormProblem, parseForm } from "~/validation/parse";
import styles from "~/styles/accounts.css?url";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { accountSchemas } from "~/components/form/schemas";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "title.forgot")];

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), EmailOnlySchema);
  if (submission.status !== "success")
    return data(
      { sent: false as const, problem: firstFormProblem(submission.error), reply: submission.reply() },
      { status: 400 },
    );
  try {
    await forgotPassword(accountCtx(request, context.cloudflare.env, context.cloudflare.ctx), submission.value.email);
    return data({ sent: true as const });
  } catch (error) {
    const { problem } = caught(error);
    return data({ sent: false as const, problem, reply: submission.reply({ formErrors: [problem] }) });
  }
}

export default function ForgotPassword() {
  const t = useT();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useSchemaForm(accountSchemas, (m) => m.EmailOnlySchema, {
    id: "forgot",
    lastResult: answer && !answer.sent ? answer.reply : undefined,
  });

  if (answer?.sent) {
    return (
      <AuthLayout title={t("forgot.sentTitle")} back="/login">
        <Banner kind="success" testId="forgot-sent">
          {t("forgot.sent")}
        </Banner>
        <Link to="/login" className="btn btn-primary btn-block">
          {t("forgot.backToLogin")}
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t("forgot.title")} subtitle={t("forgot.subtitle")} back="/login">
      <Form method="post" {...getFormProps(form)} className="auth-form">
        <ProblemBanner problem={firstProblemOf(form.allErrors)} testId="forgot-error" />
        <TextField field={fields.email} label={t("field.email")} type="email" autoComplete="email" maxLength={254} />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t("forgot.submitting") : t("forgot.submit")}
        </button>
      </Form>
      <p className="auth-foot small">
        <Link to="/login">{t("forgot.backToLogin")}</Link>
      </p>
    </AuthLayout>
  );
}
