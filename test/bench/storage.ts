// Bytes per business in D1 (SQLite pages, indexes included) at the list
// benchmark's size: 5,000 clients, 50,000 bookings, plus stored WhatsApp
// messages and scheduled rule messages. Feeds docs/SCALING.md.
//   npx tsx test/bench/storage.ts [--clients 5000] [--bookings 50000] [--messages 100000] [--scheduled 20000]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ownerSql, volumeSql } from "./seed";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const CLIENTS = arg("clients", 5000),
  BOOKINGS = arg("bookings", 50_000),
  MESSAGES = arg("messages", 100_000),
  SCHEDULED = arg("scheduled", 20_000);
const env = {
  ...process.env,
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  WRANGLER_SEND_METRICS: "false",
  CI: "true",
  NO_COLOR: "1",
};
const persist = mkdtempSync(path.join(tmpdir(), "chatbook-storage-"));

function d1(args: string[]) {
  const run = spawnSync("npx", ["wrangler", "d1", ...args, "--local", "--persist-to", persist], {
    env,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) throw new Error(run.stderr || run.stdout);
  return run.stdout;
}
function sql(text: string) {
  const file = path.join(persist, `q-${Math.random().toString(36).slice(2)}.sql`);
  writeFileSync(file, text);
  return d1(["execute", "DB", "--file", file]);
}
/** The local D1's SQLite file (D1 itself does not expose its page counts): what the database takes, indexes included. */
function bytes(): number {
  const files = readdirSync(persist, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".sqlite"));
  return files.reduce((sum, f) => sum + statSync(path.join(persist, f)).size, 0);
}

try {
  d1(["migrations", "apply", "DB"]);
  const empty = bytes();
  const owner = ownerSql("storage");
  sql(owner.sql + volumeSql(owner.businessId, CLIENTS, BOOKINGS));
  const lists = bytes();
  const biz = owner.businessId;
  sql(`
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${MESSAGES})
INSERT INTO wa_messages (id, business_id, provider_id, chat_id, from_me, body, timestamp, created_at)
SELECT lower(hex(randomblob(16))), '${biz}', 'false_97250' || printf('%07d', i % ${CLIENTS}) || '@c.us_3EB0' || hex(randomblob(8)),
  '97250' || printf('%07d', i % ${CLIENTS}) || '@c.us', i % 2, 'Hi! Can I come tomorrow at 5pm for a haircut? Thanks so much', 1700000000000 + i * 1000, 1700000000000 FROM n;
INSERT INTO rules (id, business_id, group_id, type, services, template, schedule_type, schedule_value)
VALUES ('r1', '${biz}', 'g1', 'reminder', '["Haircut"]', 'Hi {name}, see you for your {service} on {date}!', 'preset', '1');
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${Math.min(SCHEDULED, BOOKINGS)})
INSERT INTO scheduled_messages (id, business_id, rule_id, booking_id, send_date, send_time, send_at, status, provider_message_id, created_at, updated_at)
SELECT lower(hex(randomblob(16))), '${biz}', 'r1', '${biz}_b' || i, '2030-01-01', '10:00', 1893492000000 + i, 'sent', 'true_97250' || printf('%07d', i) || '@c.us_3EB0' || hex(randomblob(8)), 1700000000000, 1700000000000 FROM n;`);
  const all = bytes();
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  console.log(`empty database (schema, indexes): ${mb(empty)}`);
  console.log(
    `+ ${CLIENTS} clients and ${BOOKINGS} bookings: +${mb(lists - empty)} (${((lists - empty) / BOOKINGS).toFixed(0)} B per booking incl. its share of clients)`,
  );
  console.log(
    `+ ${MESSAGES} stored WhatsApp messages and ${Math.min(SCHEDULED, BOOKINGS)} rule messages: +${mb(all - lists)}`,
  );
  console.log(
    `one such business in total: ${mb(all - empty)}; per 10 GB D1 database: ${Math.floor((10 * 1024 ** 3) / (all - empty))} businesses of this size`,
  );
} finally {
  rmSync(persist, { recursive: true, force: true });
}
