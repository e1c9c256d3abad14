// The Workers AI path over the dev chats with recorded answers: the prompt is
// built, the stored answer goes through the real parsing and the calendar code,
// and the result is scored like the offline extractor. A change to the prompt
// or schema changes the fingerprint (re-record with `npm run score:ai -- --record`);
// a change to the parsing or the date code shows up in the score.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { extractBookings } from "../../app/providers/ai/offline";
import type { ExtractedBooking } from "../../app/providers/ai/types";
import { createWorkersAiExtractor } from "../../app/providers/ai/workers-ai.server";
import { promptFingerprint, scoreCases, toInput, type Booking, type Case } from "../support/extraction-eval";

const DEV = path.resolve(process.cwd(), "../shared/extraction/dev.json");
const RECORDED = path.resolve(process.cwd(), "test/providers/fixtures/workers-ai-dev-answers.json");
const present = existsSync(DEV);
if (!present) console.warn(`workers-ai-recorded: ${DEV} not found, skipping`);

type Recorded = { model: string; prompt_fingerprint: string; answers: Record<string, unknown> };
const recorded = JSON.parse(readFileSync(RECORDED, "utf8")) as Recorded;

async function runRecorded(cases: Case[]) {
  const predictions = new Map<string, ExtractedBooking[]>();
  const failures: string[] = [];
  for (const c of cases) {
    const requests: unknown[] = [];
    const ai = {
      run: async (_model: string, inputs: Record<string, unknown>) => (requests.push(inputs), recorded.answers[c.id]),
    };
    try {
      predictions.set(c.id, await createWorkersAiExtractor(ai, recorded.model).extract(toInput(c)));
    } catch (error) {
      failures.push(`${c.id}: ${(error as Error).message}`);
    }
    expect(requests.length, c.id).toBeLessThanOrEqual(1);
  }
  return { predictions, failures };
}

const slots = (bs: Booking[] | undefined) => (bs ?? []).map((b) => `${b.service} ${b.date} ${b.time}`);

describe.skipIf(!present)("Workers AI path on the dev set, recorded answers", () => {
  const cases = present ? (JSON.parse(readFileSync(DEV, "utf8")) as Case[]) : [];

  it("has one answer per dev chat, recorded for the current prompt and schema", () => {
    expect(Object.keys(recorded.answers).sort()).toEqual(cases.map((c) => c.id).sort());
    expect(
      recorded.prompt_fingerprint,
      "the prompt or schema changed: re-record with `npm run score:ai -- --record`",
    ).toBe(promptFingerprint());
  });

  it("parses every answer, survives the model's mistakes and scores them", async () => {
    const { predictions, failures } = await runRecorded(cases);
    expect(failures).toEqual([]);
    const ai = scoreCases(cases, predictions);
    const offline = scoreCases(cases, new Map(cases.map((c) => [c.id, extractBookings(toInput(c))])));
    console.log(
      `dev set, recorded ${recorded.model}: F1 ${ai.f1.toFixed(3)} cases ${ai.cases.toFixed(3)} (wrong: ${ai.wrong.join(", ")}); offline: F1 ${offline.f1.toFixed(3)} cases ${offline.cases.toFixed(3)}`,
    );

    // Prose around the JSON, a service off the catalogue's spelling, a lower-cased one: read anyway.
    expect(slots(predictions.get("en-088"))).toEqual(["Olaplex Treatment 2026-09-15 11:00"]);
    expect(slots(predictions.get("en-082"))).toEqual(["Highlights 2026-04-04 13:00"]);
    expect(slots(predictions.get("he-001"))).toEqual(["תספורת נשים 2026-03-12 17:00"]);
    expect(slots(predictions.get("ru-003")).sort()).toEqual(["Маникюр 2025-12-20 12:00", "Педикюр 2025-12-20 12:00"]);
    // A wrong message number: the day is read in the message that says it.
    expect(slots(predictions.get("mx-006"))).toEqual(["Highlights 2026-02-08 15:00"]);
    // A translated day word, a date the model worked out, phrases that name no day: dropped, never guessed.
    expect(predictions.get("he-013")).toEqual([]);
    expect(predictions.get("en-055")).toEqual([]);
    expect(predictions.get("en-067")).toEqual([]);
    expect(predictions.get("en-070")).toEqual([]);
    // What parsing cannot know (a declined or cancelled slot listed, the customer's time over the business's) costs score.
    expect(ai.wrong.sort()).toEqual(["de-001", "en-001", "en-025", "en-055", "en-076", "he-013"]);
    expect(ai.f1).toBeGreaterThanOrEqual(0.9);
    expect(offline.f1).toBe(1);
  });
});
