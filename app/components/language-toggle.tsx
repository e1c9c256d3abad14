import { Form, useLocation } from "@remix-run/react";
import { useLang, useT } from "~/i18n";

/** EN/HE switch. A plain form, so it works before the page's scripts load. */
export function LanguageToggle() {
  const lang = useLang();
  const t = useT();
  const location = useLocation();
  return (
    <Form
      method="post"
      action={`/language?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
      className="lang-toggle"
      aria-label={t("lang.label")}
    >
      <button type="submit" name="lang" value="en" aria-pressed={lang === "en"} lang="en" title="English">
        EN
      </button>
      <button type="submit" name="lang" value="he" aria-pressed={lang === "he"} lang="he" title="עברית">
        HE
      </button>
    </Form>
  );
}
