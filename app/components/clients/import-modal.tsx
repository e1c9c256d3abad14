// Import clients: choose a CSV or vCard file, see what it holds (new, already
// known, repeated, rows with problems and why, and how the file was read),
// then confirm. Nothing is saved before the confirmation; the save is all or
// nothing. Contact photos are left out here, before the upload, so a phone's
// whole contacts file fits the size limit.
import { useFetcher } from "@remix-run/react";
import { useRef, useState } from "react";
import type { ImportActionResult, ImportPreview } from "~/routes/dashboard.clients_.import/import.server";
import { MAX_IMPORT_BYTES, readUpload } from "~/services/clients/import/read-upload";
import { useT, type MessageKey } from "~/i18n";
import type { Problem } from "~/utils/problem";
import { useProblemText } from "../form/field-error";
import { Banner } from "../form/banner";
import { Modal } from "~/components/ui/modal";
import { useFetcherResult } from "~/components/ui/use-fetcher-result";
import { Loading } from "~/components/ui/loading";

type Done = { imported: number; skipped: number };

export function ImportModal({ onClose, onImported }: { onClose: () => void; onImported: (done: Done) => void }) {
  const t = useT();
  const problemText = useProblemText();
  const fetcher = useFetcher<ImportActionResult>();
  const file = useRef<{ file: File; photos: number } | null>(null);
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
    form.set("file", file.current.file);
    form.set("photos", String(file.current.photos));
    fetcher.submit(form, { method: "post", action: "/dashboard/clients/import", encType: "multipart/form-data" });
  };

  const choose = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    file.current = null;
    setFileName(chosen?.name ?? null);
    setPreview(null);
    if (!chosen) return setError({ key: "import.err.choose" });
    // Photos out, as the server would leave them out: what is sent is only what the import reads.
    const upload = await readUpload(chosen.stream(), MAX_IMPORT_BYTES).catch(() => null);
    if (!upload) return setError({ key: "import.err.choose" }); // the browser could not read the file (moved, or no access)
    if (upload.overLimit)
      return setError({ key: "import.err.tooLarge", params: { max: MAX_IMPORT_BYTES / 1024 / 1024 } });
    file.current = {
      file: upload.skipped ? new File([upload.bytes], chosen.name, { type: chosen.type }) : chosen,
      photos: upload.skipped,
    };
    send("import-preview");
  };

  return (
    <Modal
      title={t("import.title")}
      onClose={onClose}
      locked={busy}
      closeLabel={t("import.close")}
      className="import-modal"
    >
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
          onChange={(e) => void choose(e)}
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
          <p role="status">
            {t("import.summary", {
              fresh: preview.fresh,
              known: preview.known,
              repeated: preview.repeated,
              invalid: preview.invalid,
            })}
          </p>
          <HowRead preview={preview} />
          {preview.invalid > 0 && (
            <div className="import-reasons" data-testid="import-reasons">
              <h3 className="h3">{t("import.reasons")}</h3>
              <ul>
                {Object.entries(preview.reasons).map(([key, count]) => (
                  <li key={key}>{t(reasonKey(key), { count })}</li>
                ))}
              </ul>
            </div>
          )}
          {preview.rows.length > 0 && (
            // The table scrolls sideways on a phone: its box takes the keyboard focus so arrow keys can scroll it
            // (WCAG 2.1.1; axe's scrollable-region-focusable), which this lint rule does not know of.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must take focus (WCAG 2.1.1)
            <div className="import-table-scroll" role="region" aria-labelledby="import-first-rows" tabIndex={0}>
              <table className="import-table">
                <caption id="import-first-rows" className="h3">
                  {t("import.firstRows")}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t(preview.format === "vcard" ? "import.card" : "import.row")}</th>
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
                  <li key={`${e.row}-${e.key}`} dir="auto">
                    {t(preview.format === "vcard" ? "import.card" : "import.row")} {e.row}: {problemText(isolated(e))}
                  </li>
                ))}
              </ul>
              {preview.invalid > preview.errors.length && (
                <p className="small muted">
                  {t("import.moreProblems", { count: preview.invalid - preview.errors.length })}
                </p>
              )}
            </div>
          )}
          {preview.fresh === 0 && <p className="muted">{t("import.nothing")}</p>}
        </div>
      )}
      {error && <Banner kind="error">{problemText(error)}</Banner>}
      <div className="modal-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
          {t("import.cancel")}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => send("import")}
          disabled={busy || !preview || preview.fresh === 0}
        >
          {t("import.confirm", { count: preview?.fresh ?? 0 })}
        </button>
      </div>
    </Modal>
  );
}

