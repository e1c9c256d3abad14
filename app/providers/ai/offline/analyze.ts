// One message -> dates, times, service mentions, people, cues per clause, and the
// positive slots (time + date + service + person) it states or proposes.
import { localDate as localDateOf } from "../../../utils/time-zone";
import { resolveDateSpec, type DateSpec } from "../calendar";
import type { ChatMessage } from "../types";
import { finishClauseCues, messageCues, type Cue } from "./cues";
import { scanDates, type DateMention } from "./dates";
import { compileCatalogue, findMentions, mapKey, type Bags, type Catalogue, type ServiceMention } from "./services";
import { CANCELLATION_POLICY } from "./lexicon/dialogue";
import { AND_WORDS, OR_WORDS } from "./lexicon/grammar";
import { CHILD_AGE, HEBREW_MY, HEBREW_YOU_BEFORE_TIME } from "./lexicon/people";
import { WEIGHT_UNITS } from "./lexicon/services";
import { anyOf, lowerKeep, segment, tokenize, type Segments, type Token } from "./text";
import { scanTimes, type ClockTime, type TimeMention } from "./times";
import { candidates, isKnownWord, unitsOf, type Unit } from "./vocab";
import { PERSON_WORDS, genderOf, isNameToken } from "./people";
import { personsByTime } from "./party";

export type Party = "B" | "C";
export type Slot = {
  date: string | null;
  sameDay: boolean;
  dateKind: DateSpec["kind"] | null; // how the date was written: "weekday", "monthDay", "numeric", "relative", ...
  time: ClockTime;
  service: string | null;
  explicitService: boolean;
  person: string | null;
  personLabel: string | null;
  gender: "M" | "F" | null; // of the person it is for, when a word says so
  srcMsg: number; // the message it was read from (its quote)
  pos: number;
  expanded?: boolean;
};
export type Person = { key: string; pos: number; clause: number; self: boolean; label: string };

export type MsgInfo = {
  idx: number;
  from: Party;
  localDate: string;
  text: string;
  low: string;
  tokens: Token[];
  segs: Segments;
  units: Unit[];
  dates: Array<DateMention & { date: string | null; clause: number; neg: boolean }>;
  times: Array<TimeMention & { clause: number; neg: boolean }>;
  mentions: Array<ServiceMention & { clause: number; cancelTarget: boolean }>;
  persons: Person[];
  cues: Set<Cue>;
  clauseCue: Map<number, Set<Cue>>;
  cancelClauses: Set<number>;
  bare: number[];
  names: Map<string, number[]>; // lowercased name -> token indices
};

const MAX_CHARS = 1000;
const MAX_MENTIONS = 24;
const POLICY = new RegExp(
  `${anyOf([...CANCELLATION_POLICY.nouns, ...CANCELLATION_POLICY.stems])}|(?:${anyOf(CANCELLATION_POLICY.words)})(?![\\p{L}])`,
  "iu",
);
const POLICY_NOUN = new RegExp(anyOf(CANCELLATION_POLICY.nouns));
const OR_RE = new RegExp(`(?<![\\p{L}])(?:${anyOf(OR_WORDS)})(?![\\p{L}])`, "iu");
const AND_GAP = new RegExp(`^[\\s,]*(?:(?:${anyOf(AND_WORDS)})-?)?[\\s,-]*$`, "u");
const AGE_BEFORE = new Set(CHILD_AGE.before);
const AGE_AFTER = new Set(CHILD_AGE.after);
const WEIGHT_TOKEN = new RegExp(`^(\\d{1,3})(${anyOf(WEIGHT_UNITS.glued)})?$`);
const WEIGHT_WORDS = new Set(WEIGHT_UNITS.words);
const YOU_BEFORE_TIME = new Set(HEBREW_YOU_BEFORE_TIME.words);
const AT_BEFORE_TIME = new Set(HEBREW_YOU_BEFORE_TIME.atWords);

