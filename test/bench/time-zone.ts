// Speed and correctness of the time-zone module (app/utils/time-zone.ts).
//   npm run bench:time-zone [-- OTHER-MODULE.ts]   (measures another implementation of the same exports)
//   TZ=America/New_York npm run bench:time-zone     (another host zone: the browser's case)
// Ordinary cases: 16 zones, every 7 hours 13 minutes across 2029-2031 (instant -> wall clock) and
// 09:00 / 14:45 / 23:30 on every day of 2030 (wall clock -> instant). DST edges: every wall-clock
// minute in 15-minute steps from two hours before to two hours after each change, gaps and overlaps.
// Each result is checked against a brute-force reading of Intl (the independent reference below),
// so the figures come with a count of wrong answers. Prints ops/s (best of the rounds, then median).
import path from "node:path";
import { pathToFileURL } from "node:url";

type Module = typeof import("../../app/utils/time-zone");
const modulePath = process.argv[2] ? pathToFileURL(path.resolve(process.argv[2])).href : "../../app/utils/time-zone";
const { bookingInstant, localDate, localTime, zonedInstant, zonedParts } = (await import(modulePath)) as Module;

const ZONES = [
  "UTC",
  "Europe/London",
  "Europe/Berlin",
  "Asia/Jerusalem",
  "America/New_York",
  "America/Los_Angeles",
  "America/Sao_Paulo",
  "America/St_Johns",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Australia/Sydney",
  "Australia/Lord_Howe",
  "Pacific/Chatham",
  "Pacific/Auckland",
  "Africa/Casablanca",
  "Asia/Tokyo",
];
const HOUR = 3_600_000;
const MINUTE = 60_000;

// ---- The reference: Intl read field by field, no offsets assumed ----

const readers = new Map<string, Intl.DateTimeFormat>();
function wall(instant: number, zone: string): string {
  let f = readers.get(zone);
  if (!f)
    readers.set(
      zone,
      (f = new Intl.DateTimeFormat("en-CA", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
      })),
    );
  const p = Object.fromEntries(f.formatToParts(instant).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}
const offsetOf = (instant: number, zone: string) => {
  const [d, t] = wall(instant, zone).split(" ");
  const [y, m, day] = d.split("-").map(Number);
  const [hh, mm] = t.split(":").map(Number);
  return Date.UTC(y, m - 1, day, hh, mm) - Math.floor(instant / MINUTE) * MINUTE;
};

/** Wall clock -> instant by the documented rule: the first instant that shows it; in a gap, forward by the gap. */
function referenceInstant(
  date: string,
  time: string,
  zone: string,
): { instant: number; kind: "plain" | "gap" | "repeated" } {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const local = Date.UTC(y, m - 1, d, hh, mm);
  const target = `${date} ${time}`;
  // Every offset in force within 30 hours either side (read every 3 hours; no offset here lasts less);
  // the instant is one of local - offset.
  const offsets = new Set<number>();
  for (let t = local - 30 * HOUR; t <= local + 30 * HOUR; t += 3 * HOUR) offsets.add(offsetOf(t, zone));
  const shows = [...offsets].map((o) => local - o).filter((t) => wall(t, zone) === target);
  if (shows.length) return { instant: Math.min(...shows), kind: shows.length > 1 ? "repeated" : "plain" };
  // Skipped: the clock read the offset before the change until it jumped; keep that offset.
  let t = local - 30 * HOUR;
  while (wall(t + HOUR, zone) < target) t += HOUR;
  return { instant: local - offsetOf(t, zone), kind: "gap" };
}

