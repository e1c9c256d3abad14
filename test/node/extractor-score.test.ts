// Scores the offline extractor on the labelled dev set the same way
// ../shared/extraction/score.mjs does (micro-F1 and share of exactly right cases).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractBookings } from "../../app/providers/ai/offline";

type Booking = { service: string; date: string; time: string };
type Case = {
  id: string;
  now: string;
  timezone: string;
  services: string[];
  contact?: { name?: string };
  messages: Array<{ fromMe: boolean; timestamp: string; body: string }>;
  expected: Booking[];
};

const DEV = path.resolve(process.cwd(), "../shared/extraction/dev.json");
const present = existsSync(DEV);
if (!present) console.warn(`extractor-score: ${DEV} not found, skipping the dev-set score`);

const str = (v: unknown) => (v === null || v === undefined ? "" : String(v)).trim();
const normTime = (t: unknown) => /^(\d{1,2}:\d{2}):\d{2}$/.exec(str(t))?.[1] ?? str(t);
const key = (b: Booking) => `${str(b.service).toLowerCase()}\u0000${str(b.date)}\u0000${normTime(b.time)}`;

function score(cases: Case[], predict: (c: Case) => Booking[]) {
  let tp = 0, exp = 0, pred = 0, ok = 0;
  for (const c of cases) {
    const got = predict(c);
    const unmatched = c.expected.map(key);
    let hit = 0;
    for (const b of got) {
      const i = unmatched.indexOf(key(b));
      if (i >= 0) { hit++; unmatched.splice(i, 1); }
    }
    tp += hit; exp += c.expected.length; pred += got.length;
    if (hit === c.expected.length && got.length === c.expected.length) ok++;
  }
  const p = pred ? tp / pred : 1;
  const r = exp ? tp / exp : 1;
  return { f1: p + r > 0 ? (2 * p * r) / (p + r) : 0, cases: cases.length ? ok / cases.length : 0 };
}

describe.skipIf(!present)("offline extractor on the dev set", () => {
  it("reaches F1 >= 0.90 and >= 85% exactly right cases", () => {
    const cases = JSON.parse(readFileSync(DEV, "utf8")) as Case[];
    const s = score(cases, (c) =>
      extractBookings({
        messages: c.messages.map((m) => ({ fromMe: m.fromMe, timestamp: Date.parse(m.timestamp), body: m.body })),
        services: c.services,
        timeZone: c.timezone,
        now: Date.parse(c.now),
        contactName: c.contact?.name,
      }),
    );
    console.log(`dev set: F1 ${s.f1.toFixed(3)} cases ${s.cases.toFixed(3)}`);
    expect(s.f1).toBeGreaterThanOrEqual(0.9);
    expect(s.cases).toBeGreaterThanOrEqual(0.85);
  });
});
