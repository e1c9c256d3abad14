import { Link } from "@remix-run/react";
import { SiteHeader } from "~/components/site-header";
import { useT, type MessageKey } from "~/i18n";
import { CalendarIcon, ChatIcon, CheckIcon, PhoneIcon, SparkleIcon } from "~/components/ui/icons";

const steps: { icon: typeof PhoneIcon; title: MessageKey; body: MessageKey }[] = [
  { icon: PhoneIcon, title: "landing.step1.title", body: "landing.step1.body" },
  { icon: ChatIcon, title: "landing.step2.title", body: "landing.step2.body" },
  { icon: CalendarIcon, title: "landing.step3.title", body: "landing.step3.body" },
];

export default function Landing() {
  const t = useT();
  return (
    <div className="landing">
      <SiteHeader />
      <main>
        <section className="hero">
          <div className="hero-text">
            <span className="badge badge-ai">
              <SparkleIcon size={14} /> {t("landing.badge")}
            </span>
            <h1>{t("landing.headline")}</h1>
            <p className="lead">{t("landing.subhead")}</p>
            <div className="row gap wrap">
              <Link to="/register" className="btn btn-primary btn-lg">
                {t("landing.startFree")}
              </Link>
              <span className="muted small">
                {t("landing.haveAccount")} <Link to="/login">{t("nav.login")}</Link>
              </span>
            </div>
            <ul className="feature-list">
              <li>{t("landing.feature.reminders")}</li>
              <li>{t("landing.feature.calendar")}</li>
              <li>{t("landing.feature.phone")}</li>
            </ul>
          </div>
          <div className="hero-preview" aria-hidden="true">
            <div className="phone">
              <div className="bubble bubble-in">{t("landing.preview.customer")}</div>
              <div className="bubble bubble-saved">
                <CheckIcon size={16} /> {t("landing.preview.saved")}
              </div>
            </div>
          </div>
        </section>
        <section className="how" aria-labelledby="how-title">
          <h2 id="how-title">{t("landing.howItWorks")}</h2>
          <ol className="steps">
            {steps.map((s, i) => (
              <li key={s.title} className="step card">
                <span className="step-icon">
                  <s.icon size={28} />
                </span>
                <span className="step-number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{t(s.title)}</h3>
                <p className="muted">{t(s.body)}</p>
              </li>
            ))}
          </ol>
        </section>
      </main>
      <footer className="site-footer muted small">
        {t("app.name")} · {t("footer.rights")}
      </footer>
    </div>
  );
}
