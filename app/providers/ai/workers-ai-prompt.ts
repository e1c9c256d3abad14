// What the Workers AI extractor says to the model and how it reads the answer.
// The model only copies phrases out of the chat (service, day words, time
// words, which message); the calendar arithmetic happens here, in code,
// relative to that message's own timestamp in the business's time zone.
import { z } from "zod";
import { localDate, localTime } from "~/utils/time-zone";
import { weekdayOf } from "./calendar";
import { resolveDatePhrase, resolveTimePhrase } from "./phrases";
import { compileCatalogue, findMentions, mapKey } from "./offline/services";
import { tokenize } from "./offline/text";
import { unitsOf } from "./offline/vocab";
import { shortQuote } from "./quote";
import type { ExtractedBooking, ExtractInput } from "./types";

const MAX_BODY_CHARS = 600;
const MAX_NOTES_CHARS = 200;
/** "for" answers that mean the customer: no note. */
const SELF_WORDS = new Set(["", "me", "myself", "customer", "the customer", "self", "אני", "לי", "я", "мне"]);
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

export type ModelMessage = { role: "system" | "user"; content: string };

/** The answer's shape, enforced by the model runtime (JSON mode). */
export function answerSchema(services: string[]) {
  return {
    type: "object",
    properties: {
      bookings: {
        type: "array",
        items: {
          type: "object",
          properties: {
            service: { type: "string", enum: services },
            date_phrase: { type: "string" },
            time_phrase: { type: "string" },
            message: { type: "integer" },
            for: { type: "string" },
            notes: { type: "string" },
          },
          required: ["service", "date_phrase", "time_phrase", "message", "for", "notes"],
        },
      },
    },
    required: ["bookings"],
  };
}

const SYSTEM = `You read a WhatsApp chat between a business and one customer and list the customer's appointments in it. Answer with JSON only, following the schema.

A booking is an appointment with a definite day AND a definite time that the customer requested or the business offered, and that was not declined, cancelled or replaced later in the chat.
- A moved appointment gives only its final slot. A cancelled one gives nothing, unless the cancellation is taken back later.
- When the business offers alternatives, only the one the customer picks counts.
- A request the business has not answered yet still counts.
- Vague plans ("next week sometime"), a day without a time, walk-in hours, waiting lists, product pick-ups, gift cards and promotions give nothing.
- Several people or several services give several bookings, each with its own time. It does not matter who the appointment is for (a child, a friend, a dog).
- A series confirmed as a list of dates ("Tuesdays at 7:30am: April 28, May 5 and May 12") gives one booking per date.
- Two services at two times, or two bookings on two days, give two bookings. Asking for another one "too" adds it; it does not move the first.
- Follow the chat step by step for each person and each service: when one of several bookings is cancelled or moved, only that one changes and the others stay.
- The business's latest reply that restates what was agreed is the final word: its day, time and service win over what was asked before.

For each person, the service is the catalogue entry made for them: the kids' entry for a child (an age up to 12, "my son (he's 7)"), the small, medium or large entry for a dog by its weight or breed (a 70 lb golden is large, a chihuahua small), the men's or women's entry when a word says who it is for.

For each booking:
- service: exactly one name from the catalogue. Map synonyms, abbreviations and other languages to it; prefer a combined catalogue entry when the request matches it.
- date_phrase: the words in the chat that name the day, copied exactly as written, such as "tomorrow", "Thursday", "next week Wednesday", "12/3", "March 12th", "מחר"; for a series, the one date of the list ("May 5"). Numeric dates are month-first in American chats and day-first elsewhere: copy them, the reading is done for you. Never work out or write a calendar date yourself.
- time_phrase: the words that give the time, copied as written, such as "5pm", "17:00", "ב-10 בבוקר", "half past 4", "רבע לשש".
- message: the number in square brackets of the message in which that day was said.
- for: who it is for as the chat says it ("me", "my son Leo", "Bear"), or "".
- notes: a few words worth keeping (who it is for, a special request), or "".
If there is no booking, answer {"bookings": []}.`;

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_BODY_CHARS ? `${flat.slice(0, MAX_BODY_CHARS)}…` : flat;
}

/** Chronological copy: the prompt's numbering and the answer's message index refer to this order. */
function chronological(input: ExtractInput) {
  return [...input.messages].sort((a, b) => a.timestamp - b.timestamp);
}

export function buildPrompt(input: ExtractInput): ModelMessage[] {
  const lines = chronological(input).map((message, index) => {
    const date = localDate(message.timestamp, input.timeZone);
    const time = localTime(message.timestamp, input.timeZone);
    const who = message.fromMe ? "Business" : "Customer";
    return `[${index + 1}] ${WEEKDAYS[weekdayOf(date)]} ${date} ${time} ${who}: ${oneLine(message.body)}`;
  });
  const user = [
    `Catalogue: ${input.services.map((s) => JSON.stringify(s)).join(", ")}`,
    input.contactName ? `Customer's name: ${oneLine(input.contactName)}` : null,
    `Chat (local times, ${input.timeZone}):`,
    ...lines,
  ].filter((l): l is string => l !== null);
  return [
    { role: "system", content: SYSTEM },
    { role: "user", content: user.join("\n") },
  ];
}

const Answer = z.object({ bookings: z.array(z.unknown()) });
const Proposal = z.object({
  service: z.string(),
  date_phrase: z.string().min(1),
  time_phrase: z.string().min(1),
  message: z.coerce.number().int().optional(),
  for: z.string().nullish(),
  notes: z.string().nullish(),
});