// ---- Cases ----

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (t: number) => {
  const d = new Date(t);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const hm = (t: number) => {
  const d = new Date(t);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
};

const instants: Array<[number, string]> = [];
for (const zone of ZONES) {
  for (let t = Date.UTC(2029, 0, 1); t < Date.UTC(2032, 0, 1); t += 7 * HOUR + 13 * MINUTE) instants.push([t, zone]);
}

type Wall = [date: string, time: string, zone: string];
const walls: Wall[] = [];
for (const zone of ZONES) {
  for (let t = Date.UTC(2030, 0, 1); t < Date.UTC(2031, 0, 1); t += 24 * HOUR) {
    for (const time of ["09:00", "14:45", "23:30"]) walls.push([ymd(t), time, zone]);
  }
}

// DST changes in 2029-2031, found by the reference's offsets hour by hour, then wall clocks around each.
const edges: Wall[] = [];
const edgeInstants: Array<[number, string]> = [];
for (const zone of ZONES) {
  let before = offsetOf(Date.UTC(2029, 0, 1), zone);
  for (let t = Date.UTC(2029, 0, 1) + HOUR; t < Date.UTC(2032, 0, 1); t += HOUR) {
    const now = offsetOf(t, zone);
    if (now === before) continue;
    const localBefore = t + before; // the wall clock just before the change (as a UTC-read number)
    for (let w = localBefore - 2 * HOUR; w <= localBefore + 2 * HOUR; w += 15 * MINUTE)
      edges.push([ymd(w), hm(w), zone]);
    for (let i = t - 2 * HOUR; i <= t + 2 * HOUR; i += 15 * MINUTE) edgeInstants.push([i, zone]);
    before = now;
  }
}

// ---- Correctness ----

let wrong = 0;
const show: string[] = [];
const miss = (what: string) => {
  wrong++;
  if (show.length < 8) show.push(what);
};
for (const [t, zone] of [...instants, ...edgeInstants]) {
  const want = wall(t, zone);
  const got = `${localDate(t, zone)} ${localTime(t, zone)}`;
  if (got !== want) miss(`local ${new Date(t).toISOString()} ${zone}: ${got}, want ${want}`);
  const p = zonedParts(t, zone);
  if (`${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}` !== want)
    miss(`zonedParts ${new Date(t).toISOString()} ${zone}`);
}
let gaps = 0,
  overlaps = 0;
for (const [date, time, zone] of [...walls, ...edges]) {
  const { instant: want, kind } = referenceInstant(date, time, zone);
  const got = zonedInstant(date, time, zone);
  if (got !== want)
    miss(`zonedInstant ${date} ${time} ${zone}: ${new Date(got).toISOString()}, want ${new Date(want).toISOString()}`);
  if (bookingInstant(date, `${time}:00`, zone) !== want) miss(`bookingInstant ${date} ${time} ${zone}`);
  if (kind === "gap") gaps++;
  if (kind === "repeated") overlaps++;
}

// ---- Speed ----

/** ops/s of run() over its cases, in rounds of at least 200 ms: by wall time (best round) and by CPU time (all rounds). */
function rate(cases: unknown[], run: () => void, rounds = 9): string {
  let t = performance.now();
  run(); // warm: formatters built
  const reps = Math.max(1, Math.ceil(200 / Math.max(1, performance.now() - t)));
  let best = 0;
  const cpu0 = process.cpuUsage();
  for (let r = 0; r < rounds; r++) {
    t = performance.now();
    for (let i = 0; i < reps; i++) run();
    best = Math.max(best, (reps * cases.length) / ((performance.now() - t) / 1000));
  }
  const cpu = process.cpuUsage(cpu0);
  const perCpuSecond = (rounds * reps * cases.length) / ((cpu.user + cpu.system) / 1e6);
  const k = (x: number) => `${Math.round(x / 1000)}k`.padStart(5);
  return `${k(best)} ops/s wall (best round)  ${k(perCpuSecond)} ops per CPU-second`;
}

let sink = 0;
const rows: Array<[string, string]> = [
  [
    `localDate, ordinary (${instants.length})`,
    rate(instants, () => {
      for (const [t, z] of instants) sink += localDate(t, z).length;
    }),
  ],
  [
    `localTime, ordinary (${instants.length})`,
    rate(instants, () => {
      for (const [t, z] of instants) sink += localTime(t, z).length;
    }),
  ],
  [
    `zonedParts, ordinary (${instants.length})`,
    rate(instants, () => {
      for (const [t, z] of instants) sink += zonedParts(t, z).day;
    }),
  ],
  [
    `localDate, DST edges (${edgeInstants.length})`,
    rate(edgeInstants, () => {
      for (const [t, z] of edgeInstants) sink += localDate(t, z).length;
    }),
  ],
  [
    `zonedInstant, ordinary (${walls.length})`,
    rate(walls, () => {
      for (const [d, t, z] of walls) sink += zonedInstant(d, t, z);
    }),
  ],
  [
    `zonedInstant, DST edges (${edges.length})`,
    rate(edges, () => {
      for (const [d, t, z] of edges) sink += zonedInstant(d, t, z);
    }),
  ],
];
if (Number.isNaN(sink)) console.log("");

const host = Intl.DateTimeFormat().resolvedOptions().timeZone;
console.log(
  `${process.argv[2] ?? "app/utils/time-zone.ts"}, ${ZONES.length} zones, host zone ${host}, Node ${process.version}`,
);
for (const [label, figure] of rows) console.log(`  ${label.padEnd(34)} ${figure}`);
console.log(
  `  checked ${instants.length + edgeInstants.length} instants and ${walls.length + edges.length} wall clocks (${gaps} in a DST gap, ${overlaps} repeated): ${wrong} wrong`,
);
for (const line of show) console.log(`    ${line}`);
process.exitCode = wrong ? 1 : 0;
