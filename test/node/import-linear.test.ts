// RELIABILITY 19 for the client import: every shape that once made a parse
// quadratic (or could), at the largest size the import accepts, is read in
// well under a second of CPU. Measured as this process's CPU time, so other
// work on the machine does not move the figure much; a quadratic path takes
// many seconds at these sizes.
import { describe, expect, it } from "vitest";
import { MAX_IMPORT_BYTES, parseImport, planImport, type ImportFormat } from "../../app/services/clients/import.server";

/** `head`, then `unit` repeated until the text is just under the import's size limit, then `tail`. */
function fill(head: string, unit: string, tail = "") {
  const room = MAX_IMPORT_BYTES - 1024 - head.length - tail.length;
  return head + unit.repeat(Math.floor(room / unit.length)) + tail;
}

/** As many distinct short tags as fit under the limit (about 200,000). */
function distinctTags() {
  const tags: string[] = [];
  for (let i = 0, size = 0; size < MAX_IMPORT_BYTES - 2048; i++) {
    tags.push(`t${i}`);
    size += String(i).length + 2;
  }
  return tags.join(",");
}

const SHAPES: [string, ImportFormat, string][] = [
  ["BEGIN:VCARD lines with no END:VCARD", "vcard", fill("", "BEGIN:VCARD\r\n")],
  [
    "a few thousand open cards with long lines",
    "vcard",
    fill("", "BEGIN:VCARD\r\nVERSION:2.1\r\nNOTE;ENCODING=QUOTED-PRINTABLE:" + "=41".repeat(60) + "=\r\n"),
  ],
  ["a phone cell of spaces", "csv", fill("name,phone\r\nMaya,", " ", "x\r\n")],
  ["spaces around separators in a phone cell", "csv", fill("name,phone\r\nMaya,", " ; , / ::: ", "0521234567\r\n")],
  [
    "spaces around separators in a tags cell",
    "csv",
    fill("name,phone,tags\r\nMaya,0521234567,", " ;  ,  ::: ", "x\r\n"),
  ],
  ["distinct tags in one cell", "csv", "name,phone,tags\r\nMaya,0521234567," + distinctTags()],
  ["thousands of tiny fields", "csv", fill("name,phone\r\n", ",")],
  ["empty lines", "csv", fill("name,phone\r\n", "\r\n")],
  ["quotes", "csv", fill('name,phone\r\n"', '""')],
];

describe("the import reads every file in linear time", () => {
  for (const [shape, format, text] of SHAPES) {
    it(`${shape}: ${Math.round(text.length / 1024)} KB in well under a second`, () => {
      expect(text.length).toBeLessThanOrEqual(MAX_IMPORT_BYTES);
      const run = (input: string) => {
        try {
          planImport(parseImport(format, input), "IL", new Set());
        } catch (error) {
          // Too many rows is a clear refusal, not a failure.
          expect(String((error as Error).message)).toBe("import.err.tooMany");
        }
      };
      run(text.slice(0, 50_000)); // a warm Worker has compiled the parser already
      const started = process.cpuUsage();
      run(text);
      const used = process.cpuUsage(started);
      expect((used.user + used.system) / 1000).toBeLessThan(500);
    });
  }
});
