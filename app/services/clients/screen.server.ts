// The Clients screen's loader and action logic (cookie session, form posts);
// the same services as the JSON API.
import { data } from "@remix-run/cloudflare";
import type { Db } from "../../../db";
import { ServiceError } from "~/services/service-error";
import { AppError } from "~/utils/problem";
import { listQuery } from "~/services/list-query.server";
import { formatPhone } from "~/utils/phone";
import { validateClientCreate, validateClientPatch } from "./client-input";
import { clearAwaiting } from "~/services/replies/replies.server";
import { CLIENT_NOT_FOUND, CLIENT_PAGE_MAX, createClient, deleteClient, listClients, updateClient, type BusinessRef, type ClientView } from "./clients.server";
import { importClients, MAX_IMPORT_BYTES, type ImportError, type PlannedRow } from "./import.server";

export type ClientItem = ClientView & { phone_display: string };
/** What the Import modal shows before saving. */
export type ImportPreview = {
  fresh: number; known: number; repeated: number; invalid: number;
  rows: (Pick<PlannedRow, "row" | "name" | "status"> & { phone_display: string })[];
  errors: ImportError[];
};
export type ClientActionResult =
  | { ok: true; intent: "create" | "update"; client: ClientItem }
  | { ok: true; intent: "delete"; id: string }
  | { ok: true; intent: "import-preview"; preview: ImportPreview }
  | { ok: true; intent: "import"; imported: number; skipped: number; errors: ImportError[] }
  | { ok: true; intent: "clear-waiting"; id: string }
  | { ok: false; message: string };

export const IMPORT_PREVIEW_ROWS = 20;

/** The uploaded file's text and type (from its type, else its name). */
async function uploaded(form: FormData): Promise<{ type: string | null; text: string } | string> {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return "Choose a CSV or vCard file.";
  if (file.size > MAX_IMPORT_BYTES) return "The file is too large.";
  const byName = /\.vcf$/i.test(file.name) ? "text/vcard" : /\.csv$/i.test(file.name) ? "text/csv" : null;
  return { type: byName ?? (file.type || null), text: await file.text() };
}

export const withDisplay = (c: ClientView): ClientItem => ({ ...c, phone_display: formatPhone(c.phone) });

/** A bad query string (hand-edited URL) is a 400 page, not a crash. */
export function badRequestOnServiceError(error: unknown): never {
  if (error instanceof ServiceError) throw new Response(error.message, { status: error.status });
  if (error instanceof AppError) throw new Response(error.problem.key, { status: error.status });
  throw error;
}

export async function clientsPage(db: Db, business: BusinessRef, params: URLSearchParams, now: number) {
  try {
    const options = listQuery(params, CLIENT_PAGE_MAX);
    const page = await listClients(db, business, options, now);
    return { clients: page.clients.map(withDisplay), next_cursor: page.next_cursor, filters: { q: options.q, from: options.from ?? "", to: options.to ?? "" } };
  } catch (error) {
    badRequestOnServiceError(error);
  }
}

const fields = (form: FormData, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => form.has(k)).map((k) => [k, form.get(k)])) as Record<string, unknown>;

/** The Import modal's posts (a file each): preview it, or save it. */
export async function importAction(deps: { env: Env; now: number }, business: BusinessRef, form: FormData) {
  const { now } = deps;
  const fail = (message: string, status: number) => data<ClientActionResult>({ ok: false, message }, { status });
  const intent = String(form.get("intent") ?? "");
  if (intent !== "import-preview" && intent !== "import") return fail("Unknown action.", 400);
  const file = await uploaded(form);
  if (typeof file === "string") return fail(file, 400);
  const result = await importClients(deps.env.DB, business, file, { dryRun: intent === "import-preview", now });
  if (!result.ok) return fail(result.message, result.status);
  const { plan } = result;
  if (intent === "import") {
    const skipped = plan.known + plan.repeated + (plan.fresh - result.imported);
    return data<ClientActionResult>({ ok: true, intent, imported: result.imported, skipped, errors: plan.errors });
  }
  const rows = plan.rows.slice(0, IMPORT_PREVIEW_ROWS).map((r) => ({ row: r.row, name: r.name, status: r.status, phone_display: formatPhone(r.phone) }));
  return data<ClientActionResult>({
    ok: true, intent, preview: { fresh: plan.fresh, known: plan.known, repeated: plan.repeated, invalid: plan.errors.length, rows, errors: plan.errors },
  });
}

export async function clientsAction(deps: { db: Db; env: Env; now: number }, business: BusinessRef, form: FormData) {
  const { db, now } = deps;
  const fail = (message: string, status: number) => data<ClientActionResult>({ ok: false, message }, { status });
  try {
    const intent = String(form.get("intent") ?? "");
    const id = String(form.get("id") ?? "");
    if (intent === "create") {
      const input = validateClientCreate(fields(form, ["name", "phone", "tags", "notes"]));
      if (!input.ok) return fail(input.message, 400);
      return data<ClientActionResult>({ ok: true, intent, client: withDisplay(await createClient(db, business, input.value, now)) });
    }
    if (intent === "update") {
      const patch = validateClientPatch(fields(form, ["name", "phone", "tags", "notes"]));
      if (!patch.ok) return fail(patch.message, 400);
      return data<ClientActionResult>({ ok: true, intent, client: withDisplay(await updateClient(db, business, id, patch.value, now)) });
    }
    if (intent === "clear-waiting") {
      if (!(await clearAwaiting(deps.env.DB, business.id, id))) return fail(CLIENT_NOT_FOUND, 404);
      return data<ClientActionResult>({ ok: true, intent, id });
    }
    if (intent === "delete") {
      await deleteClient(deps, business.id, id);
      return data<ClientActionResult>({ ok: true, intent, id });
    }
    return fail("Unknown action.", 400);
  } catch (error) {
    if (error instanceof ServiceError) return fail(error.message, error.status);
    if (error instanceof AppError) return fail(error.problem.key, error.status);
    throw error;
  }
}
