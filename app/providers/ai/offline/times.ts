// Finds clock times in a message and classifies them: a bookable slot, or a
// constraint ("after 5"), opening hours, a range ("10-14"), an old time being
// replaced ("instead of 13:00") or someone else's event ("party at 8").
import { MONTHS, WEEKDAYS } from "./lexicon/calendar";
import {
  AM_HINTS_AFTER,
  AM_WORDS,
  AT_WORDS,
  BARE_HOUR_CONFIRMERS,
  CONSTRAINT_WORDS_BEFORE,
  CURRENCY_SIGNS,
  FRACTIONS_BEFORE,
  GLUED_SLOT_WORDS_BEFORE,
  HOUR_FOLLOWERS,
  HOUR_MARKS,
  HOUR_WORDS,
  MERIDIEM_MARKS,
  MINUTES_AFTER_HOUR,
  MINUTES_AFTER_NUMBER_WORD,
  MOVE_TO_WORDS_AFTER,
  MOVE_TO_WORDS_BEFORE,
  NOON_ALONE,
  NOON_WORDS,
  NUMBER_WORDS,
  FRACTIONS_BEFORE_WORD,
  OPENING_HOURS_STEMS,
  OR_PAIR_ENDINGS,
  OTHER_EVENT_NOT_AFTER,
  OWN_EVENT_LINK,
  OTHER_EVENT_STEMS,
  PM_HINTS_AFTER,
  PM_HINTS_BEFORE,
  PM_WORDS,
  RANGE_START_WORDS,
  RANGE_WORDS,
  REPLACED_TIME_LINKS,
  REPLACED_TIME_WORDS_BEFORE,
  RESCHEDULE_STEMS,
  SLOT_WORDS_BEFORE,
  TWENTY_FOUR_HOUR_MARKS,
  UNIT_STEMS,
  UNIT_WORDS,
  WORD_TIME_SLOT_WORDS,
} from "./lexicon/clock";
import { AND_WORDS, OR_WORDS } from "./lexicon/grammar";
import { anyOf, escapeClass, HEBREW, lowerKeep } from "./text";

type TimeRole = "slot" | "constraint" | "hours" | "range" | "old" | "event";

/** A wall-clock time; `ambiguous` when no am/pm and not clearly 24-hour ("5", "5:15"). */
export type ClockTime = { hour: number; minute: number; ambiguous: boolean };

export type TimeMention = ClockTime & {
  start: number;
  end: number;
  role: TimeRole;
};

/** How far around a number its context is read. */
const CONTEXT_CHARS = 40;
/** How far after a time a period word ("in the evening") still sets am/pm. */
const PERIOD_HINT_CHARS = 22;
/** How far after an old time its "to <new time>" may come ("push your 2pm to 3pm"). */
const MOVE_TO_CHARS = 12;
/** A time continues a list when it starts this close after the previous one ("5, 6 or 7"). */
const LIST_GAP_CHARS = 12;
/** How far after a bare hour the next word is read ("at 14 Station Road"). */
const FOLLOWER_CHARS = 24;
/** How far before "noon" its "at" may stand. */
const NOON_AT_CHARS = 8;
/** Ambiguous hours up to these are afternoon hours in a salon: "at 5" = 17:00, "5:30" = 17:30. */
const LATEST_PM_BARE_HOUR = 7;
const LATEST_PM_HOUR_WITH_MINUTES = 6;
/** A dotted number is a time from this hour on ("17.30"), else a date ("10.11"). */
const EARLIEST_DOTTED_HOUR = 7;
/** From this hour on, "Uhr"/"h" after a bare number makes it a time ("um 9 Uhr"); earlier it may be a duration. */
const EARLIEST_HOUR_WITH_UHR = 7;
const LAST_HOUR = 24;
const LAST_MINUTE = 59;
/** Hours a confirming word may follow ("5 works"). */
const CONFIRMABLE_HOURS = { first: 1, last: 12 };

