// Several people in one chat: how many people one slot is for ("both of you at
// 17:00", "me and my mum", "two lash lifts"), and which person a time belongs to
// when one message gives several ("you at 9:00, your husband at 9:30").
import type { MsgInfo, Person } from "./analyze";
import { GLUED_AND } from "./lexicon/grammar";
import { COUNT_WORDS, GREETINGS, GROUP_GLUED_PREFIXES, GROUP_SIZE, PERSON_TIME_GLUE, SELF_PAIR } from "./lexicon/people";
import { anyOf, wordsRe } from "./text";

const GROUP_RES = GROUP_SIZE.map(([n, words]) => [n, wordsRe(words, `(?:${anyOf(GROUP_GLUED_PREFIXES)}){0,2}`)] as const);
const AFTER_GREETING = new RegExp(`(?:^|[^\\p{L}])(?:${anyOf(GREETINGS)})\\s*,?\\s*$`, "iu");
/** "me and my mum", "לי ולבעלי", "אני ואחותי": the customer and someone else, side by side. */
const SELF_PAIR_GAP = new RegExp(`^\\s*(?:${anyOf(SELF_PAIR.joiners)})?\\s*(?:${anyOf(SELF_PAIR.possessives)})?\\s*$`, "iu");
const SELF_PAIR_JOINER = new RegExp(anyOf(SELF_PAIR.joiners));
const AND_I = new RegExp(`^\\s+(?:${anyOf(SELF_PAIR.andI)})(?![\\p{L}])`, "iu");
const PERSON_TIME_GAP = new RegExp(`^(?:\\s|${anyOf(PERSON_TIME_GLUE)})*$`, "iu");
const startsWithGluedAnd = (text: string, pos: number) => GLUED_AND.some((and) => text.startsWith(and, pos));

/** How many people the message's slot is for; 0 when it does not say. */
export function groupSize(info: MsgInfo): number {
  for (const [n, re] of GROUP_RES) {
    for (const m of info.low.matchAll(re)) {
      if (!AFTER_GREETING.test(info.low.slice(Math.max(0, m.index! - 16), m.index!))) return n;
    }
  }
  return Math.max(countBeforeService(info), selfPairSize(info));
}

/** "two lash lifts", "3 manicures": a count right before a service mention. */
function countBeforeService(info: MsgInfo): number {
  for (const m of info.mentions) {
    const at = info.tokens.findIndex((t) => t.start >= m.start);
    for (const back of [1, 2]) {
      const tk = info.tokens[at - back];
      if (!tk || info.times.some((t) => tk.start >= t.start && tk.start < t.end)) continue;
      const n = COUNT_WORDS[tk.t];
      if (n) return n;
    }
  }
  return 0;
}

/** "me and my dad", "my husband and I", "לי ולבעלי": self plus one relative in a row. */
function selfPairSize(info: MsgInfo): number {
  const ps = [...info.persons].sort((a, b) => a.pos - b.pos);
  for (let i = 0; i < ps.length; i++) {
    const a = ps[i];
    const tokenEnd = info.tokens.find((t) => t.start === a.pos)?.end ?? a.pos;
    if (!a.self && !a.key.startsWith("N:") && AND_I.test(info.text.slice(tokenEnd, tokenEnd + 8))) return 2;
    const b = ps[i + 1];
    if (!b || a.self === b.self || info.segs.sentence[a.pos] !== info.segs.sentence[b.pos]) continue;
    const gap = info.low.slice(tokenEnd, b.pos);
    if (SELF_PAIR_GAP.test(gap) && (startsWithGluedAnd(info.low, b.pos) || SELF_PAIR_JOINER.test(gap))) return 2;
  }
  return 0;
}

/**
 * With several times and people in one sentence, each person goes with the time
 * that only little words separate it from (the nearer one, and the one after it on a tie).
 */
export function personsByTime(info: MsgInfo, times: Array<{ start: number; end: number }>): Map<number, Person> {
  const out = new Map<number, Person>();
  if (times.length < 2 || info.persons.length < 2) return out;
  const best = new Map<number, { p: Person; d: number }>();
  for (const p of info.persons) {
    const end = info.tokens.find((t) => t.start === p.pos)?.end ?? p.pos;
    let pick: { t: number; d: number } | null = null;
    for (const t of times) {
      if (info.segs.sentence[t.start] !== info.segs.sentence[p.pos]) continue;
      const forward = t.start >= end;
      const gap = forward ? info.low.slice(end, t.start) : t.end <= p.pos ? info.low.slice(t.end, p.pos) : null;
      if (gap === null || !PERSON_TIME_GAP.test(gap)) continue;
      // A person after its time ("ב-17:00 הבן") is weaker, and one joined by "and" ("ובעלך") starts the next pair.
      const d = gap.replace(/\s+/g, "").length + (forward ? 0 : 0.5 + (startsWithGluedAnd(info.low, p.pos) ? 2 : 0));
      if (!pick || d < pick.d) pick = { t: t.start, d };
    }
    if (!pick) continue;
    const held = best.get(pick.t);
    if (!held || pick.d < held.d) best.set(pick.t, { p, d: pick.d });
  }
  for (const [t, { p }] of best) out.set(t, p);
  return out;
}
