// Importing clients from what phones, spreadsheets and salon software export:
// CSV or tab-separated text (import/csv.ts, its columns in import/columns.ts)
// and vCard 2.1/3.0/4.0 (import/vcard.ts), in whatever encoding the file was
// written (import/decode.ts), pictures left out before the size limit
// (import/read-upload.ts). Of a contact's numbers the mobile one is chosen
// (by column, label, type or WhatsApp's waid) and the others go into the
// notes; each number is checked against the business's country
// (import/phones.ts). Every row is then checked as Add Client checks a
// client; phones already in the list, or twice in the file, are skipped; the
// good rows are saved in one batch, so a failure saves none of them.
import { createDb } from "~db";
import { exceeds } from "~/services/auth/rate-limit.server";
import { AppError, problem, type Problem } from "~/utils/problem";
import { validate } from "~/validation/parse";
import { CLIENT_LIMITS, ClientImportRow } from "~/validation/clients";
import { kindRank, type Exporter } from "./import/columns";
import { readCsv } from "./import/csv";
import { decodeFile, type Encoding } from "./import/decode";
import { checkNumber } from "./import/phones";
import { readVcards, type Phone } from "./import/vcard";
import { MAX_IMPORT_BYTES } from "./import/read-upload";

export type ImportFormat = "csv" | "vcard";
/** One contact as read: its row (CSV, header = the row a spreadsheet shows) or card number (vCard). */
type ImportRow = { row: number; name: string; phones: Phone[]; tags: string[]; notes: string };
/** A row that will not be imported, and why (a message key, shown in the reader's language). */
export type ImportError = { row: number } & Problem;
export type PlannedRow = {
  row: number;
  name: string;
  phone: string;
  tags: string[];
  notes: string;
  status: "new" | "known" | "repeated";
};
/** How the file was read, for the preview to say. Column lists hold the file's own header names. */
export type ReadInfo = {
  format: ImportFormat;
  encoding: Encoding;
  /** CSV: the delimiter, the header's row, the exporter its headers match, the columns used. */
  delimiter?: string;
  headerRow?: number;
  exporter?: Exporter | null;
  columns?: { name: string[]; phone: string[]; tags: string[]; notes: string[] };
  /** vCard: the versions its cards declare. */
  versions?: string[];
  /** Pictures (and other binary values) left out of the file. */
  photos: number;
};
export type ParsedImport = {
  rows: ImportRow[];
  errors: ImportError[];
  read: ReadInfo;
  nameFrom: string;
  phoneFrom: string;
};
/** Why rows are skipped, counted by message key. */
export type ImportPlan = {
  rows: PlannedRow[];
  errors: ImportError[];
  fresh: number;
  known: number;
  repeated: number;
  reasons: Record<string, number>;
};

/** The most rows one file may hold. */
const MAX_IMPORT_ROWS = 10_000;
/** How many rows an import's preview shows (the screen's and the API's dry run). */
export const IMPORT_PREVIEW_ROWS = 20;
export { MAX_IMPORT_BYTES };
/** The largest body `POST /api/import/clients` takes before pictures are left out (the screen leaves them out in the browser). */
export const MAX_IMPORT_UPLOAD_BYTES = 32 * 1024 * 1024;
/** Imports (previews included) per business: each reads a whole file, so an account cannot keep a Worker busy with them. */
const IMPORT_RATE = { max: 30, windowMs: 10 * 60_000 } as const;
/** D1 refuses a bound value over 2,000,000 bytes: the rows go in as JSON chunks of at most this many bytes. */
const INSERT_CHUNK_BYTES = 900_000;

const rowError = (row: number, found: Problem): ImportError => ({ row, ...found });
const list = (names: string[]) => names.map((n) => `"${n}"`).join(", ");

/** Which parser a file needs, from its type or, failing that, its first characters. */
function formatOf(contentType: string | null, text: string): ImportFormat | null {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "text/vcard" || type === "text/x-vcard" || type === "text/directory") return "vcard";
  if (/^\s*BEGIN:VCARD/i.test(text.slice(0, 256).replace(/^\uFEFF/, ""))) return "vcard";
  if (
    type === "text/csv" ||
    type === "application/csv" ||
    type === "text/comma-separated-values" ||
    type === "text/tab-separated-values"
  )
    return "csv";
  if (type && type !== "text/plain" && type !== "application/octet-stream" && type !== "application/vnd.ms-excel")
    return null;
  return "csv";
}