const CURRENCY = escapeClass(CURRENCY_SIGNS);
const AM_MARKS = anyOf(MERIDIEM_MARKS.am);
const PM_MARKS = anyOf(MERIDIEM_MARKS.pm);
const ANY_MERIDIEM = anyOf([...MERIDIEM_MARKS.am, ...MERIDIEM_MARKS.pm]);
const NOT_LETTER_BEFORE = "(?:^|[^\\p{L}])";
const NOT_LETTER_AFTER = "(?![\\p{L}])";

const CLOCK_NUMBER = new RegExp(`(?<![\\d.,:\\/${CURRENCY}])(\\d{1,2})(?:([:.])(\\d{2}))?(?!\\d)`, "g");
const DECIMAL_AFTER = /^[.,]\d/;
const PRICE_SIGN_BEFORE = new RegExp(`[${CURRENCY}]\\s*$`);
const DIGIT_AFTER = /^\.?\d/;
const MERIDIEM_AFTER = new RegExp(`^\\s*(?:(${AM_MARKS})|(${PM_MARKS}))${NOT_LETTER_AFTER}`, "iu");
const TWENTY_FOUR_HOUR_AFTER = new RegExp(`^\\s*(?:${anyOf(TWENTY_FOUR_HOUR_MARKS)})${NOT_LETTER_AFTER}`, "iu");
const HOUR_MARK_AFTER = new RegExp(`^\\s*(?:${anyOf(HOUR_MARKS)})${NOT_LETTER_AFTER}`, "iu");
const PM_WORDS_AFTER = new RegExp(
  `^\\s*(?:(?:${anyOf(HOUR_WORDS)})\\s+)?(?:${anyOf(PM_WORDS)})${NOT_LETTER_AFTER}`,
  "iu",
);
const AM_WORDS_AFTER = new RegExp(
  `^\\s*(?:(?:${anyOf(HOUR_WORDS)})\\s+)?(?:${anyOf(AM_WORDS)})${NOT_LETTER_AFTER}`,
  "iu",
);
const PM_HINT_NEAR = new RegExp(anyOf(PM_HINTS_AFTER), "iu");
const PM_HINT_BEFORE = new RegExp(`(?:${anyOf(PM_HINTS_BEFORE)})\\s*(?:${anyOf(AT_WORDS)})?\\s*-?\\s*$`, "iu");
const AM_HINT_NEAR = new RegExp(anyOf(AM_HINTS_AFTER), "iu");
const MINUTES_AFTER = new RegExp(`^\\s*(${anyOf(Object.keys(MINUTES_AFTER_HOUR))})`);
const FRACTION_BEFORE = new RegExp(`(?:^|\\s)(${anyOf(Object.keys(FRACTIONS_BEFORE))})\\s*$`, "i");

