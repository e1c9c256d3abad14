// /login: Continue with Google, the 'or' divider, e-mail and password. Also
// where Google sends the browser back (?code=... or ?error=...).
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { pageTitle, metaTranslator, useT, type MessageKey } from "~/i18n";
import { AuthLayout } from "~/components/auth/auth-layout";
import { Banner } from "~/components/form/banner";
import { firstProblemOf, ProblemBanner, TextField } from "~/components/form/fields";
import { PasswordField } from "~/components/form/password-field";
import { GoogleIcon } from "~/components/ui/icons";
import { VerifyCodeForm } from "~/components/auth/verify-code-form";
import { accountCtx } from "~/services/auth/context.server";
import { spendBoundToken } from "~/services/auth/google-binding.server";
import { finishGoogleSignIn } from "~/services/auth/google.server";
import { login } from "~/services/auth/login.server";
import { resendCode, verifyEmail } from "~/services/auth/registration.server";
import { getAuthedUser } from "~/services/auth/session.server";
import { safeRedirect } from "~/security/redirect";
import type { ActionAnswer } from "~/utils/answer";
import { caught, problem, type Problem } from "~/utils/problem";
import { EmailOnlySchema, LoginSchema, VerifyCodeSchema } from "~/validation/accounts";
import { firstFormProblem, parseForm } from "~/validation/parse";
import { codeRefused } from "~/components/auth/verify-code-form";
import styles from "~/styles/accounts.css?url";
import { afterBoundToken, afterGoogle, startScreenSession } from "./sign-in.server";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { accountSchemas } from "~/components/form/schemas";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = ({ matches }) => [
  pageTitle(matches, "nav.login"),
  { name: "description", content: metaTranslator(matches)("login.meta.description") },
];

/** Problems of the product's own that /api/auth/google sends here as ?error=<key>; any other error is Google's. */
const OWN_ERRORS: readonly string[] = ["google.notConfigured"] satisfies MessageKey[];

type OAuthAnswer = { oauthError: Problem | null; oauthDetail: string | null };

export async function loader({ request, context }: LoaderFunctionArgs): Promise<OAuthAnswer> {
  const env = context.cloudflare.env;
  const url = new URL(request.url);
  if (url.searchParams.has("code") || url.searchParams.has("state")) {
    const ctx = accountCtx(request, env);
    let userId: string;
    try {
      userId = await finishGoogleSignIn(request, env, ctx.db, ctx.now);
    } catch (error) {
      return { oauthError: caught(error).problem, oauthDetail: null };
    }
    throw await afterGoogle(request, env, ctx.db, userId);
  }
  const error = url.searchParams.get("error");
  if (error && OWN_ERRORS.includes(error)) return { oauthError: problem(error as MessageKey), oauthDetail: null };
  if (error)
    return {
      oauthError: problem("google.failedPrefix"),
      oauthDetail: (url.searchParams.get("error_description") || error).slice(0, 200),
    };
  if (await getAuthedUser(request, env)) throw redirect("/dashboard");
  return { oauthError: null, oauthDetail: null };
}

/**
 * What the page shows after a post, as every screen's action answers: done
 * (with a notice), or the problem of the form that was sent (`reply` ties it
 * to its fields). `unverified` is the address whose code step is open.
 */
type LoginIntent = "login" | "verify" | "resend" | "token";
type LoginAnswer = ActionAnswer<LoginIntent, { notice: MessageKey }> & { unverified?: string };

const HIDDEN = { hideFields: ["password"] };

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const ctx = accountCtx(request, env, context.cloudflare.ctx);
  const form = await request.formData();
  const intent = form.get("intent");
  const answer = (value: LoginAnswer, status = 200) => data(value, { status });
  // The code step's address: it stays open for it whatever the answer.
  const email = String(form.get("email") ?? "").slice(0, 320);
  /** A code-step form refused as typed (400), the step still open. */
  const codeStepRefused = (
    intent: "resend" | "verify",
    submission: { error?: Parameters<typeof firstFormProblem>[0]; reply: () => SubmissionResult<Problem[]> },
  ) =>
    answer(
      { intent, ok: false, unverified: email, problem: firstFormProblem(submission.error), reply: submission.reply() },
      400,
    );

  if (intent === "resend") {
    const submission = parseForm(form, EmailOnlySchema);
    if (submission.status !== "success") return codeStepRefused(intent, submission);
    try {
      const sent = await resendCode(ctx, submission.value.email);
      return answer({ intent, ok: true, unverified: email, notice: sent.codeSent ? "verify.resent" : "verify.wait" });
    } catch (error) {
      const { problem } = caught(error);
      return answer({
        intent,
        ok: false,
        unverified: email,
        problem,
        reply: submission.reply({ formErrors: [problem] }),
      });
    }
  }

  if (intent === "verify") {
    const submission = parseForm(form, VerifyCodeSchema);
    if (submission.status !== "success") return codeStepRefused(intent, submission);
    try {
      await verifyEmail(ctx, submission.value);
      return answer({ intent, ok: true, notice: "login.verified" });
    } catch (error) {
      const { problem } = caught(error);
      return answer({ intent, ok: false, unverified: email, problem, reply: codeRefused(submission, problem) });
    }
  }

  if (intent === "token") {
    const token = String(form.get("token") ?? "").slice(0, 4000);
    let userId: string;
    try {
      userId = await spendBoundToken(request, env, ctx.db, token, ctx.now);
    } catch (error) {
      return answer({ intent, ok: false, problem: caught(error).problem });
    }
    throw await afterBoundToken(request, env, ctx.db, userId, safeRedirect(String(form.get("redirectTo") ?? "")));
  }

  const submission = parseForm(form, LoginSchema);
  if (submission.status !== "success")
    return answer(
      { intent: "login", ok: false, problem: firstFormProblem(submission.error), reply: submission.reply(HIDDEN) },
      400,
    );
  let userId: string;
  try {
    userId = (await login(ctx, submission.value)).user.id;
  } catch (error) {
    const { problem } = caught(error);
    // The right password of an address not verified yet: the code step opens (its own banner says why).
    if (problem.key === "login.unverified")
      return answer({
        intent: "login",
        ok: false,
        problem,
        unverified: submission.value.email,
        reply: submission.reply(HIDDEN),
      });
    return answer({
      intent: "login",
      ok: false,
      problem,
      reply: submission.reply({ ...HIDDEN, formErrors: [problem] }),
    });
  }
  throw await startScreenSession(request, env, ctx.db, userId, safeRedirect(String(form.get("redirectTo") ?? "")));
}

