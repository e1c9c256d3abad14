// SQL that seeds a signed-in owner and, optionally, a large client list and
// booking history, generated inside SQLite with recursive CTEs so the file
// stays tiny and applies in seconds.
import { createHash, randomBytes } from "node:crypto";

export type SeedOwner = { userId: string; businessId: string; cookie: string; sql: string };

/** Members of each seeded business; the bookings are spread over them. */
export const TEAM_SIZE = 5;

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** A user, their business and a live cookie session (the table keeps the sid's SHA-256, as the app does). */
export function ownerSql(tag: string, { country = "IL", timeZone = "Asia/Jerusalem" } = {}): SeedOwner {
  const userId = `usr_${tag}`;
  const businessId = `biz_${tag}`;
  const sid = randomBytes(32).toString("base64url");
  const hash = createHash("sha256").update(sid).digest("hex");
  const now = Date.now();
  const sql = [
    `INSERT INTO users (id, email, name, email_verified_at) VALUES (${q(userId)}, ${q(`${tag}@bench.example`)}, 'Dana Levi', ${now});`,
    `INSERT INTO businesses (id, owner_user_id, name, country, time_zone) VALUES (${q(businessId)}, ${q(userId)}, ${q(`Salon ${tag}`)}, ${q(country)}, ${q(timeZone)});`,
    `INSERT INTO auth_sessions (id, user_id, kind, expires_at) VALUES (${q(hash)}, ${q(userId)}, 'cookie', ${now + 7 * 86_400_000});`,
    // A team of TEAM_SIZE: the owner first, each a calendar (availability reads every member's).
    ...Array.from(
      { length: TEAM_SIZE },
      (_, i) =>
        `INSERT INTO members (id, business_id, name, color, position) VALUES (${q(`${businessId}_m${i}`)}, ${q(businessId)}, ${q(i ? `Stylist ${i}` : "Dana Levi")}, '#1D4ED8', ${i});`,
    ),
  ].join("\n");
  return { userId, businessId, cookie: `session=${sid}`, sql };
}

const FIRST = [
  "Noa",
  "Maya",
  "Dana",
  "Yael",
  "Tamar",
  "Lior",
  "Avi",
  "Omer",
  "Sarah",
  "Emma",
  "נועה",
  "מאיה",
  "דנה",
  "יעל",
  "תמר",
  "אורי",
];
const LAST = [
  "Cohen",
  "Levi",
  "Mizrahi",
  "Peretz",
  "Biton",
  "Friedman",
  "Katz",
  "Shapiro",
  "כהן",
  "לוי",
  "מזרחי",
  "פרץ",
];
const SERVICES = ["Haircut", "Coloring", "Styling", "Hair Treatment", "Manicure", "Blow-dry"];

const pick = (list: string[], expr: string) =>
  `(CASE (${expr}) % ${list.length} ${list.map((v, i) => `WHEN ${i} THEN ${q(v)}`).join(" ")} END)`;

/**
 * `clients` clients and `bookings` bookings spread evenly over the year
 * before and the year after today: past ones mostly completed, future ones
 * scheduled, one in ten cancelled and one in ten a no-show, spread over the
 * team's TEAM_SIZE members.
 */
export function volumeSql(businessId: string, clients: number, bookings: number): string {
  const created = Date.now() - clients * 60_000;
  return `
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${clients})
INSERT INTO clients (id, business_id, name, phone, tags, notes, created_at, updated_at)
SELECT ${q(businessId)} || '_c' || i, ${q(businessId)}, ${pick(FIRST, "i")} || ' ' || ${pick(LAST, "i / 7")},
  '97250' || printf('%07d', i), CASE WHEN i % 5 = 0 THEN '["vip"]' ELSE '[]' END, '', ${created} + i * 60000, ${created} + i * 60000 FROM n;

WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${bookings}),
b AS (SELECT i, date('now', printf('%+d days', (i % 730) - 365)) AS d FROM n)
INSERT INTO bookings (id, business_id, client_id, service, booking_date, booking_time, notes, status, source, created_at, updated_at, member_id)
SELECT ${q(businessId)} || '_b' || i, ${q(businessId)}, ${q(businessId)} || '_c' || ((i * 7919) % ${clients} + 1), ${pick(SERVICES, "i / 3")},
  d, printf('%02d:%02d', 8 + (i % 11), (i / 11) % 2 * 30), CASE WHEN i % 13 = 0 THEN 'Prefers the window seat' ELSE '' END,
  CASE WHEN i % 10 = 0 THEN 'cancelled' WHEN i % 10 = 1 THEN 'no_show' WHEN d < date('now') THEN 'completed' ELSE 'scheduled' END,
  CASE WHEN i % 4 = 0 THEN 'sync' ELSE 'manual' END, ${Date.now()}, ${Date.now()}, ${q(businessId)} || '_m' || (i % ${TEAM_SIZE}) FROM b;
`;
}

/** A catalogue service with its length and the buffer after it. */
export function serviceSql(businessId: string, name: string, durationMinutes: number, bufferMinutes: number): string {
  return `INSERT INTO services (id, business_id, name, name_key, duration_minutes, buffer_minutes) VALUES (${q(`${businessId}_${name}`)}, ${q(businessId)}, ${q(name)}, ${q(name.toLowerCase())}, ${durationMinutes}, ${bufferMinutes});`;
}
