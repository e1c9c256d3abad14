// /login: Continue with Google, the 'or' divider, e-mail and password. Also
// where Google sends the browser back (?code=... or ?error=...).
import { redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useT, type MessageKey } from "~/i18n";
import { AuthLayout, Banner } from "~/components/auth/auth-layout";
import { GoogleIcon, PasswordField } from "~/components/auth/password-field";
import { VerifyCodeForm } from "~/components/auth/verify-code-form";
import { accountCtx } from "~/services/auth/context.server";
import { finishGoogleSignIn, signInWithApiToken, startScreenSession } from "~/services/auth/screen-session.server";
import { login } from "~/services/auth/login.server";
import { resendCode, verifyEmail } from "~/services/auth/registration.server";
import { getAuthedUser } from "~/services/auth/session.server";
import { validateLogin } from "~/services/auth/validation";
import { safeRedirect } from "~/security/redirect";
import styles from "~/styles/accounts.css?url";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];
export const meta: MetaFunction = () => [{ title: "Login · Chatbook" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const url = new URL(request.url);
  if (url.searchParams.has("code") || url.searchParams.has("state")) {
    // Returns a redirect to /dashboard, or the message for a failed sign-in.
    return { oauthError: await finishGoogleSignIn(request, env), oauthDetail: null };
  }
  const error = url.searchParams.get("error");
  if (error) return { oauthError: "google.failedPrefix" as MessageKey, oauthDetail: (url.searchParams.get("error_description") || error).slice(0, 200) };
  if (await getAuthedUser(request, env)) throw redirect("/dashboard");
  return { oauthError: null, oauthDetail: null };
}

type ActionData = { error?: MessageKey; notice?: MessageKey; unverified?: string };

export async function action({ request, context }: ActionFunctionArgs): Promise<ActionData> {
  const env = context.cloudflare.env;
  const ctx = accountCtx(request, env, context.cloudflare.ctx);
  const form = await request.formData();
  const field = (k: string) => String(form.get(k) ?? "").slice(0, 1000);
  const intent = field("intent");
  const email = field("email");
  if (intent === "verify") {
    const result = await verifyEmail(ctx, email, field("code"));
    return result.ok ? { notice: "login.verified" } : { error: result.key, unverified: email };
  }
  if (intent === "resend") {
    const result = await resendCode(ctx, email);
    if (!result.ok) return { error: result.key, unverified: email };
    return { notice: result.codeSent ? "verify.resent" : "verify.wait", unverified: email };
  }
  if (intent === "token") return { error: await signInWithApiToken(request, env, field("token"), safeRedirect(field("redirectTo"))) };

  const result = await login(ctx, email, field("password"));
  if (!result.ok) return { error: result.key, unverified: result.code === "email_not_verified" ? email : undefined };
  throw await startScreenSession(request, env, ctx.db, result.user.id, safeRedirect(field("redirectTo")));
}

export default function Login() {
  const t = useT();
  const loaderData = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "login";
  const submit = useSubmit();
  const [clientError, setClientError] = useState<MessageKey | null>(null);
  const [fragmentError, setFragmentError] = useState<MessageKey | null>(null);
  const googleRef = useRef<HTMLAnchorElement>(null);
  const redirectTo = params.get("redirectTo") ?? "";

  useEffect(() => {
    // Google's answer is in the address: clean it so reload and back do not replay it.
    if (params.has("code") || params.has("error") || params.has("state")) window.history.replaceState(null, "", "/login");
    const hash = new URLSearchParams(window.location.hash.slice(1));
    if (hash.has("access_token") || hash.has("error")) {
      window.history.replaceState(null, "", window.location.pathname + window.location.search);
      const token = hash.get("access_token");
      // An explicit action: the router would otherwise put the fragment back in the address bar afterwards.
      if (token) submit({ intent: "token", token, redirectTo }, { method: "post", replace: true, action: `/login${window.location.search}` });
      else setFragmentError(hash.has("error") ? "google.failed" : "google.noAccessToken");
    }
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (googleRef.current && tz) googleRef.current.href = `/api/auth/google?tz=${encodeURIComponent(tz)}`;
    // Runs once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const f = new FormData(e.currentTarget);
    const problem = validateLogin(String(f.get("email") ?? ""), String(f.get("password") ?? ""));
    setClientError(problem);
    if (problem) e.preventDefault();
  };

  const oauth = loaderData.oauthError;
  const error = clientError ?? data?.error ?? fragmentError;
  return (
    <AuthLayout title={t("login.title")} subtitle={t("login.subtitle")}>
      {oauth && (
        <Banner kind="error">{oauth === "google.failedPrefix" ? `${t(oauth)} ${loaderData.oauthDetail}` : t(oauth)}</Banner>
      )}
      <a ref={googleRef} href="/api/auth/google" className="btn btn-ghost btn-block btn-google">
        <GoogleIcon /> {t("login.google")}
      </a>
      <div className="divider" role="separator"><span>{t("login.or")}</span></div>
      <Form method="post" noValidate onSubmit={onSubmit} className="auth-form" replace>
        {error && !data?.unverified && <Banner kind="error" testId="login-error">{t(error)}</Banner>}
        {data?.notice === "login.verified" && <Banner kind="success">{t("login.verified")}</Banner>}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="field">
          <label htmlFor="email">{t("field.email")}</label>
          <input id="email" name="email" type="email" autoComplete="email" maxLength={254} defaultValue={data?.unverified ?? ""} />
        </div>
        <PasswordField id="password" name="password" label={t("field.password")} autoComplete="current-password" />
        <p className="auth-forgot"><Link to="/forgot-password">{t("login.forgot")}</Link></p>
        <button type="submit" name="intent" value="login" className="btn btn-primary btn-block" disabled={busy}>
          {busy ? t("login.submitting") : t("login.submit")}
        </button>
      </Form>
      {data?.unverified && (
        <div className="verify-box" data-testid="login-verify">
          <Banner kind="info">{t("login.unverified")}</Banner>
          <VerifyCodeForm email={data.unverified} error={data.error === "login.unverified" ? undefined : data.error}
            notice={data.notice} />
        </div>
      )}
      <p className="auth-foot small">
        {t("login.noAccount")} <Link to="/register">{t("login.signUp")}</Link>
      </p>
    </AuthLayout>
  );
}