/**
 * The file's own words (a column name, a number as written) inside a sentence
 * of the other direction: isolated, so a Hebrew column name in an English
 * sentence (or the reverse) keeps its quotes and punctuation in place.
 */
const isolate = (text: string) => `\u2068${text}\u2069`;
function isolated(found: ImportPreview["errors"][number]): ImportPreview["errors"][number] {
  if (!found.params) return found;
  const params = Object.fromEntries(
    Object.entries(found.params).map(([k, v]) => [k, typeof v === "string" ? isolate(v) : v]),
  );
  return { ...found, params };
}

const REASONS = new Set([
  "noName",
  "noPhone",
  "excelNumber",
  "foreignNumber",
  "notNumber",
  "numberTooLong",
  "noColumns",
  "nameTooLong",
  "tooManyTags",
  "tagTooLong",
]);

/** A short label for each kind of problem a row can have ("import.err.noPhone" -> "No phone number: {count}"). */
function reasonKey(problemKey: string): MessageKey {
  const last = problemKey.split(".").pop() ?? "";
  return (REASONS.has(last) ? `import.reason.${last}` : "import.reason.other") as MessageKey;
}

const DELIMITERS: Record<string, MessageKey> = {
  ",": "import.read.delimiter.,",
  ";": "import.read.delimiter.;",
  "\t": "import.read.delimiter.tab",
  "|": "import.read.delimiter.|",
};

/** How the file was read: its kind and encoding, the exporter its columns match, the header's row, the columns used. */
function HowRead({ preview }: { preview: ImportPreview }) {
  const t = useT();
  const { read } = preview;
  const encoding = t(`import.read.encoding.${read.encoding}` as MessageKey);
  const columns = (names: string[] | undefined) => (names ?? []).map((n) => `"${isolate(n)}"`).join(", ");
  return (
    <div className="import-read" data-testid="import-read">
      <h3 className="h3">{t("import.read.title")}</h3>
      <ul className="small">
        <li>
          {read.format === "vcard"
            ? t("import.read.vcard", { versions: (read.versions ?? []).join(", "), encoding })
            : t("import.read.csv", {
                delimiter: t(DELIMITERS[read.delimiter ?? ","] ?? "import.read.delimiter.,"),
                encoding,
              })}
        </li>
        {read.exporter && <li>{t(`import.read.exporter.${read.exporter}` as MessageKey)}</li>}
        {read.format === "csv" && (read.headerRow ?? 1) > 1 && (
          <li>{t("import.read.header", { row: read.headerRow ?? 1 })}</li>
        )}
        {read.columns && (
          <>
            <li dir="auto">{t("import.read.nameFrom", { columns: columns(read.columns.name) })}</li>
            <li dir="auto">{t("import.read.phoneFrom", { columns: columns(read.columns.phone) })}</li>
            {read.columns.tags.length > 0 && (
              <li dir="auto">{t("import.read.tagsFrom", { columns: columns(read.columns.tags) })}</li>
            )}
            {read.columns.notes.length > 0 && (
              <li dir="auto">{t("import.read.notesFrom", { columns: columns(read.columns.notes) })}</li>
            )}
          </>
        )}
        {read.photos > 0 && <li>{t("import.read.photos", { count: read.photos })}</li>}
      </ul>
    </div>
  );
}
