// Settings: the currency prices are in (ISO 4217). Empty keeps the country's.
import { useFetcher } from "@remix-run/react";
import { useT } from "~/i18n";
import { Toast, useToast } from "~/components/ui/toast";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import type { ActionAnswer } from "~/utils/answer";
import { Field } from "~/components/form/fields";

/** `codes`: the ISO 4217 codes the server accepts (its Intl's list), so the page and the check agree. */
type Props = { currency: string; countryDefault: string; codes: string[] };

export function CurrencySection({ currency, countryDefault, codes }: Props) {
  const t = useT();
  const fetcher = useFetcher<ActionAnswer<"currency">>();
  const { toast, show, hide } = useToast();
  useFetcherResult(fetcher, {
    ok: () => show("success", t("settings.saved")),
    problem: (p) => show("error", t(p.key, p.params)),
  });
  return (
    <section className="card stack" aria-labelledby="currency-title">
      <h2 id="currency-title">{t("timebook.currency")}</h2>
      <fetcher.Form method="post" className="row gap-sm wrap">
        <input type="hidden" name="intent" value="currency" />
        <Field id="currency" label={t("timebook.currency")} hint={t("timebook.currencyHint", { code: countryDefault })}>
          <select id="currency" name="currency" defaultValue={currency} aria-describedby="currency-hint">
            <option value="">{t("timebook.currencyDefault", { code: countryDefault })}</option>
            {[...new Set([currency, ...codes])].filter(Boolean).map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="btn btn-primary" disabled={fetcher.state !== "idle"}>
          {t("timebook.currencySave")}
        </button>
      </fetcher.Form>
      <Toast toast={toast} onHide={hide} duration={2500} placement="bottom" />
    </section>
  );
}
