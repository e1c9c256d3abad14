// Spreadsheets and contact exports as CSV (or tab-separated text): papaparse
// reads the records (any delimiter, quoting, cells over several lines); this
// finds the header wherever the first rows put it (after Excel's "sep=;"
// line, below a title row) and reads each row through the column table.
import Papa from "papaparse";
import { columnsOf, exporterOf, kindOfLabel, type ColumnMap, type Exporter } from "./columns";
import { isScientific } from "./phones";
import type { Phone } from "./vcard";

type CsvRow = { row: number; name: string; phones: Phone[]; tags: string[]; notes: string };
export type CsvRead = {
  rows: CsvRow[];
  /** The file has more rows than the import reads. */
  tooMany: boolean;
  /** The header's row number (1 = the first row a spreadsheet shows), or the first row when no header was found. */
  headerRow: number;
  headers: string[];
  columns: ColumnMap | null;
  delimiter: string;
  exporter: Exporter | null;
};

/** How many rows from the top may hold titles before the header. */
const HEADER_SEARCH_ROWS = 10;
/** Rows read at most, empty ones included, per row the import takes: past them the file is refused unread. */
const ROWS_READ_PER_ROW = 3;
/** Lines a file may have per row the import takes (a note over several lines is one row on several lines). */
const LINES_PER_ROW = 10;

/** True when `text` has more than `max` line breaks: counted before papaparse, which splits a whole unquoted file at once. */
function hasMoreLines(text: string, max: number): boolean {
  let at = -1;
  for (let n = 0; n <= max; n++) {
    at = text.indexOf("\n", at + 1);
    if (at < 0) return false;
  }
  return true;
}
/** Numbers one cell may hold ("054... ::: 03..."); more are not a person's. */
const MAX_NUMBERS_PER_CELL = 5;

/** A header row names a phone column and a name (or company) column. */
const isHeader = (c: ColumnMap) =>
  c.phones.length > 0 && c.name.length + c.first.length + c.last.length + c.nickname.length + c.company.length > 0;

/** The numbers of one cell: Google joins several with " ::: ", people with ";", "," or a new line. */
function numbersOf(cell: string): string[] {
  const value = cell.trim();
  if (!value) return [];
  if (isScientific(value)) return [value];
  return value
    .split(/:::|[;,|\n]/, MAX_NUMBERS_PER_CELL)
    .map((n) => n.trim())
    .filter(Boolean);
}

const GOOGLE_SYSTEM_GROUP = /^\*\s*(mycontacts|starred)$/i;

/** Tags of one cell (Google joins groups with " ::: " and adds its own "* myContacts" and "* starred"); at most one over `cap` is kept, for the check to refuse. */
function splitTags(value: string, cap: number): string[] {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const piece of value.split(/:::|[,;|]/)) {
    const trimmed = piece.trim();
    if (!trimmed || GOOGLE_SYSTEM_GROUP.test(trimmed)) continue;
    const tag = trimmed.replace(/^\*\s*/, "");
    const folded = tag.toLowerCase();
    if (seen.has(folded)) continue;
    seen.add(folded);
    tags.push(tag);
    if (tags.length > cap) break;
  }
  return tags;
}

export function readCsv(source: string, opts: { maxRows: number; maxTags: number }): CsvRead {
  let text = source.replace(/^\uFEFF/, "");
  // Excel's "sep=;" first line names the delimiter (and Excel does not show it as a row).
  const sep = /^sep=(.)[^\S\r\n]*(?:\r\n|\r|\n)/i.exec(text);
  if (sep) text = text.slice(sep[0].length);
  const records: { row: number; cells: string[] }[] = [];
  if (hasMoreLines(text, opts.maxRows * LINES_PER_ROW))
    return { rows: [], tooMany: true, headerRow: 1, headers: [], columns: null, delimiter: ",", exporter: null };
  let row = 0;
  let tooMany = false;
  const maxRead = (opts.maxRows + HEADER_SEARCH_ROWS) * ROWS_READ_PER_ROW;
  let delimiter = sep?.[1] ?? ",";
  Papa.parse<string[]>(text, {
    delimiter: sep?.[1] ?? "",
    delimitersToGuess: [",", ";", "\t", "|"],
    skipEmptyLines: false,
    step(result, parser) {
      row++;
      delimiter = result.meta.delimiter;
      // Nothing past the cap is read: the file is refused anyway.
      if (row > maxRead) {
        tooMany = true;
        return parser.abort();
      }
      const cells = result.data;
      if (!cells.some((c) => c.trim() !== "")) return;
      records.push({ row, cells });
      if (records.length > opts.maxRows + HEADER_SEARCH_ROWS) {
        tooMany = true;
        parser.abort();
      }
    },
  });
  const empty: CsvRead = {
    rows: [],
    tooMany,
    headerRow: records[0]?.row ?? 1,
    headers: records[0]?.cells ?? [],
    columns: null,
    delimiter,
    exporter: null,
  };
  const headerAt = records.slice(0, HEADER_SEARCH_ROWS).findIndex((r) => isHeader(columnsOf(r.cells)));
  if (headerAt < 0) return empty;
  const headers = records[headerAt].cells.map((h) => h.trim());
  const columns = columnsOf(headers);
  const cell = (cells: string[], at: number) => (at >= 0 ? (cells[at] ?? "").trim() : "");
  const joined = (cells: string[], at: number[], sep: string) =>
    at
      .map((i) => cell(cells, i))
      .filter(Boolean)
      .join(sep);
  const rows = records.slice(headerAt + 1).map(({ row, cells }): CsvRow => {
    const person = [
      joined(cells, columns.first, " "),
      joined(cells, columns.middle, " "),
      joined(cells, columns.last, " "),
    ]
      .filter(Boolean)
      .join(" ");
    // Of several name columns (WhatsApp exports: Name, Saved Name, Public Name) the first that is filled in.
    const name =
      columns.name.map((i) => cell(cells, i)).find(Boolean) ||
      person ||
      joined(cells, columns.nickname, " ") ||
      joined(cells, columns.company, " ");
    const phones: Phone[] = [];
    for (const { at, kind, labelAt } of columns.phones) {
      const label = cell(cells, labelAt).replace(/^\*\s*/, "");
      for (const value of numbersOf(cell(cells, at))) {
        phones.push({
          value,
          label: label || headers[at],
          kind: (label && kindOfLabel(label)) || kind,
          where: headers[at],
        });
      }
    }
    const tags = splitTags(columns.tags.map((i) => cell(cells, i)).join(","), opts.maxTags);
    return { row, name, phones, tags, notes: joined(cells, columns.notes, "\n") };
  });
  return {
    rows,
    tooMany: tooMany || rows.length > opts.maxRows,
    headerRow: records[headerAt].row,
    headers,
    columns,
    delimiter,
    exporter: exporterOf(headers),
  };
}