export function analyzeMessage(msg: ChatMessage, idx: number, timeZone: string, cat: Catalogue): MsgInfo {
  // Bookings live in short chat lines; a pasted wall of text is cut to keep the cost bounded.
  const text = (msg.body ?? "").slice(0, MAX_CHARS);
  const low = lowerKeep(text);
  const localDate = localDateOf(msg.timestamp, timeZone);
  const rawDates = scanDates(text, low).slice(0, MAX_MENTIONS);
  const rawTimes = scanTimes(text, { lower: low, exclude: rawDates.map((d) => [d.start, d.end] as [number, number]) }).slice(0, MAX_MENTIONS);
  const segs = segment(low, [...rawDates, ...rawTimes].map((x) => [x.start, x.end] as [number, number]));
  const tokens = tokenize(text);
  const mc = messageCues(tokens, low, segs.clause, segs.clauses.map((c) => c.id));
  const clauseCue = mc.byClause;
  const cues = new Set<Cue>();
  for (const c of segs.clauses) finishClauseCues(clauseCue.get(c.id)!, low.slice(c.start, c.end)).forEach((x) => cues.add(x));
  const cancelClauses = new Set<number>();
  for (const c of segs.clauses) {
    if (!clauseCue.get(c.id)!.has("cancel")) continue;
    const sub = low.slice(c.start, c.end);
    const cancelPos = (mc.cancelPos.get(c.id) ?? c.start) - c.start;
    if (POLICY.test(sub.slice(0, cancelPos + 12)) || POLICY_NOUN.test(sub)) continue;
    cancelClauses.add(c.id);
  }
  if (!cancelClauses.size) cues.delete("cancel");
  const negClause = (pos: number) => clauseCue.get(segs.clause[pos])?.has("neg") ?? false;
  // "My last appointment was on the 3rd at 2": dates and times about the past are not proposals.
  const pastClause = (pos: number) => clauseCue.get(segs.clause[pos])?.has("past") ?? false;
  const dates = rawDates.filter((d) => !pastClause(d.start)).map((d) => ({
    ...d,
    date: resolveDateSpec(d.spec, localDate, timeZone),
    clause: segs.clause[d.start],
    neg: negClause(d.start),
  }));
  const times = rawTimes.filter((t) => !pastClause(t.start)).map((t) => ({ ...t, clause: segs.clause[t.start], neg: negClause(t.start) }));
  const units = unitsOf(tokens, cat.rawKeys);
  tokens.forEach((tk, i) => {
    // "my 6 year old", "בת 10": a child's age is a kids hint.
    const age = /^\d{1,2}$/.test(tk.t) ? +tk.t : NaN;
    const next = tokens[i + 1]?.t ?? "";
    const prev = tokens[i - 1]?.t ?? "";
    if (age <= 12 && (AGE_AFTER.has(next) || AGE_BEFORE.has(prev))) {
      units.push({ key: "C:KIDS", tok: i, tokEnd: i + 1, start: tk.start, end: tk.end, hint: true, conj: false });
    }
    const kg = WEIGHT_TOKEN.exec(tk.t);
    if (!kg || !(kg[2] || WEIGHT_WORDS.has(tokens[i + 1]?.t ?? ""))) return;
    const size = +kg[1] < 10 ? "SMALL" : +kg[1] <= 25 ? "MEDIUM" : "LARGE";
    units.push({ key: `C:${size}`, tok: i, tokEnd: i + 1, start: tk.start, end: tk.end, hint: true, conj: false });
  });
  units.sort((a, b) => a.tok - b.tok);
  const persons: Person[] = [];
  const names = new Map<string, number[]>();
  tokens.forEach((tk, i) => {
    const next = tokens[i + 1]?.t ?? "";
    const forms = candidates(tk.t);
    let p = tk.t === HEBREW_MY.word ? undefined : forms.map((c) => PERSON_WORDS[c]).find(Boolean);
    // Hebrew: "(ל)בן שלי" = my son, "את ב-16:30" = you (f.) at 16:30.
    if (next === HEBREW_MY.word) p = forms.map((form) => HEBREW_MY.persons[form]).find(Boolean) ?? p;
    if (forms.some((form) => YOU_BEFORE_TIME.has(form)) && (AT_BEFORE_TIME.has(next) || /^\d/.test(next))) p = "SELF";
    const sentStart = i === 0 || segs.sentence[tokens[i - 1].end] !== segs.sentence[tk.start];
    if (p) persons.push({ key: p, pos: tk.start, clause: segs.clause[tk.start], self: p === "SELF", label: tk.raw });
    else if (isNameToken(tk, tokens[i + 1], sentStart) && !isKnownWord(tk.t) && !cat.rawKeys.has(tk.t)) {
      persons.push({ key: `N:${tk.t}`, pos: tk.start, clause: segs.clause[tk.start], self: false, label: tk.raw });
      names.set(tk.t, [...(names.get(tk.t) ?? []), i]);
    }
  });
  const used = [...rawDates, ...rawTimes];
  const bare: number[] = [];
  if (tokens.length <= 6) {
    for (const m of low.matchAll(/(?<![\d:.\/])(\d{1,2})(?![\d:.\/])/g)) {
      if (used.some((u) => m.index! >= u.start && m.index! < u.end)) continue;
      const n = +m[1];
      if (n >= 1 && n <= 23) bare.push(n);
    }
  }
  return {
    idx, from: msg.fromMe ? "B" : "C", localDate, text, low, tokens, segs, units, dates, times,
    mentions: [], persons, cues, clauseCue, cancelClauses, bare, names,
  };
}

