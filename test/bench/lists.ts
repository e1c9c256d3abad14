// Server time of the client list, the booking list, a calendar month, a year
// of insights and a booking created with its overlap check (conflicts and hours warnings) for a
// business with 5,000 clients and 50,000 bookings, against an empty business
// (each with a team of 5: availability asks every member's free times).
//   npx tsx test/bench/lists.ts [--clients 5000] [--bookings 50000] [--runs 40] [--only create]
// (--only: the rows whose label contains that text, or one of several: --only "insights|Clients screen")
// Serves the built app with `wrangler dev --local` over a fresh local D1 and
// times sequential requests on localhost (so the figures are server time plus
// a loopback round trip). Prints p50 and p95 in ms and the response size.
import { ownerSql, serviceSql, volumeSql } from "./seed";
import { startSeededServer } from "./server";
import { percentile } from "./stats";

function arg(name: string, fallback: number) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}
const CLIENTS = arg("clients", 5000);
const BOOKINGS = arg("bookings", 50_000);
const RUNS = arg("runs", 40);
const WARMUP = 5;
const ONLY = (process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : "").split("|");

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const today = new Date();
const day = (offset: number) =>
  iso(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset)));
// The month view's six-week grid, as the calendar asks for it (Sunday first, end exclusive).
const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
const gridStart = new Date(first.getTime() - first.getUTCDay() * 86_400_000);
const gridEnd = new Date(gridStart.getTime() + 42 * 86_400_000);

const scenarios: [label: string, path: string][] = [
  ["clients list (first page)", "/api/clients"],
  ["clients search 'cohen'", "/api/clients?q=cohen"],
  ["clients by last visit (30 days)", `/api/clients?from=${day(-30)}&to=${day(0)}`],
  ["bookings list (default window)", `/api/bookings?from=${day(-30)}&to=${day(30)}`],
  ["bookings list (no window)", "/api/bookings"],
  ["bookings search '0500001'", `/api/bookings?q=0500001&from=${day(-30)}&to=${day(30)}`],
  // What the Calendar tab's month view asks for (its route's data: compact events, counts for dense days).
  [
    "calendar month",
    `/dashboard/calendar.data?start=${iso(gridStart)}&end=${iso(gridEnd)}&_routes=routes%2Fdashboard.calendar`,
  ],
  // Free start times of one service over 31 days (the salon's time: bookings, time off and hours read for the range).
  ["availability (31 days)", `/api/availability?service=Haircut&from=${day(1)}&days=31`],
  // Every Insights figure over a year, against the year before (issue 31: within 2x of the empty business, p95 under 100 ms).
  ["insights (a year)", `/api/insights?from=${day(-364)}&to=${day(0)}`],
  // Its first page also lists the clients due this week (each client's rhythm read for the regulars).
  ["Clients screen (HTML)", "/dashboard/clients"],
  ["Calendar screen, list (HTML)", "/dashboard/calendar"],
];

/**
 * POST rows: a booking at 10:00 (a new phone each time), its overlaps read from that day's busy bookings. Each
 * create takes the next day (today, tomorrow, ...): all at today's 10:00 made each answer list every earlier
 * create as a conflict, so the figures grew with --runs (15 KB answers at 100 runs) instead of measuring a create.
 */
let created = 0;
const POSTS: Partial<Record<string, () => string>> = {
  "/api/bookings#create": () =>
    JSON.stringify({
      name: "Bench Client",
      phone: `050${String(9_000_000 + created).padStart(7, "0")}`,
      service: "Haircut",
      booking_date: day(created++ % 300),
      booking_time: "10:00",
    }),
};
scenarios.push(["booking create (overlap check)", "/api/bookings#create"]);

async function time(url: string, cookie: string) {
  const started = performance.now();
  const post = POSTS[new URL(url).pathname + new URL(url).hash];
  const res = await fetch(url.split("#")[0], {
    headers: { Cookie: cookie, ...(post ? { "Content-Type": "application/json", Origin: new URL(url).origin } : {}) },
    ...(post ? { method: "POST", body: post() } : {}),
  });
  const body = await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== (post ? 201 : 200))
    throw new Error(`${url} answered ${res.status}: ${new TextDecoder().decode(body).slice(0, 200)}`);
  return { ms, bytes: body.byteLength };
}

async function main() {
  const big = ownerSql("big");
  const empty = ownerSql("empty");
  console.log(`Seeding ${CLIENTS} clients and ${BOOKINGS} bookings, then starting wrangler dev --local...`);
  const seeded = performance.now();
  const services = [big, empty].map((o) => serviceSql(o.businessId, "Haircut", 45, 15)).join("\n");
  const server = await startSeededServer([
    big.sql + empty.sql + services,
    volumeSql(big.businessId, CLIENTS, BOOKINGS),
  ]);
  console.log(
    `Ready in ${((performance.now() - seeded) / 1000).toFixed(0)} s. ${RUNS} sequential requests per row after ${WARMUP} warm-up ones.\n`,
  );
  const rows: string[][] = [["endpoint", "business", "p50 ms", "p95 ms", "rows/size"]];
  try {
    for (const [label, path] of scenarios.filter(([label]) => ONLY.some((text) => label.includes(text)))) {
      for (const [name, owner] of [
        [`${CLIENTS}/${BOOKINGS}`, big],
        ["empty", empty],
      ] as const) {
        for (let i = 0; i < WARMUP; i++) await time(server.url + path, owner.cookie);
        const samples: number[] = [];
        let bytes = 0;
        for (let i = 0; i < RUNS; i++)
          ({ bytes } = await time(server.url + path, owner.cookie).then((r) => (samples.push(r.ms), r)));
        samples.sort((a, b) => a - b);
        let count = "";
        if (path.startsWith("/api/") && !POSTS[path]) {
          const data = (await (await fetch(server.url + path, { headers: { Cookie: owner.cookie } })).json()) as Record<
            string,
            unknown
          >;
          // A list's rows (insights answer figures: its `bookings` is a number, not rows).
          const list = [data.clients, data.bookings, data.slots].find(Array.isArray);
          if (list) count = `${list.length} rows, `;
        }
        rows.push([
          label,
          name,
          percentile(samples, 50).toFixed(1),
          percentile(samples, 95).toFixed(1),
          `${count}${(bytes / 1024).toFixed(1)} KB`,
        ]);
      }
    }
  } finally {
    await server.stop();
  }
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const r of rows)
    console.log(r.map((cell, c) => (c >= 2 && c <= 3 ? cell.padStart(widths[c]) : cell.padEnd(widths[c]))).join("  "));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
