// Finds clock times in a message and classifies them: a bookable slot, or a
// constraint ("after 5"), opening hours, a range ("10-14"), an old time being
// replaced ("instead of 13:00") or someone else's event ("party at 8").
import { MONTHS, WEEKDAYS } from "./lexicon/calendar";
import {
  AM_HINTS_AFTER, AM_WORDS, AT_WORDS, BARE_HOUR_CONFIRMERS, CONSTRAINT_WORDS_BEFORE, CURRENCY_SIGNS, FRACTIONS_BEFORE,
  GLUED_SLOT_WORDS_BEFORE, HOUR_FOLLOWERS, HOUR_MARKS, HOUR_WORDS, MERIDIEM_MARKS, MINUTES_AFTER_HOUR,
  MINUTES_AFTER_NUMBER_WORD, MOVE_TO_WORDS_AFTER, MOVE_TO_WORDS_BEFORE, NOON_ALONE, NOON_WORDS, NUMBER_WORDS,
  OPENING_HOURS_STEMS, OR_PAIR_ENDINGS, OTHER_EVENT_STEMS, PM_HINTS_AFTER, PM_HINTS_BEFORE, PM_WORDS, RANGE_START_WORDS,
  RANGE_WORDS, REPLACED_TIME_LINKS, REPLACED_TIME_WORDS_BEFORE, RESCHEDULE_STEMS, SLOT_WORDS_BEFORE,
  TWENTY_FOUR_HOUR_MARKS, UNIT_STEMS, UNIT_WORDS, WORD_TIME_SLOT_WORDS,
} from "./lexicon/clock";
import { AND_WORDS, OR_WORDS } from "./lexicon/grammar";
import { anyOf, escapeClass, lowerKeep } from "./text";

export type TimeRole = "slot" | "constraint" | "hours" | "range" | "old" | "event";
export type TimeMention = {
  start: number;
  end: number;
  h: number; // 0-23, ambiguous hours already defaulted (1-7 -> pm)
  m: number;
  amb: boolean; // no am/pm and not clearly 24h: "5", "5:15"
  role: TimeRole;
};

const CURRENCY = escapeClass(CURRENCY_SIGNS);
const AM_MARKS = anyOf(MERIDIEM_MARKS.am);
const PM_MARKS = anyOf(MERIDIEM_MARKS.pm);
const ANY_MERIDIEM = anyOf([...MERIDIEM_MARKS.am, ...MERIDIEM_MARKS.pm]);
const NOT_LETTER_BEFORE = "(?:^|[^\\p{L}])";
const NOT_LETTER_AFTER = "(?![\\p{L}])";

const NUM_RE = new RegExp(`(?<![\\d.,:\\/${CURRENCY}])(\\d{1,2})(?:([:.])(\\d{2}))?(?!\\d)`, "g");
const AFTER_PRICE_SIGN = new RegExp(`[${CURRENCY}]\\s*$`);
const AMPM_RE = new RegExp(`^\\s*(?:(${AM_MARKS})|(${PM_MARKS}))${NOT_LETTER_AFTER}`, "iu");
const UHR_RE = new RegExp(`^\\s*(?:${anyOf(TWENTY_FOUR_HOUR_MARKS)})${NOT_LETTER_AFTER}`, "iu");
const HOUR_MARK_RE = new RegExp(`^\\s*(?:${anyOf(HOUR_MARKS)})${NOT_LETTER_AFTER}`, "iu");
const PM_AFTER = new RegExp(`^\\s*(?:(?:${anyOf(HOUR_WORDS)})\\s+)?(?:${anyOf(PM_WORDS)})${NOT_LETTER_AFTER}`, "iu");
const AM_AFTER = new RegExp(`^\\s*(?:(?:${anyOf(HOUR_WORDS)})\\s+)?(?:${anyOf(AM_WORDS)})${NOT_LETTER_AFTER}`, "iu");
const PM_NEAR = new RegExp(anyOf(PM_HINTS_AFTER), "iu");
const PM_BEFORE = new RegExp(`(?:${anyOf(PM_HINTS_BEFORE)})\\s*(?:${anyOf(AT_WORDS)})?\\s*-?\\s*$`, "iu");
const AM_NEAR = new RegExp(anyOf(AM_HINTS_AFTER), "iu");
const MINUTES_AFTER_RE = new RegExp(`^\\s*(${anyOf(Object.keys(MINUTES_AFTER_HOUR))})`);
const FRACTION_BEFORE_RE = new RegExp(`(?:^|\\s)(${anyOf(Object.keys(FRACTIONS_BEFORE))})\\s*$`, "i");

