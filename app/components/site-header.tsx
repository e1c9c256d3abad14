import { Link } from "@remix-run/react";
import { useT } from "~/i18n";
import { LanguageToggle } from "./language-toggle";
import { Logo } from "./logo";

export function SiteHeader() {
  const t = useT();
  return (
    <header className="site-header">
      <Link to="/" className="brand" aria-label={t("app.name")}>
        <Logo />
        <span>{t("app.name")}</span>
      </Link>
      <nav className="row gap-sm" aria-label={t("app.name")}>
        <LanguageToggle />
        <Link to="/login" className="btn btn-ghost btn-sm">
          {t("nav.login")}
        </Link>
        <Link to="/register" className="btn btn-primary btn-sm">
          {t("nav.register")}
        </Link>
      </nav>
    </header>
  );
}
