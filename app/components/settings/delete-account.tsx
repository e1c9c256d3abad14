// Settings: Delete account. Confirmed in a dialog with the password (or, for
// an account that signs in only with Google, the e-mail address typed again).
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useT } from "~/i18n";
import type { DataAnswer } from "~/routes/dashboard.settings_.data";
import { Modal } from "~/components/ui/modal";

export function DeleteAccount({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const t = useT();
  const fetcher = useFetcher<DataAnswer>();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  const error = fetcher.state === "idle" && fetcher.data?.intent === "delete-account" ? fetcher.data.error : null;

  return (
    <section className="card danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">{t("account.deleteTitle")}</h2>
      <p className="muted small">{t("account.deleteHelp")}</p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>{t("account.delete")}</button>
      {open && (
        <Modal title={t("account.deleteTitle")} onClose={() => setOpen(false)} locked={busy} closeLabel={t("import.close")}>
          <fetcher.Form method="post" action="/dashboard/settings/data" noValidate>
            <input type="hidden" name="intent" value="delete-account" />
            <p>{t("account.deleteWarning")}</p>
            {hasPassword ? (
              <div className="field">
                <label htmlFor="delete-password">{t("account.password")}</label>
                <input id="delete-password" name="password" type="password" autoComplete="current-password" required disabled={busy}
                  aria-describedby={error ? "delete-error" : undefined} aria-invalid={error ? true : undefined} />
              </div>
            ) : (
              <div className="field">
                <label htmlFor="delete-email">{t("account.typeEmail", { email })}</label>
                <input id="delete-email" name="confirm_email" type="email" dir="ltr" autoComplete="off" required disabled={busy}
                  aria-describedby={error ? "delete-error" : undefined} aria-invalid={error ? true : undefined} />
              </div>
            )}
            {error && <div id="delete-error" className="alert alert-error" role="alert">{t(error)}</div>}
            <div className="modal-actions">
              <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)} disabled={busy}>{t("import.cancel")}</button>
              <button type="submit" className="btn btn-danger" disabled={busy}>{busy ? t("account.deleting") : t("account.deleteForever")}</button>
            </div>
          </fetcher.Form>
        </Modal>
      )}
    </section>
  );
}
