// POST /api/import/clients: the file itself is the body (Content-Type
// text/csv or text/vcard, or none: the first bytes tell). ?dry_run=1 answers
// the preview without saving, with how the file was read (encoding, columns).
// Rows that will not be imported are listed with their row (or card) number
// and the English text of their problem. Contact photos in a vCard are left
// out as the body streams in, so only the contacts count against the limit.
import { requireApiUser } from "~/security/signed-in.server";
import {
  IMPORT_PREVIEW_ROWS,
  importClients,
  MAX_IMPORT_BYTES,
  type ImportError,
} from "~/services/clients/import.server";
import { readUpload } from "~/services/clients/import/read-upload";
import { translator } from "~/i18n/messages.server";
import { AppError } from "~/utils/problem";
import { json, methodNotAllowed } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

const english = translator("en");
const rowErrors = (errors: ImportError[]) =>
  errors.map((e) => ({ row: e.row, message: english(e.key, e.params), key: e.key }));

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { business } = await requireApiUser(request, env);
  // The request guard has refused a body over MAX_IMPORT_UPLOAD_BYTES; pictures aside, the file may hold MAX_IMPORT_BYTES.
  const upload = await readUpload(request.body, MAX_IMPORT_BYTES);
  if (upload.overLimit) throw new AppError(413, "import.err.tooLarge", { max: MAX_IMPORT_BYTES / 1024 / 1024 });
  const dryRun = ["1", "true"].includes(new URL(request.url).searchParams.get("dry_run") ?? "");
  const file = { type: request.headers.get("Content-Type"), bytes: upload.bytes, photos: upload.skipped };
  const { format, plan, imported, read } = await importClients(env.DB, business, file, { dryRun, now: Date.now() });
  const skipped = plan.known + plan.repeated;
  if (dryRun) {
    return json({
      success: true,
      dry_run: true,
      format,
      new: plan.fresh,
      known: plan.known,
      repeated: plan.repeated,
      invalid: plan.errors.length,
      read,
      reasons: plan.reasons,
      rows: plan.rows.slice(0, IMPORT_PREVIEW_ROWS),
      errors: rowErrors(plan.errors),
    });
  }
  // A phone added meanwhile by someone else is skipped by the insert, not duplicated.
  return json({
    success: true,
    imported,
    skipped: skipped + (plan.fresh - imported),
    reasons: plan.reasons,
    errors: rowErrors(plan.errors),
  });
};
