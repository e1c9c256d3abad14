// Finds date expressions in a message and returns them as unanchored DateSpecs
// (resolution against the message's local date lives in ../calendar.ts).
import type { DateSpec } from "../calendar";
import {
  ARABIC_WEEKDAYS, ARABIC_WEEKDAY_CONTEXT, DAY_MONTH_LINKS, DAY_OF_MONTH_WORDS, DAY_SUFFIXES, GERMAN_MORGEN,
  GLUED_DAY_PREFIXES, HEBREW_MONTH_PREFIXES, HEBREW_WEEKDAY_CONTEXT, HE_MONTHS, HE_WEEKDAYS, MONTHS, MOTZASH,
  NEXT_WEEK, NOT_A_DATE_AFTER_DOT, NOT_A_DATE_AFTER_SLASH, ORDINAL_NOUNS, ORDINAL_SUFFIXES, RELATIVE, SAME_DAY,
  THIS_WEEKDAY, WEAK_WEEKDAYS, WEAK_WEEKDAY_FOLLOWERS, WEEKDAYS, WEEKDAY_DATE_LINKS, WEEKDAY_PLURAL_SUFFIXES,
} from "./lexicon/calendar";
import { AT_WORDS, CURRENCY_SIGNS } from "./lexicon/clock";
import { anyOf, B, E, escapeClass, lowerKeep, wordsRe } from "./text";

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
const NUMERIC_RE = new RegExp(
  `(?<![\\d:.\\/,${escapeClass(CURRENCY_SIGNS)}])(\\d{1,2})([.\\/])(\\d{1,2})(?:\\2(\\d{4}|\\d{2}))?(\\.)?(?![\\d\\/]|:\\d)`,
  "g",
);
const DAY_MONTH_RE = new RegExp(
  `${B}(\\d{1,2})${DAY_SUFFIX}(?:\\s+(?:${anyOf(DAY_MONTH_LINKS.afterDay)}))?\\s*(?:(?:${anyOf(DAY_MONTH_LINKS.beforeMonth)})\\s+)?` +
    `(${MONTH_ALT})${E}(?:,?\\s+(\\d{4})${E})?`,
  "giu",
);
const MONTH_DAY_RE = new RegExp(
  `${B}(${MONTH_ALT})\\.?\\s+(?:(?:${anyOf(DAY_MONTH_LINKS.beforeDay)})\\s+)?(\\d{1,2})(?:${anyOf(ORDINAL_SUFFIXES)})?(?![\\d:.]\\d)${E}` +
    `(?:,?\\s+(\\d{4})${E})?`,
  "giu",
);
const HE_DATE_RE = new RegExp(`(?<![\\d])(\\d{1,2})\\s*(?:${anyOf(HEBREW_MONTH_PREFIXES)})-?(${HE_MONTH_ALT})${NOT_LETTER_AFTER}(?:\\s+(\\d{4}))?`, "gu");
const ORDINAL_RE = new RegExp(`(?<![\\d\\p{L}])(\\d{1,2})(${anyOf(ORDINAL_SUFFIXES)})(?![\\p{L}\\d])`, "gu");
const ORDINAL_NOUN_AFTER = new RegExp(`^\\s+(?:${anyOf(ORDINAL_NOUNS)})${WORD_AFTER}`);
const DOM_BEFORE_RE = new RegExp(`${NOT_LETTER_BEFORE}(?:${anyOf(DAY_OF_MONTH_WORDS.before)})\\s+(\\d{1,2})\\.(?![\\d])`, "gu");
const DOM_AFTER_RE = new RegExp(`(?<![\\d])(\\d{1,2})\\s+(?:${anyOf(DAY_OF_MONTH_WORDS.after)})`, "gu");
const DOM_SUFFIX_RE = new RegExp(`(?<![\\d])(\\d{1,2})-?(?:${anyOf(DAY_OF_MONTH_WORDS.suffixes)})${NOT_LETTER_AFTER}`, "gu");
const NOT_A_DATE_AFTER_SLASH_RE = new RegExp(`^\\s*(?:${anyOf(NOT_A_DATE_AFTER_SLASH)})`);
const NOT_A_DATE_AFTER_DOT_RE = new RegExp(
  `^\\s*(?:(?:${anyOf(NOT_A_DATE_AFTER_DOT.words)})${WORD_AFTER}|${anyOf(NOT_A_DATE_AFTER_DOT.stems)})`,
  "u",
);
const AT_BEFORE_DOTTED_TIME = new RegExp(`(?:${anyOf(AT_WORDS)})-?\\s*$`);

