// Turns tokens into concept units ("C:COLOR") or catalogue raw words ("R:fade"),
// handling Hebrew/Arabic glued prefixes, Russian/German endings and German compounds.
import { ARABIC_PREFIXES, COMPOUND_LINKS, GLUED_AND, HEBREW_PREFIXES } from "./lexicon/grammar";
import { CONCEPTS, HINTS } from "./lexicon/services";
import { ARABIC, CYRILLIC, HEBREW, normTok, type Token } from "./text";

export type Unit = {
  key: string; // "C:CONCEPT" or "R:word"
  tok: number; // first token index
  tokEnd: number; // exclusive
  start: number; // char offsets in the message
  end: number;
  hint: boolean; // a tie-break hint (gender, breed), never names a service itself
  conj: boolean; // matched after stripping a glued "and" (ו / و): a combo boundary
  partial?: boolean; // only the tail of an unknown compound ("hydra|facial")
};

type Phrase = { concept: string; toks: string[]; hint: boolean };

const INDEX = new Map<string, Phrase[]>();
function addPhrases(src: Record<string, string[]>, hint: boolean): void {
  for (const [concept, phrases] of Object.entries(src)) {
    for (const p of phrases) {
      const toks = p.split(/[\s-]+/).filter(Boolean).map(normTok);
      const list = INDEX.get(toks[0]) ?? [];
      list.push({ concept, toks, hint });
      INDEX.set(toks[0], list);
    }
  }
}
addPhrases(CONCEPTS, false);
addPhrases(HINTS, true);
for (const list of INDEX.values()) list.sort((a, b) => b.toks.length - a.toks.length);

/** A glued prefix is split off only when this much of the word is left. */
const MIN_LETTERS_AFTER_PREFIX = 2;
/** Russian adjectives and cases add up to 5 letters ("кератиновое"); English and German endings up to 3. */
const MAX_CYRILLIC_ENDING = 5;
const MAX_LATIN_ENDING = 3;
/** An ending is cut only when this much of the word is left. */
const MIN_STEM_LETTERS = 4;
/** Compounds worth splitting, and the shortest part ("damen|haarschnitt"). */
const COMPOUND_LETTERS = { min: 8, max: 32, part: 3 };

const candCache = new Map<string, string[]>();

/** Dictionary forms a token may stand for, most literal first. */
export function candidates(t: string): string[] {
  let out = candCache.get(t);
  if (out) return out;
  out = [t];
  if (HEBREW.test(t)) {
    for (const p of HEBREW_PREFIXES) if (t.startsWith(p) && t.length - p.length >= MIN_LETTERS_AFTER_PREFIX) out.push(t.slice(p.length));
  } else if (ARABIC.test(t)) {
    for (const p of ARABIC_PREFIXES) if (t.startsWith(p) && t.length - p.length >= MIN_LETTERS_AFTER_PREFIX) out.push(t.slice(p.length));
  } else {
    const max = CYRILLIC.test(t) ? MAX_CYRILLIC_ENDING : MAX_LATIN_ENDING;
    for (let k = 1; k <= max; k++) if (t.length - k >= MIN_STEM_LETTERS) out.push(t.slice(0, t.length - k));
  }
  if (candCache.size > 20000) candCache.clear();
  candCache.set(t, out);
  return out;
}

function matchesAt(tokens: Token[], i: number, ph: Phrase): boolean {
  if (i + ph.toks.length > tokens.length) return false;
  for (let j = 1; j < ph.toks.length; j++) {
    if (!candidates(tokens[i + j].t).includes(ph.toks[j])) return false;
  }
  return true;
}

function lookup(tokens: Token[], i: number): { ph: Phrase; cand: string } | null {
  let best: { ph: Phrase; cand: string } | null = null;
  for (const c of candidates(tokens[i].t)) {
    for (const ph of INDEX.get(c) ?? []) {
      if ((!best || ph.toks.length > best.ph.toks.length) && matchesAt(tokens, i, ph)) best = { ph, cand: c };
    }
  }
  return best;
}

function single(t: string): Phrase | null {
  for (const c of candidates(t)) for (const ph of INDEX.get(c) ?? []) if (ph.toks.length === 1 && !ph.hint) return ph;
  return null;
}

/** "damenhaarschnitt" -> DAMEN + HAARSCHNITT; full = both halves are known words. */
function splitCompound(t: string): { full: boolean; parts: Phrase[] } | null {
  if (t.length < COMPOUND_LETTERS.min || t.length > COMPOUND_LETTERS.max || !/^[a-z]+$/.test(t)) return null;
  for (let i = COMPOUND_LETTERS.part; i <= t.length - COMPOUND_LETTERS.part; i++) {
    const tail = single(t.slice(i));
    if (!tail) continue;
    const headTok = t.slice(0, i);
    const link = COMPOUND_LINKS.find((l) => headTok.endsWith(l));
    const head = single(headTok) ?? single(link ? headTok.slice(0, -link.length) : headTok);
    return head ? { full: true, parts: [head, tail] } : { full: false, parts: [tail] };
  }
  return null;
}

const conjCand = (t: string, c: string) => c !== t && GLUED_AND.some((and) => t.startsWith(and) && t.slice(and.length) === c);

/** Units of a token stream; `rawKeys` are the catalogue's own non-dictionary words. */
export function unitsOf(tokens: Token[], rawKeys: ReadonlySet<string>): Unit[] {
  const out: Unit[] = [];
  for (let i = 0; i < tokens.length; ) {
    const tk = tokens[i];
    const hit = lookup(tokens, i);
    if (hit) {
      const n = hit.ph.toks.length;
      out.push({
        key: `C:${hit.ph.concept}`, tok: i, tokEnd: i + n, start: tk.start, end: tokens[i + n - 1].end,
        hint: hit.ph.hint, conj: conjCand(tk.t, hit.cand),
      });
      i += n;
      continue;
    }
    const comp = splitCompound(tk.t);
    const raw = comp?.full ? undefined : candidates(tk.t).find((c) => rawKeys.has(c));
    if (raw) {
      out.push({ key: `R:${raw}`, tok: i, tokEnd: i + 1, start: tk.start, end: tk.end, hint: false, conj: conjCand(tk.t, raw) });
    } else {
      for (const ph of comp?.parts ?? []) {
        out.push({ key: `C:${ph.concept}`, tok: i, tokEnd: i + 1, start: tk.start, end: tk.end, hint: false, conj: false, partial: !comp!.full });
      }
    }
    i++;
  }
  return out;
}

/** Whether a token alone is a dictionary word (so a capitalised one is not a person's name). */
export function isKnownWord(t: string): boolean {
  return candidates(t).some((c) => INDEX.get(c)?.some((ph) => ph.toks.length === 1));
}