/** Reads a decoded file's contacts; refuses (413) a file with more than MAX_IMPORT_ROWS of them. */
export function parseImport(
  format: ImportFormat,
  text: string,
  encoding: Encoding = "utf-8",
  photos = 0,
): ParsedImport {
  const tooMany = () => new AppError(413, "import.err.tooMany", { max: MAX_IMPORT_ROWS });
  if (format === "vcard") {
    const cards = readVcards(text, encoding, MAX_IMPORT_ROWS);
    if (cards.length > MAX_IMPORT_ROWS) throw tooMany();
    const versions = [...new Set(cards.map((c) => c.version))].sort();
    return {
      rows: cards.map((c) => ({
        row: c.card,
        name: c.name,
        phones: c.phones,
        tags: c.tags.slice(0, CLIENT_LIMITS.tags + 1),
        notes: c.notes,
      })),
      errors: [],
      read: { format, encoding, versions, photos },
      nameFrom: "FN, N",
      phoneFrom: "TEL",
    };
  }
  const csv = readCsv(text, { maxRows: MAX_IMPORT_ROWS, maxTags: CLIENT_LIMITS.tags });
  if (csv.tooMany) throw tooMany();
  const read: ReadInfo = {
    format,
    encoding,
    delimiter: csv.delimiter,
    headerRow: csv.headerRow,
    exporter: csv.exporter,
    photos,
  };
  if (!csv.columns && !csv.headers.length) return { rows: [], errors: [], read, nameFrom: "", phoneFrom: "" };
  if (!csv.columns) {
    const found =
      list(
        csv.headers
          .map((h) => h.trim())
          .filter(Boolean)
          .slice(0, 8),
      ) || "-";
    return {
      rows: [],
      errors: [rowError(csv.headerRow, problem("import.err.noColumns", { found }))],
      read,
      nameFrom: "",
      phoneFrom: "",
    };
  }
  const names = (at: number[]) => at.map((i) => csv.headers[i]);
  const c = csv.columns;
  const nameColumns = c.name.length
    ? names(c.name)
    : [...names(c.first), ...names(c.middle), ...names(c.last), ...names(c.nickname), ...names(c.company)];
  const phoneColumns = names(c.phones.map((p) => p.at));
  read.columns = { name: nameColumns, phone: phoneColumns, tags: names(c.tags), notes: names(c.notes) };
  return { rows: csv.rows, errors: [], read, nameFrom: list(nameColumns), phoneFrom: list(phoneColumns) };
}

/**
 * Of a contact's numbers, the one WhatsApp reaches: the first that passes,
 * by kind (WhatsApp, mobile, main, other, home, work; never a fax), and the
 * others for the notes. When none passes, the problem of the best one.
 */
function choosePhone(phones: Phone[], country: string) {
  const ranked = phones.map((p, i) => ({ p, i })).sort((a, b) => kindRank(a.p.kind) - kindRank(b.p.kind) || a.i - b.i);
  let chosen: { phone: Phone; digits: string } | null = null;
  let firstProblem: Problem | null = null;
  for (const { p } of ranked) {
    if (p.kind === "fax") continue;
    const checked = checkNumber(p.value, country, p.where);
    if (checked.ok) {
      chosen = { phone: p, digits: checked.digits };
      break;
    }
    firstProblem ??= checked.problem;
  }
  // The other numbers, each once (Outlook often has one number under both Mobile Phone and Primary Phone).
  const others: Phone[] = [];
  const noted = new Set(chosen ? [chosen.digits] : []);
  for (const p of phones) {
    if (p === chosen?.phone) continue;
    const checked = checkNumber(p.value, country, p.where);
    const key = checked.ok ? checked.digits : p.value;
    if (noted.has(key)) continue;
    noted.add(key);
    others.push(p);
  }
  return { chosen, problem: firstProblem, others };
}

/**
 * Checks and normalizes every row against the business's country and the
 * phones it already has. `known` is the set of stored phone digits.
 */
export function planImport(parsed: ParsedImport, country: string, known: Set<string>): ImportPlan {
  const errors = [...parsed.errors];
  const rows: PlannedRow[] = [];
  const seen = new Set<string>();
  let fresh = 0,
    knownCount = 0,
    repeated = 0;
  for (const r of parsed.rows) {
    const name = r.name.replace(/\s+/g, " ").trim();
    if (!name) {
      errors.push(rowError(r.row, problem("import.err.noName", { columns: parsed.nameFrom })));
      continue;
    }
    const { chosen, problem: phoneProblem, others } = choosePhone(r.phones, country);
    if (!chosen) {
      errors.push(rowError(r.row, phoneProblem ?? problem("import.err.noPhone", { columns: parsed.phoneFrom })));
      continue;
    }
    // Checked as the Add Client form checks a client (name length, tags); the number has passed above.
    const checked = validate(ClientImportRow, { name, phone: `+${chosen.digits}`, tags: r.tags });
    if (!checked.ok) {
      errors.push(rowError(r.row, checked.problem));
      continue;
    }
    const otherNumbers = others.map((p) => `${p.label || "Phone"}: ${p.value}`);
    const notes = [r.notes, ...otherNumbers].filter(Boolean).join("\n").slice(0, CLIENT_LIMITS.notes);
    const digits = chosen.digits;
    const status: PlannedRow["status"] = known.has(digits) ? "known" : seen.has(digits) ? "repeated" : "new";
    if (status === "known") knownCount++;
    else if (status === "repeated") repeated++;
    else fresh++;
    seen.add(digits);
    rows.push({ row: r.row, name: checked.value.name, phone: digits, tags: checked.value.tags, notes, status });
  }
  errors.sort((a, b) => a.row - b.row);
  const reasons: Record<string, number> = {};
  for (const e of errors) reasons[e.key] = (reasons[e.key] ?? 0) + 1;
  return { rows, errors, fresh, known: knownCount, repeated, reasons };
}