/** Pass 2: service mentions, with tie-break bags built from the whole chat. */
export function attachMentions(infos: MsgInfo[], cat: Catalogue): void {
  const conv = new Set<string>();
  const nameBags = new Map<string, Set<string>>();
  // A capitalised word used as a name anywhere is a name everywhere (also at sentence start).
  const known = new Set(infos.flatMap((i) => [...i.names.keys()]));
  for (const info of infos) {
    info.tokens.forEach((tk, i) => {
      if (!known.has(tk.t) || !/^[A-Z]/.test(tk.raw) || info.names.get(tk.t)?.includes(i)) return;
      info.names.set(tk.t, [...(info.names.get(tk.t) ?? []), i]);
      info.persons.push({ key: `N:${tk.t}`, pos: tk.start, clause: info.segs.clause[tk.start], self: false, label: tk.raw });
    });
  }
  for (const info of infos) {
    for (const u of info.units) conv.add(mapKey(u.key, cat) ?? u.key);
    for (const [name, idxs] of info.names) {
      const bag = nameBags.get(name) ?? new Set<string>();
      for (const i of idxs) {
        for (const u of info.units) if (Math.abs(u.tok - i) <= 5) bag.add(mapKey(u.key, cat) ?? u.key);
      }
      nameBags.set(name, bag);
    }
  }
  for (const info of infos) {
    const mapped = info.units
      .map((u) => ({ ...u, key: u.hint ? u.key : mapKey(u.key, cat) ?? "" }))
      .filter((u) => u.key);
    const keysWhere = (pred: (u: Unit) => boolean) => new Set(mapped.filter(pred).map((u) => u.key));
    const bagsAt = (pos: number): Bags => {
      const clause = info.segs.clause[pos];
      const sent = info.segs.sentence[pos];
      // The person it is for: the nearest name before it in the sentence, else one right after.
      let name: string | null = null;
      let best = -1;
      for (const [n, idxs] of info.names) {
        for (const i of idxs) {
          const st = info.tokens[i].start;
          if (st < pos && st > best && info.segs.sentence[st] === sent) { best = st; name = n; }
        }
      }
      if (!name) for (const [n, idxs] of info.names) if (idxs.some((i) => info.tokens[i].start > pos && info.tokens[i].start - pos <= 15)) name = n;
      const nameKeys = (name && nameBags.get(name)) || new Set<string>();
      return [
        { keys: keysWhere((u) => info.segs.clause[u.start] === clause), local: true },
        { keys: nameKeys, local: false },
        { keys: keysWhere((u) => info.segs.sentence[u.start] === sent), local: false },
        { keys: keysWhere(() => true), local: false },
        { keys: conv, local: false },
      ];
    };
    const ms = findMentions(info.tokens, mapped, (p) => info.segs.sentence[p], cat, bagsAt);
    info.mentions = ms.map((m) => ({ ...m, clause: info.segs.clause[m.start], cancelTarget: info.cancelClauses.has(info.segs.clause[m.start]) }));
  }
}

/** Nearest item by distance to its span (an item right before "at 3" beats one after "and a"). */
function nearest<T extends { start?: number; end?: number; pos?: number }>(items: T[], pos: number, preferBefore = true): T | null {
  let best: T | null = null;
  let bestD = Infinity;
  for (const it of items) {
    const s = it.start ?? it.pos ?? 0;
    const e = it.end ?? s;
    const d = (e <= pos ? pos - e : s >= pos ? s - pos : 0) + (s > pos && preferBefore ? 0.5 : 0);
    if (d < bestD) { bestD = d; best = it; }
  }
  return best;
}

