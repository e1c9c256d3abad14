// /reset-password#access_token=TOKEN: the token is read in the browser, taken
// out of the address bar at once, and posted with the new password. The page
// sends no Referer anywhere, so the link cannot leak through one.
import { getFormProps } from "@conform-to/react";
import {
  data,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LinksFunction,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { pageTitle, useT } from "~/i18n";
import { AuthLayout } from "~/components/auth/auth-layout";
import { Banner } from "~/components/form/banner";
import { firstProblemOf, ProblemBanner } from "~/components/form/fields";
import { PasswordField } from "~/components/form/password-field";
import { accountCtx } from "~/services/auth/context.server";
import { resetPassword } from "~/services/auth/password-change.server";
import { caught, problem } from "~/utils/problem";
import { ResetFormSchema } from "~/validation/accounts";
import { firstFormProblem, parseForm } from "~/validation/parse";
import styles from "~/styles/accounts.css?url";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { accountSchemas } from "~/components/form/schemas";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "title.reset"),
  { name: "referrer", content: "no-referrer" },
];
export const headers: HeadersFunction = () => ({ "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" });

const HIDDEN = ["new_password", "confirm_password", "token"];

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await request.formData(), ResetFormSchema);
  if (submission.status !== "success") {
    return data(
      {
        done: false as const,
        problem: firstFormProblem(submission.error),
        reply: submission.reply({ hideFields: HIDDEN }),
      },
      { status: 400 },
    );
  }
  try {
    await resetPassword(accountCtx(request, context.cloudflare.env), submission.value);
    return data({ done: true as const });
  } catch (error) {
    const { problem } = caught(error);
    return data({
      done: false as const,
      problem,
      reply: submission.reply({ hideFields: HIDDEN, formErrors: [problem] }),
    });
  }
}

export default function ResetPassword() {
  const t = useT();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const [token, setToken] = useState<string | null>(null);
  const [form, fields] = useSchemaForm(accountSchemas, (m) => m.ResetFormSchema, {
    id: "reset",
    lastResult: answer && !answer.done ? answer.reply : undefined,
  });

  useEffect(() => {
    const found = new URLSearchParams(window.location.hash.slice(1)).get("access_token");
    if (window.location.hash) window.history.replaceState(null, "", window.location.pathname + window.location.search);
    // Keeps a token already read (effects can run twice in development). The fragment
    // exists only in the browser, so it is read once, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the fragment exists only in the browser, after hydration
    setToken((prev) => found ?? prev ?? "");
  }, []);

  if (answer?.done) {
    return (
      <AuthLayout title={t("reset.success")} back="/login">
        <Banner kind="success" testId="reset-success">
          {t("reset.success")}
        </Banner>
        <Link to="/login" className="btn btn-primary btn-block">
          {t("register.goToLogin")}
        </Link>
      </AuthLayout>
    );
  }

  const missing = token === "";
  const shown = firstProblemOf(form.allErrors) ?? (missing ? problem("reset.missingToken") : null);
  return (
    <AuthLayout title={t("reset.title")} back="/login">
      <Form method="post" {...getFormProps(form)} className="auth-form">
        <ProblemBanner problem={shown} testId="reset-error" />
        <input type="hidden" name="token" value={token ?? ""} />
        <PasswordField field={fields.new_password} label={t("reset.new")} autoComplete="new-password" />
        <PasswordField field={fields.confirm_password} label={t("reset.confirm")} autoComplete="new-password" />
        <button type="submit" className="btn btn-primary btn-block" disabled={busy || token === null}>
          {busy ? t("reset.submitting") : t("reset.submit")}
        </button>
      </Form>
      {missing && (
        <p className="auth-foot small">
          <Link to="/forgot-password">{t("login.forgot")}</Link>
        </p>
      )}
    </AuthLayout>
  );
}
