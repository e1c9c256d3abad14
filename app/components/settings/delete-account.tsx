// Settings: Delete account. Confirmed in a dialog with the password (or, for
// an account that signs in only with Google, a fresh Google sign-in).
// A refusal shows under the field it is about.
import { getFormProps } from "@conform-to/react";
import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useT } from "~/i18n";
import type { DataAnswer } from "~/routes/dashboard.settings_.data";
import { ProblemBanner, TextField } from "~/components/form/fields";
import { Modal } from "~/components/ui/modal";
import { useSchemaForm } from "~/components/form/use-schema-form";
import { accountSchemas } from "~/components/form/schemas";

export function DeleteAccount({ hasPassword, email }: { hasPassword: boolean; email: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);

  return (
    <section className="card danger-zone" aria-labelledby="delete-title">
      <h2 id="delete-title">{t("account.deleteTitle")}</h2>
      <p className="muted small">{t("account.deleteHelp")}</p>
      <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
        {t("account.delete")}
      </button>
      {open && <DeleteDialog hasPassword={hasPassword} email={email} onClose={() => setOpen(false)} />}
    </section>
  );
}

function DeleteDialog({ hasPassword, email, onClose }: { hasPassword: boolean; email: string; onClose: () => void }) {
  const t = useT();
  const fetcher = useFetcher<DataAnswer>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" && fetcher.data?.intent === "delete-account" ? fetcher.data : undefined;
  const [form, fields] = useSchemaForm(accountSchemas, (m) => m.deleteAccountSchema({ hasPassword, email }), {
    id: "delete-account",
    lastResult: answer?.reply,
  });
  // A wrong password shows under its field; a problem of the whole request
  // (WhatsApp could not be disconnected) has no field and shows as a banner.
  const formProblem = form.errors?.[0] ?? null;

  return (
    <Modal title={t("account.deleteTitle")} onClose={onClose} locked={busy} closeLabel={t("import.close")}>
      <fetcher.Form method="post" action="/dashboard/settings/data" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="delete-account" />
        <p>{t("account.deleteWarning")}</p>
        {hasPassword ? (
          <TextField
            field={fields.password}
            label={t("account.password")}
            type="password"
            autoComplete="current-password"
            required
            disabled={busy}
          />
        ) : (
          <p className="small muted" data-testid="delete-google">
            {t("access.confirm.googleAgain")}{" "}
            <a href="/api/auth/google?redirectTo=%2Fdashboard%2Fsettings%23delete-title">
              {t("access.confirm.googleButton")}
            </a>
          </p>
        )}
        <ProblemBanner problem={formProblem} testId="delete-error" />
        <div className="modal-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            {t("import.cancel")}
          </button>
          <button type="submit" className="btn btn-danger" disabled={busy}>
            {busy ? t("account.deleting") : t("account.deleteForever")}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}
