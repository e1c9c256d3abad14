// Importing clients from a spreadsheet (CSV) or a phone's contacts (vCard).
// Parsing is papaparse's (CSV: any column order, comma or semicolon, with or
// without a BOM) and ical.js's (vCard 3.0/4.0; Android's 2.1 cards are
// rewritten to 3.0 first). Every row is checked as the Add Client form checks
// it; phones already in the list, or twice in the file, are skipped; the good
// rows are saved in one statement, so a failure saves none of them.
import ICAL from "ical.js";
import Papa from "papaparse";
import { normalizePhone } from "~/utils/phone";
import { AppError, problem, type Problem } from "~/utils/problem";
import { validate } from "~/validation/parse";
import { CLIENT_LIMITS, ClientImportRow } from "~/validation/clients";

export type ImportFormat = "csv" | "vcard";
export type ImportRow = { row: number; name: string; phone: string; tags: string[]; notes: string };
/** A row that will not be imported, and why (a message key, shown in the reader's language). */
export type ImportError = { row: number } & Problem;
export type PlannedRow = ImportRow & { status: "new" | "known" | "repeated" };
export type ImportPlan = { rows: PlannedRow[]; errors: ImportError[]; fresh: number; known: number; repeated: number };

/** The most rows one file may hold. */
export const MAX_IMPORT_ROWS = 10_000;
/** The largest file accepted (a 10,000-row CSV is well under it). */
/** How many rows an import's preview shows (the screen's and the API's dry run). */
export const IMPORT_PREVIEW_ROWS = 20;

export const MAX_IMPORT_BYTES = 2 * 1024 * 1024;

const rowError = (row: number, found: Problem): ImportError => ({ row, ...found });

/** Header words in English and Hebrew (lower-cased, without spaces, dashes or underscores). */
const HEADERS = {
  name: ["name", "fullname", "displayname", "client", "clientname", "customer", "contact", "שם", "שםמלא", "לקוח", "שםלקוח"],
  first: ["firstname", "givenname", "שםפרטי"],
  last: ["lastname", "familyname", "surname", "שםמשפחה"],
  phone: [
    "phone",
    "phonenumber",
    "mobile",
    "mobilephone",
    "cell",
    "cellphone",
    "tel",
    "telephone",
    "whatsapp",
    "phone1value",
    "טלפון",
    "נייד",
    "מספרטלפון",
    "טלפוןנייד",
    "פלאפון",
  ],
  tags: ["tags", "tag", "labels", "groups", "categories", "groupmembership", "תגיות", "תגית", "קבוצות"],
  notes: ["notes", "note", "comments", "remarks", "הערות", "הערה"],
} as const;

const headerKey = (h: string) =>
  h
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_\-.:]/g, "");

function columnsOf(headers: string[]) {
  const find = (words: readonly string[]) => headers.findIndex((h) => (words as readonly string[]).includes(headerKey(h)));
  // A phone column by its exact word, else any header that speaks of a phone ("Phone 2 - Value", "Mobile Phone").
  let phone = find(HEADERS.phone);
  if (phone < 0) phone = headers.findIndex((h) => /phone|mobile|טלפון|נייד/i.test(h) && !/type|סוג/i.test(h));
  return { name: find(HEADERS.name), first: find(HEADERS.first), last: find(HEADERS.last), phone, tags: find(HEADERS.tags), notes: find(HEADERS.notes) };
}

/** CSV rows; `row` is the line number in the file, the header being line 1. */
export function parseCsv(text: string): { rows: ImportRow[]; errors: ImportError[] } {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { delimitersToGuess: [",", ";", "\t"], skipEmptyLines: false });
  const lines = parsed.data;
  const headerAt = lines.findIndex((l) => l.some((c) => c.trim() !== ""));
  if (headerAt < 0) return { rows: [], errors: [] };
  const cols = columnsOf(lines[headerAt]);
  if ((cols.name < 0 && cols.first < 0 && cols.last < 0) || cols.phone < 0) {
    return { rows: [], errors: [rowError(headerAt + 1, problem("import.err.noColumns"))] };
  }
  const cell = (line: string[], i: number) => (i >= 0 ? (line[i] ?? "").trim() : "");
  const rows: ImportRow[] = [];
  for (let i = headerAt + 1; i < lines.length; i++) {
    const line = lines[i];
    if (!line.some((c) => c.trim() !== "")) continue;
    const name = cell(line, cols.name) || [cell(line, cols.first), cell(line, cols.last)].filter(Boolean).join(" ");
    // Spreadsheet exports join several numbers with " ::: " (Google) or ";": the first one counts.
    const phone = cell(line, cols.phone).split(/\s*:::\s*|\s*[;,/]\s*/)[0] ?? "";
    const tags = cell(line, cols.tags)
      .replace(/\s*:::\s*/g, ",")
      .replace(/\* ?myContacts,?/gi, "");
    rows.push({ row: i + 1, name, phone, tags: splitTags(tags), notes: cell(line, cols.notes) });
  }
  return { rows, errors: [] };
}

