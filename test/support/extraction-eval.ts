// Shared by the extraction scores (test/node) and the live Workers AI scorer
// (test/bench/score-ai.ts): the case format of shared/extraction, scoring as
// shared/extraction/score.mjs does, and a fingerprint of what the model is asked.
import { createHash } from "node:crypto";
import type { ExtractInput } from "../../app/providers/ai/types";
import { answerSchema, buildPrompt } from "../../app/providers/ai/workers-ai-prompt";

export type Booking = { service: string; date: string; time: string };
export type Case = {
  id: string;
  lang: string;
  category: string;
  now: string;
  timezone: string;
  services: string[];
  contact?: { name?: string };
  messages: Array<{ fromMe: boolean; timestamp: string; body: string }>;
  expected: Booking[];
};

export function toInput(c: Case): ExtractInput {
  return {
    messages: c.messages.map((m) => ({ fromMe: m.fromMe, timestamp: Date.parse(m.timestamp), body: m.body })),
    services: c.services,
    timeZone: c.timezone,
    now: Date.parse(c.now),
    contactName: c.contact?.name,
  };
}

const str = (v: unknown) => (v === null || v === undefined ? "" : String(v)).trim();
const normTime = (t: unknown) => /^(\d{1,2}:\d{2}):\d{2}$/.exec(str(t))?.[1] ?? str(t);
const key = (b: Booking) => `${str(b.service).toLowerCase()}\u0000${str(b.date)}\u0000${normTime(b.time)}`;

export type Score = { f1: number; precision: number; recall: number; cases: number; wrong: string[] };

/** Micro-F1 and the share of exactly right cases, matching each expected booking at most once. */
export function scoreCases(cases: Case[], predictions: Map<string, Booking[]>): Score {
  let tp = 0,
    exp = 0,
    pred = 0,
    ok = 0;
  const wrong: string[] = [];
  for (const c of cases) {
    const got = predictions.get(c.id) ?? [];
    const unmatched = c.expected.map(key);
    let hit = 0;
    for (const b of got) {
      const i = unmatched.indexOf(key(b));
      if (i >= 0) {
        hit++;
        unmatched.splice(i, 1);
      }
    }
    tp += hit;
    exp += c.expected.length;
    pred += got.length;
    if (hit === c.expected.length && got.length === c.expected.length) ok++;
    else wrong.push(c.id);
  }
  const precision = pred ? tp / pred : 1;
  const recall = exp ? tp / exp : 1;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { f1, precision, recall, cases: cases.length ? ok / cases.length : 0, wrong };
}

/** Chats about several bookings: the repo's sets mark them "-m" in the id; shared sets have the category "multi" or several expected. */
export const isMultiBooking = (c: Case) => /-m\d/.test(c.id) || c.category === "multi" || c.expected.length >= 2;

const SAMPLE: ExtractInput = {
  services: ["Service A", "Service B"],
  timeZone: "Europe/London",
  now: Date.UTC(2026, 0, 2),
  contactName: "Sample",
  messages: [
    { fromMe: false, timestamp: Date.UTC(2026, 0, 1, 9), body: "Sample request" },
    { fromMe: true, timestamp: Date.UTC(2026, 0, 1, 10), body: "Sample answer" },
  ],
};

/** Changes whenever the instructions, the chat layout or the answer schema change: recorded answers are then stale. */
export function promptFingerprint(): string {
  const text = JSON.stringify({ prompt: buildPrompt(SAMPLE), schema: answerSchema(SAMPLE.services) });
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}
