// Time to import a spreadsheet of clients through POST /api/import/clients:
// 5,000 rows by default (target: under 5 s here), then the same file again
// (every row already known), and a phone's contacts as vCard.
//   npx tsx test/bench/import.ts [--rows 5000]
import { ownerSql } from "./seed";
import { startSeededServer } from "./server";

const i = process.argv.indexOf("--rows");
const ROWS = i > 0 ? Number(process.argv[i + 1]) : 5000;

const csv = [
  "name;phone;tags;notes",
  ...Array.from({ length: ROWS }, (_, n) => `Client ${n};05${String(20000000 + n).padStart(8, "0")};vip;imported`),
].join("\r\n");
const vcf = Array.from(
  { length: ROWS },
  (_, n) =>
    `BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Contact ${n}\r\nTEL;type=CELL:+972 54 ${String(3000000 + n).padStart(7, "0")}\r\nEND:VCARD`,
).join("\r\n");

async function main() {
  const owner = ownerSql("import");
  console.log("Starting wrangler dev --local...");
  const server = await startSeededServer([owner.sql]);
  const post = async (label: string, body: string, type: string) => {
    const started = performance.now();
    const res = await fetch(`${server.url}/api/import/clients`, {
      method: "POST",
      headers: { Cookie: owner.cookie, "Content-Type": type, Origin: server.url },
      body,
    });
    const answer = (await res.json()) as { imported?: number; skipped?: number; errors?: unknown[] };
    const ms = performance.now() - started;
    console.log(
      `${label.padEnd(34)} ${(ms / 1000).toFixed(2)} s  status ${res.status}, imported ${answer.imported}, skipped ${answer.skipped}, errors ${answer.errors?.length}`,
    );
  };
  try {
    await post(`CSV, ${ROWS} new rows (${(csv.length / 1024).toFixed(0)} KB)`, csv, "text/csv");
    await post(`CSV again, ${ROWS} known rows`, csv, "text/csv");
    await post(`vCard, ${ROWS} new cards (${(vcf.length / 1024).toFixed(0)} KB)`, vcf, "text/vcard");
  } finally {
    await server.stop();
  }
}

await main();
