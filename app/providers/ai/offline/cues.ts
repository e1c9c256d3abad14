// Dialogue cues (accept, decline, cancel, reschedule, walk-in, ...) per clause of a
// message; the phrases are in lexicon/dialogue.ts.
import { ACCEPT_EMOJI, CUE_MASKS, CUE_PHRASES, NO_WORDS } from "./lexicon/dialogue";
import { HEBREW_PREFIXES } from "./lexicon/grammar";
import { anyOf, HEBREW, tokenize, type Token } from "./text";

export type Cue = keyof typeof CUE_PHRASES;

/** A glued Hebrew prefix is split off only when this much of the word is left. */
const MIN_LETTERS_AFTER_PREFIX = 2;

// Cue phrases are matched on the token stream (one pass per message): an index from
// first token to phrases, longest first. Phrases with no cue mask look-alikes ("no problem").
type CuePhrase = { words: string[]; cues: Cue[] };
const PHRASES_BY_FIRST_WORD = new Map<string, CuePhrase[]>();

function addPhrase(phrase: string, cue: Cue | null): void {
  const words = tokenize(phrase).map((token) => token.norm);
  if (!words.length) return;
  const phrases = PHRASES_BY_FIRST_WORD.get(words[0]) ?? [];
  const same = phrases.find((known) => known.words.join(" ") === words.join(" "));
  if (same) {
    if (cue && !same.cues.includes(cue)) same.cues.push(cue);
  } else {
    phrases.push({ words, cues: cue ? [cue] : [] });
  }
  PHRASES_BY_FIRST_WORD.set(words[0], phrases);
}
for (const [cue, phrases] of Object.entries(CUE_PHRASES)) for (const phrase of phrases) addPhrase(phrase, cue as Cue);
for (const phrase of CUE_MASKS) addPhrase(phrase, null);
for (const phrases of PHRASES_BY_FIRST_WORD.values()) phrases.sort((a, b) => b.words.length - a.words.length);

/** The word and, for Hebrew, the word without each glued prefix ("וכשתבטלי" -> "תבטלי"). */
function withoutPrefixes(word: string): string[] {
  if (!HEBREW.test(word)) return [word];
  const stripped = HEBREW_PREFIXES.filter(
    (prefix) => word.startsWith(prefix) && word.length - prefix.length >= MIN_LETTERS_AFTER_PREFIX,
  );
  return [word, ...stripped.map((prefix) => word.slice(prefix.length))];
}

/** The longest cue phrase starting at tokens[index], or null. */
function phraseAt(tokens: Token[], index: number): CuePhrase | null {
  let best: CuePhrase | null = null;
  for (const form of withoutPrefixes(tokens[index].norm)) {
    for (const phrase of PHRASES_BY_FIRST_WORD.get(form) ?? []) {
      if (best && phrase.words.length <= best.words.length) continue;
      let matches = index + phrase.words.length <= tokens.length;
      for (let offset = 1; matches && offset < phrase.words.length; offset++)
        matches = tokens[index + offset].norm === phrase.words[offset];
      if (matches) best = phrase;
    }
  }
  return best;
}

const EMOJI_ACCEPT = new RegExp(anyOf(ACCEPT_EMOJI), "gu");
const STARTS_WITH_NO = new RegExp(`^\\s*(?:${anyOf(NO_WORDS)})(?![\\p{L}])`, "iu");
const STARTS_WITH_MASK = new RegExp(`^\\s*(?:${anyOf(CUE_MASKS)})`, "iu");

export type MessageCues = { byClause: Map<number, Set<Cue>>; cancelPosition: Map<number, number> };

/** Cues per clause of a message; `cancelPosition` is where each clause's first cancel word starts. */
export function messageCues(tokens: Token[], lower: string, clauseOf: Int32Array, clauseIds: number[]): MessageCues {
  const byClause = new Map<number, Set<Cue>>(clauseIds.map((id) => [id, new Set<Cue>()]));
  const cancelPosition = new Map<number, number>();
  for (let index = 0; index < tokens.length;) {
    const phrase = phraseAt(tokens, index);
    if (!phrase) {
      index++;
      continue;
    }
    const clause = clauseOf[tokens[index].start];
    const cues = byClause.get(clause);
    if (cues) for (const cue of phrase.cues) cues.add(cue);
    if (phrase.cues.includes("cancel") && !cancelPosition.has(clause)) cancelPosition.set(clause, tokens[index].start);
    index += phrase.words.length;
  }
  for (const match of lower.matchAll(EMOJI_ACCEPT)) byClause.get(clauseOf[match.index!])?.add("accept");
  return { byClause, cancelPosition };
}

/** Adjusts one clause's cues: a clause starting with "no" declines; "fully booked" is not "booked". */
export function finishClauseCues(cues: Set<Cue>, clause: string): Set<Cue> {
  if (STARTS_WITH_NO.test(clause) && !STARTS_WITH_MASK.test(clause)) cues.add("decline");
  if (cues.has("decline")) cues.add("neg");
  if (cues.has("neg")) cues.delete("accept");
  if (cues.has("walkin") || cues.has("waitlist")) cues.delete("cancel");
  return cues;
}
