// Reads the customer's latest turn (their messages after the business's last
// one) for an ask for free times ("anything Thursday afternoon?") or a change
// to an upcoming booking (move, late, cancel). Deterministic rules on the same
// scanners as the booking extractor: dates and times are resolved by code
// against the local date of the message that says them.
import { localDate } from "~/utils/time-zone";
import { shortQuote } from "../quote";
import type { AskInput, AskReader, ChatAsk, ChatMessage, DayPart, UpcomingBooking } from "../types";
import { analyzeMessage, attachMentions, type MessageAnalysis } from "./analyze";
import {
  ASK_PHRASES,
  CANCEL_PHRASES,
  DAY_PARTS,
  LATE_PHRASES,
  MINUTE_WORDS,
  MOVE_PHRASES,
  NOT_ASK_PHRASES,
  NOT_CANCEL_PHRASES,
  NOT_LATE_PHRASES,
  SAME_TIME_PHRASES,
} from "./lexicon/asks";
import { HEBREW_PREFIXES } from "./lexicon/grammar";
import { compileCatalogue } from "./services";
import { anyOf, HEBREW } from "./text";

const pad = (n: number) => String(n).padStart(2, "0");
const HEBREW_PREFIX = `(?:${anyOf(HEBREW_PREFIXES)})?`;

