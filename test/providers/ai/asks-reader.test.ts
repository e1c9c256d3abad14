// Reading asks and changes with a stub Workers AI binding: the model copies
// phrases and code resolves them; made-up days are refused; a failed call
// reads offline, as the booking extractor does.
import { describe, expect, it } from "vitest";
import {
  buildAskPrompt,
  createWorkersAiAskReader,
  getAskReader,
  parseAskAnswer,
} from "../../../app/providers/ai/asks.server";
import type { AskInput } from "../../../app/providers/ai/types";
import type { AiRunner } from "../../../app/providers/ai/workers-ai.server";

const at = (iso: string) => Date.parse(iso);

const chat = (body: string, extra: Partial<AskInput> = {}): AskInput => ({
  services: ["Haircut", "Blow-dry", "Full Color"],
  timeZone: "Europe/London",
  now: at("2026-11-23T09:20:00+00:00"),
  messages: [
    { fromMe: true, timestamp: at("2026-11-20T10:00:00+00:00"), body: "See you soon!" },
    { fromMe: false, timestamp: at("2026-11-23T09:10:00+00:00"), body },
  ],
  ...extra,
});

const answer = (fields: Record<string, string>) => ({
  response: { kind: "none", service: "", day_phrase: "", part: "", time_phrase: "", minutes_phrase: "", ...fields },
});

function stub(reply: unknown): AiRunner {
  return {
    async run() {
      if (reply instanceof Error) throw reply;
      return reply;
    },
  };
}

describe("asks read by Workers AI", () => {
  it("shows the model only the customer's latest messages, the catalogue and the upcoming bookings", () => {
    const [system, user] = buildAskPrompt(
      chat("Anything Thursday afternoon?", { upcoming: [{ service: "Haircut", date: "2026-11-27", time: "10:00" }] }),
    );
    expect(system.content).toContain("Never work out a date yourself");
    expect(user.content.split("\n")).toEqual([
      'Catalogue: "Haircut", "Blow-dry", "Full Color"',
      "Upcoming bookings: Haircut Fri 2026-11-27 10:00",
      "Customer's latest messages (local times, Europe/London):",
      "Mon 2026-11-23 09:10: Anything Thursday afternoon?",
    ]);
  });

  it("resolves the copied day in code, against the message's own date", () => {
    const input = chat("Hi, do you have anything Thursday afternoon for a haircut?");
    expect(
      parseAskAnswer(answer({ kind: "ask", service: "Haircut", day_phrase: "Thursday", part: "afternoon" }), input),
    ).toMatchObject({
      kind: "ask",
      service: "Haircut",
      date: "2026-11-26",
      part: "afternoon",
    });
  });

  it("falls back to the client's usual service, and refuses a day the customer never wrote", () => {
    const input = chat("when can I come?", { usualService: "Blow-dry" });
    expect(parseAskAnswer(answer({ kind: "ask", day_phrase: "2026-11-26" }), input)).toMatchObject({
      kind: "ask",
      service: "Blow-dry",
      date: null,
    });
  });

  it("reads a move to a new time on the booking's day, and no change without a booking", () => {
    const upcoming = [{ service: "Haircut", date: "2026-11-26", time: "16:00" }];
    expect(
      parseAskAnswer(
        answer({ kind: "reschedule", time_phrase: "18:00" }),
        chat("can we make it 18:00 instead?", { upcoming }),
      ),
    ).toMatchObject({
      kind: "reschedule",
      date: "2026-11-26",
      time: "18:00",
      booking: upcoming[0],
    });
    expect(parseAskAnswer(answer({ kind: "cancel" }), chat("I can't make it"))).toBeNull();
  });

  it("throws on an answer off the schema, so that the reader falls back to the rules", async () => {
    const input = chat("any chance today?", { usualService: "Haircut" });
    expect(() => parseAskAnswer({ response: "sorry" }, input)).toThrow();
    const reader = getAskReader({
      EXTRACTOR: "auto",
      AI_MODEL: "m",
      AI: stub(new Error("Binding AI needs to be run remotely")),
    });
    expect(await reader.read(input)).toMatchObject({ kind: "ask", service: "Haircut", date: "2026-11-23", part: null });
    const direct = createWorkersAiAskReader(stub(answer({ kind: "ask", day_phrase: "today" })), "m");
    expect(await direct.read(input)).toMatchObject({ kind: "ask", date: "2026-11-23" });
  });
});
