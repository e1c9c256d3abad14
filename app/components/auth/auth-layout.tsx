// The frame of the sign-in screens: Back to /, the language switch, one card.
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { useT } from "~/i18n";
import { LanguageToggle } from "~/components/language-toggle";
import { Logo } from "~/components/logo";

export function AuthLayout({
  title,
  subtitle,
  children,
  back = "/",
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  back?: string;
}) {
  const t = useT();
  return (
    <div className="auth-page">
      <header className="auth-top">
        <Link to={back} className="auth-back">
          <BackArrow /> {t("nav.back")}
        </Link>
        <LanguageToggle />
      </header>
      <main className="auth-main">
        <section className="card auth-card" aria-labelledby="auth-title">
          <div className="auth-brand" aria-hidden="true">
            <Logo />
          </div>
          <h1 id="auth-title" className="auth-title">
            {title}
          </h1>
          {subtitle && <p className="muted auth-subtitle">{subtitle}</p>}
          {children}
        </section>
      </main>
    </div>
  );
}

function BackArrow() {
  return (
    <svg
      className="flip-rtl"
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M15 18l-6-6 6-6" />
    </svg>
  );
}
