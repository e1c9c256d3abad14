// Dialogue cues (accept, decline, cancel, reschedule, walk-in, ...) per clause of a
// message; the phrases are in lexicon/dialogue.ts.
import { ACCEPT_EMOJI, CUE_MASKS, CUE_PHRASES, NO_WORDS } from "./lexicon/dialogue";
import { HEBREW_PREFIXES } from "./lexicon/grammar";
import { anyOf, HEBREW, tokenize, type Token } from "./text";

export type Cue = keyof typeof CUE_PHRASES;

// Cue phrases are matched on the token stream (one pass per message): an index from
// first token to phrases, longest first. Phrases with no cue mask look-alikes ("no problem").
type CuePhrase = { toks: string[]; cues: Cue[] };
const INDEX = new Map<string, CuePhrase[]>();
function addPhrase(w: string, cue: Cue | null): void {
  const toks = tokenize(w).map((t) => t.t);
  if (!toks.length) return;
  const list = INDEX.get(toks[0]) ?? [];
  const same = list.find((p) => p.toks.join(" ") === toks.join(" "));
  if (same) { if (cue && !same.cues.includes(cue)) same.cues.push(cue); }
  else list.push({ toks, cues: cue ? [cue] : [] });
  INDEX.set(toks[0], list);
}
for (const [k, ws] of Object.entries(CUE_PHRASES)) for (const w of ws) addPhrase(w, k as Cue);
for (const w of CUE_MASKS) addPhrase(w, null);
for (const list of INDEX.values()) list.sort((a, b) => b.toks.length - a.toks.length);

function firstForms(t: string): string[] {
  if (!HEBREW.test(t)) return [t];
  return [t, ...HEBREW_PREFIXES.filter((p) => t.startsWith(p) && t.length - p.length >= 2).map((p) => t.slice(p.length))];
}

const EMOJI_ACCEPT = new RegExp(anyOf(ACCEPT_EMOJI), "gu");
const START_NO = new RegExp(`^\\s*(?:${anyOf(NO_WORDS)})(?![\\p{L}])`, "iu");
const MASK_START = new RegExp(`^\\s*(?:${anyOf(CUE_MASKS)})`, "iu");

export type MessageCues = { byClause: Map<number, Set<Cue>>; cancelPos: Map<number, number> };

/** Cues per clause of a message; `cancelPos` is where each clause's first cancel word starts. */
export function messageCues(tokens: Token[], low: string, clauseOf: Int32Array, clauseIds: number[]): MessageCues {
  const byClause = new Map<number, Set<Cue>>(clauseIds.map((id) => [id, new Set<Cue>()]));
  const cancelPos = new Map<number, number>();
  for (let i = 0; i < tokens.length; ) {
    let best: CuePhrase | null = null;
    for (const f of firstForms(tokens[i].t)) {
      for (const ph of INDEX.get(f) ?? []) {
        if (best && ph.toks.length <= best.toks.length) continue;
        let ok = i + ph.toks.length <= tokens.length;
        for (let j = 1; ok && j < ph.toks.length; j++) ok = tokens[i + j].t === ph.toks[j];
        if (ok) best = ph;
      }
    }
    if (!best) { i++; continue; }
    const clause = clauseOf[tokens[i].start];
    const set = byClause.get(clause);
    if (set) for (const c of best.cues) set.add(c);
    if (best.cues.includes("cancel") && !cancelPos.has(clause)) cancelPos.set(clause, tokens[i].start);
    i += best.toks.length;
  }
  for (const m of low.matchAll(EMOJI_ACCEPT)) byClause.get(clauseOf[m.index!])?.add("accept");
  return { byClause, cancelPos };
}

/** Adjusts one clause's cues: a clause starting with "no" declines; "fully booked" is not "booked". */
export function finishClauseCues(out: Set<Cue>, clause: string): Set<Cue> {
  if (START_NO.test(clause) && !MASK_START.test(clause)) out.add("decline");
  if (out.has("decline")) out.add("neg");
  if (out.has("neg")) out.delete("accept");
  if (out.has("walkin") || out.has("waitlist")) out.delete("cancel");
  return out;
}
