// The Import modal's posts (a file each): preview what the file holds, or
// save it. File and row problems are message keys with their parameters (a
// row's number, the column read...), so the modal speaks the reader's language.
import { data } from "@remix-run/cloudflare";
import type { BusinessRef } from "~/services/clients/clients.server";
import {
  IMPORT_PREVIEW_ROWS,
  importClients,
  MAX_IMPORT_BYTES,
  type ImportError,
  type ImportFormat,
  type PlannedRow,
  type ReadInfo,
} from "~/services/clients/import.server";
import { readUpload } from "~/services/clients/import/read-upload";
import { formatPhone } from "~/utils/phone";
import { AppError, caught, problem, type Problem } from "~/utils/problem";

/** What the Import modal shows before saving. */
export type ImportPreview = {
  format: ImportFormat;
  fresh: number;
  known: number;
  repeated: number;
  invalid: number;
  read: ReadInfo;
  reasons: Record<string, number>;
  rows: (Pick<PlannedRow, "row" | "name" | "status"> & { phone_display: string })[];
  errors: ImportError[];
};
export type ImportActionResult =
  | { ok: true; intent: "import-preview"; preview: ImportPreview }
  | { ok: true; intent: "import"; imported: number; skipped: number; errors: ImportError[] }
  | { ok: false; problem: Problem };

/** How many row problems the preview lists (the counts by reason cover them all). */
export const PREVIEW_PROBLEMS = 100;

/** The uploaded file's bytes (photos left out, if the browser did not already) and type (from its name, else its type). */
async function uploaded(form: FormData) {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) throw new AppError(400, "import.err.choose");
  const upload = await readUpload(file.stream(), MAX_IMPORT_BYTES);
  if (upload.overLimit) throw new AppError(413, "import.err.tooLarge", { max: MAX_IMPORT_BYTES / 1024 / 1024 });
  const byName = /\.vcf$/i.test(file.name) ? "text/vcard" : /\.(csv|tsv|txt)$/i.test(file.name) ? "text/csv" : null;
  // The modal sends how many photos it left out itself.
  const photos = upload.skipped + Math.max(0, Math.min(1_000_000, Number(form.get("photos")) || 0));
  return { type: byName ?? (file.type || null), bytes: upload.bytes, photos };
}

/** An unknown intent is a 400; a file the import cannot take is shown on a 200 answer, as the screens' convention has it. */
const failure = (status: 200 | 400, found: Problem) =>
  data<ImportActionResult>({ ok: false, problem: found }, { status });

export async function importAction(deps: { env: Env; now: number }, business: BusinessRef, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  if (intent !== "import-preview" && intent !== "import") return failure(400, problem("problem.unknownAction"));
  try {
    const file = await uploaded(form);
    const { format, plan, imported, read } = await importClients(deps.env.DB, business, file, {
      dryRun: intent === "import-preview",
      now: deps.now,
    });
    if (intent === "import") {
      const skipped = plan.known + plan.repeated + (plan.fresh - imported);
      return data<ImportActionResult>({
        ok: true,
        intent,
        imported,
        skipped,
        errors: plan.errors.slice(0, PREVIEW_PROBLEMS),
      });
    }
    const rows = plan.rows
      .slice(0, IMPORT_PREVIEW_ROWS)
      .map((r) => ({ row: r.row, name: r.name, status: r.status, phone_display: formatPhone(r.phone) }));
    return data<ImportActionResult>({
      ok: true,
      intent,
      preview: {
        format,
        fresh: plan.fresh,
        known: plan.known,
        repeated: plan.repeated,
        invalid: plan.errors.length,
        read,
        reasons: plan.reasons,
        rows,
        errors: plan.errors.slice(0, PREVIEW_PROBLEMS),
      },
    });
  } catch (error) {
    return failure(200, caught(error).problem);
  }
}