export default function Login() {
  const t = useT();
  const loaderData = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  const submit = useSubmit();
  const [fragmentError, setFragmentError] = useState<MessageKey | null>(null);
  const googleRef = useRef<HTMLAnchorElement>(null);
  const redirectTo = params.get("redirectTo") ?? "";
  const [form, fields] = useSchemaForm(accountSchemas, (m) => m.LoginSchema, {
    id: "login",
    lastResult: answer?.intent === "login" && !answer.ok ? answer.reply : undefined,
  });

  useEffect(() => {
    // Google's answer is in the address: clean it so reload and back do not replay it.
    if (params.has("code") || params.has("error") || params.has("state"))
      window.history.replaceState(null, "", "/login");
    const hash = new URLSearchParams(window.location.hash.slice(1));
    if (hash.has("access_token") || hash.has("error")) {
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
      const token = hash.get("access_token");
      // An explicit action: the router would otherwise put the fragment back in the address bar afterwards.
      if (token)
        submit(
          { intent: "token", token, redirectTo },
          { method: "post", replace: true, action: `/login${window.location.search}` },
        );
      // The fragment exists only in the browser, so it is read once, after hydration.
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the fragment exists only in the browser, after hydration
      else setFragmentError(hash.has("error") ? "google.failed" : "google.noAccessToken");
    }
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // The browser's zone (a first sign-in creates the business) and where this sign-in was going.
    const google = new URLSearchParams(tz ? { tz } : {});
    if (redirectTo) google.set("redirectTo", redirectTo);
    if (googleRef.current && google.size) googleRef.current.href = `/api/auth/google?${google}`;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, on arrival
  }, []);

  const oauth = loaderData.oauthError;
  const unverified = answer?.unverified;
  const formProblem =
    firstProblemOf(form.allErrors) ??
    (answer?.intent === "token" && !answer.ok ? answer.problem : undefined) ??
    (fragmentError ? problem(fragmentError) : null);
  return (
    <AuthLayout title={t("login.title")} subtitle={t("login.subtitle")}>
      {oauth && (
        <Banner kind="error">
          {oauth.key === "google.failedPrefix"
            ? `${t(oauth.key)} ${loaderData.oauthDetail}`
            : t(oauth.key, oauth.params)}
        </Banner>
      )}
      <a ref={googleRef} href="/api/auth/google" className="btn btn-ghost btn-block btn-google">
        <GoogleIcon /> {t("login.google")}
      </a>
      <div className="divider" role="separator">
        <span>{t("login.or")}</span>
      </div>
      <Form method="post" {...getFormProps(form)} className="auth-form" replace>
        {!unverified && <ProblemBanner problem={formProblem} testId="login-error" />}
        {answer?.ok && answer.notice === "login.verified" && <Banner kind="success">{t("login.verified")}</Banner>}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField field={fields.email} label={t("field.email")} type="email" autoComplete="email" maxLength={254} />
        <PasswordField field={fields.password} label={t("field.password")} autoComplete="current-password" />
        <p className="auth-forgot">
          <Link to="/forgot-password">{t("login.forgot")}</Link>
        </p>
        <button type="submit" name="intent" value="login" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t("login.submitting") : t("login.submit")}
        </button>
      </Form>
      {unverified && (
        <div className="verify-box" data-testid="login-verify">
          <Banner kind="info">{t("login.unverified")}</Banner>
          <VerifyCodeForm
            email={unverified}
            lastResult={
              !answer.ok && (answer.intent === "verify" || answer.intent === "resend") ? answer.reply : undefined
            }
            notice={answer.ok ? answer.notice : undefined}
          />
        </div>
      )}
      <p className="auth-foot small">
        {t("login.noAccount")} <Link to="/register">{t("login.signUp")}</Link>
      </p>
    </AuthLayout>
  );
}