/** Positive slots: times that are proposed or agreed (not constraints, ranges, negated...). */
export function buildSlots(info: MsgInfo, productContext = false): Slot[] {
  // Walk-in windows, waiting lists and pick-ups: their clauses hold no bookable slot.
  const product = (c: number) => {
    const cs = info.clauseCue.get(c);
    return !!cs && (cs.has("product") || cs.has("walkin") || cs.has("waitlist"));
  };
  const times = info.times.filter((t) => t.role === "slot" && !t.neg && !info.cancelClauses.has(t.clause) && !product(t.clause));
  const dates = info.dates.filter((d) => !d.neg);
  const ments = info.mentions.filter((m) => !m.cancelTarget);
  const slots: Slot[] = [];
  const byTime = personsByTime(info, times);
  for (const t of times) {
    const sent = info.segs.sentence[t.start];
    const d = nearest(dates.filter((x) => x.clause === t.clause), t.start)
      ?? nearest(dates.filter((x) => info.segs.sentence[x.start] === sent), t.start)
      ?? nearest(dates.filter((x) => x.start < t.start), t.start)
      ?? nearest(dates, t.start);
    const pp = info.persons.filter((p) => p.clause === t.clause || info.segs.sentence[p.pos] === sent);
    const p = byTime.get(t.start)
      ?? nearest(pp.filter((x) => x.pos < t.start && t.start - x.pos < 40), t.start) ?? nearest(pp.filter((x) => x.clause === t.clause), t.start);
    // Outside its own clause, a service said about someone else ("your son (kids cut)") is not this slot's.
    const mine = (x: { start: number; end: number }) => {
      if (!p) return true;
      const q = nearest(info.persons.filter((y) => info.segs.sentence[y.pos] === info.segs.sentence[x.start]), x.start, false);
      return !q || q.key === p.key;
    };
    const s = nearest(ments.filter((x) => x.clause === t.clause), t.start, false)
      ?? nearest(ments.filter((x) => info.segs.sentence[x.start] === sent && mine(x)), t.start, false)
      ?? nearest(ments.filter((x) => x.start < t.start && mine(x)), t.start);
    if (productContext && !s) continue; // "I'll swing by around 12" to collect a product
    slots.push({
      date: d?.date ?? null, sameDay: d?.spec.kind === "sameDay", dateKind: d?.spec.kind ?? null,
      time: { hour: t.hour, minute: t.minute, ambiguous: t.ambiguous },
      service: s?.service ?? null, explicitService: !!s, person: p?.key ?? null,
      personLabel: p && !p.self ? p.label : null, gender: p ? genderOf(p.key, p.label) : null, srcMsg: info.idx, pos: t.start,
    });
  }
  // "at 12 noon", "10:00? or is 10:00 too early?": one slot, said twice.
  for (let i = slots.length - 1; i > 0; i--) {
    const a = slots[i];
    if (slots.slice(0, i).some((b) => b.date === a.date && b.time.hour === a.time.hour && b.time.minute === a.time.minute && b.service === a.service && b.person === a.person)) slots.splice(i, 1);
  }
  // As many services as times ("a facial on Fri at 2 and a body scrub Sat at 11"): pair them in order.
  const own = ments.filter((m, i) => ments.findIndex((x) => x.start === m.start) === i);
  if (slots.length >= 2 && own.length === slots.length && new Set(own.map((m) => m.service)).size > 1) {
    slots.forEach((sl, i) => { sl.service = own[i].service; sl.explicitService = true; });
  }
  // "26/1, 2/2 ו-9/2 ב-18:00": one time for a list of dates.
  if (slots.length === 1) {
    const before = dates.filter((x) => x.explicit && x.start < slots[0].pos && x.date);
    if (before.length >= 2) {
      const gaps = before.slice(1).map((x, i) => info.low.slice(before[i].end, x.start));
      if (gaps.every((g) => AND_GAP.test(g))) {
        return before.map((x) => ({ ...slots[0], date: x.date, expanded: true }));
      }
    }
  }
  return slots;
}

/** Whether several slots of one message are options ("17:00 or 18:30") rather than a set. */
export function isAlternatives(info: MsgInfo, slots: Slot[], multiChat: boolean): boolean {
  if (slots.length < 2 || slots.some((s) => s.expanded)) return false;
  const span = info.low.slice(slots[0].pos, slots[slots.length - 1].pos);
  const firstDate = info.dates.find((d) => d.start < slots[0].pos && slots[0].pos - d.end < 25);
  if (OR_RE.test(span) || (firstDate && OR_RE.test(info.low.slice(firstDate.start, slots[0].pos)))) return true;
  const services = new Set(slots.map((s) => s.service).filter(Boolean));
  const people = new Set(slots.map((s) => s.person).filter(Boolean));
  if (services.size >= 2 || people.size >= 2) return false;
  return !multiChat;
}

export { compileCatalogue };
