// Finds date expressions in a message and returns them as unanchored DateSpecs
// (resolution against the message's local date lives in ../calendar.ts).
import type { DateSpec, WeekdayMode } from "../calendar";
import {
  ARABIC_WEEKDAYS,
  ARABIC_WEEKDAY_CONTEXT,
  DAY_MONTH_LINKS,
  DAY_OF_MONTH_WORDS,
  DATE_LIST_JOINERS,
  DAY_SUFFIXES,
  GERMAN_MORGEN,
  GLUED_DAY_PREFIXES,
  HEBREW_MONTH_PREFIXES,
  HEBREW_WEEKDAY_CONTEXT,
  HE_MONTHS,
  HE_WEEKDAYS,
  MONTHS,
  MOTZASH,
  NEXT_WEEK,
  NOT_A_DATE_AFTER_DOT,
  NOT_A_DATE_AFTER_SLASH,
  ORDINAL_NOUNS,
  ORDINAL_SUFFIXES,
  RELATIVE,
  SAME_DAY,
  THIS_WEEKDAY,
  WEAK_WEEKDAYS,
  WEAK_WEEKDAY_FOLLOWERS,
  WEEKDAYS,
  WEEKDAY_DATE_LINKS,
  WEEKDAY_PLURAL_SUFFIXES,
} from "./lexicon/calendar";
import { AT_WORDS, CURRENCY_SIGNS } from "./lexicon/clock";
import { anyOf, escapeClass, lowerKeep, WORD_END, WORD_START, wordsRe } from "./text";

export type DateMention = { start: number; end: number; spec: DateSpec; explicit: boolean };

const NOT_LETTER_BEFORE = "(?<![\\p{L}])";
const NOT_LETTER_AFTER = "(?![\\p{L}])";
const WORD_AFTER = "(?![\\p{L}\\p{N}])";
const MONTH_ALT = anyOf(Object.keys(MONTHS));
const HE_MONTH_ALT = anyOf(Object.keys(HE_MONTHS));
const DAY_SUFFIX = `(?:${anyOf([...DAY_SUFFIXES, "."])})?`;
const GLUED_DAY_PREFIX = `(?:${anyOf(GLUED_DAY_PREFIXES)})?`;
const HE_DAY_WORD = anyOf(HEBREW_WEEKDAY_CONTEXT.dayWords);

// A colon may follow a date ("Saturday 11/28: updo 8am") but not start a time after it.
const NUMERIC_DATE = new RegExp(
  `(?<![\\d:.\\/,${escapeClass(CURRENCY_SIGNS)}])(\\d{1,2})([.\\/])(\\d{1,2})(?:\\2(\\d{4}|\\d{2}))?(\\.)?(?![\\d\\/]|:\\d)`,
  "g",
);
const DAY_MONTH = new RegExp(
  `${WORD_START}(\\d{1,2})${DAY_SUFFIX}(?:\\s+(?:${anyOf(DAY_MONTH_LINKS.afterDay)}))?\\s*(?:(?:${anyOf(DAY_MONTH_LINKS.beforeMonth)})\\s+)?` +
    `(${MONTH_ALT})${WORD_END}(?:,?\\s+(\\d{4})${WORD_END})?`,
  "giu",
);
const MONTH_DAY = new RegExp(
  `${WORD_START}(${MONTH_ALT})\\.?\\s+(?:(?:${anyOf(DAY_MONTH_LINKS.beforeDay)})\\s+)?(\\d{1,2})(?:${anyOf(ORDINAL_SUFFIXES)})?(?![\\d:.]\\d)${WORD_END}` +
    `(?:,?\\s+(\\d{4})${WORD_END})?`,
  "giu",
);
const HEBREW_DAY_MONTH = new RegExp(
  `(?<![\\d])(\\d{1,2})\\s*(?:${anyOf(HEBREW_MONTH_PREFIXES)})-?(${HE_MONTH_ALT})${NOT_LETTER_AFTER}(?:\\s+(\\d{4}))?`,
  "gu",
);
const ORDINAL_DAY = new RegExp(`(?<![\\d\\p{L}])(\\d{1,2})(${anyOf(ORDINAL_SUFFIXES)})(?![\\p{L}\\d])`, "gu");
const ORDINAL_NOUN_AFTER = new RegExp(`^\\s+(?:${anyOf(ORDINAL_NOUNS)})${WORD_AFTER}`);
const DAY_OF_MONTH_BEFORE = new RegExp(
  `${NOT_LETTER_BEFORE}(?:${anyOf(DAY_OF_MONTH_WORDS.before)})\\s+(\\d{1,2})\\.(?![\\d])`,
  "gu",
);
const DAY_OF_MONTH_AFTER = new RegExp(`(?<![\\d])(\\d{1,2})\\s+(?:${anyOf(DAY_OF_MONTH_WORDS.after)})`, "gu");
const DAY_OF_MONTH_SUFFIX = new RegExp(
  `(?<![\\d])(\\d{1,2})-?(?:${anyOf(DAY_OF_MONTH_WORDS.suffixes)})${NOT_LETTER_AFTER}`,
  "gu",
);
const NOT_A_DATE_AFTER_SLASH_RE = new RegExp(`^\\s*(?:${anyOf(NOT_A_DATE_AFTER_SLASH)})`);
const NOT_A_DATE_AFTER_DOT_RE = new RegExp(
  `^\\s*(?:(?:${anyOf(NOT_A_DATE_AFTER_DOT.words)})${WORD_AFTER}|${anyOf(NOT_A_DATE_AFTER_DOT.stems)})`,
  "u",
);
const AT_BEFORE_DOTTED_TIME = new RegExp(`(?:${anyOf(AT_WORDS)})-?\\s*$`);

