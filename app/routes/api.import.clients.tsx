// POST /api/import/clients: the file itself is the body (Content-Type
// text/csv or text/vcard). ?dry_run=1 answers the preview without saving.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/security/signed-in.server";
import { importClients } from "~/services/clients/import.server";
import { apiRoute } from "~/utils/api-handler.server";
import { apiText, json, methodNotAllowed } from "~/utils/http.server";

/** How many rows the preview shows. */
export const PREVIEW_ROWS = 20;

export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  if (request.method !== "POST") return methodNotAllowed();
  const { business } = await requireApiUser(request, context.cloudflare.env);
  const text = await request.text(); // the request guard has already refused a body over MAX_IMPORT_BYTES
  const dryRun = ["1", "true"].includes(new URL(request.url).searchParams.get("dry_run") ?? "");
  const result = await importClients(context.cloudflare.env.DB, business, { type: request.headers.get("Content-Type"), text }, { dryRun, now: Date.now() });
  if (!result.ok) return apiText(result.status, result.message);
  const { plan, imported } = result;
  const skipped = plan.known + plan.repeated;
  if (dryRun) {
    return json({
      success: true, dry_run: true, format: result.format, new: plan.fresh, known: plan.known, repeated: plan.repeated,
      invalid: plan.errors.length, rows: plan.rows.slice(0, PREVIEW_ROWS), errors: plan.errors,
    });
  }
  // A phone added meanwhile by someone else is skipped by the insert, not duplicated.
  return json({ success: true, imported, skipped: skipped + (plan.fresh - imported), errors: plan.errors });
});

export const loader = () => methodNotAllowed();
