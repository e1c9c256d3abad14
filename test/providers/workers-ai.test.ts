// The Workers AI extractor with a stub AI binding that returns recorded-format
// answers: prompt building, parsing, date resolution in code, and the fallback.
import { describe, expect, it } from "vitest";
import { getExtractor, withFallback } from "../../app/providers/ai/index.server";
import type { ExtractInput } from "../../app/providers/ai/types";
import { createWorkersAiExtractor, type AiRunner } from "../../app/providers/ai/workers-ai.server";
import { answerSchema, buildPrompt, parseAnswer } from "../../app/providers/ai/workers-ai-prompt";
import answers from "./fixtures/workers-ai-answers.json";

const at = (iso: string) => Date.parse(iso);

const haircutChat: ExtractInput = {
  services: ["Haircut", "Coloring"],
  timeZone: "Asia/Jerusalem",
  now: at("2026-03-10T09:00:00+02:00"),
  contactName: "Noa",
  messages: [
    { fromMe: true, timestamp: at("2026-03-09T20:35:00+02:00"), body: "Sure!\nSee you then" },
    {
      fromMe: false,
      timestamp: at("2026-03-09T20:30:00+02:00"),
      body: "Hi! Can I come tomorrow at 5pm for a haircut?",
    },
  ],
};

function stub(answer: unknown) {
  const calls: { model: string; inputs: Record<string, unknown> }[] = [];
  const ai: AiRunner = {
    async run(model, inputs) {
      calls.push({ model, inputs });
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { ai, calls };
}

describe("Workers AI prompt", () => {
  it("numbers the chat in time order with each message's local weekday, date and time, and lists the catalogue", () => {
    const [system, user] = buildPrompt(haircutChat);
    expect(system.role).toBe("system");
    expect(system.content).toContain("Never work out or write a calendar date yourself");
    expect(user.content.split("\n")).toEqual([
      'Catalogue: "Haircut", "Coloring"',
      "Customer's name: Noa",
      "Chat (local times, Asia/Jerusalem):",
      "[1] Mon 2026-03-09 20:30 Customer: Hi! Can I come tomorrow at 5pm for a haircut?",
      "[2] Mon 2026-03-09 20:35 Business: Sure! See you then",
    ]);
  });

  it("uses the business's zone for the local date, not UTC", () => {
    const [, user] = buildPrompt({
      services: ["Full Color"],
      timeZone: "America/New_York",
      now: at("2026-03-12T22:00:00-04:00"),
      messages: [{ fromMe: false, timestamp: at("2026-03-12T21:30:00-04:00"), body: "tomorrow at 11am?" }],
    });
    expect(user.content).toContain("[1] Thu 2026-03-12 21:30 Customer: tomorrow at 11am?");
  });

  it("asks the model for the JSON schema with the catalogue as the only services", async () => {
    const { ai, calls } = stub(answers.tomorrowHaircut);
    await createWorkersAiExtractor(ai, "@cf/meta/llama-3.1-8b-instruct").extract(haircutChat);
    expect(calls).toHaveLength(1);
    expect(calls[0].model).toBe("@cf/meta/llama-3.1-8b-instruct");
    expect(calls[0].inputs.messages).toEqual(buildPrompt(haircutChat));
    expect(calls[0].inputs.response_format).toEqual({
      type: "json_schema",
      json_schema: answerSchema(["Haircut", "Coloring"]),
    });
    expect(answerSchema(["Haircut"]).properties.bookings.items.properties.service).toEqual({
      type: "string",
      enum: ["Haircut"],
    });
  });

  it("does not call the model for an empty chat or an empty catalogue", async () => {
    const { ai, calls } = stub(answers.tomorrowHaircut);
    const extractor = createWorkersAiExtractor(ai, "m");
    expect(await extractor.extract({ ...haircutChat, messages: [] })).toEqual([]);
    expect(await extractor.extract({ ...haircutChat, services: [] })).toEqual([]);
    expect(calls).toHaveLength(0);
  });
});

describe("reading the model's answer", () => {
  it("resolves 'tomorrow' against the message's own local date", async () => {
    const { ai } = stub(answers.tomorrowHaircut);
    expect(await createWorkersAiExtractor(ai, "m").extract(haircutChat)).toEqual([
      {
        service: "Haircut",
        date: "2026-03-10",
        time: "17:00",
        notes: "",
        quote: "Hi! Can I come tomorrow at 5pm for a haircut?",
      },
    ]);
  });

  it("dates an evening message in New York by its local day, even when UTC is already tomorrow", () => {
    const input: ExtractInput = {
      services: ["Full Color", "Haircut"],
      timeZone: "America/New_York",
      now: at("2026-03-12T22:00:00-04:00"),
      messages: [
        {
          fromMe: false,
          timestamp: at("2026-03-12T21:30:00-04:00"),
          body: "Hi, can my daughter get a colour tomorrow at 11am?",
        },
      ],
    };
    expect(parseAnswer(answers.eveningNewYork, input)).toEqual([
      {
        service: "Full Color",
        date: "2026-03-13",
        time: "11:00",
        notes: "for her daughter",
        quote: "Hi, can my daughter get a colour tomorrow at 11am?",
      },
    ]);
  });

  it("reads a fenced string answer and maps the service to the catalogue's spelling", () => {
    const input: ExtractInput = {
      services: ["Haircut", "Beard Trim"],
      timeZone: "Europe/London",
      now: at("2026-03-06T09:00:00Z"),
      messages: [
        { fromMe: false, timestamp: at("2026-03-05T10:00:00Z"), body: "Can I get a beard trim on 12/3 at 10:00?" },
        { fromMe: true, timestamp: at("2026-03-05T10:05:00Z"), body: "10 is taken, 11:30?" },
        { fromMe: false, timestamp: at("2026-03-05T10:06:00Z"), body: "ok 11:30" },
      ],
    };
    expect(parseAnswer(answers.fencedReschedule, input)).toEqual([
      { service: "Beard Trim", date: "2026-03-12", time: "11:30", notes: "", quote: "ok 11:30" },
    ]);
  });

  it("drops what does not resolve, is outside the catalogue, is past, repeats, or carries a date the chat never says", () => {
    const input: ExtractInput = {
      services: ["Haircut", "Coloring"],
      timeZone: "Europe/London",
      now: at("2026-03-10T09:00:00Z"),
      messages: [
        {
          fromMe: false,
          timestamp: at("2026-03-09T18:00:00Z"),
          body: "Hi, could I book a haircut on Thursday at 10am? Also my wife wants colour on Friday",
        },
        { fromMe: true, timestamp: at("2026-03-09T18:10:00Z"), body: "Thursday 10am is fine. Friday we have 14:00" },
        {
          fromMe: false,
          timestamp: at("2026-03-09T18:20:00Z"),
          body: "Great. And thanks for today at 8am by the way!",
        },
      ],
    };
    expect(parseAnswer(answers.mixedBag, input)).toEqual([
      {
        service: "Haircut",
        date: "2026-03-12",
        time: "10:00",
        notes: "wants a fringe",
        quote: "Thursday 10am is fine. Friday we have 14:00",
      },
      {
        service: "Coloring",
        date: "2026-03-13",
        time: "14:00",
        notes: "",
        quote: "Thursday 10am is fine. Friday we have 14:00",
      },
    ]);
    expect(parseAnswer(answers.noBooking, input)).toEqual([]);
  });

  it("keeps one booking per person and per date of a series, notes whom each is for, and drops one said twice", () => {
    const input: ExtractInput = {
      services: ["Women's Cut", "Kids Cut", "Root Touch-Up", "Blow-dry"],
      timeZone: "Europe/London",
      now: at("2026-01-14T08:00:00Z"),
      messages: [
        {
          fromMe: false,
          timestamp: at("2026-01-13T19:40:00Z"),
          body: "Could I get me and the 2 girls in on Saturday? Roots for me, trims for them. Millie is 7 and Rosie is 10",
        },
        {
          fromMe: true,
          timestamp: at("2026-01-13T20:05:00Z"),
          body: "Sat 17th: roots for you at 9:30, Millie and Rosie both at 11:00. And your blow-dries at half past 4 on 24 Jan and 31 Jan",
        },
      ],
    };
    expect(
      parseAnswer(answers.seriesAndFamily, input).map(
        ({ service, date, time, notes }) => `${service} ${date} ${time} ${notes}`,
      ),
    ).toEqual([
      "Root Touch-Up 2026-01-17 09:30 ",
      "Kids Cut 2026-01-17 11:00 for Millie (7)",
      "Kids Cut 2026-01-17 11:00 for Rosie (10); other chair",
      "Blow-dry 2026-01-24 16:30 ",
      "Blow-dry 2026-01-31 16:30 ",
    ]);
  });

  it("reads JSON wrapped in prose, and a service written off the catalogue's spelling when it names one entry", () => {
    const input: ExtractInput = {
      services: ["Women's Haircut", "Men's Haircut", "Full Color"],
      timeZone: "Europe/London",
      now: at("2026-03-10T09:00:00Z"),
      messages: [
        { fromMe: false, timestamp: at("2026-03-09T18:00:00Z"), body: "Could I get a colour on Thursday at 10am?" },
      ],
    };
    const proposal = (service: string) => ({
      service,
      date_phrase: "Thursday",
      time_phrase: "10am",
      message: 1,
      notes: "",
    });
    const prose = {
      response: `Here is what I found:\n${JSON.stringify({ bookings: [proposal("full colour")] })}\nHope this helps!`,
    };
    expect(parseAnswer(prose, input)).toEqual([
      {
        service: "Full Color",
        date: "2026-03-12",
        time: "10:00",
        notes: "",
        quote: "Could I get a colour on Thursday at 10am?",
      },
    ]);
    // "haircut" alone could be either cut: refused rather than guessed.
    expect(parseAnswer({ response: { bookings: [proposal("haircut")] } }, input)).toEqual([]);
  });

  it("throws on an answer that is not the schema, so the caller can fall back", () => {
    for (const bad of [answers.prose, answers.offSchema, null, { response: 42 }, '{"bookings": ']) {
      expect(() => parseAnswer(bad, haircutChat)).toThrow();
    }
  });
});

describe("choosing the extractor", () => {
  const env = (over: Record<string, unknown>) =>
    ({ EXTRACTOR: "auto", AI_MODEL: "@cf/meta/llama-3.1-8b-instruct", ...over }) as never;

  it("uses the offline extractor when told to, or when there is no AI binding", () => {
    expect(getExtractor(env({ EXTRACTOR: "offline", AI: stub(answers.noBooking).ai })).name).toBe("offline");
    expect(getExtractor(env({ AI: undefined })).name).toBe("offline");
  });

  it("uses the model's answer when the binding answers", async () => {
    const { ai, calls } = stub(answers.tomorrowHaircut);
    const extractor = getExtractor(env({ AI: ai }));
    expect(await extractor.extract(haircutChat)).toEqual([
      {
        service: "Haircut",
        date: "2026-03-10",
        time: "17:00",
        notes: "",
        quote: "Hi! Can I come tomorrow at 5pm for a haircut?",
      },
    ]);
    expect(calls).toHaveLength(1);
  });

  it("falls back to the offline extractor when the binding is remote-only, the answer is off-schema, or the model hangs", async () => {
    const expected = [
      { service: "Haircut", date: "2026-03-10", time: "17:00", notes: expect.any(String), quote: expect.any(String) },
    ];
    const remoteOnly = stub(new Error("Binding AI needs to be run remotely"));
    expect(await getExtractor(env({ AI: remoteOnly.ai })).extract(haircutChat)).toEqual(expected);
    expect(await getExtractor(env({ AI: stub(answers.prose).ai })).extract(haircutChat)).toEqual(expected);

    const hanging: AiRunner = { run: () => new Promise(() => {}) };
    const offline = getExtractor(env({ EXTRACTOR: "offline" }));
    const slow = withFallback(createWorkersAiExtractor(hanging, "m", 50), offline);
    expect(await slow.extract(haircutChat)).toEqual(expected);
  });

  it("with an allowance: asks before each model call, reads offline when refused, and never asks in offline mode", async () => {
    const expected = [
      { service: "Haircut", date: "2026-03-10", time: "17:00", notes: expect.any(String), quote: expect.any(String) },
    ];
    let left = 1;
    let asked = 0;
    const allowance = async () => {
      asked++;
      return left-- > 0;
    };
    const { ai, calls } = stub(answers.tomorrowHaircut);
    const extractor = getExtractor(env({ AI: ai }), allowance);
    expect(await extractor.extract(haircutChat)).toEqual(expected);
    expect(await extractor.extract(haircutChat)).toEqual(expected);
    expect([asked, calls.length]).toEqual([2, 1]);
    expect(await extractor.extract({ ...haircutChat, messages: [] })).toEqual([]);
    expect(asked).toBe(2);

    await getExtractor(env({ EXTRACTOR: "offline", AI: ai }), allowance).extract(haircutChat);
    expect(asked).toBe(2);
  });
});
