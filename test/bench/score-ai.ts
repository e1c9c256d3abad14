// Scores a live Workers AI model against labelled chats, beside the offline extractor.
//   npm run score:ai [-- CASES.json] [-- --record]     (default ../shared/extraction/dev.json)
// Needs CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (a token with Workers AI read/run);
// without them it says so and exits 0. AI_MODEL picks the model (default: wrangler.toml's).
// The request is exactly the one the app sends through the AI binding, sent to
// the Workers AI REST API instead. --record stores the answers as the recorded set
// that test/node/workers-ai-recorded.test.ts scores (only for the dev set).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { extractBookings } from "../../app/providers/ai/offline";
import type { ExtractedBooking } from "../../app/providers/ai/types";
import { createWorkersAiExtractor, type AiRunner } from "../../app/providers/ai/workers-ai.server";
import { promptFingerprint, scoreCases, toInput, type Case, type Score } from "../support/extraction-eval";

const REQUEST_TIMEOUT_MS = 60_000;
const PARALLEL = 4;
const RECORDED = path.resolve(process.cwd(), "test/providers/fixtures/workers-ai-dev-answers.json");

const args = process.argv.slice(2);
const record = args.includes("--record");
const file = args.find((a) => !a.startsWith("--")) ?? path.resolve(process.cwd(), "../shared/extraction/dev.json");
const accountId = process.env.CLOUDFLARE_ACCOUNT_ID?.trim();
const apiToken = process.env.CLOUDFLARE_API_TOKEN?.trim();

if (!accountId || !apiToken) {
  console.log(
    "score:ai needs a Cloudflare account: set CLOUDFLARE_ACCOUNT_ID and CLOUDFLARE_API_TOKEN (Workers AI permission) and run again.\n" +
      "Nothing was scored. The recorded answers are scored offline by test/node/workers-ai-recorded.test.ts.",
  );
  process.exit(0);
}

const model =
  process.env.AI_MODEL?.trim() ||
  /^AI_MODEL\s*=\s*"([^"]+)"/m.exec(readFileSync("wrangler.toml", "utf8"))?.[1] ||
  "@cf/meta/llama-3.1-8b-instruct";

/** The AI binding's run(), over the REST API: POST /accounts/{id}/ai/run/{model} answers {success, result}. */
const rest: AiRunner = {
  async run(name, inputs) {
    const res = await fetch(`https://api.cloudflare.com/client/v4/accounts/${accountId}/ai/run/${name}`, {
      method: "POST",
      headers: { authorization: `Bearer ${apiToken}`, "content-type": "application/json" },
      body: JSON.stringify(inputs),
    });
    const body = (await res.json().catch(() => null)) as {
      success?: boolean;
      result?: unknown;
      errors?: Array<{ message?: string }>;
    } | null;
    if (!res.ok || !body?.success)
      throw new Error(`Workers AI ${res.status}: ${body?.errors?.map((e) => e.message).join("; ") || res.statusText}`);
    return body.result;
  },
};

const cases = JSON.parse(readFileSync(file, "utf8")) as Case[];
const answers: Record<string, unknown> = {};
const ai = new Map<string, ExtractedBooking[]>();
const auto = new Map<string, ExtractedBooking[]>();
const offline = new Map(cases.map((c) => [c.id, extractBookings(toInput(c))]));
const failures: string[] = [];

async function one(c: Case) {
  const recorder: AiRunner = { run: async (name, inputs) => (answers[c.id] = await rest.run(name, inputs)) };
  try {
    const found = await createWorkersAiExtractor(recorder, model, REQUEST_TIMEOUT_MS).extract(toInput(c));
    ai.set(c.id, found);
    auto.set(c.id, found);
  } catch (error) {
    failures.push(`${c.id}: ${(error as Error).message}`);
    auto.set(c.id, offline.get(c.id) ?? []); // what the app does: fall back to the offline extractor
  }
}

const started = Date.now();
for (let i = 0; i < cases.length; i += PARALLEL) await Promise.all(cases.slice(i, i + PARALLEL).map(one));

const line = (name: string, s: Score) =>
  `${name.padEnd(22)} F1 ${s.f1.toFixed(3)}  precision ${s.precision.toFixed(3)}  recall ${s.recall.toFixed(3)}  cases ${s.cases.toFixed(3)}`;
console.log(
  `${cases.length} chats from ${path.basename(file)}, model ${model}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log(line("workers-ai", scoreCases(cases, ai)));
console.log(line("workers-ai + fallback", scoreCases(cases, auto)));
console.log(line("offline", scoreCases(cases, offline)));
const aiScore = scoreCases(cases, ai);
const offScore = scoreCases(cases, offline);
console.log(
  `model wrong, offline right: ${aiScore.wrong.filter((id) => !offScore.wrong.includes(id)).join(", ") || "none"}`,
);
console.log(
  `offline wrong, model right: ${offScore.wrong.filter((id) => !aiScore.wrong.includes(id)).join(", ") || "none"}`,
);
if (failures.length) console.log(`answers that failed (the app falls back on these):\n  ${failures.join("\n  ")}`);

if (!ai.size) {
  console.log(
    "No chat got an answer from the model: check the account id, the token's Workers AI permission and the network.",
  );
  process.exit(1);
}
const unanswered = cases.filter((c) => !(c.id in answers)).map((c) => c.id);
if (record && unanswered.length) {
  console.log(`not recording: no answer for ${unanswered.join(", ")}`);
  process.exit(1);
}
if (record) {
  const recorded = {
    _about: `Answers of ${model} to the dev chats, recorded by npm run score:ai -- --record on ${new Date().toISOString().slice(0, 10)}.`,
    model,
    source: "recorded",
    prompt_fingerprint: promptFingerprint(),
    answers,
  };
  writeFileSync(RECORDED, `${JSON.stringify(recorded, null, 1)}\n`);
  console.log(`recorded ${Object.keys(answers).length} answers to ${path.relative(process.cwd(), RECORDED)}`);
}