/** Saves the plan's new rows in one batch (all or nothing); answers how many were added. */
async function saveImport(d1: D1Database, businessId: string, plan: ImportPlan, now: number): Promise<number> {
  const fresh = plan.rows
    .filter((r) => r.status === "new")
    .map((r) => ({
      id: crypto.randomUUID(),
      name: r.name,
      phone: r.phone,
      tags: JSON.stringify(r.tags),
      notes: r.notes,
    }));
  if (!fresh.length) return 0;
  const insert = d1.prepare(
    `INSERT INTO clients (id, business_id, name, phone, tags, notes, created_at, updated_at)
     SELECT json_extract(value, '$.id'), ?1, json_extract(value, '$.name'), json_extract(value, '$.phone'),
            json_extract(value, '$.tags'), json_extract(value, '$.notes'), ?3, ?3
     FROM json_each(?2) WHERE true
     ON CONFLICT (business_id, phone) DO NOTHING`,
  );
  // One statement per chunk, all in one batch (one transaction): all or nothing still.
  const chunks: string[] = [];
  let part: string[] = [];
  let bytes = 2;
  for (const row of fresh) {
    const json = JSON.stringify(row);
    const size = json.length * 3 + 1; // UTF-8 takes at most 3 bytes per UTF-16 unit
    if (part.length && bytes + size > INSERT_CHUNK_BYTES) {
      chunks.push(`[${part.join(",")}]`);
      part = [];
      bytes = 2;
    }
    part.push(json);
    bytes += size;
  }
  chunks.push(`[${part.join(",")}]`);
  const results = await d1.batch(chunks.map((chunk) => insert.bind(businessId, chunk, now)));
  return results.reduce((sum, r) => sum + (r.meta.changes ?? 0), 0);
}

/** The business's stored phone digits. */
async function knownPhones(d1: D1Database, businessId: string): Promise<Set<string>> {
  const { results } = await d1
    .prepare("SELECT phone FROM clients WHERE business_id = ?")
    .bind(businessId)
    .all<{ phone: string }>();
  return new Set(results.map((r) => r.phone));
}

/** An uploaded file: its bytes with pictures already left out (import/read-upload.ts), and how many were. */
export type ImportFile = { type: string | null; bytes: Uint8Array; photos?: number };

/** A file's contacts as read, without a look at the database: decoded, its format found, parsed. */
export function readImportFile(file: ImportFile): { format: ImportFormat; parsed: ParsedImport } {
  const { text, encoding } = decodeFile(file.bytes);
  const format = formatOf(file.type, text);
  if (!format) throw new AppError(415, "import.err.format");
  const parsed = parseImport(format, text, encoding, file.photos ?? 0);
  if (!parsed.rows.length && !parsed.errors.length) throw new AppError(400, "import.err.empty");
  return { format, parsed };
}

/** The whole import: parse, plan, and (unless `dryRun`) save. A file it cannot take is an AppError (415, 413, 429, 400). */
export async function importClients(
  d1: D1Database,
  business: { id: string; country: string },
  file: ImportFile,
  opts: { dryRun: boolean; now: number },
) {
  if (file.bytes.length > MAX_IMPORT_BYTES)
    throw new AppError(413, "import.err.tooLarge", { max: MAX_IMPORT_BYTES / 1024 / 1024 });
  if (!formatOf(file.type, "")) throw new AppError(415, "import.err.format");
  if (await exceeds(createDb(d1), `import:${business.id}`, IMPORT_RATE, opts.now))
    throw new AppError(429, "import.err.rateLimited");
  const { format, parsed } = readImportFile(file);
  const plan = planImport(parsed, business.country, await knownPhones(d1, business.id));
  const imported = opts.dryRun ? 0 : await saveImport(d1, business.id, plan, opts.now);
  return { format, plan, imported, read: parsed.read };
}