const WEEKDAY_NAME = new RegExp(
  `${WORD_START}(${anyOf(Object.keys(WEEKDAYS))})(${anyOf(WEEKDAY_PLURAL_SUFFIXES)})?${WORD_END}`,
  "giu",
);
const WEAK_WEEKDAY_FOLLOWER_RE = new RegExp(
  `^\\.?\\s*(?:\\d|(?:${anyOf(WEAK_WEEKDAY_FOLLOWERS.words)})${WORD_AFTER}|${anyOf(WEAK_WEEKDAY_FOLLOWERS.stems)})`,
  "u",
);
const HEBREW_WEEKDAY = new RegExp(
  `${NOT_LETTER_BEFORE}(?:(${HE_DAY_WORD})\\s+|(${anyOf(HEBREW_WEEKDAY_CONTEXT.prefixes)})?)(${anyOf(Object.keys(HE_WEEKDAYS))})${NOT_LETTER_AFTER}`,
  "gu",
);
const HE_HABIT_BEFORE = new RegExp(`(?:${anyOf(HEBREW_WEEKDAY_CONTEXT.habitBefore)})\\s*$`);
const HE_WEEKDAY_FOLLOWER = new RegExp(
  `^\\s*(?:[\\d(]|(?:${anyOf(HEBREW_WEEKDAY_CONTEXT.atBeforeHour)})-?\\d|${anyOf(HEBREW_WEEKDAY_CONTEXT.followers)})`,
);
const HE_NUMBER_FOLLOWER = new RegExp(`^\\s*(?:${anyOf(HEBREW_WEEKDAY_CONTEXT.numberFollowers)})`);
const HE_STANDALONE = new Set(HEBREW_WEEKDAY_CONTEXT.standalone);
const HE_GREETING_AFTER = new Map(
  Object.entries(HEBREW_WEEKDAY_CONTEXT.greetings).map(([day, words]) => [day, new RegExp(`^\\s*(?:${anyOf(words)})`)]),
);
const HEBREW_WEEKDAY_LETTER = new RegExp(
  `${NOT_LETTER_BEFORE}(?:${HE_DAY_WORD})\\s+([${Object.keys(HEBREW_WEEKDAY_CONTEXT.letters).join("")}])'`,
  "gu",
);
const ARABIC_WEEKDAY = new RegExp(
  `${NOT_LETTER_BEFORE}(?:(?:${anyOf(ARABIC_WEEKDAY_CONTEXT.dayWords)})\\s+)?(?:${anyOf(ARABIC_WEEKDAY_CONTEXT.prefixes)})?` +
    `(${anyOf(Object.keys(ARABIC_WEEKDAYS))})${NOT_LETTER_AFTER}`,
  "gu",
);
const NEXT_WEEK_WORDS = wordsRe(NEXT_WEEK);
const THIS_BEFORE = new RegExp(`(?:${anyOf(THIS_WEEKDAY)})\\s+$`, "iu");
const SAME_DAY_WORDS = wordsRe(SAME_DAY);
const SATURDAY_NIGHT = new RegExp(`${NOT_LETTER_BEFORE}${GLUED_DAY_PREFIX}(?:${anyOf(MOTZASH)})`, "gu");
const RELATIVE_DAYS = RELATIVE.map(([days, words]) => [days, wordsRe(words, GLUED_DAY_PREFIX)] as const);
const MORNING_AFTER = new RegExp(`(?:${anyOf(GERMAN_MORGEN.morningAfter)})\\s+$`);
const TOMORROW_BEFORE = new RegExp(`\\s+(?:${anyOf(GERMAN_MORGEN.tomorrowBefore)})`);
const WEEKDAY_DATE_GAP = new RegExp(
  `^[\\s,.(\\-]*(?:${anyOf(WEEKDAY_DATE_LINKS.words)}|,|(?:${anyOf(WEEKDAY_DATE_LINKS.glued)})-?)?[\\s,.(\\-]*$`,
  "u",
);

