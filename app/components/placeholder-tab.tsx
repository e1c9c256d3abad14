import { useT, type MessageKey } from "~/i18n";

/** An honest placeholder for a tab whose feature has not shipped yet. */
export function PlaceholderTab({ title }: { title: MessageKey }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby="tab-title">
      <h1 id="tab-title" className="tab-title">
        {t(title)}
      </h1>
      <p className="muted">{t("dash.comingSoon")}</p>
    </section>
  );
}
