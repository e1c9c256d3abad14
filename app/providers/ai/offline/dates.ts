// Finds date expressions in a message and returns them as unanchored DateSpecs
// (resolution against the message's local date lives in ../calendar.ts).
import type { DateSpec } from "../calendar";
import {
  HE_MONTHS, HE_WEEKDAYS, MONTHS, MORGEN_NOT_TOMORROW, MOTZASH, NEXT_WEEK, ORDINAL_NOUNS, RELATIVE,
  SAME_DAY, THIS_WEEKDAY, WEAK_WEEKDAYS, WEEKDAYS,
} from "./lexicon/calendar";
import { B, E, lowerKeep, wordsRe } from "./text";

export type DateMention = { start: number; end: number; spec: DateSpec; explicit: boolean };

const esc = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
const alt = (ws: string[]) => [...ws].sort((a, b) => b.length - a.length).map(esc).join("|");

const MONTH_ALT = alt(Object.keys(MONTHS));
const HE_MONTH_ALT = alt(Object.keys(HE_MONTHS));
const ORD = "(?:st|nd|rd|th|ter|er|\\.)?";

// A colon may follow a date ("Saturday 11/28: updo 8am") but not start a time after it.
const NUMERIC_RE = /(?<![\d:.\/,£$€₪])(\d{1,2})([.\/])(\d{1,2})(?:\2(\d{4}|\d{2}))?(\.)?(?![\d\/]|:\d)/g;
const DAY_MONTH_RE = new RegExp(`${B}(\\d{1,2})${ORD}(?:\\s+of)?\\s*(?:de\\s+)?(${MONTH_ALT})${E}(?:,?\\s+(\\d{4})${E})?`, "giu");
const MONTH_DAY_RE = new RegExp(`${B}(${MONTH_ALT})\\.?\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?(?![\\d:.]\\d)${E}(?:,?\\s+(\\d{4})${E})?`, "giu");
const HE_DATE_RE = new RegExp(`(?<![\\d])(\\d{1,2})\\s*(?:ב|ל)-?(${HE_MONTH_ALT})(?![\\p{L}])(?:\\s+(\\d{4}))?`, "gu");
const ORDINAL_RE = /(?<![\d\p{L}])(\d{1,2})(st|nd|rd|th)(?![\p{L}\d])/gu;
const DE_DOM_RE = /(?<![\p{L}])(?:am|den|zum)\s+(\d{1,2})\.(?![\d])/gu;
const HE_DOM_RE = /(?<![\d])(\d{1,2})\s+לחודש/gu;
const RU_DOM_RE = /(?<![\d])(\d{1,2})-?го(?![\p{L}])/gu;