/** Which reading wins where two overlap: a month name over digits over "the 13th" over "tomorrow" over a weekday. */
const PRIORITY = { monthName: 6, numeric: 5, dayOfMonth: 4, relative: 3, weekday: 2 } as const;
/** How far around a weekday "next week" counts for it ("next week, maybe Thursday"). */
const NEXT_WEEK_CHARS = 28;
/** How far before a weekday "this" counts for it ("this coming Friday"). */
const THIS_CHARS = 14;
/** The most text between a weekday and the date it names ("Thursday, the 12th"). */
const WEEKDAY_DATE_GAP_CHARS = 14;
/** How far before a dotted number "at" makes it a time ("at 9.30"). */
const AT_BEFORE_CHARS = 4;
/** How far around a weekday its context is read. */
const WEEKDAY_AFTER_CHARS = 12;
const HEBREW_BEFORE_CHARS = 6;
const HEBREW_AFTER_CHARS = 10;
/** How far after German "Morgen" the words that make it tomorrow may come. */
const MORGEN_AFTER_CHARS = 12;
const LAST_DAY = 31;
const LAST_MONTH = 12;
const LAST_MINUTE = 59;
/** 24/7 is opening hours, not a date. */
const ALWAYS_OPEN = { first: 24, second: 7 };
/** Saturday, for Hebrew "motzash" (Saturday night). */
const SATURDAY = 6;

type Candidate = DateMention & { priority: number };

/** A day number ending a list before a month name ("17, 24 and| 31 March"), and one continuing it after ("March 17|, 24"). */
const LIST_JOINER = `(?:,|&|${anyOf(DATE_LIST_JOINERS)})`;
const DAY_BEFORE_IN_LIST = new RegExp(`(?<![\\d:./])(\\d{1,2})${DAY_SUFFIX}\\s*${LIST_JOINER}\\s*-?\\s*$`, "u");
const DAY_AFTER_IN_LIST = new RegExp(
  `^\\s*${LIST_JOINER}\\s*-?\\s*(\\d{1,2})(${anyOf(DAY_SUFFIXES)})?(?![\\d:./\\p{L}])`,
  "u",
);

const isDay = (day: number) => day >= 1 && day <= LAST_DAY;
const isDayAndMonth = (day: number, month: number) => isDay(day) && month >= 1 && month <= LAST_MONTH;
const optionalYear = (digits: string | undefined) => (digits ? +digits : undefined);
const oneSpace = (phrase: string) => phrase.replace(/\s+/g, " ");

/**
 * "12/3", "12.03.", "2.1.2027": digits with a slash or a dot. A dot after a letter-free
 * number may also be a time ("at 9.30") or a quantity ("2.5 km"); slashes may be prices.
 */