// Prepositions right before the number (Hebrew/Arabic ones may be glued to it).
const SLOT_WORD_BEFORE = new RegExp(`${NOT_LETTER_BEFORE}(?:${anyOf(SLOT_WORDS_BEFORE)})\\s*$`, "iu");
const GLUED_SLOT_WORD_BEFORE = new RegExp(`${NOT_LETTER_BEFORE}(?:${anyOf(GLUED_SLOT_WORDS_BEFORE)})\\s*-?\\s*$`, "u");
const MOVE_TO_BEFORE = new RegExp(`${NOT_LETTER_BEFORE}(?:${anyOf(MOVE_TO_WORDS_BEFORE)})\\s*-?\\s*$`, "iu");
const CONSTRAINT_BEFORE = new RegExp(`${NOT_LETTER_BEFORE}(?:${anyOf(CONSTRAINT_WORDS_BEFORE)})\\s*-?\\s*$`, "iu");
const RESCHEDULE_NEAR = new RegExp(anyOf(RESCHEDULE_STEMS), "iu");
const MOVE_TO_AFTER = new RegExp(`^\\s*(?:${anyOf(MOVE_TO_WORDS_AFTER)})\\s*-?\\s*\\d`, "iu");
const LIST_BEFORE = new RegExp(
  `(\\d(?::\\d\\d)?\\s*(?:${ANY_MERIDIEM})?\\s*(?:,|${anyOf([...OR_WORDS, ...AND_WORDS])})\\s*-?\\s*)$`,
  "iu",
);
const RANGE_START_AFTER = new RegExp(
  `^\\s*(?:${ANY_MERIDIEM}|${anyOf(TWENTY_FOUR_HOUR_MARKS)})?\\s*(?:${anyOf(RANGE_WORDS)})\\s*-?\\s*\\d`,
  "iu",
);
const RANGE_END_BEFORE = new RegExp(
  `(?:\\d\\s*(?:${anyOf(RANGE_WORDS)})\\s*-?\\s*|(?:${anyOf(RANGE_START_WORDS)})\\s+)$`,
  "iu",
);
const OPENING_HOURS_BEFORE = new RegExp(`(?:${anyOf(OPENING_HOURS_STEMS)})[^.!?\\n,\\d]{0,14}$`, "iu");
const REPLACED_BEFORE = new RegExp(
  `(?:${anyOf(REPLACED_TIME_WORDS_BEFORE)})\\s*(?:(?:${anyOf(REPLACED_TIME_LINKS.spaced)})\\s+|(?:${anyOf(REPLACED_TIME_LINKS.glued)})-?)?$`,
  "iu",
);
const OTHER_EVENT_BEFORE = new RegExp(
  `(?:${anyOf(OTHER_EVENT_STEMS)})(?!${anyOf(OTHER_EVENT_NOT_AFTER)})[^.!?\\n,\\d]{0,22}$`,
  "iu",
);
/** "ב-10:30 אני בעבודה", "10:30 I'm at work": the speaker's own plans at that time, not a slot. */
const OWN_EVENT_AFTER = new RegExp(
  `^\\s*(?:${anyOf(OWN_EVENT_LINK.pronouns)})\\s+(?:(?:${anyOf(OWN_EVENT_LINK.at)})\\s+|${anyOf(OWN_EVENT_LINK.gluedAt)})?(?:${anyOf(OTHER_EVENT_STEMS)})`,
  "iu",
);
const UNIT_AFTER = new RegExp(`^\\s*(?:(?:${anyOf(UNIT_WORDS)})(?![\\p{L}\\p{N}])|${anyOf(UNIT_STEMS)})`, "iu");
const CONFIRMER_AFTER = new RegExp(`^\\s*(?:${anyOf(BARE_HOUR_CONFIRMERS)})${NOT_LETTER_AFTER}`, "iu");
const OR_PAIR_AFTER = new RegExp(
  `^\\s*(?:${anyOf(OR_WORDS)})\\s*\\d{1,2}(?!\\d)\\s*(?:${anyOf(OR_PAIR_ENDINGS)})`,
  "iu",
);
const CAPITALISED_WORD_AFTER = /^\s+([A-Za-z]+)/;
const HOUR_FOLLOWER_SET = new Set(HOUR_FOLLOWERS);

// "at five", "after six", "בחמש", "בשש וחצי" (Hebrew numbers glued to ב = "at").
const WORD_TIME = new RegExp(
  `(?<![\\p{L}])(${anyOf([...WORD_TIME_SLOT_WORDS, ...CONSTRAINT_WORDS_BEFORE])})\\s*-?\\s*(${anyOf(Object.keys(NUMBER_WORDS))})` +
    `(?:\\s*(${anyOf(Object.keys(MINUTES_AFTER_NUMBER_WORD))}))?(?![\\p{L}])`,
  "giu",
);
// "quarter to six", "half past four", "(ב)רבע לשש" (a quarter to six), and "חמש וחצי", "שלוש ורבע" without "at".
const NUMBER_WORD = `(${anyOf(Object.keys(NUMBER_WORDS))})`;
const SPELLED_TIME = new RegExp(
  `(?<![\\p{L}])(?:(?:${anyOf(WORD_TIME_SLOT_WORDS)})\\s*)?(${anyOf(Object.keys(FRACTIONS_BEFORE_WORD))})\\s*${NUMBER_WORD}(?![\\p{L}])` +
    `|(?<![\\p{L}])${NUMBER_WORD}\\s+(${anyOf(Object.keys(MINUTES_AFTER_NUMBER_WORD).filter((word) => HEBREW.test(word)))})(?![\\p{L}])`,
  "giu",
);
const CONSTRAINT_WORD_SET = new Set(CONSTRAINT_WORDS_BEFORE);
const NOON = new RegExp(`(?<![\\p{L}])(${anyOf(NOON_WORDS)})${NOT_LETTER_AFTER}`, "giu");
const AT_BEFORE = new RegExp(`(?:${anyOf(AT_WORDS)})\\s*$`, "iu");
const NOON_ALONE_SET = new Set(NOON_ALONE);
const CONSTRAINT_BEFORE_NOON = new RegExp(`(?<![\\p{L}])(?:${anyOf(CONSTRAINT_WORDS_BEFORE)})\\s*$`, "iu");