// Prepositions right before the number (Hebrew/Arabic ones may be glued to it).
const SLOT_PREP = new RegExp(`${NOT_LETTER_BEFORE}(?:${anyOf(SLOT_WORDS_BEFORE)})\\s*$`, "iu");
const HE_SLOT_PREP = new RegExp(`${NOT_LETTER_BEFORE}(?:${anyOf(GLUED_SLOT_WORDS_BEFORE)})\\s*-?\\s*$`, "u");
const TO_PREP = new RegExp(`${NOT_LETTER_BEFORE}(?:${anyOf(MOVE_TO_WORDS_BEFORE)})\\s*-?\\s*$`, "iu");
const CONSTRAINT_PREP = new RegExp(`${NOT_LETTER_BEFORE}(?:${anyOf(CONSTRAINT_WORDS_BEFORE)})\\s*-?\\s*$`, "iu");
const RESCHEDULE_NEAR = new RegExp(anyOf(RESCHEDULE_STEMS), "iu");
const MOVED_TO_AFTER = new RegExp(`^\\s*(?:${anyOf(MOVE_TO_WORDS_AFTER)})\\s*-?\\s*\\d`, "iu");
const LIST_PREP = new RegExp(`(\\d(?::\\d\\d)?\\s*(?:${ANY_MERIDIEM})?\\s*(?:,|${anyOf([...OR_WORDS, ...AND_WORDS])})\\s*-?\\s*)$`, "iu");
const RANGE_AFTER = new RegExp(`^\\s*(?:${ANY_MERIDIEM}|${anyOf(TWENTY_FOUR_HOUR_MARKS)})?\\s*(?:${anyOf(RANGE_WORDS)})\\s*-?\\s*\\d`, "iu");
const RANGE_BEFORE = new RegExp(`(?:\\d\\s*(?:${anyOf(RANGE_WORDS)})\\s*-?\\s*|(?:${anyOf(RANGE_START_WORDS)})\\s+)$`, "iu");
const HOURS_NEAR = new RegExp(`(?:${anyOf(OPENING_HOURS_STEMS)})[^.!?\\n,\\d]{0,14}$`, "iu");
const OLD_NEAR = new RegExp(
  `(?:${anyOf(REPLACED_TIME_WORDS_BEFORE)})\\s*(?:(?:${anyOf(REPLACED_TIME_LINKS.spaced)})\\s+|(?:${anyOf(REPLACED_TIME_LINKS.glued)})-?)?$`,
  "iu",
);
const EVENT_NEAR = new RegExp(`(?:${anyOf(OTHER_EVENT_STEMS)})[^.!?\\n,\\d]{0,22}$`, "iu");
const UNIT_AFTER = new RegExp(`^\\s*(?:(?:${anyOf(UNIT_WORDS)})(?![\\p{L}\\p{N}])|${anyOf(UNIT_STEMS)})`, "iu");
const CAPITALISED_WORD_AFTER = /^\s+([A-Za-z]+)/;
const HOUR_FOLLOWER_SET = new Set(HOUR_FOLLOWERS);

/** Words that may follow a bare hour ("at 5 tomorrow"); anything else in English ("at 14 Station Road") rejects it. */
function badFollower(text: string, end: number): boolean {
  const m = CAPITALISED_WORD_AFTER.exec(text.slice(end, end + 24));
  if (!m || !/^[A-Z]/.test(m[1])) return false;
  const w = m[1].toLowerCase();
  return !(w in WEEKDAYS || w in MONTHS || HOUR_FOLLOWER_SET.has(w));
}

