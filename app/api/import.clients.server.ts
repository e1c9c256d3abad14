// POST /api/import/clients: the file itself is the body (Content-Type
// text/csv or text/vcard). ?dry_run=1 answers the preview without saving.
// Rows that will not be imported are listed with their line (or card) number
// and the English text of their problem.
import { requireApiUser } from "~/security/signed-in.server";
import { IMPORT_PREVIEW_ROWS, importClients, type ImportError } from "~/services/clients/import.server";
import { translator } from "~/i18n/messages.server";
import { json, methodNotAllowed } from "~/utils/http.server";
import type { ApiHandler } from "./router.server";

const english = translator("en");
const rowErrors = (errors: ImportError[]) => errors.map((e) => ({ row: e.row, message: english(e.key, e.params), key: e.key }));

export const action: ApiHandler = async ({ request, env }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { business } = await requireApiUser(request, env);
  const text = await request.text(); // the request guard has already refused a body over MAX_IMPORT_BYTES
  const dryRun = ["1", "true"].includes(new URL(request.url).searchParams.get("dry_run") ?? "");
  const { format, plan, imported } = await importClients(env.DB, business, { type: request.headers.get("Content-Type"), text }, { dryRun, now: Date.now() });
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
      rows: plan.rows.slice(0, IMPORT_PREVIEW_ROWS),
      errors: rowErrors(plan.errors),
    });
  }
  // A phone added meanwhile by someone else is skipped by the insert, not duplicated.
  return json({ success: true, imported, skipped: skipped + (plan.fresh - imported), errors: rowErrors(plan.errors) });
};