const oneSpace = (phrase: string) => phrase.replace(/\s+/g, " ");

/** A capitalised English word after a bare hour that is not a time word ("at 14 Station Road"): an address, not a time. */
export function hasAddressAfter(text: string, end: number): boolean {
  const word = CAPITALISED_WORD_AFTER.exec(text.slice(end, end + FOLLOWER_CHARS))?.[1];
  if (!word || !/^[A-Z]/.test(word)) return false;
  const lower = word.toLowerCase();
  return !(lower in WEEKDAYS || lower in MONTHS || HOUR_FOLLOWER_SET.has(lower));
}

/** A number as written: "5", "17:30", "9.30". */
type WrittenNumber = {
  start: number;
  end: number;
  hour: number;
  minute: number;
  colon: boolean;
  dot: boolean;
  zeroPadded: boolean;
};

/** What follows the number: am/pm, "Uhr", "o'clock", period words, "וחצי". */
type MarksAfter = {
  meridiem: RegExpExecArray | null;
  twentyFourHour: RegExpExecArray | null;
  pmWords: RegExpExecArray | null;
  amWords: RegExpExecArray | null;
  hourMark: boolean;
  minutes: RegExpExecArray | null;
};

/** Whether the number starts a range ("10-14") or ends one ("between 10 and 12"). */
type RangeEnds = { starts: boolean; ends: boolean };

/** What precedes the number: "at", "half", "to" after a move, "after", a list it continues. */
type WordsBefore = {
  slot: boolean;
  fraction: RegExpExecArray | null;
  moveTo: boolean;
  constraint: boolean;
  continuesList: boolean;
};

function marksAfter(after: string): MarksAfter {
  const meridiem = MERIDIEM_AFTER.exec(after);
  return {
    meridiem,
    twentyFourHour: TWENTY_FOUR_HOUR_AFTER.exec(after),
    pmWords: PM_WORDS_AFTER.exec(after),
    amWords: meridiem ? null : AM_WORDS_AFTER.exec(after),
    hourMark: HOUR_MARK_AFTER.test(after),
    minutes: MINUTES_AFTER.exec(after),
  };
}

function wordsBefore(before: string, number: WrittenNumber, found: TimeMention[]): WordsBefore {
  const fraction = FRACTION_BEFORE.exec(before);
  const previous = found.at(-1);
  return {
    slot: SLOT_WORD_BEFORE.test(before) || GLUED_SLOT_WORD_BEFORE.test(before) || !!fraction,
    fraction,
    moveTo: MOVE_TO_BEFORE.test(before) && RESCHEDULE_NEAR.test(before),
    constraint: CONSTRAINT_BEFORE.test(before),
    continuesList: LIST_BEFORE.test(before) && !!previous && previous.end >= number.start - LIST_GAP_CHARS,
  };
}

/**
 * Whether the number is a clock time at all: written like one ("17:30", "5pm", "5 o'clock"),
 * or with words that make it one ("at 5", "after 6", "5 works", "10-14"), and not a quantity
 * or an address ("5 hours", "14 Station Road"). In loose mode (a phrase known to be a
 * time) any number counts.
 */