/**
 * The runtime answers {response: object} in JSON mode, or a string otherwise:
 * sometimes fenced, sometimes with prose around the JSON ("Here are the bookings: {...}").
 */
export function answerPayload(raw: unknown): unknown {
  let value = raw && typeof raw === "object" && "response" in raw ? (raw as { response: unknown }).response : raw;
  if (typeof value === "string") {
    const text = value
      .trim()
      .replace(/^```(?:json)?\s*/i, "")
      .replace(/```$/, "")
      .trim();
    value = parseJson(text) ?? parseJson(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
    if (value === undefined) throw new Error("The model's answer is not JSON.");
  }
  return value;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

const normalize = (s: string) => s.toLocaleLowerCase().replace(/\s+/g, " ").trim();

/**
 * The model's answer -> bookings. Throws when the answer as a whole is not the
 * expected shape (the caller falls back); single proposals that do not
 * resolve, name a service outside the catalogue, or carry a date that does
 * not appear in the chat are dropped.
 */
export function parseAnswer(raw: unknown, input: ExtractInput): ExtractedBooking[] {
  const parsed = Answer.safeParse(answerPayload(raw));
  if (!parsed.success) throw new Error("The model's answer does not follow the schema.");
  const messages = chronological(input);
  const catalogue = new Map(input.services.map((s) => [normalize(s), s]));
  const inCatalogue = (name: string) => catalogue.get(normalize(name)) ?? closestService(name, input.services);
  const now = { date: localDate(input.now, input.timeZone), time: localTime(input.now, input.timeZone) };
  const bookings: ExtractedBooking[] = [];
  const seen = new Set<string>();
  for (const item of parsed.data.bookings) {
    const proposal = Proposal.safeParse(item);
    if (!proposal.success) continue;
    const {
      service: serviceName,
      date_phrase: datePhrase,
      time_phrase: timePhrase,
      message,
      notes,
      for: person,
    } = proposal.data;
    const service = inCatalogue(serviceName);
    if (!service) continue;
    const anchor = anchorMessage(messages, datePhrase, message);
    if (!anchor) continue;
    const date = resolveDatePhrase(datePhrase, anchor.timestamp, input.timeZone);
    const time = resolveTimePhrase(timePhrase);
    if (!date || !time) continue;
    if (date < now.date || (date === now.date && time < now.time)) continue;
    // Two people with the same service at the same time are two bookings; one said twice is one.
    const who = (person ?? "").trim();
    const key = `${service}|${date}|${time}|${normalize(who)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    bookings.push({
      service,
      date,
      time,
      notes: notesFor(who, notes ?? ""),
      quote: quoteFor(messages, anchor, timePhrase),
    });
  }
  return bookings.sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
}

/** The owner's note: whom it is for (unless it is the customer), then the model's notes. */
function notesFor(person: string, notes: string): string {
  const forSomeoneElse = person && !SELF_WORDS.has(normalize(person)) ? `for ${person}` : "";
  return [forSomeoneElse, notes.trim()].filter(Boolean).join("; ").slice(0, MAX_NOTES_CHARS);
}

/**
 * A service name off the catalogue's spelling ("womens haircut", "Full Colour",
 * "תספורת אישה", as models write without JSON mode): the catalogue entry the
 * offline extractor's matcher reads in it, when it reads exactly one.
 */
function closestService(name: string, services: string[]): string | null {
  // The matcher breaks ties by catalogue order: read with both orders, and a tie ("haircut"
  // with women's and men's cuts) reads two ways and is refused.
  const [inOrder, reversed] = [services, [...services].reverse()].map((order) => servicesNamed(name, order));
  return inOrder.length === 1 && reversed.length === 1 && inOrder[0] === reversed[0] ? inOrder[0] : null;
}

function servicesNamed(name: string, services: string[]): string[] {
  const catalogue = compileCatalogue(services);
  const tokens = tokenize(name);
  const units = unitsOf(tokens, catalogue.rawKeys)
    .map((unit) => ({ ...unit, key: unit.hint ? unit.key : (mapKey(unit.key, catalogue) ?? "") }))
    .filter((unit) => unit.key);
  const keys = new Set(units.map((unit) => unit.key));
  return [
    ...new Set(
      findMentions(
        tokens,
        units,
        () => 0,
        catalogue,
        () => [{ keys, local: true }],
      ).map((mention) => mention.service),
    ),
  ];
}

/** The message the time came from (the date's message when no message has the time phrase), shortened. */
function quoteFor(messages: { body: string }[], anchor: { body: string }, timePhrase: string): string {
  const needle = normalize(timePhrase);
  const offsetIn = (message: { body: string }) => normalize(message.body).indexOf(needle);
  if (offsetIn(anchor) >= 0) return shortQuote(anchor.body, offsetIn(anchor));
  const source = [...messages].reverse().find((message) => offsetIn(message) >= 0);
  return source ? shortQuote(source.body, offsetIn(source)) : shortQuote(anchor.body);
}

/**
 * The message a date phrase is relative to: the one the model points at when
 * it really contains the phrase, else the last message that does. A phrase
 * found in no message was made up (a computed date, say) and is refused.
 */
function anchorMessage(messages: { timestamp: number; body: string }[], phrase: string, index: number | undefined) {
  const needle = normalize(phrase);
  const pointed = index !== undefined ? messages[index - 1] : undefined;
  if (pointed && normalize(pointed.body).includes(needle)) return pointed;
  return [...messages].reverse().find((message) => normalize(message.body).includes(needle)) ?? null;
}
