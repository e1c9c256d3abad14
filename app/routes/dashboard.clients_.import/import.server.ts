// The Import modal's posts (a file each): preview what the file holds, or
// save it. File and row problems are message keys with their parameters (a
// row's number...), so the modal speaks the reader's language.
import { data } from "@remix-run/cloudflare";
import type { BusinessRef } from "~/services/clients/clients.server";
import { IMPORT_PREVIEW_ROWS, importClients, MAX_IMPORT_BYTES, type ImportError, type PlannedRow } from "~/services/clients/import.server";
import { formatPhone } from "~/utils/phone";
import { AppError, caught, problem, type Problem } from "~/utils/problem";

/** What the Import modal shows before saving. */
export type ImportPreview = {
  fresh: number;
  known: number;
  repeated: number;
  invalid: number;
  rows: (Pick<PlannedRow, "row" | "name" | "status"> & { phone_display: string })[];
  errors: ImportError[];
};
export type ImportActionResult =
  | { ok: true; intent: "import-preview"; preview: ImportPreview }
  | { ok: true; intent: "import"; imported: number; skipped: number; errors: ImportError[] }
  | { ok: false; problem: Problem };

/** The uploaded file's text and type (from its type, else its name). */
async function uploaded(form: FormData): Promise<{ type: string | null; text: string }> {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) throw new AppError(400, "import.err.choose");
  if (file.size > MAX_IMPORT_BYTES) throw new AppError(413, "import.err.tooLarge");
  const byName = /\.vcf$/i.test(file.name) ? "text/vcard" : /\.csv$/i.test(file.name) ? "text/csv" : null;
  return { type: byName ?? (file.type || null), text: await file.text() };
}

/** An unknown intent is a 400; a file the import cannot take is shown on a 200 answer, as the screens' convention has it. */
const failure = (status: 200 | 400, found: Problem) => data<ImportActionResult>({ ok: false, problem: found }, { status });

export async function importAction(deps: { env: Env; now: number }, business: BusinessRef, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  if (intent !== "import-preview" && intent !== "import") return failure(400, problem("problem.unknownAction"));
  try {
    const file = await uploaded(form);
    const { plan, imported } = await importClients(deps.env.DB, business, file, { dryRun: intent === "import-preview", now: deps.now });
    if (intent === "import") {
      const skipped = plan.known + plan.repeated + (plan.fresh - imported);
      return data<ImportActionResult>({ ok: true, intent, imported, skipped, errors: plan.errors });
    }
    const rows = plan.rows.slice(0, IMPORT_PREVIEW_ROWS).map((r) => ({ row: r.row, name: r.name, status: r.status, phone_display: formatPhone(r.phone) }));
    return data<ImportActionResult>({
      ok: true,
      intent,
      preview: { fresh: plan.fresh, known: plan.known, repeated: plan.repeated, invalid: plan.errors.length, rows, errors: plan.errors },
    });
  } catch (error) {
    return failure(200, caught(error).problem);
  }
}