function isClockTime(
  text: string,
  after: string,
  number: WrittenNumber,
  marks: MarksAfter,
  words: WordsBefore,
  range: RangeEnds,
  loose: boolean,
): boolean {
  const { colon, dot, hour, minute } = number;
  // "24h notice", "24 hours": a bare 24 is a duration; midnight is written 00:00 or 24:00.
  if (hour === LAST_HOUR && !colon && !dot) return false;
  const marked = isMarked(number, marks);
  // "17.30" is a time; "10.11" stays a date unless "at"/am/pm/Uhr says otherwise.
  const dottedTime = dot && (minute > 12 || minute === 0) && hour >= EARLIEST_DOTTED_HOUR && !DIGIT_AFTER.test(after);
  if (dot && !(marks.meridiem || marks.twentyFourHour || words.slot || dottedTime)) return false;
  const confirmed =
    !colon &&
    !dot &&
    hour >= CONFIRMABLE_HOURS.first &&
    hour <= CONFIRMABLE_HOURS.last &&
    (CONFIRMER_AFTER.test(after) || OR_PAIR_AFTER.test(after));
  const saidAsTime =
    colon ||
    dot ||
    marked ||
    words.slot ||
    words.moveTo ||
    words.constraint ||
    words.continuesList ||
    confirmed ||
    range.starts ||
    range.ends ||
    !!marks.minutes;
  if (!saidAsTime && !loose) return false;
  if (!colon && !marked && !loose && (UNIT_AFTER.test(after) || hasAddressAfter(text, number.end))) return false;
  return true;
}

/** Written with a mark that makes it a time: am/pm, a period word, "o'clock", "Uhr" after a day-time hour. */
function isMarked(number: WrittenNumber, marks: MarksAfter): boolean {
  return !!(
    marks.meridiem ||
    marks.pmWords ||
    marks.amWords ||
    marks.hourMark ||
    (marks.twentyFourHour && (number.colon || number.hour >= EARLIEST_HOUR_WITH_UHR))
  );
}

/**
 * The hour on a 24-hour clock: am/pm first, then period words ("in the evening",
 * "בבוקר"), then 24-hour evidence ("17", "09:00", "Uhr"), then the salon default
 * (1-7 is the afternoon). Returns how many characters the marks used add to the time.
 */
function clockHour(
  number: WrittenNumber,
  hour: number,
  marks: MarksAfter,
  before: string,
  periodAfter: string,
): { hour: number; ambiguous: boolean; markLength: number } {
  const { meridiem, pmWords, amWords, twentyFourHour } = marks;
  if (meridiem)
    return {
      hour: (hour % 12) + (meridiem[2] !== undefined ? 12 : 0),
      ambiguous: false,
      markLength: meridiem[0].length,
    };
  if (pmWords || (!amWords && hour <= 12 && (PM_HINT_NEAR.test(periodAfter) || PM_HINT_BEFORE.test(before)))) {
    return { hour: hour < 12 ? hour + 12 : hour, ambiguous: false, markLength: pmWords?.[0].length ?? 0 };
  }
  if (amWords || (hour <= 12 && AM_HINT_NEAR.test(periodAfter))) {
    return { hour: hour === 12 ? 0 : hour, ambiguous: false, markLength: amWords?.[0].length ?? 0 };
  }
  if (twentyFourHour || hour >= 13 || (number.colon && number.zeroPadded) || hour === 0) {
    return { hour, ambiguous: false, markLength: twentyFourHour?.[0].length ?? 0 };
  }
  const latestPm = number.colon ? LATEST_PM_HOUR_WITH_MINUTES : LATEST_PM_BARE_HOUR;
  return { hour: hour <= latestPm ? hour + 12 : hour, ambiguous: true, markLength: 0 };
}

