// Scores the offline reader of asks and changes (app/providers/ai/offline/asks.ts)
// on the labelled chats of test/fixtures/assistant (LABELS.md there): the dev set
// the rules are tuned on, and the held-out set written before any rule existed.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readAsk } from "../../app/providers/ai/offline/asks";
import { asLabel, scoreAsks, toAskInput, type AskCase } from "../support/assistant-eval";

const FIXTURES = path.resolve(process.cwd(), "test/fixtures/assistant");
const load = (file: string) => JSON.parse(readFileSync(path.join(FIXTURES, file), "utf8")) as AskCase[];
const score = (cases: AskCase[]) =>
  scoreAsks(cases, new Map(cases.map((c) => [c.id, asLabel(readAsk(toAskInput(c)))])));

function report(name: string, cases: AskCase[]) {
  const s = score(cases);
  const rows = [...s.byKind.values(), s.change, s.all].map(
    (k) => `${k.kind} ${k.tp}/${k.expected} F1 ${k.f1.toFixed(3)}`,
  );
  const langs = [...new Set(cases.map((c) => c.lang))].map(
    (lang) => `${lang} F1 ${score(cases.filter((c) => c.lang === lang)).all.f1.toFixed(3)}`,
  );
  console.log(`${name}: ${rows.join("; ")}; ${langs.join("; ")}; wrong: ${s.wrong.join(", ") || "none"}`);
  return s;
}

describe("asks and changes in the chat, offline rules", () => {
  it("the labelled set has at least 80 chats over every kind and look-alikes, in English, Hebrew and mixed", () => {
    const cases = [...load("dev.json"), ...load("heldout.json")];
    expect(cases.length).toBeGreaterThanOrEqual(80);
    for (const category of ["ask", "reschedule", "late", "cancel", "none"])
      expect(cases.filter((c) => c.category === category).length).toBeGreaterThanOrEqual(4);
    for (const lang of ["en", "he", "he-en"])
      expect(cases.filter((c) => c.lang === lang).length).toBeGreaterThanOrEqual(9);
  });

  it("reads every dev chat right", () => {
    expect(report("dev", load("dev.json")).wrong).toEqual([]);
  });

  it("meets the target on the held-out chats: ask F1 and change F1 at least 0.9", () => {
    const s = report("held-out", load("heldout.json"));
    expect(s.byKind.get("ask")!.f1).toBeGreaterThanOrEqual(0.9);
    expect(s.change.f1).toBeGreaterThanOrEqual(0.9);
  });
});
