// Reading the customer's latest turn for an ask or a change (types.ts ChatAsk):
// the offline rules (offline/asks.ts), or a Workers AI model that copies
// phrases ("Thursday", "afternoon", "18:00", "10 min") which code resolves
// here, as the booking extractor does. A failed model call reads offline.
import { z } from "zod";
import { localDate, localTime } from "~/utils/time-zone";
import { weekdayOf } from "./calendar";
import type { AiAllowance } from "./index.server";
import { dayPartOf, latestTurn, minutesOf, offlineAskReader, upcomingFrom } from "./offline/asks";
import { resolveDatePhrase, resolveTimePhrase } from "./phrases";
import { shortQuote } from "./quote";
import type { AskInput, AskReader, ChatAsk, DayPart } from "./types";
import { AI_TIMEOUT_MS, runModel, type AiRunner } from "./workers-ai.server";
import { answerPayload, type ModelMessage } from "./workers-ai-prompt";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const KINDS = ["ask", "reschedule", "late", "cancel", "none"] as const;
const PARTS = ["", "morning", "afternoon", "evening"] as const;
const MAX_BODY_CHARS = 600;

function askSchema(services: string[]) {
  return {
    type: "object",
    properties: {
      kind: { type: "string", enum: [...KINDS] },
      service: { type: "string", enum: ["", ...services] },
      day_phrase: { type: "string" },
      part: { type: "string", enum: [...PARTS] },
      time_phrase: { type: "string" },
      minutes_phrase: { type: "string" },
    },
    required: ["kind", "service", "day_phrase", "part", "time_phrase", "minutes_phrase"],
  };
}

const SYSTEM = `You read the latest messages a customer sent a business on WhatsApp and say what they ask for. Answer with JSON only, following the schema.

kind:
- "ask": they ask when there is free time, without naming a clock time ("anything Thursday afternoon?", "when can I come?", "מה יש מחר בערב?"). A question naming a clock time ("Tuesday at 10?") is not an ask: answer "none".
- "reschedule": they ask to move their upcoming booking. "late": they say they will be late for today's booking. "cancel": they cannot come or ask to cancel. These need an upcoming booking (listed below); without one answer "none".
- "none": anything else: thanks, prices, products, "can't wait!", "running to the shop", "on my way".
Fields, copied from the customer's words, "" when not said:
- service: the catalogue entry they ask for (map synonyms and other languages), else "".
- day_phrase: the words naming the day ("Thursday", "tomorrow", "מחרתיים", "12/3"), copied exactly. Never work out a date yourself.
- part: the part of the day asked for: morning, afternoon or evening, else "". A greeting ("good morning") is not a part.
- time_phrase: for a reschedule, the words of the new time ("18:00", "6pm", "same time", "באותה שעה").
- minutes_phrase: for late, the words giving minutes ("10 min", "ברבע שעה", "in 20").`;

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_BODY_CHARS ? `${flat.slice(0, MAX_BODY_CHARS)}…` : flat;
}

export function buildAskPrompt(input: AskInput): ModelMessage[] {
  const stamp = (instant: number) => {
    const date = localDate(instant, input.timeZone);
    return `${WEEKDAYS[weekdayOf(date)]} ${date} ${localTime(instant, input.timeZone)}`;
  };
  const upcoming = upcomingFrom(input);
  const user = [
    `Catalogue: ${input.services.map((s) => JSON.stringify(s)).join(", ")}`,
    `Upcoming bookings: ${upcoming.length ? upcoming.map((b) => `${b.service} ${WEEKDAYS[weekdayOf(b.date)]} ${b.date} ${b.time}`).join("; ") : "none"}`,
    `Customer's latest messages (local times, ${input.timeZone}):`,
    ...latestTurn(input.messages).map((message) => `${stamp(message.timestamp)}: ${oneLine(message.body)}`),
  ];
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: user.join("\n") },
  ];
}

const Answer = z.object({
  kind: z.enum(KINDS),
  service: z.string().nullish(),
  day_phrase: z.string().nullish(),
  part: z.string().nullish(),
  time_phrase: z.string().nullish(),
  minutes_phrase: z.string().nullish(),
});

const normalize = (s: string) => s.toLocaleLowerCase().replace(/\s+/g, " ").trim();
const SAME_TIME = /same time|באותה שעה|אותה שעה/i;