const WEEKDAY_RE = new RegExp(`${B}(${alt(Object.keys(WEEKDAYS))})(s)?${E}`, "giu");
const HE_WD_RE = new RegExp(
  `(?<![\\p{L}])(?:(ו?[בל]?יום)\\s+|(וב|ול|ב|ל|ו|עד)?)(${alt(Object.keys(HE_WEEKDAYS))})(?![\\p{L}])`,
  "gu",
);
const HE_LETTER_WD_RE = /(?<![\p{L}])ו?[בל]?יום\s+([אבגדהוש])'/gu;
const HE_LETTERS: Record<string, number> = { "א": 0, "ב": 1, "ג": 2, "ד": 3, "ה": 4, "ו": 5, "ש": 6 };
const AR_WD_RE = /(?<![\p{L}])(?:يوم\s+)?[وبع]?(ال(?:أحد|احد|اثنين|إثنين|ثلاثاء|ثلاثا|أربعاء|اربعاء|اربعا|خميس|جمعة|جمعه|سبت))(?![\p{L}])/gu;
const NEXT_WEEK_RE = wordsRe(NEXT_WEEK);
const THIS_RE = new RegExp(`(?:${alt(THIS_WEEKDAY)})\\s+$`, "iu");
const SAME_DAY_RE = wordsRe(SAME_DAY);
const MOTZASH_RE = new RegExp(`(?<![\\p{L}])[בלו]?(?:${alt(MOTZASH)})`, "gu");
const RELATIVE_RES = RELATIVE.map(([days, words]) => [days, wordsRe(words, "[ובלו]?")] as const);

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
    if (sep === "/" && ((a === 24 && b === 7) || /^\s*(price|off|%)/.test(after))) continue;
    if (sep === ".") {
      if (/^[\p{L}]/u.test(after) || /^\s*(am|pm|a\.m|p\.m|uhr|h\b|hrs?\b|hours?|std|ч\b|km|kg|%|€|£|\$|₪|stars?)/.test(after)) continue;
      if (/(at|um|@|ב-?)\s*$/.test(before) && !m[4] && m[3].length === 2 && b <= 59) continue; // "at 9.30" is a time
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
  for (const re of [ORDINAL_RE, DE_DOM_RE, HE_DOM_RE, RU_DOM_RE]) {
    for (const m of low.matchAll(re)) {
      const d = +m[1];
      if (d < 1 || d > 31) continue;
      if (re === ORDINAL_RE && ORDINAL_NOUNS.test(low.slice(m.index! + m[0].length))) continue;
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
      if (m[0].endsWith("morgen") && !m[0].startsWith("über") && MORGEN_NOT_TOMORROW.test(low.slice(0, s))) continue;
      if (m[0] === "morgen" && text[s] === "M" && !/\s+(früh|um|vormittag|nachmittag|abend)/.test(low.slice(s + 6, s + 18))) continue;
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
    if (WEAK_WEEKDAYS.has(w) && !/^[A-Z]/.test(text[s]) && !/^\.?\s*(\d|the\b|at\b|morning|afternoon|evening|night)/.test(after)) continue;
    if (/^(?:ам|ами|ах)/.test(after)) continue; // "по пятницам"
    out.push({ start: s, end: e, spec: { kind: "wd", wd: WEEKDAYS[w], mode: weekdayMode(low, s, e) }, explicit: false, prio: 2 });
  }
  for (const m of low.matchAll(HE_WD_RE)) {
    const s = m.index!, e = s + m[0].length, w = m[3];
    const before = low.slice(Math.max(0, s - 6), s);
    const after = low.slice(e, e + 10);
    if (/(ימי|בימי|פעם|כל)\s*$/.test(before)) continue; // plural / "every"
    if (w === "שבת" && /^\s*שלום/.test(after)) continue;
    if (!m[1] && !m[2] && !/^\s*[\d(]/.test(after) && !/^\s*(ב-?\d|בשעה|הקרוב|בבוקר|בערב|אחה)/.test(after)) {
      if (!(w === "חמישי" || w === "רביעי" || w === "שבת") || /^\s*(ימים|שבועות|חלקים)/.test(after)) continue;
    }
    if (/^\s*(ימים|שבועות|חלקים|פעמים)/.test(after)) continue;
    out.push({ start: s, end: e, spec: { kind: "wd", wd: HE_WEEKDAYS[w], mode: weekdayMode(low, s, e) }, explicit: false, prio: 2 });
  }
  for (const m of low.matchAll(HE_LETTER_WD_RE)) {
    const s = m.index!, e = s + m[0].length;
    out.push({ start: s, end: e, spec: { kind: "wd", wd: HE_LETTERS[m[1]], mode: weekdayMode(low, s, e) }, explicit: false, prio: 2 });
  }
  for (const m of low.matchAll(AR_WD_RE)) {
    const key = m[1];
    const wd = WEEKDAYS[key] ?? WEEKDAYS[key.replace("أ", "ا")];
    if (wd === undefined) continue;
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
  return /^[\s,.(\-]*(?:the|den|der|,|ה-?|ב-?|ל-?)?[\s,.(\-]*$/u.test(low.slice(l, r));
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
