// Finds clock times in a message and classifies them: a bookable slot, or a
// constraint ("after 5"), opening hours, a range ("10-14"), an old time being
// replaced ("instead of 13:00") or someone else's event ("party at 8").
import { AM_WORDS, MONTHS, PM_WORDS, UNIT_AFTER, WEEKDAYS } from "./lexicon";
import { lowerKeep } from "./text";

export type TimeRole = "slot" | "constraint" | "hours" | "range" | "old" | "event";
export type TimeMention = {
  start: number;
  end: number;
  h: number; // 0-23, ambiguous hours already defaulted (1-7 -> pm)
  m: number;
  amb: boolean; // no am/pm and not clearly 24h: "5", "5:15"
  role: TimeRole;
};

const esc = (w: string) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
const alt = (ws: string[]) => [...ws].sort((a, b) => b.length - a.length).map(esc).join("|");

const NUM_RE = /(?<![\d.,:\/£$€₪])(\d{1,2})(?:([:.])(\d{2}))?(?!\d)/g;
const AMPM_RE = /^\s*(a\.?m\.?|p\.?m\.?)(?![\p{L}])/iu;
const PM_AFTER = new RegExp(`^\\s*(?:(?:час(?:а|ов)?|o'?clock|uhr)\\s+)?(?:${alt(PM_WORDS)})(?![\\p{L}])`, "iu");
const AM_AFTER = new RegExp(`^\\s*(?:(?:час(?:а|ов)?|o'?clock|uhr)\\s+)?(?:${alt(AM_WORDS)})(?![\\p{L}])`, "iu");
const PM_NEAR = /(evening|afternoon|tonight|בערב|אחה"צ|אחר הצהריים|вечер|المسا|مساء|abends|nachmittag)/iu;
const PM_BEFORE = /(evening|tonight|night|בערב|הערב|вечером|المسا|abends)\s*(?:at|@|um|ב|в)?\s*-?\s*$/iu;
const AM_NEAR = /(morning|בבוקר|утр|الصبح|الصباح|morgens|vormittag)/iu;

// Prepositions right before the number (Hebrew/Arabic ones may be glued to it).
const SLOT_PREP = /(?:^|[^\p{L}])(at|@|around|about|say|do|make it|how about|what about|um|gegen|в|во|к|около|الساعة|الساعه|ع|على|حوالي|بعد\s+الساعة)\s*$/iu;
const HE_SLOT_PREP = /(?:^|[^\p{L}])(?:ו?ב|בשעה|בסביבות|סביב|ו?ל)\s*-?\s*$/u;
const TO_PREP = /(?:^|[^\p{L}])(to|auf|на|ל)\s*-?\s*$/iu;
const CONSTRAINT_PREP = /(?:^|[^\p{L}])(after|before|by|till|until|til|from|not before|no later than|ab|bis|nach|vor|до|после|с|со|بعد|قبل|من|אחרי|לפני|עד|מ|החל מ)\s*-?\s*$/iu;
const RESCHEDULE_NEAR = /(move|push|change|switch|bring|reschedul|make it|להזיז|להקדים|לדחות|לשנות|להעביר|verschieb|verleg|перенес|перенест|نأجل|اجل|غير)/iu;
const LIST_PREP = /(\d(?::\d\d)?\s*(?:am|pm)?\s*(?:,|or|and|או|ו|oder|und|или|и|أو|او|و)\s*-?\s*)$/iu;
const RANGE_AFTER = /^\s*(?:a\.?m\.?|p\.?m\.?|uhr|h)?\s*(?:-|to|till|until|til|עד|ל-|bis|до|حتى|لل|الى|إلى)\s*\d/iu;
const RANGE_BEFORE = /(?:\d\s*(?:-|to|till|until|til|עד|ל|bis|до|حتى|الى|إلى)\s*-?\s*|(?:between|zwischen|между|בין|von|من)\s+)$/iu;
const HOURS_NEAR = /(last appointment|last appointments|last booking|open|opens|opening|close|closes|closing|closed|hours|פותח|פותחת|פותחים|נפתח|סוגר|סוגרת|סוגרים|נסגר|öffne|geöffnet|schließ|schliess|открыва|закрыва|работаем|نفتح|بنفتح|نسكر|بنسكر|بسكر)[^.!?\n,\d]{0,14}$/iu;
const OLD_NEAR = /(instead of|rather than|not at|במקום|statt|anstatt|вместо|بدل|بدال)\s*(?:the\s+|ה-?|ב-?)?$/iu;
const EVENT_NEAR = /(party|wedding|event|dinner|flight|meeting|interview|exam|concert|ceremony|school|work|finish|pick ?up|arrive|get there|be there|leave|lands?|train|bus|אירוע|חתונה|מסיבה|טיסה|ישיבה|עבודה|מסיימת|מסיים|בר מצווה|בת מצווה|hochzeit|feier|party|flug|arbeit|свадьба|праздник|работ|حفلة|عرس|الشغل)[^.!?\n,\d]{0,22}$/iu;

/** Words that may follow a bare hour ("at 5 tomorrow"); anything else in English ("at 14 Station Road") rejects it. */
function badFollower(text: string, end: number): boolean {
  const m = /^\s+([A-Za-z]+)/.exec(text.slice(end, end + 24));
  if (!m || !/^[A-Z]/.test(m[1])) return false;
  const w = m[1].toLowerCase();
  return !(w in WEEKDAYS || w in MONTHS || /^(i|ok|okay|tomorrow|today|tonight|pm|am|please|pls|then|works|sharp|is|if|and|or|on)$/.test(w));
}

const NUM_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  "אחת": 1, "שתיים": 2, "שתים": 2, "שלוש": 3, "ארבע": 4, "חמש": 5, "שש": 6, "שבע": 7, "שמונה": 8, "תשע": 9,
  "עשר": 10, "אחת עשרה": 11, "שתים עשרה": 12,
};
// "at five", "after six", "בחמש", "בשש וחצי" (Hebrew numbers glued to ב = "at").
const WORD_TIME_RE = new RegExp(
  `(?<![\\p{L}])(at|after|before|till|until|by|ב|אחרי|לפני|עד)\\s*-?\\s*(${Object.keys(NUM_WORDS).sort((a, b) => b.length - a.length).join("|")})` +
    `(?:\\s*(וחצי|ורבע|thirty|fifteen|o'clock))?(?![\\p{L}])`,
  "giu",
);
const BARE_OK_AFTER = /^\s*(works|work|is fine|is good|is perfect|is great|ok|okay|pls|please|it is|then|sounds good|👍)(?![\p{L}])/iu;
const OR_PAIR = /^\s*(or|או|oder|или|أو)\s*\d{1,2}(?!\d)\s*(works|work|is fine|ok|okay|\?|pm|am|o'clock|please|pls)/iu;

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
    if (/^[.,]\d/.test(after) || /[£$€₪]\s*$/.test(before)) { rangeNext = false; continue; }
    if (h > 24 || m > 59) continue;
    const ampm = AMPM_RE.exec(after);
    const uhr = /^\s*(uhr|h)(?![\p{L}])/iu.exec(after);
    const pmA = PM_AFTER.exec(after);
    const amA = ampm ? null : AM_AFTER.exec(after);
    const oclock = /^\s*(o'?clock|ish|час(?:а|ов)?)(?![\p{L}])/iu.test(after);
    let half = /^\s*(וחצי|و\s?نص|ونصف)/.test(after) ? 30 : /^\s*(ורבע|وربع)/.test(after) ? 15 : -1;
    const slotPrep = SLOT_PREP.test(before) || HE_SLOT_PREP.test(before) || /(?:^|\s)(half|half past|quarter past|quarter to|halb)\s*$/i.test(before);
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
    if (!colon && !dot && !marker && !slotPrep && !toPrep && !consPrep && !listPrep && !okAfter && !rangeStart && !rangeEnd && !opts.loose && half < 0) {
      rangeNext = false;
      continue;
    }
    if (!colon && !marker && !opts.loose && (UNIT_AFTER.test(after) || badFollower(text, e))) { rangeNext = false; continue; }
    if (half >= 0 && !colon) { m = half; e += /^\s*(וחצי|ורבע|و\s?نص|ونصف|وربع)/.exec(after)![0].length; }
    if (!colon && !dot) {
      if (/(?:^|\s)halb\s*$/i.test(before)) { h = h - 1; m = 30; } // German "halb drei" = 2:30
      else if (/(?:^|\s)half(?:\s+past)?\s*$/i.test(before)) m = 30; // UK "half 2" = 2:30
      else if (/(?:^|\s)quarter\s+past\s*$/i.test(before)) m = 15;
      else if (/(?:^|\s)quarter\s+to\s*$/i.test(before)) { h = h - 1; m = 45; }
    }
    // Value: am/pm and period words first, then 24h evidence, then the salon default.
    let amb = false;
    if (ampm) {
      const pm = ampm[1].startsWith("p");
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
    const moved = RESCHEDULE_NEAR.test(before) && /^\s*(to|into|->|→|ל-?|auf|на|إلى|الى)\s*-?\s*\d/iu.test(low.slice(e, e + 12));
    if (moved) role = "old"; // "push your 2pm to 3pm"
    else if (rangeStart || rangeEnd) role = "range";
    else if (OLD_NEAR.test(before)) role = "old";
    else if (consPrep && !slotPrep) role = "constraint";
    else if (HOURS_NEAR.test(before)) role = "hours";
    else if (EVENT_NEAR.test(before)) role = "event";
    else if (listPrep) role = out[out.length - 1].role;
    rangeNext = rangeStart && !moved;
    out.push({ start: s, end: e, h, m, amb, role });
    half = -1;
  }
  for (const w of low.matchAll(WORD_TIME_RE)) {
    const s = w.index!;
    if (out.some((t) => s < t.end && t.start < s + w[0].length)) continue;
    let h = NUM_WORDS[w[2]] ?? 0;
    const m = w[3] ? (/חצי|thirty|half/.test(w[3]) ? 30 : 15) : 0;
    const suffix = low.slice(s + w[0].length, s + w[0].length + 24);
    const pm = /^\s*(pm|p\.m|in the (evening|afternoon)|tonight|בערב|אחה"צ|בלילה)/.test(suffix);
    const am = /^\s*(am|a\.m|in the morning|בבוקר)/.test(suffix);
    const amb = !pm && !am;
    if (pm && h < 12) h += 12;
    else if (amb && h <= 7) h += 12;
    const role: TimeRole = /^(after|before|till|until|by|אחרי|לפני|עד)/i.test(w[1]) ? "constraint" : "slot";
    out.push({ start: s, end: s + w[0].length, h, m, amb, role });
  }
  for (const w of low.matchAll(/(?<![\p{L}])(noon|midday|mittag|полдень|الظهر|בצהריים)(?![\p{L}])/giu)) {
    if (/(at|um|в|ב|at around)\s*$/iu.test(low.slice(Math.max(0, w.index! - 8), w.index!)) || w[1] === "noon") {
      out.push({ start: w.index!, end: w.index! + w[0].length, h: 12, m: 0, amb: false, role: "slot" });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** The time a short phrase stands for: its first slot-like mention. */
export function pickTime(ms: TimeMention[]): TimeMention | null {
  return ms.find((t) => t.role === "slot" || t.role === "old") ?? ms[0] ?? null;
}