const WEEKDAY_RE = new RegExp(`${B}(${anyOf(Object.keys(WEEKDAYS))})(${anyOf(WEEKDAY_PLURAL_SUFFIXES)})?${E}`, "giu");
const WEAK_WEEKDAY_FOLLOWER_RE = new RegExp(
  `^\\.?\\s*(?:\\d|(?:${anyOf(WEAK_WEEKDAY_FOLLOWERS.words)})${WORD_AFTER}|${anyOf(WEAK_WEEKDAY_FOLLOWERS.stems)})`,
  "u",
);
const HE_WD_RE = new RegExp(
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
const HE_LETTER_WD_RE = new RegExp(
  `${NOT_LETTER_BEFORE}(?:${HE_DAY_WORD})\\s+([${Object.keys(HEBREW_WEEKDAY_CONTEXT.letters).join("")}])'`,
  "gu",
);
const AR_WD_RE = new RegExp(
  `${NOT_LETTER_BEFORE}(?:(?:${anyOf(ARABIC_WEEKDAY_CONTEXT.dayWords)})\\s+)?(?:${anyOf(ARABIC_WEEKDAY_CONTEXT.prefixes)})?` +
    `(${anyOf(Object.keys(ARABIC_WEEKDAYS))})${NOT_LETTER_AFTER}`,
  "gu",
);
const NEXT_WEEK_RE = wordsRe(NEXT_WEEK);
const THIS_RE = new RegExp(`(?:${anyOf(THIS_WEEKDAY)})\\s+$`, "iu");
const SAME_DAY_RE = wordsRe(SAME_DAY);
const MOTZASH_RE = new RegExp(`${NOT_LETTER_BEFORE}${GLUED_DAY_PREFIX}(?:${anyOf(MOTZASH)})`, "gu");
const RELATIVE_RES = RELATIVE.map(([days, words]) => [days, wordsRe(words, GLUED_DAY_PREFIX)] as const);
const MORNING_AFTER = new RegExp(`(?:${anyOf(GERMAN_MORGEN.morningAfter)})\\s+$`);
const TOMORROW_BEFORE = new RegExp(`\\s+(?:${anyOf(GERMAN_MORGEN.tomorrowBefore)})`);
const WEEKDAY_DATE_GAP = new RegExp(
  `^[\\s,.(\\-]*(?:${anyOf(WEEKDAY_DATE_LINKS.words)}|,|(?:${anyOf(WEEKDAY_DATE_LINKS.glued)})-?)?[\\s,.(\\-]*$`,
  "u",
);

function validDm(d: number, m: number): boolean {
  return d >= 1 && d <= 31 && m >= 1 && m <= 12;
}

type Cand = DateMention & { prio: number };

function scanExplicit(low: string, out: Cand[]): void {
  if (!/\d/.test(low)) return;
  for (const m of low.matchAll(NUMERIC_RE)) {
    const a = +m[1], b = +m[3], sep = m[2], s = m.index!;
    const after = low.slice(s + m[0].length);
    const before = low.slice(Math.max(0, s - 4), s);
    if (sep === "/" && ((a === 24 && b === 7) || NOT_A_DATE_AFTER_SLASH_RE.test(after))) continue;
    if (sep === ".") {
      if (/^[\p{L}]/u.test(after) || NOT_A_DATE_AFTER_DOT_RE.test(after)) continue;
      if (AT_BEFORE_DOTTED_TIME.test(before) && !m[4] && m[3].length === 2 && b <= 59) continue; // "at 9.30" is a time
      if (!validDm(a, b)) continue;
      const y = m[4] ? +m[4] : undefined;
      out.push({ start: s, end: s + m[0].length, spec: { kind: "md", d: a, m: b, y }, explicit: true, prio: 5 });
      continue;
    }
    if (!validDm(a, b) && !validDm(b, a)) continue;
    const y = m[4] ? +m[4] : undefined;
    out.push({ start: s, end: s + m[0].length - (m[5] ? 1 : 0), spec: { kind: "num", a, b, y }, explicit: true, prio: 5 });
  }
  for (const m of low.matchAll(DAY_MONTH_RE)) {
    const d = +m[1], mo = MONTHS[m[2].replace(/\s+/g, " ")];
    if (mo && d >= 1 && d <= 31) out.push({ start: m.index!, end: m.index! + m[0].length, spec: { kind: "md", d, m: mo, y: m[3] ? +m[3] : undefined }, explicit: true, prio: 6 });
  }
  for (const m of low.matchAll(MONTH_DAY_RE)) {
    const d = +m[2], mo = MONTHS[m[1].replace(/\s+/g, " ")];
    if (mo && d >= 1 && d <= 31) out.push({ start: m.index!, end: m.index! + m[0].length, spec: { kind: "md", d, m: mo, y: m[3] ? +m[3] : undefined }, explicit: true, prio: 6 });
  }
  for (const m of low.matchAll(HE_DATE_RE)) {
    const d = +m[1], mo = HE_MONTHS[m[2]];
    if (d >= 1 && d <= 31) out.push({ start: m.index!, end: m.index! + m[0].length, spec: { kind: "md", d, m: mo, y: m[3] ? +m[3] : undefined }, explicit: true, prio: 6 });
  }
  for (const re of [ORDINAL_RE, DOM_BEFORE_RE, DOM_AFTER_RE, DOM_SUFFIX_RE]) {
    for (const m of low.matchAll(re)) {
      const d = +m[1];
      if (d < 1 || d > 31) continue;
      if (re === ORDINAL_RE && ORDINAL_NOUN_AFTER.test(low.slice(m.index! + m[0].length))) continue;
      out.push({ start: m.index!, end: m.index! + m[0].length, spec: { kind: "dom", d }, explicit: true, prio: 4 });
    }
  }
}

function weekdayMode(low: string, start: number, end: number): "next" | "this" | "nextweek" {
  const lo = Math.max(0, start - 28), hi = Math.min(low.length, end + 28);
  const win = low.slice(lo, hi);
  NEXT_WEEK_RE.lastIndex = 0;
  if (NEXT_WEEK_RE.test(win)) return "nextweek";
  if (THIS_RE.test(low.slice(Math.max(0, start - 14), start))) return "this";
  return "next";
}

function scanRelative(low: string, text: string, out: Cand[]): void {
  for (const [days, re] of RELATIVE_RES) {
    for (const m of low.matchAll(re)) {
      const s = m.index!;
      if (m[0] === GERMAN_MORGEN.word) {
        if (MORNING_AFTER.test(low.slice(0, s))) continue; // "guten Morgen"
        const capitalised = text[s] !== low[s];
        if (capitalised && !TOMORROW_BEFORE.test(low.slice(s + m[0].length, s + m[0].length + 12))) continue;
      }
      out.push({ start: s, end: s + m[0].length, spec: { kind: "rel", days }, explicit: false, prio: 3 });
    }
  }
  for (const m of low.matchAll(SAME_DAY_RE)) {
    out.push({ start: m.index!, end: m.index! + m[0].length, spec: { kind: "same" }, explicit: false, prio: 3 });
  }
  for (const m of low.matchAll(MOTZASH_RE)) {
    out.push({ start: m.index!, end: m.index! + m[0].length, spec: { kind: "wd", wd: 6, mode: "this" }, explicit: false, prio: 3 });
  }
}

function scanWeekdays(low: string, text: string, out: Cand[]): void {
  for (const m of low.matchAll(WEEKDAY_RE)) {
    const w = m[1], s = m.index!, e = s + w.length;
    if (m[2]) continue; // "Tuesdays": a habit, not a date
    const after = low.slice(e, e + 12);
    if (WEAK_WEEKDAYS.has(w) && !/^[A-Z]/.test(text[s]) && !WEAK_WEEKDAY_FOLLOWER_RE.test(after)) continue;
    out.push({ start: s, end: e, spec: { kind: "wd", wd: WEEKDAYS[w], mode: weekdayMode(low, s, e) }, explicit: false, prio: 2 });
  }
  for (const m of low.matchAll(HE_WD_RE)) {
    const s = m.index!, e = s + m[0].length, w = m[3];
    const before = low.slice(Math.max(0, s - 6), s);
    const after = low.slice(e, e + 10);
    if (HE_HABIT_BEFORE.test(before)) continue; // plural / "every"
    if (HE_GREETING_AFTER.get(w)?.test(after)) continue;
    if (!m[1] && !m[2] && !HE_WEEKDAY_FOLLOWER.test(after) && !HE_STANDALONE.has(w)) continue;
    if (HE_NUMBER_FOLLOWER.test(after)) continue;
    out.push({ start: s, end: e, spec: { kind: "wd", wd: HE_WEEKDAYS[w], mode: weekdayMode(low, s, e) }, explicit: false, prio: 2 });
  }
  for (const m of low.matchAll(HE_LETTER_WD_RE)) {
    const s = m.index!, e = s + m[0].length;
    out.push({ start: s, end: e, spec: { kind: "wd", wd: HEBREW_WEEKDAY_CONTEXT.letters[m[1]], mode: weekdayMode(low, s, e) }, explicit: false, prio: 2 });
  }
  for (const m of low.matchAll(AR_WD_RE)) {
    const wd = ARABIC_WEEKDAYS[m[1]];
    out.push({ start: m.index!, end: m.index! + m[0].length, spec: { kind: "wd", wd, mode: weekdayMode(low, m.index!, m.index! + m[0].length) }, explicit: false, prio: 2 });
  }
}

/** A weekday written next to an explicit date is only a hint for the date. */
function mergeWeekdays(low: string, cands: Cand[]): Cand[] {
  const wds = cands.filter((c) => c.spec.kind === "wd" && c.prio === 2);
  const dropped = new Set<Cand>();
  for (const w of wds) {
    const near = cands.find((c) => c.explicit && !dropped.has(c) && gapOk(low, w, c));
    if (!near || w.spec.kind !== "wd") continue;
    const spec = near.spec;
    if (spec.kind === "num" || spec.kind === "md" || spec.kind === "dom") spec.wd = w.spec.wd;
    near.start = Math.min(near.start, w.start);
    near.end = Math.max(near.end, w.end);
    dropped.add(w);
  }
  return cands.filter((c) => !dropped.has(c));
}

function gapOk(low: string, a: Cand, b: Cand): boolean {
  const [l, r] = a.end <= b.start ? [a.end, b.start] : [b.end, a.start];
  if (r < l || r - l > 14) return false;
  return WEEKDAY_DATE_GAP.test(low.slice(l, r));
}

/** Whether a text says "next week" (used for "same time next week"). */
export function saysNextWeek(low: string): boolean {
  NEXT_WEEK_RE.lastIndex = 0;
  return NEXT_WEEK_RE.test(low);
}

/** All date mentions of a message, left to right, without overlaps. */
export function scanDates(text: string, lowered?: string): DateMention[] {
  const low = lowered ?? lowerKeep(text);
  const cands: Cand[] = [];
  scanExplicit(low, cands);
  scanRelative(low, text, cands);
  scanWeekdays(low, text, cands);
  cands.sort((x, y) => y.prio - x.prio || (y.end - y.start) - (x.end - x.start));
  const kept: Cand[] = [];
  for (const c of cands) {
    if (kept.some((k) => c.start < k.end && k.start < c.end)) continue;
    kept.push(c);
  }
  return mergeWeekdays(low, kept)
    .sort((x, y) => x.start - y.start)
    .map(({ start, end, spec, explicit }) => ({ start, end, spec, explicit }));
}