/**
 * The model's answer -> an ask or change. Throws when the answer is off the
 * schema (the caller reads offline). A day phrase the customer did not write
 * is refused (the model made it up), as is a change without an upcoming booking.
 */
export function parseAskAnswer(raw: unknown, input: AskInput): ChatAsk | null {
  const parsed = Answer.safeParse(answerPayload(raw));
  if (!parsed.success) throw new Error("The model's answer does not follow the schema.");
  const answer = parsed.data;
  const turn = latestTurn(input.messages);
  if (!turn.length || answer.kind === "none") return null;
  const quote = shortQuote(turn.map((message) => message.body).join(" "));
  const dayPhrase = (answer.day_phrase ?? "").trim();
  const anchor = dayPhrase
    ? [...turn].reverse().find((message) => normalize(message.body).includes(normalize(dayPhrase)))
    : undefined;
  const date = anchor ? resolveDatePhrase(dayPhrase, anchor.timestamp, input.timeZone) : null;
  if (answer.kind === "ask") {
    const service = input.services.find((s) => normalize(s) === normalize(answer.service ?? "")) ?? null;
    const usual = input.usualService && input.services.includes(input.usualService) ? input.usualService : null;
    const part =
      (PARTS as readonly string[]).includes(answer.part ?? "") && answer.part ? (answer.part as DayPart) : null;
    return {
      kind: "ask",
      service: service ?? usual,
      date,
      part: part ?? dayPartOf(normalize(turn.map((m) => m.body).join("\n"))),
      quote,
    };
  }
  const upcoming = upcomingFrom(input);
  if (!upcoming.length) return null;
  const booking = upcoming.find((candidate) => candidate.date === date) ?? upcoming[0];
  if (answer.kind === "cancel") return { kind: "cancel", booking, quote };
  if (answer.kind === "late") {
    const todays = upcoming.find((candidate) => candidate.date === localDate(input.now, input.timeZone));
    return todays
      ? { kind: "late", booking: todays, minutes: minutesOf(normalize(answer.minutes_phrase ?? "")), quote }
      : null;
  }
  const timePhrase = (answer.time_phrase ?? "").trim();
  const said = timePhrase && turn.some((message) => normalize(message.body).includes(normalize(timePhrase)));
  const time = said ? (SAME_TIME.test(timePhrase) ? booking.time : resolveTimePhrase(timePhrase)) : null;
  const newDate = date && date !== booking.date ? date : null;
  const finalTime = time ?? (newDate ? booking.time : null);
  return { kind: "reschedule", booking, date: newDate ?? (finalTime ? booking.date : null), time: finalTime, quote };
}

export function createWorkersAiAskReader(ai: AiRunner, model: string, timeoutMs = AI_TIMEOUT_MS): AskReader {
  return {
    name: "workers-ai",
    async read(input: AskInput) {
      if (!latestTurn(input.messages).length) return null;
      const request = {
        messages: buildAskPrompt(input),
        response_format: { type: "json_schema", json_schema: askSchema(input.services) },
        temperature: 0,
        max_tokens: 256,
      };
      return parseAskAnswer(await runModel(ai, model, request, timeoutMs), input);
    },
  };
}

/** As getExtractor: Workers AI when configured and allowed, the offline rules otherwise and whenever the model fails. */
export function getAskReader(
  env: Pick<Env, "EXTRACTOR" | "AI_MODEL"> & { AI?: unknown },
  allowance?: AiAllowance,
): AskReader {
  const mode = (env.EXTRACTOR || "auto").trim().toLowerCase();
  if (mode === "offline" || !env.AI || !env.AI_MODEL) return offlineAskReader;
  const ai = createWorkersAiAskReader(env.AI as AiRunner, env.AI_MODEL);
  return {
    name: `${ai.name}|${offlineAskReader.name}`,
    async read(input: AskInput) {
      if (!latestTurn(input.messages).length) return null;
      let allowed = !allowance;
      try {
        if (allowance) allowed = await allowance();
      } catch (error) {
        console.error("Asking for a Workers AI call failed; reading offline", error);
      }
      if (!allowed) return offlineAskReader.read(input);
      try {
        return await ai.read(input);
      } catch (error) {
        console.warn(
          `Workers AI ask reader unavailable, reading offline: ${error instanceof Error ? error.message : String(error)}`,
        );
        return offlineAskReader.read(input);
      }
    },
  };
}
