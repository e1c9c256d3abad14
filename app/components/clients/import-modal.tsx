// Import clients: choose a CSV or vCard file, see what it holds (new, already
// known, repeated, rows with problems and why), then confirm. Nothing is saved
// before the confirmation; the save is all or nothing.
import { useFetcher } from "@remix-run/react";
import { useRef, useState } from "react";
import type { ImportActionResult, ImportPreview } from "~/routes/dashboard.clients_.import/import.server";
import { useT, type MessageKey } from "~/i18n";
import type { Problem } from "~/utils/problem";
import { useProblemText } from "../form/field-error";
import { Modal } from "~/components/ui/modal";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import { Loading } from "~/components/ui/loading";

type Done = { imported: number; skipped: number };

export function ImportModal({ onClose, onImported }: { onClose: () => void; onImported: (done: Done) => void }) {
  const t = useT();
  const problemText = useProblemText();
  const fetcher = useFetcher<ImportActionResult>();
  const file = useRef<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<Problem | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";

  useFetcherResult(fetcher, {
    ok: (result) => {
      if (result.intent === "import-preview") setPreview(result.preview);
      else onImported({ imported: result.imported, skipped: result.skipped });
    },
    problem: setError,
  });

  const send = (intent: "import-preview" | "import") => {
    if (!file.current) return setError({ key: "import.err.choose" });
    setError(null);
    const form = new FormData();
    form.set("intent", intent);
    form.set("file", file.current);
    fetcher.submit(form, { method: "post", action: "/dashboard/clients/import", encType: "multipart/form-data" });
  };

  const choose = (e: React.ChangeEvent<HTMLInputElement>) => {
    file.current = e.target.files?.[0] ?? null;
    setFileName(file.current?.name ?? null);
    setPreview(null);
    send("import-preview");
  };

  return (
    <Modal title={t("import.title")} onClose={onClose} locked={busy} closeLabel={t("import.close")} className="import-modal">
      <p className="small muted" id="import-help">
        {t("import.help")}
      </p>
      {/* The browser's own file button speaks the browser's language: a label of ours stands in for it. */}
      <div className="field file-field">
        <span className="label">{t("import.file")}</span>
        <input
          id="import-file"
          className="file-input"
          type="file"
          accept=".csv,.vcf,text/csv,text/vcard,text/x-vcard"
          onChange={choose}
          disabled={busy}
          aria-describedby="import-help import-file-name"
        />
        <label htmlFor="import-file" className="btn btn-ghost btn-sm">
          {t("import.chooseFile")}
        </label>
        <span id="import-file-name" className="small muted" dir="auto">
          {fileName ?? t("import.noFile")}
        </span>
      </div>
      {busy && !preview && <Loading label={t("import.reading")} className="muted" />}
      {preview && (
        <div className="import-preview" data-testid="import-preview">
          <p role="status">{t("import.summary", { fresh: preview.fresh, known: preview.known, repeated: preview.repeated, invalid: preview.invalid })}</p>
          {preview.rows.length > 0 && (
            // The table scrolls sideways on a phone: its box takes the keyboard focus so arrow keys can scroll it
            // (WCAG 2.1.1; axe's scrollable-region-focusable), which this lint rule does not know of.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            <div className="import-table-scroll" role="region" aria-labelledby="import-first-rows" tabIndex={0}>
              <table className="import-table">
                <caption id="import-first-rows" className="h3">
                  {t("import.firstRows")}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t("import.row")}</th>
                    <th scope="col">{t("export.col.name")}</th>
                    <th scope="col">{t("export.col.phone")}</th>
                    <th scope="col">{t("export.col.status")}</th>
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((r) => (
                    <tr key={r.row}>
                      <td>{r.row}</td>
                      <td dir="auto">{r.name}</td>
                      <td dir="ltr">{r.phone_display}</td>
                      <td>{t(`import.status.${r.status}` as MessageKey)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {preview.errors.length > 0 && (
            <div className="import-problems">
              <h3 className="h3">{t("import.problems")}</h3>
              <ul data-testid="import-errors">
                {preview.errors.map((e) => (
                  <li key={`${e.row}-${e.key}`}>
                    {t("import.row")} {e.row}: {problemText(e)}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {preview.fresh === 0 && <p className="muted">{t("import.nothing")}</p>}
        </div>
      )}
      {error && (
        <div className="alert alert-error" role="alert">
          {problemText(error)}
        </div>
      )}
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
          {t("import.cancel")}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => send("import")} disabled={busy || !preview || preview.fresh === 0}>
          {t("import.confirm", { count: preview?.fresh ?? 0 })}
        </button>
      </div>
    </Modal>
  );
}