export function scanNumericDates(lower: string): Candidate[] {
  const found: Candidate[] = [];
  for (const match of lower.matchAll(NUMERIC_DATE)) {
    const first = +match[1],
      second = +match[3],
      separator = match[2],
      start = match.index!;
    const after = lower.slice(start + match[0].length);
    const before = lower.slice(Math.max(0, start - AT_BEFORE_CHARS), start);
    if (separator === "/") {
      if ((first === ALWAYS_OPEN.first && second === ALWAYS_OPEN.second) || NOT_A_DATE_AFTER_SLASH_RE.test(after))
        continue;
    } else {
      if (/^[\p{L}]/u.test(after) || NOT_A_DATE_AFTER_DOT_RE.test(after)) continue;
      // "at 9.30" is a time
      if (AT_BEFORE_DOTTED_TIME.test(before) && !match[4] && match[3].length === 2 && second <= LAST_MINUTE) continue;
      if (!isDayAndMonth(first, second)) continue;
      const spec = { kind: "monthDay", day: first, month: second, year: optionalYear(match[4]) } as const;
      found.push({ start, end: start + match[0].length, spec, explicit: true, priority: PRIORITY.numeric });
      continue;
    }
    if (!isDayAndMonth(first, second) && !isDayAndMonth(second, first)) continue;
    const spec = { kind: "numeric", first, second, year: optionalYear(match[4]) } as const;
    found.push({
      start,
      end: start + match[0].length - (match[5] ? 1 : 0),
      spec,
      explicit: true,
      priority: PRIORITY.numeric,
    });
  }
  return found;
}

/** "12 March", "March 12th", "12 במרץ", "20 декабря". */
export function scanMonthNameDates(lower: string): Candidate[] {
  const found: Candidate[] = [];
  const add = (match: RegExpMatchArray, day: number, month: number | undefined, year: string | undefined) => {
    if (!month || !isDay(day)) return;
    const spec = { kind: "monthDay", day, month, year: optionalYear(year) } as const;
    found.push({
      start: match.index!,
      end: match.index! + match[0].length,
      spec,
      explicit: true,
      priority: PRIORITY.monthName,
    });
  };
  // "17, 24 and 31 March", "16, 23 ו-30 במרץ": days listed before a month name share it; "March 17, 24 and 31": after it.
  const addListed = (start: number, end: number, day: number, month: number | undefined, year: string | undefined) => {
    if (!month || !isDay(day)) return;
    found.push({
      start,
      end,
      spec: { kind: "monthDay", day, month, year: optionalYear(year) },
      explicit: true,
      priority: PRIORITY.monthName,
    });
  };
  const listBefore = (match: RegExpMatchArray, month: number | undefined, year: string | undefined) => {
    let head = lower.slice(0, match.index!);
    for (let listed = DAY_BEFORE_IN_LIST.exec(head); listed; listed = DAY_BEFORE_IN_LIST.exec(head)) {
      addListed(listed.index, listed.index + listed[1].length, +listed[1], month, year);
      head = head.slice(0, listed.index);
    }
  };
  const listAfter = (match: RegExpMatchArray, month: number | undefined, year: string | undefined) => {
    let offset = match.index! + match[0].length;
    for (
      let listed = DAY_AFTER_IN_LIST.exec(lower.slice(offset));
      listed;
      listed = DAY_AFTER_IN_LIST.exec(lower.slice(offset))
    ) {
      const start = offset + listed[0].length - listed[1].length - (listed[2]?.length ?? 0);
      addListed(start, start + listed[1].length, +listed[1], month, year);
      offset += listed[0].length;
    }
  };
  for (const match of lower.matchAll(DAY_MONTH)) {
    add(match, +match[1], MONTHS[oneSpace(match[2])], match[3]);
    listBefore(match, MONTHS[oneSpace(match[2])], match[3]);
  }
  for (const match of lower.matchAll(MONTH_DAY)) {
    add(match, +match[2], MONTHS[oneSpace(match[1])], match[3]);
    listAfter(match, MONTHS[oneSpace(match[1])], match[3]);
  }
  for (const match of lower.matchAll(HEBREW_DAY_MONTH)) {
    add(match, +match[1], HE_MONTHS[match[2]], match[3]);
    listBefore(match, HE_MONTHS[match[2]], match[3]);
  }
  return found;
}