/** Whole words or phrases; a Hebrew one may carry a glued prefix ("בבוקר", "ולבטל"). */
function phrases(words: readonly string[]): RegExp {
  const english = words.filter((word) => !HEBREW.test(word));
  const hebrew = words.filter((word) => HEBREW.test(word));
  const parts = [
    english.length ? `(?:${anyOf(english)})` : null,
    hebrew.length ? `${HEBREW_PREFIX}(?:${anyOf(hebrew)})` : null,
  ].filter(Boolean);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${parts.join("|")})(?![\\p{L}\\p{N}])`, "iu");
}

const ASK = phrases(ASK_PHRASES);
const NOT_ASK = phrases(NOT_ASK_PHRASES);
const MOVE = phrases(MOVE_PHRASES);
const SAME_TIME = phrases(SAME_TIME_PHRASES);
const LATE = phrases(LATE_PHRASES);
const NOT_LATE = phrases(NOT_LATE_PHRASES);
const CANCEL = phrases(CANCEL_PHRASES);
const CANCEL_ALL = new RegExp(CANCEL.source, "giu");
const NOT_CANCEL = phrases(NOT_CANCEL_PHRASES);
const PARTS = (Object.keys(DAY_PARTS) as DayPart[]).map((part) => [part, phrases(DAY_PARTS[part])] as const);
/** Greetings name a part of the day without asking for it: "good morning", "Morning mate,", "ערב טוב". */
const GREETING =
  /(?:^|(?<![\p{L}\p{N}]))(?:good (?:morning|afternoon|evening)|(?:בוקר|ערב) טוב|צהריים טובים)(?![\p{L}\p{N}])|^\s*(?:morning|evening|afternoon)\b(?=\s*[,!]|\s+(?:mate|all|love|hun|x))/giu;
const MINUTES_NUMBER =
  /(?<![\d:./])(\d{1,3})\s*(?:min(?:ute)?s?|m(?![\p{L}])|דק(?:ות|')?)|(?:in|עוד)\s+(\d{1,3})(?![\d:])|(?<![\d:./])(\d{1,3})\s+late/iu;
const MINUTE_PHRASES = Object.entries(MINUTE_WORDS).map(([words, minutes]) => [phrases([words]), minutes] as const);

/** The customer's messages after the business's last one, oldest first. */
export function latestTurn(messages: readonly ChatMessage[]): ChatMessage[] {
  const sorted = [...messages].sort((a, b) => a.timestamp - b.timestamp);
  let start = sorted.length;
  while (start > 0 && !sorted[start - 1].fromMe) start--;
  return sorted.slice(start);
}

/** Upcoming bookings from today on, soonest first. */
export function upcomingFrom(input: AskInput): UpcomingBooking[] {
  const today = localDate(input.now, input.timeZone);
  return (input.upcoming ?? [])
    .filter((booking) => booking.date >= today)
    .sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
}

/** The part of the day the text asks about, greetings aside. */
export function dayPartOf(lower: string): DayPart | null {
  const text = lower.replace(GREETING, " ");
  let found: { part: DayPart; at: number } | null = null;
  for (const [part, re] of PARTS) {
    const match = re.exec(text);
    if (match && (!found || match.index > found.at)) found = { part, at: match.index };
  }
  return found?.part ?? null;
}

/** Minutes the customer says they will be late, or arrive in. */
export function minutesOf(lower: string): number | null {
  const number = MINUTES_NUMBER.exec(lower);
  if (number) return Number(number[1] ?? number[2] ?? number[3]);
  for (const [re, minutes] of MINUTE_PHRASES) if (re.test(lower)) return minutes;
  return null;
}

const clock = (time: { hour: number; minute: number }) => `${pad(time.hour)}:${pad(time.minute)}`;

/** The ask or change in the customer's latest turn, or null. */
export function readAsk(input: AskInput): ChatAsk | null {
  const turn = latestTurn(input.messages);
  if (!turn.length) return null;
  const catalogue = compileCatalogue(input.services.filter((service) => service.trim()));
  const analyses = turn.map((message, index) => analyzeMessage(message, index, input.timeZone, catalogue));
  if (input.services.length) attachMentions(analyses, catalogue);
  const lower = analyses.map((analysis) => analysis.lower).join("\n");
  const quote = shortQuote(turn.map((message) => message.body).join(" "));
  const dates = analyses.flatMap((analysis) =>
    analysis.dates.filter((date) => date.date && !date.negated).map((date) => date.date as string),
  );
  const upcoming = upcomingFrom(input);
  if (upcoming.length) {
    const change = readChange(input, analyses, lower, dates, upcoming, quote);
    if (change) return change;
  }
  if (!ASK.test(lower) || NOT_ASK.test(lower)) return null;
  // A stated clock time is a booking request, read by the booking extractor.
  if (analyses.some((analysis) => analysis.times.some((time) => time.role === "slot" && !time.negated))) return null;
  const mention = analyses.flatMap((analysis) => analysis.mentions)[0];
  const usual = input.usualService && input.services.includes(input.usualService) ? input.usualService : null;
  return { kind: "ask", service: mention?.service ?? usual, date: dates[0] ?? null, part: dayPartOf(lower), quote };
}

function readChange(
  input: AskInput,
  analyses: MessageAnalysis[],
  lower: string,
  dates: string[],
  upcoming: UpcomingBooking[],
  quote: string,
): ChatAsk | null {
  // The booking the words name, said even in a negation ("I can't come on Thursday"), else the nearest.
  const named = analyses.flatMap((analysis) =>
    analysis.dates.filter((date) => date.date).map((date) => date.date as string),
  );
  const booking =
    upcoming.find((candidate) => dates.includes(candidate.date)) ??
    upcoming.find((candidate) => named.includes(candidate.date)) ??
    upcoming[0];
  // "can't make it" is no "make it 18:00".
  if (MOVE.test(lower.replace(CANCEL_ALL, " "))) {
    const times = analyses.flatMap((analysis) => analysis.times.filter((time) => !time.negated));
    const newTime =
      times.find((time) => time.role === "slot" && clock(time) !== booking.time) ??
      times.find((time) => time.role !== "old" && clock(time) !== booking.time);
    const newDate = [...dates].reverse().find((date) => date !== booking.date);
    const time = newTime ? clock(newTime) : SAME_TIME.test(lower) || newDate ? booking.time : null;
    const date = newDate ?? (time ? booking.date : null);
    return { kind: "reschedule", booking, date, time, quote };
  }
  if (CANCEL.test(lower) && !NOT_CANCEL.test(lower)) return { kind: "cancel", booking, quote };
  const today = localDate(input.now, input.timeZone);
  const todays = upcoming.find((candidate) => candidate.date === today);
  if (todays && LATE.test(lower) && !NOT_LATE.test(lower))
    return { kind: "late", booking: todays, minutes: minutesOf(lower), quote };
  return null;
}

export const offlineAskReader: AskReader = {
  name: "offline",
  async read(input: AskInput) {
    return readAsk(input);
  },
};