/** What a time is: a slot someone proposes, or a limit, opening hours, a range, an old time being moved, someone else's event. */
function timeRole(
  before: string,
  afterTime: string,
  words: WordsBefore,
  range: RangeEnds,
  found: TimeMention[],
): { role: TimeRole; moved: boolean } {
  const moved = RESCHEDULE_NEAR.test(before) && MOVE_TO_AFTER.test(afterTime);
  if (moved) return { role: "old", moved }; // "push your 2pm to 3pm"
  if (range.starts || range.ends) return { role: "range", moved };
  if (REPLACED_BEFORE.test(before)) return { role: "old", moved };
  if (words.constraint && !words.slot) return { role: "constraint", moved };
  if (OPENING_HOURS_BEFORE.test(before)) return { role: "hours", moved };
  if (OTHER_EVENT_BEFORE.test(before) || OWN_EVENT_AFTER.test(afterTime)) return { role: "event", moved };
  if (words.continuesList) return { role: found[found.length - 1].role, moved };
  return { role: "slot", moved };
}

export type ScanTimeOptions = {
  /** The text is known to be a time phrase: any number in it counts. */
  loose?: boolean;
  /** Spans already read as something else (dates). */
  exclude?: Array<[number, number]>;
  /** lowerKeep(text), when the caller has it. */
  lower?: string;
};

/** Clock times written with digits ("5pm", "17:30", "um 9 Uhr", "ב-10 בבוקר"), left to right. */
function scanNumericTimes(text: string, lower: string, options: ScanTimeOptions): TimeMention[] {
  const found: TimeMention[] = [];
  // The number after "10-" or "between 10 and" ends a range.
  let endsRange = false;
  for (const match of lower.matchAll(CLOCK_NUMBER)) {
    const start = match.index!;
    const number: WrittenNumber = {
      start,
      end: start + match[0].length,
      hour: +match[1],
      minute: match[3] ? +match[3] : 0,
      colon: match[2] === ":",
      dot: match[2] === ".",
      zeroPadded: match[1].length === 2 && match[1][0] === "0",
    };
    if (options.exclude?.some(([from, to]) => start < to && from < number.end)) {
      endsRange = false;
      continue;
    }
    const after = lower.slice(number.end, number.end + CONTEXT_CHARS);
    const before = lower.slice(Math.max(0, start - CONTEXT_CHARS), start);
    if (DECIMAL_AFTER.test(after) || PRICE_SIGN_BEFORE.test(before)) {
      endsRange = false;
      continue;
    }
    if (number.hour > LAST_HOUR || number.minute > LAST_MINUTE) continue;
    const marks = marksAfter(after);
    const words = wordsBefore(before, number, found);
    const range: RangeEnds = {
      starts: RANGE_START_AFTER.test(after),
      ends: endsRange || RANGE_END_BEFORE.test(before),
    };
    const isTime = isClockTime(text, after, number, marks, words, range, !!options.loose);
    if (!isTime) {
      endsRange = false;
      continue;
    }
    let { hour, minute } = number;
    let end = number.end;
    if (marks.minutes && !number.colon) {
      minute = MINUTES_AFTER_HOUR[oneSpace(marks.minutes[1])];
      end += marks.minutes[0].length;
    }
    if (words.fraction && !number.colon && !number.dot) {
      // UK "half 2" = 2:30, German "halb drei" = 2:30, "quarter to 3" = 2:45.
      const { minutes, hourShift } = FRACTIONS_BEFORE[oneSpace(words.fraction[1])];
      hour += hourShift;
      minute = minutes;
    }
    const clock = clockHour(number, hour, marks, before, lower.slice(end, end + PERIOD_HINT_CHARS));
    end += clock.markLength;
    const { role, moved } = timeRole(before, lower.slice(end, end + MOVE_TO_CHARS), words, range, found);
    endsRange = range.starts && !moved;
    found.push({
      start,
      end,
      hour: clock.hour === LAST_HOUR ? 0 : clock.hour,
      minute,
      ambiguous: clock.ambiguous,
      role,
    });
  }
  return found;
}

