// The frame of the sign-in screens: Back to /, the language switch, one card.
import type { ReactNode } from "react";
import { Link } from "@remix-run/react";
import { useT } from "~/i18n";
import { LanguageToggle } from "~/components/language-toggle";
import { Logo } from "~/components/logo";
import { ChevronIcon } from "~/components/ui/icons";

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
          <ChevronIcon size={18} className="auth-back-chevron" /> {t("nav.back")}
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
