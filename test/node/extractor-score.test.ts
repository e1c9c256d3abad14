// Scores the offline extractor on labelled case files the same way
// ../shared/extraction/score.mjs does (micro-F1 and share of exactly right cases):
// the shared dev set, the repo's regression set (chats written for this suite) and
// the held-out set (written before the multi-booking rules and never tuned on).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractBookings } from "../../app/providers/ai/offline";
import { isMultiBooking, scoreCases, toInput, type Case } from "../support/extraction-eval";

const DEV = path.resolve(process.cwd(), "../shared/extraction/dev.json");
const FIXTURES = path.resolve(process.cwd(), "test/providers/fixtures");
const present = existsSync(DEV);
if (!present) console.warn(`extractor-score: ${DEV} not found, skipping the dev-set score`);

const load = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Case[];
const score = (cases: Case[]) => scoreCases(cases, new Map(cases.map((c) => [c.id, extractBookings(toInput(c))])));

describe.skipIf(!present)("offline extractor on the dev set", () => {
  it("gets every dev chat exactly right", () => {
    const s = score(load(DEV));
    console.log(`dev set: F1 ${s.f1.toFixed(3)} cases ${s.cases.toFixed(3)}`);
    expect(s.wrong).toEqual([]);
  });
});

describe("offline extractor on the regression set", () => {
  const cases = load(path.join(FIXTURES, "extraction-regression.json"));

  it("is the size the README states, half of it chats with several bookings", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(cases.filter(isMultiBooking).length * 2).toBeGreaterThanOrEqual(cases.length);
  });

  it("gets every regression chat exactly right", () => {
    const s = score(cases);
    console.log(`regression set: F1 ${s.f1.toFixed(3)} cases ${s.cases.toFixed(3)}`);
    expect(s.wrong).toEqual([]);
  });
});

describe("offline extractor on the held-out set (never tuned on)", () => {
  const cases = load(path.join(FIXTURES, "extraction-heldout.json"));

  it("meets the generalisation target: F1 >= 0.95, >= 95% exactly right, F1 >= 0.90 on chats with several bookings", () => {
    const all = score(cases);
    const multi = score(cases.filter(isMultiBooking));
    console.log(
      `held-out set: F1 ${all.f1.toFixed(3)} cases ${all.cases.toFixed(3)}; several bookings: F1 ${multi.f1.toFixed(3)} cases ${multi.cases.toFixed(3)}; wrong: ${all.wrong.join(", ") || "none"}`,
    );
    expect(all.f1).toBeGreaterThanOrEqual(0.95);
    expect(all.cases).toBeGreaterThanOrEqual(0.95);
    expect(multi.f1).toBeGreaterThanOrEqual(0.9);
  });
});