/** A day of the month alone: "the 13th" (not "the 1st floor"), "am 13.", "13 לחודש", "13-го". */
export function scanDaysOfMonth(lower: string): Candidate[] {
  const found: Candidate[] = [];
  for (const pattern of [ORDINAL_DAY, DAY_OF_MONTH_BEFORE, DAY_OF_MONTH_AFTER, DAY_OF_MONTH_SUFFIX]) {
    for (const match of lower.matchAll(pattern)) {
      const day = +match[1];
      if (!isDay(day)) continue;
      if (pattern === ORDINAL_DAY && ORDINAL_NOUN_AFTER.test(lower.slice(match.index! + match[0].length))) continue;
      const spec = { kind: "dayOfMonth", day } as const;
      found.push({
        start: match.index!,
        end: match.index! + match[0].length,
        spec,
        explicit: true,
        priority: PRIORITY.dayOfMonth,
      });
    }
  }
  return found;
}

/** Which occurrence a weekday means: "next week Thursday", "this Friday", else the next one. */
export function weekdayMode(lower: string, start: number, end: number): WeekdayMode {
  const around = lower.slice(Math.max(0, start - NEXT_WEEK_CHARS), Math.min(lower.length, end + NEXT_WEEK_CHARS));
  if (saysNextWeek(around)) return "nextWeek";
  if (THIS_BEFORE.test(lower.slice(Math.max(0, start - THIS_CHARS), start))) return "this";
  return "next";
}

/** German "morgen" read as "morning" ("guten Morgen", a capitalised "Morgen" not followed by "früh", "um" ...). */
export function isGermanMorning(text: string, lower: string, start: number): boolean {
  if (MORNING_AFTER.test(lower.slice(0, start))) return true;
  const capitalised = text[start] !== lower[start];
  const end = start + GERMAN_MORGEN.word.length;
  return capitalised && !TOMORROW_BEFORE.test(lower.slice(end, end + MORGEN_AFTER_CHARS));
}

/** "today", "tomorrow", "מחרתיים", "послезавтра"; "same day"; Hebrew Saturday night (dated on the Saturday). */
export function scanRelativeDays(text: string, lower: string): Candidate[] {
  const found: Candidate[] = [];
  const add = (match: RegExpMatchArray, spec: DateSpec) =>
    found.push({
      start: match.index!,
      end: match.index! + match[0].length,
      spec,
      explicit: false,
      priority: PRIORITY.relative,
    });
  for (const [days, pattern] of RELATIVE_DAYS) {
    for (const match of lower.matchAll(pattern)) {
      if (match[0] === GERMAN_MORGEN.word && isGermanMorning(text, lower, match.index!)) continue;
      add(match, { kind: "relative", days });
    }
  }
  for (const match of lower.matchAll(SAME_DAY_WORDS)) add(match, { kind: "sameDay" });
  for (const match of lower.matchAll(SATURDAY_NIGHT)) add(match, { kind: "weekday", weekday: SATURDAY, mode: "this" });
  return found;
}

/**
 * A Hebrew weekday name that means a day: not a habit ("כל שני"), a greeting ("שבת שלום")
 * or a number ("שני ימים"), and said with "יום"/a glued prefix, before a time, or alone
 * when the name is rarely anything else (חמישי, רביעי, שבת).
 */
function isHebrewWeekday(lower: string, match: RegExpMatchArray): boolean {
  const start = match.index!,
    end = start + match[0].length,
    name = match[3];
  const before = lower.slice(Math.max(0, start - HEBREW_BEFORE_CHARS), start);
  const after = lower.slice(end, end + HEBREW_AFTER_CHARS);
  if (HE_HABIT_BEFORE.test(before)) return false;
  if (HE_GREETING_AFTER.get(name)?.test(after)) return false;
  const introduced = !!match[1] || !!match[2];
  if (!introduced && !HE_WEEKDAY_FOLLOWER.test(after) && !HE_STANDALONE.has(name)) return false;
  return !HE_NUMBER_FOLLOWER.test(after);
}