// "at five", "after six", "בחמש", "בשש וחצי" (Hebrew numbers glued to ב = "at").
const WORD_TIME_RE = new RegExp(
  `(?<![\\p{L}])(${anyOf([...WORD_TIME_SLOT_WORDS, ...CONSTRAINT_WORDS_BEFORE])})\\s*-?\\s*(${anyOf(Object.keys(NUMBER_WORDS))})` +
    `(?:\\s*(${anyOf(Object.keys(MINUTES_AFTER_NUMBER_WORD))}))?(?![\\p{L}])`,
  "giu",
);
const CONSTRAINT_WORD_SET = new Set(CONSTRAINT_WORDS_BEFORE);
const BARE_OK_AFTER = new RegExp(`^\\s*(?:${anyOf(BARE_HOUR_CONFIRMERS)})${NOT_LETTER_AFTER}`, "iu");
const OR_PAIR = new RegExp(`^\\s*(?:${anyOf(OR_WORDS)})\\s*\\d{1,2}(?!\\d)\\s*(?:${anyOf(OR_PAIR_ENDINGS)})`, "iu");
const NOON_RE = new RegExp(`(?<![\\p{L}])(${anyOf(NOON_WORDS)})${NOT_LETTER_AFTER}`, "giu");
const AT_BEFORE = new RegExp(`(?:${anyOf(AT_WORDS)})\\s*$`, "iu");
const NOON_ALONE_SET = new Set(NOON_ALONE);

export type ScanTimeOptions = { loose?: boolean; exclude?: Array<[number, number]>; low?: string };