const splitTags = (value: string) =>
  value
    .split(/[,;|]/)
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * Android exports vCard 2.1: bare type parameters ("TEL;CELL:") and
 * quoted-printable UTF-8 values. Rewritten to 3.0 so ical.js reads them.
 */
function upgradeVcard21(text: string): string {
  const unfolded = text.replace(/=\r?\n/g, (m, offset: number, all: string) => (isQpLine(all, offset) ? "" : m)).replace(/\r?\n[ \t]/g, "");
  return unfolded
    .split(/\r?\n/)
    .map((line) => {
      const colon = line.indexOf(":");
      if (colon < 0) return line;
      let [name, ...params] = line.slice(0, colon).split(";");
      let value = line.slice(colon + 1);
      const qp = params.some((p) => /^encoding=quoted-printable$/i.test(p));
      params = params.filter((p) => !/^(encoding=quoted-printable|charset=[\w-]+|quoted-printable)$/i.test(p)).map((p) => (p.includes("=") ? p : `TYPE=${p}`));
      if (qp) value = decodeQuotedPrintable(value);
      if (/^version$/i.test(name)) value = "3.0";
      name = name.replace(/^item\d+\./i, "");
      return [name, ...params].join(";") + ":" + value;
    })
    .join("\r\n");
}

function isQpLine(all: string, offset: number): boolean {
  const start = all.lastIndexOf("\n", offset) + 1;
  return /ENCODING=QUOTED-PRINTABLE/i.test(all.slice(start, offset));
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    if (value[i] === "=" && /^[0-9A-F]{2}$/i.test(value.slice(i + 1, i + 3))) {
      bytes.push(parseInt(value.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of new TextEncoder().encode(value[i])) bytes.push(b);
    }
  }
  // vCard text escapes (";" "," in N) stay as they are; ical.js reads them.
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** Cards, numbered from 1 in the order of the file. Of several TEL lines the mobile one wins, else the first. */
export function parseVcard(text: string): { rows: ImportRow[]; errors: ImportError[] } {
  const source = text.replace(/^\uFEFF/, "");
  const cards = source.match(/BEGIN:VCARD[\s\S]*?END:VCARD/gi) ?? [];
  const rows: ImportRow[] = [];
  const errors: ImportError[] = [];
  cards.forEach((raw, index) => {
    const row = index + 1;
    try {
      const card = new ICAL.Component(ICAL.parse(/VERSION:2\.1/i.test(raw) ? upgradeVcard21(raw) : raw));
      const fn = String(card.getFirstPropertyValue("fn") ?? "").trim();
      const n = card.getFirstPropertyValue("n") as unknown;
      const fromN = Array.isArray(n)
        ? [n[1], n[2], n[0]]
            .map((p) => (Array.isArray(p) ? p.join(" ") : String(p ?? "")).trim())
            .filter(Boolean)
            .join(" ")
        : "";
      const tels = card.getAllProperties("tel");
      const typeOf = (p: ICAL.Property) => String(p.getParameter("type") ?? "").toLowerCase();
      const tel = tels.find((p) => /cell|mobile|iphone/.test(typeOf(p))) ?? tels[0];
      const phone = tel
        ? String(tel.getFirstValue() ?? "")
            .replace(/^tel:/i, "")
            .trim()
        : "";
      const categories = card.getAllProperties("categories").flatMap((p) => p.getValues().map(String));
      const note = String(card.getFirstPropertyValue("note") ?? "").trim();
      rows.push({ row, name: fn || fromN, phone, tags: categories.map((c) => c.trim()).filter(Boolean), notes: note });
    } catch {
      errors.push(rowError(row, problem("import.err.unreadable")));
    }
  });
  return { rows, errors };
}

/**
 * Checks and normalizes every row against the business's country and the
 * phones it already has. `known` is the set of stored phone digits.
 */
export function planImport(parsed: { rows: ImportRow[]; errors: ImportError[] }, country: string, known: Set<string>): ImportPlan {
  const errors = [...parsed.errors];
  const rows: PlannedRow[] = [];
  const seen = new Set<string>();
  let fresh = 0,
    knownCount = 0,
    repeated = 0;
  for (const r of parsed.rows) {
    // Checked as the Add Client form checks a client, except that a missing phone says so.
    const checked = validate(ClientImportRow, { name: r.name.replace(/\s+/g, " "), phone: r.phone, tags: r.tags });
    if (!checked.ok) {
      errors.push(rowError(r.row, checked.problem));
      continue;
    }
    const { name, tags } = checked.value;
    const phone = normalizePhone(checked.value.phone, country);
    if (!phone.ok) continue; // the schema has applied the same rule
    const notes = r.notes.slice(0, CLIENT_LIMITS.notes);
    const status: PlannedRow["status"] = known.has(phone.digits) ? "known" : seen.has(phone.digits) ? "repeated" : "new";
    if (status === "known") knownCount++;
    else if (status === "repeated") repeated++;
    else fresh++;
    seen.add(phone.digits);
    rows.push({ row: r.row, name, phone: phone.digits, tags, notes, status });
  }
  errors.sort((a, b) => a.row - b.row);
  return { rows, errors, fresh, known: knownCount, repeated };
}

/** Which parser a file needs, from its type or, failing that, its first bytes. */
export function formatOf(contentType: string | null, text: string): ImportFormat | null {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  if (type === "text/vcard" || type === "text/x-vcard" || type === "text/directory") return "vcard";
  if (type === "text/csv" || type === "application/csv" || type === "text/comma-separated-values") return "csv";
  if (type && type !== "text/plain" && type !== "application/octet-stream") return null;
  return /^\uFEFF?\s*BEGIN:VCARD/i.test(text) ? "vcard" : "csv";
}

export function parseImport(format: ImportFormat, text: string) {
  return format === "vcard" ? parseVcard(text) : parseCsv(text);
}

/** Saves the plan's new rows in one statement (all or nothing); answers how many were added. */
export async function saveImport(d1: D1Database, businessId: string, plan: ImportPlan, now: number): Promise<number> {
  const fresh = plan.rows
    .filter((r) => r.status === "new")
    .map((r) => ({ id: crypto.randomUUID(), name: r.name, phone: r.phone, tags: JSON.stringify(r.tags), notes: r.notes }));
  if (!fresh.length) return 0;
  const res = await d1
    .prepare(
      `INSERT INTO clients (id, business_id, name, phone, tags, notes, created_at, updated_at)
       SELECT json_extract(value, '$.id'), ?1, json_extract(value, '$.name'), json_extract(value, '$.phone'),
              json_extract(value, '$.tags'), json_extract(value, '$.notes'), ?3, ?3
       FROM json_each(?2) WHERE true
       ON CONFLICT (business_id, phone) DO NOTHING`,
    )
    .bind(businessId, JSON.stringify(fresh), now)
    .run();
  return res.meta.changes ?? 0;
}

/** The business's stored phone digits. */
export async function knownPhones(d1: D1Database, businessId: string): Promise<Set<string>> {
  const { results } = await d1.prepare("SELECT phone FROM clients WHERE business_id = ?").bind(businessId).all<{ phone: string }>();
  return new Set(results.map((r) => r.phone));
}

/** The whole import: parse, plan, and (unless `dryRun`) save. A file it cannot take is an AppError (415, 413, 400). */
export async function importClients(
  d1: D1Database,
  business: { id: string; country: string },
  file: { type: string | null; text: string },
  opts: { dryRun: boolean; now: number },
) {
  const format = formatOf(file.type, file.text);
  if (!format) throw new AppError(415, "import.err.format");
  const parsed = parseImport(format, file.text);
  if (parsed.rows.length > MAX_IMPORT_ROWS) throw new AppError(413, "import.err.tooMany", { max: MAX_IMPORT_ROWS });
  if (!parsed.rows.length && !parsed.errors.length) throw new AppError(400, "import.err.empty");
  const plan = planImport(parsed, business.country, await knownPhones(d1, business.id));
  const imported = opts.dryRun ? 0 : await saveImport(d1, business.id, plan, opts.now);
  return { format, plan, imported };
}