/** Weekday names: "Thursday" (not "Tuesdays", not a lowercase "sat" without a day after it), "ביום שלישי", "יום ג'", "الخميس". */
export function scanWeekdays(text: string, lower: string): Candidate[] {
  const found: Candidate[] = [];
  const add = (start: number, end: number, weekday: number) => {
    const spec = { kind: "weekday", weekday, mode: weekdayMode(lower, start, end) } as const;
    found.push({ start, end, spec, explicit: false, priority: PRIORITY.weekday });
  };
  for (const match of lower.matchAll(WEEKDAY_NAME)) {
    const name = match[1],
      start = match.index!,
      end = start + name.length;
    if (match[2]) continue; // "Tuesdays": a habit, not a date
    const after = lower.slice(end, end + WEEKDAY_AFTER_CHARS);
    if (WEAK_WEEKDAYS.has(name) && !/^[A-Z]/.test(text[start]) && !WEAK_WEEKDAY_FOLLOWER_RE.test(after)) continue;
    add(start, end, WEEKDAYS[name]);
  }
  for (const match of lower.matchAll(HEBREW_WEEKDAY)) {
    if (isHebrewWeekday(lower, match)) add(match.index!, match.index! + match[0].length, HE_WEEKDAYS[match[3]]);
  }
  for (const match of lower.matchAll(HEBREW_WEEKDAY_LETTER)) {
    add(match.index!, match.index! + match[0].length, HEBREW_WEEKDAY_CONTEXT.letters[match[1]]);
  }
  for (const match of lower.matchAll(ARABIC_WEEKDAY)) {
    add(match.index!, match.index! + match[0].length, ARABIC_WEEKDAYS[match[1]]);
  }
  return found;
}

/** Only little words between a weekday and a date ("Thursday, the 12th", "שלישי ה-12"). */
function joinedByLinkWords(lower: string, weekday: Candidate, date: Candidate): boolean {
  const [from, to] = weekday.end <= date.start ? [weekday.end, date.start] : [date.end, weekday.start];
  if (to < from || to - from > WEEKDAY_DATE_GAP_CHARS) return false;
  return WEEKDAY_DATE_GAP.test(lower.slice(from, to));
}

/** A weekday written next to an explicit date is only a hint for the date ("Thursday 12/3" picks the order). */
function mergeWeekdaysIntoDates(lower: string, candidates: Candidate[]): Candidate[] {
  const weekdays = candidates.filter((c) => c.spec.kind === "weekday" && c.priority === PRIORITY.weekday);
  const dropped = new Set<Candidate>();
  for (const weekday of weekdays) {
    const date = candidates.find((c) => c.explicit && !dropped.has(c) && joinedByLinkWords(lower, weekday, c));
    if (!date || weekday.spec.kind !== "weekday") continue;
    const spec = date.spec;
    if (spec.kind === "numeric" || spec.kind === "monthDay" || spec.kind === "dayOfMonth")
      spec.weekday = weekday.spec.weekday;
    date.start = Math.min(date.start, weekday.start);
    date.end = Math.max(date.end, weekday.end);
    dropped.add(weekday);
  }
  return candidates.filter((c) => !dropped.has(c));
}

/** Whether a text says "next week" (used for "same time next week"). */
export function saysNextWeek(lower: string): boolean {
  NEXT_WEEK_WORDS.lastIndex = 0;
  return NEXT_WEEK_WORDS.test(lower);
}

/** All date mentions of a message, left to right, without overlaps. */
export function scanDates(text: string, lowered?: string): DateMention[] {
  const lower = lowered ?? lowerKeep(text);
  const hasDigits = /\d/.test(lower);
  const candidates: Candidate[] = [
    ...(hasDigits ? [...scanNumericDates(lower), ...scanMonthNameDates(lower), ...scanDaysOfMonth(lower)] : []),
    ...scanRelativeDays(text, lower),
    ...scanWeekdays(text, lower),
  ];
  // The stronger reading first, then the longer; the sort is stable, so ties keep the order above.
  candidates.sort((a, b) => b.priority - a.priority || b.end - b.start - (a.end - a.start));
  const kept: Candidate[] = [];
  for (const candidate of candidates) {
    if (kept.some((k) => candidate.start < k.end && k.start < candidate.end)) continue;
    kept.push(candidate);
  }
  return mergeWeekdaysIntoDates(lower, kept)
    .sort((a, b) => a.start - b.start)
    .map(({ start, end, spec, explicit }) => ({ start, end, spec, explicit }));
}
