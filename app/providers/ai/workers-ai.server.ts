// Booking extraction with a Workers AI model under a JSON schema. The model
// reads the chat and copies phrases; workers-ai-prompt.ts turns them into
// dates and times. Any failure (no binding, remote-only binding in local dev,
// timeout, an answer off the schema) throws, so the caller can fall back.
import type { BookingExtractor, ExtractedBooking, ExtractInput } from "./types";
import { answerSchema, buildPrompt, parseAnswer } from "./workers-ai-prompt";

/** The slice of the AI binding used here (a stub in tests). */
export interface AiRunner {
  run(model: string, inputs: Record<string, unknown>): Promise<unknown>;
}

export const AI_TIMEOUT_MS = 20_000;

export function createWorkersAiExtractor(ai: AiRunner, model: string, timeoutMs = AI_TIMEOUT_MS): BookingExtractor {
  return {
    name: "workers-ai",
    async extract(input: ExtractInput): Promise<ExtractedBooking[]> {
      if (!input.services.length || !input.messages.length) return [];
      const request = {
        messages: buildPrompt(input),
        response_format: { type: "json_schema", json_schema: answerSchema(input.services) },
        temperature: 0,
        max_tokens: 1024,
      };
      return parseAnswer(await runModel(ai, model, request, timeoutMs), input);
    },
  };
}

/** One model call, or an error when it fails or does not answer within `timeoutMs`. */
export async function runModel(
  ai: AiRunner,
  model: string,
  request: Record<string, unknown>,
  timeoutMs: number,
): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Workers AI did not answer within ${timeoutMs} ms.`)), timeoutMs);
  });
  try {
    return await Promise.race([ai.run(model, request), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