/** Times written as words: "at five", "after six", "בחמש", "בשש וחצי". */
function scanWordTimes(lower: string, found: TimeMention[]): TimeMention[] {
  const words: TimeMention[] = [];
  for (const match of lower.matchAll(WORD_TIME)) {
    const start = match.index!;
    const end = start + match[0].length;
    if (found.some((time) => start < time.end && time.start < end)) continue;
    let hour = NUMBER_WORDS[oneSpace(match[2])] ?? 0;
    const minute = match[3] ? MINUTES_AFTER_NUMBER_WORD[match[3]] : 0;
    const suffix = lower.slice(end, end + FOLLOWER_CHARS);
    const saysPm = PM_WORDS_AFTER.test(suffix);
    const ambiguous = !saysPm && !AM_WORDS_AFTER.test(suffix);
    if (saysPm && hour < 12) hour += 12;
    else if (ambiguous && hour <= LATEST_PM_BARE_HOUR) hour += 12;
    const role: TimeRole = CONSTRAINT_WORD_SET.has(oneSpace(match[1])) ? "constraint" : "slot";
    words.push({ start, end, hour, minute, ambiguous, role });
  }
  return words;
}

/** A spelled hour and minutes as a time: pm unless said otherwise (or the hour is late in the day), like "at five". */
function spelledTime(start: number, end: number, hour: number, minute: number, lower: string): TimeMention {
  const suffix = lower.slice(end, end + FOLLOWER_CHARS);
  const saysPm = PM_WORDS_AFTER.test(suffix);
  const ambiguous = !saysPm && !AM_WORDS_AFTER.test(suffix);
  if (saysPm && hour < 12) hour += 12;
  else if (ambiguous && hour <= LATEST_PM_BARE_HOUR) hour += 12;
  return { start, end, hour, minute, ambiguous, role: "slot" };
}

/** Spelled times: "quarter to six" (5:45), "half past four", "רבע לשש" (5:45), "חמש וחצי" (5:30). */
function scanSpelledTimes(lower: string, found: TimeMention[]): TimeMention[] {
  const times: TimeMention[] = [];
  for (const match of lower.matchAll(SPELLED_TIME)) {
    const start = match.index!;
    const end = start + match[0].length;
    if (found.some((time) => start < time.end && time.start < end)) continue;
    if (match[1]) {
      const { minutes, hourShift } = FRACTIONS_BEFORE_WORD[oneSpace(match[1])];
      const hour = (NUMBER_WORDS[oneSpace(match[2])] ?? 0) + hourShift;
      times.push(spelledTime(start, end, hour === 0 ? 12 : hour, minutes, lower));
    } else {
      times.push(
        spelledTime(start, end, NUMBER_WORDS[oneSpace(match[3])] ?? 0, MINUTES_AFTER_NUMBER_WORD[match[4]], lower),
      );
    }
  }
  return times;
}

/** "noon", "at midday", "um Mittag". */
function scanNoon(lower: string): TimeMention[] {
  const noons: TimeMention[] = [];
  for (const match of lower.matchAll(NOON)) {
    const start = match.index!;
    const before = lower.slice(Math.max(0, start - NOON_AT_CHARS), start);
    // "any time before noon" is a limit, not a slot.
    if (CONSTRAINT_BEFORE_NOON.test(before))
      noons.push({ start, end: start + match[0].length, hour: 12, minute: 0, ambiguous: false, role: "constraint" });
    else if (AT_BEFORE.test(before) || NOON_ALONE_SET.has(match[1])) {
      noons.push({ start, end: start + match[0].length, hour: 12, minute: 0, ambiguous: false, role: "slot" });
    }
  }
  return noons;
}

/** Clock times in a text, left to right, each with its role. */
export function scanTimes(text: string, options: ScanTimeOptions = {}): TimeMention[] {
  const lower = options.lower ?? lowerKeep(text);
  const numeric = scanNumericTimes(text, lower, options);
  const words = scanWordTimes(lower, numeric);
  const spelled = scanSpelledTimes(lower, [...numeric, ...words]);
  return [...numeric, ...words, ...spelled, ...scanNoon(lower)].sort((a, b) => a.start - b.start);
}

/** The time a short phrase stands for: its first slot-like mention. */
export function pickTime(mentions: TimeMention[]): TimeMention | null {
  return mentions.find((time) => time.role === "slot" || time.role === "old") ?? mentions[0] ?? null;
}
