// The case format of test/fixtures/assistant (LABELS.md there) and its score:
// per kind (ask, reschedule, late, cancel), precision, recall and F1 over the
// cases; "change" counts reschedule, late and cancel together.
import type { AskInput, ChatAsk } from "../../app/providers/ai/types";
import { toInput, type Case as BookingCase } from "./extraction-eval";

export type AskLabel =
  | { kind: "ask"; service: string | null; date: string | null; part: string | null }
  | { kind: "reschedule"; date: string | null; time: string | null }
  | { kind: "late"; minutes: number | null }
  | { kind: "cancel" };

export type AskCase = Omit<BookingCase, "expected"> & {
  usual: string | null;
  upcoming: Array<{ service: string; date: string; time: string }>;
  expected: AskLabel[];
};

const KINDS = ["ask", "reschedule", "late", "cancel"] as const;

export function toAskInput(c: AskCase): AskInput {
  return { ...toInput({ ...c, expected: [] }), usualService: c.usual, upcoming: c.upcoming };
}

/** The label fields of a reading (what the scorer compares). */
export function asLabel(ask: ChatAsk | null): AskLabel | null {
  if (!ask) return null;
  switch (ask.kind) {
    case "ask":
      return { kind: "ask", service: ask.service, date: ask.date, part: ask.part };
    case "reschedule":
      return { kind: "reschedule", date: ask.date, time: ask.time };
    case "late":
      return { kind: "late", minutes: ask.minutes };
    case "cancel":
      return { kind: "cancel" };
  }
}

const same = (a: AskLabel, b: AskLabel) =>
  JSON.stringify(a, Object.keys(a).sort()) === JSON.stringify(b, Object.keys(b).sort());

type KindScore = {
  kind: string;
  expected: number;
  predicted: number;
  tp: number;
  precision: number;
  recall: number;
  f1: number;
};
export type AskScore = { byKind: Map<string, KindScore>; change: KindScore; all: KindScore; wrong: string[] };

function finish(kind: string, expected: number, predicted: number, tp: number): KindScore {
  const precision = predicted ? tp / predicted : 1;
  const recall = expected ? tp / expected : 1;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { kind, expected, predicted, tp, precision, recall, f1 };
}

export function scoreAsks(cases: AskCase[], predictions: Map<string, AskLabel | null>): AskScore {
  const counts = new Map<string, { e: number; p: number; tp: number }>(
    KINDS.map((kind) => [kind, { e: 0, p: 0, tp: 0 }]),
  );
  const wrong: string[] = [];
  for (const c of cases) {
    const expected = c.expected[0] ?? null;
    const got = predictions.get(c.id) ?? null;
    if (expected) counts.get(expected.kind)!.e++;
    if (got) counts.get(got.kind)!.p++;
    const hit = !!expected && !!got && same(expected, got);
    if (hit) counts.get(expected.kind)!.tp++;
    if (!hit && (expected || got)) wrong.push(c.id);
  }
  const byKind = new Map(
    KINDS.map((kind) => [kind, finish(kind, counts.get(kind)!.e, counts.get(kind)!.p, counts.get(kind)!.tp)]),
  );
  const sum = (kinds: readonly string[]) => {
    const picked = kinds.map((kind) => counts.get(kind)!);
    return [
      picked.reduce((n, c) => n + c.e, 0),
      picked.reduce((n, c) => n + c.p, 0),
      picked.reduce((n, c) => n + c.tp, 0),
    ] as const;
  };
  return {
    byKind,
    change: finish("change", ...sum(["reschedule", "late", "cancel"])),
    all: finish("all", ...sum(KINDS)),
    wrong,
  };
}