export function scanTimes(text: string, opts: ScanTimeOptions = {}): TimeMention[] {
  const low = opts.low ?? lowerKeep(text);
  const out: TimeMention[] = [];
  let rangeNext = false;
  for (const mt of low.matchAll(NUM_RE)) {
    const s = mt.index!;
    let e = s + mt[0].length;
    if (opts.exclude?.some(([a, b]) => s < b && a < e)) { rangeNext = false; continue; }
    let h = +mt[1];
    let m = mt[3] ? +mt[3] : 0;
    const colon = mt[2] === ":";
    const dot = mt[2] === ".";
    const after = low.slice(e, e + 40);
    const before = low.slice(Math.max(0, s - 40), s);
    if (/^[.,]\d/.test(after) || AFTER_PRICE_SIGN.test(before)) { rangeNext = false; continue; }
    if (h > 24 || m > 59) continue;
    const ampm = AMPM_RE.exec(after);
    const uhr = UHR_RE.exec(after);
    const pmA = PM_AFTER.exec(after);
    const amA = ampm ? null : AM_AFTER.exec(after);
    const oclock = HOUR_MARK_RE.test(after);
    const minutesAfter = MINUTES_AFTER_RE.exec(after);
    const fraction = FRACTION_BEFORE_RE.exec(before);
    const slotPrep = SLOT_PREP.test(before) || HE_SLOT_PREP.test(before) || !!fraction;
    const toPrep = TO_PREP.test(before) && RESCHEDULE_NEAR.test(low.slice(Math.max(0, s - 40), s));
    const consPrep = CONSTRAINT_PREP.test(before);
    const listPrep = LIST_PREP.test(before) && out.length > 0 && out[out.length - 1].end >= s - 12;
    const okAfter = !colon && !dot && h >= 1 && h <= 12 && (BARE_OK_AFTER.test(after) || OR_PAIR.test(after));
    const marker = !!(ampm || pmA || amA || oclock || (uhr && (colon || h >= 7)));
    // "17.30" is a time; "10.11" stays a date unless "at"/am/pm/Uhr says otherwise.
    const dotTime = dot && (m > 12 || m === 0) && h >= 7 && !/^\.?\d/.test(after);
    if (dot && !(ampm || uhr || slotPrep || dotTime)) { rangeNext = false; continue; }
    const rangeStart = RANGE_AFTER.test(after);
    const rangeEnd = rangeNext || RANGE_BEFORE.test(before);
    if (!colon && !dot && !marker && !slotPrep && !toPrep && !consPrep && !listPrep && !okAfter && !rangeStart && !rangeEnd && !opts.loose && !minutesAfter) {
      rangeNext = false;
      continue;
    }
    if (!colon && !marker && !opts.loose && (UNIT_AFTER.test(after) || badFollower(text, e))) { rangeNext = false; continue; }
    if (minutesAfter && !colon) { m = MINUTES_AFTER_HOUR[minutesAfter[1].replace(/\s+/g, " ")]; e += minutesAfter[0].length; }
    if (fraction && !colon && !dot) {
      // UK "half 2" = 2:30, German "halb drei" = 2:30, "quarter to 3" = 2:45.
      const { minutes, hourShift } = FRACTIONS_BEFORE[fraction[1].replace(/\s+/g, " ")];
      h += hourShift;
      m = minutes;
    }
    // Value: am/pm and period words first, then 24h evidence, then the salon default.
    let amb = false;
    if (ampm) {
      const pm = ampm[2] !== undefined;
      h = (h % 12) + (pm ? 12 : 0);
      e += ampm[0].length;
    } else if (pmA || (!amA && h <= 12 && (PM_NEAR.test(low.slice(e, e + 22)) || PM_BEFORE.test(before)))) {
      if (h < 12) h += 12;
      if (pmA) e += pmA[0].length;
    } else if (amA || (h <= 12 && AM_NEAR.test(low.slice(e, e + 22)))) {
      if (h === 12) h = 0;
      if (amA) e += amA[0].length;
    } else if (uhr || h >= 13 || (colon && mt[1].length === 2 && mt[1][0] === "0") || h === 0) {
      if (uhr) e += uhr[0].length;
    } else {
      amb = true;
      if (colon ? h <= 6 : h <= 7) h += 12;
    }
    if (h === 24) h = 0;
    let role: TimeMention["role"] = "slot";
    const moved = RESCHEDULE_NEAR.test(before) && MOVED_TO_AFTER.test(low.slice(e, e + 12));
    if (moved) role = "old"; // "push your 2pm to 3pm"
    else if (rangeStart || rangeEnd) role = "range";
    else if (OLD_NEAR.test(before)) role = "old";
    else if (consPrep && !slotPrep) role = "constraint";
    else if (HOURS_NEAR.test(before)) role = "hours";
    else if (EVENT_NEAR.test(before)) role = "event";
    else if (listPrep) role = out[out.length - 1].role;
    rangeNext = rangeStart && !moved;
    out.push({ start: s, end: e, h, m, amb, role });
  }
  for (const w of low.matchAll(WORD_TIME_RE)) {
    const s = w.index!;
    if (out.some((t) => s < t.end && t.start < s + w[0].length)) continue;
    let h = NUMBER_WORDS[w[2].replace(/\s+/g, " ")] ?? 0;
    const m = w[3] ? MINUTES_AFTER_NUMBER_WORD[w[3]] : 0;
    const suffix = low.slice(s + w[0].length, s + w[0].length + 24);
    const pm = PM_AFTER.test(suffix);
    const am = !pm && AM_AFTER.test(suffix);
    const amb = !pm && !am;
    if (pm && h < 12) h += 12;
    else if (amb && h <= 7) h += 12;
    const role: TimeRole = CONSTRAINT_WORD_SET.has(w[1].replace(/\s+/g, " ")) ? "constraint" : "slot";
    out.push({ start: s, end: s + w[0].length, h, m, amb, role });
  }
  for (const w of low.matchAll(NOON_RE)) {
    if (AT_BEFORE.test(low.slice(Math.max(0, w.index! - 8), w.index!)) || NOON_ALONE_SET.has(w[1])) {
      out.push({ start: w.index!, end: w.index! + w[0].length, h: 12, m: 0, amb: false, role: "slot" });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The time a short phrase stands for: its first slot-like mention. */
export function pickTime(ms: TimeMention[]): TimeMention | null {
  return ms.find((t) => t.role === "slot" || t.role === "old") ?? ms[0] ?? null;
}
