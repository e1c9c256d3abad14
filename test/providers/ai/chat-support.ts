// Builds chats for the extractor's rule tests and replays them through the
// analysis and the dialogue, so a test can run one rule on the last message.
import { analyzeMessage, attachMentions, type MessageAnalysis } from "../../../app/providers/ai/offline/analyze";
import { followMessage } from "../../../app/providers/ai/offline/dialogue";
import {
  activeBookings,
  createDialogueState,
  type DialogueState,
} from "../../../app/providers/ai/offline/dialogue-state";
import { extractBookings } from "../../../app/providers/ai/offline";
import { compileCatalogue } from "../../../app/providers/ai/offline/services";
import { serviceVariants } from "../../../app/providers/ai/offline/variants";
import type { ExtractInput } from "../../../app/providers/ai/types";

export type Line = [who: "C" | "B", body: string];

/** A chat in London starting Monday 9 March 2026 10:00, one message every ten minutes. */
export function chat(services: string[], lines: Line[], timeZone = "Europe/London"): ExtractInput {
  const start = Date.parse("2026-03-09T10:00:00Z");
  return {
    timeZone,
    services,
    messages: lines.map(([who, body], index) => ({ fromMe: who === "B", timestamp: start + index * 600_000, body })),
    now: start - 60_000,
  };
}

/** "Service YYYY-MM-DD HH:MM" for each booking the extractor finds. */
export const booked = (input: ExtractInput) => extractBookings(input).map((b) => `${b.service} ${b.date} ${b.time}`);

/** Every message of a chat analysed, with mentions attached. */
export function analyzeChat(input: ExtractInput): MessageAnalysis[] {
  const catalogue = compileCatalogue(input.services);
  const messages = input.messages.map((message, index) => analyzeMessage(message, index, input.timeZone, catalogue));
  attachMentions(messages, catalogue);
  return messages;
}

/** The dialogue after all messages but the last, and the last message analysed: for running one rule on it. */
export function beforeLastMessage(input: ExtractInput): { state: DialogueState; last: MessageAnalysis } {
  const messages = analyzeChat(input);
  const state = createDialogueState(serviceVariants(compileCatalogue(input.services)));
  for (const message of messages.slice(0, -1)) followMessage(state, message);
  return { state, last: messages[messages.length - 1] };
}

/** The standing bookings of a dialogue state, as "Service YYYY-MM-DD HH:MM". */
export const standing = (state: DialogueState) =>
  activeBookings(state).map(
    (b) => `${b.service} ${b.date} ${String(b.time.hour).padStart(2, "0")}:${String(b.time.minute).padStart(2, "0")}`,
  );
