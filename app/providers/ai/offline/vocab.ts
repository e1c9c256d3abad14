// Turns tokens into concept units ("C:COLOR") or catalogue raw words ("R:fade"),
// handling Hebrew/Arabic glued prefixes, Russian/German endings and German compounds.
import { ARABIC_PREFIXES, COMPOUND_LINKS, GLUED_AND, HEBREW_PREFIXES } from "./lexicon/grammar";
import { CONCEPTS, HINTS } from "./lexicon/services";
import { ARABIC, CYRILLIC, HEBREW, normalizeToken, type Token } from "./text";

export type Unit = {
  key: string; // "C:CONCEPT" or "R:word"
  token: number; // first token index
  tokenEnd: number; // exclusive
  start: number; // char offsets in the message
  end: number;
  hint: boolean; // a tie-break hint (gender, breed), never names a service itself
  afterGluedAnd: boolean; // matched after stripping a glued "and" (ו / و): a combo boundary
  partial?: boolean; // only the tail of an unknown compound ("hydra|facial")
};

type Phrase = { concept: string; words: string[]; hint: boolean };

/** A glued prefix is split off only when this much of the word is left. */
const MIN_LETTERS_AFTER_PREFIX = 2;
/** Russian adjectives and cases add up to 5 letters ("кератиновое"); English and German endings up to 3. */
const MAX_CYRILLIC_ENDING = 5;
const MAX_LATIN_ENDING = 3;
/** An ending is cut only when this much of the word is left. */
const MIN_STEM_LETTERS = 4;
/** Compounds worth splitting, and the shortest part ("damen|haarschnitt"). */
const COMPOUND_LETTERS = { min: 8, max: 32, part: 3 };
/** A Hebrew plural ending is cut only when this much of the word is left. */
const MIN_HEBREW_STEM_LETTERS = 3;
/** Hebrew plural endings and what the singular ends with instead. */
const HEBREW_PLURAL_ENDINGS: Array<[string, string]> = [
  ["יים", "י"],
  ["ים", ""],
  ["ות", "ה"],
];
/** Dictionary forms kept before the cache is cleared. */
const FORMS_CACHE_SIZE = 20_000;

const PHRASES_BY_FIRST_WORD = new Map<string, Phrase[]>();
function addPhrases(phrasesByConcept: Record<string, string[]>, hint: boolean): void {
  for (const [concept, phrases] of Object.entries(phrasesByConcept)) {
    for (const phrase of phrases) {
      const words = phrase
        .split(/[\s-]+/)
        .filter(Boolean)
        .map(normalizeToken);
      const known = PHRASES_BY_FIRST_WORD.get(words[0]) ?? [];
      known.push({ concept, words, hint });
      PHRASES_BY_FIRST_WORD.set(words[0], known);
    }
  }
}
addPhrases(CONCEPTS, false);
addPhrases(HINTS, true);
for (const phrases of PHRASES_BY_FIRST_WORD.values()) phrases.sort((a, b) => b.words.length - a.words.length);

const formsCache = new Map<string, string[]>();

/** Dictionary forms a normalised word may stand for, most literal first: without a glued prefix, without an ending. */
export function candidates(word: string): string[] {
  let forms = formsCache.get(word);
  if (forms) return forms;
  forms = [word];
  const withoutPrefix = (prefix: string) =>
    word.startsWith(prefix) && word.length - prefix.length >= MIN_LETTERS_AFTER_PREFIX;
  if (HEBREW.test(word)) {
    for (const prefix of HEBREW_PREFIXES) if (withoutPrefix(prefix)) forms.push(word.slice(prefix.length));
    // "שיעורים פרטיים" -> "שיעור פרטי": plural endings, on each form.
    for (const form of [...forms]) {
      for (const [ending, singular] of HEBREW_PLURAL_ENDINGS) {
        if (form.endsWith(ending) && form.length - ending.length >= MIN_HEBREW_STEM_LETTERS)
          forms.push(form.slice(0, -ending.length) + singular);
      }
    }
  } else if (ARABIC.test(word)) {
    for (const prefix of ARABIC_PREFIXES) if (withoutPrefix(prefix)) forms.push(word.slice(prefix.length));
  } else {
    const longestEnding = CYRILLIC.test(word) ? MAX_CYRILLIC_ENDING : MAX_LATIN_ENDING;
    for (let ending = 1; ending <= longestEnding; ending++) {
      if (word.length - ending >= MIN_STEM_LETTERS) forms.push(word.slice(0, word.length - ending));
    }
  }
  if (formsCache.size > FORMS_CACHE_SIZE) formsCache.clear();
  formsCache.set(word, forms);
  return forms;
}

function phraseContinuesAt(tokens: Token[], index: number, phrase: Phrase): boolean {
  if (index + phrase.words.length > tokens.length) return false;
  for (let offset = 1; offset < phrase.words.length; offset++) {
    if (!candidates(tokens[index + offset].norm).includes(phrase.words[offset])) return false;
  }
  return true;
}

/** The longest dictionary phrase starting at tokens[index], and the form of the first word it matched. */
function phraseAt(tokens: Token[], index: number): { phrase: Phrase; form: string } | null {
  let best: { phrase: Phrase; form: string } | null = null;
  for (const form of candidates(tokens[index].norm)) {
    for (const phrase of PHRASES_BY_FIRST_WORD.get(form) ?? []) {
      if ((!best || phrase.words.length > best.phrase.words.length) && phraseContinuesAt(tokens, index, phrase))
        best = { phrase, form };
    }
  }
  return best;
}

function singleWordConcept(word: string): Phrase | null {
  for (const form of candidates(word)) {
    for (const phrase of PHRASES_BY_FIRST_WORD.get(form) ?? [])
      if (phrase.words.length === 1 && !phrase.hint) return phrase;
  }
  return null;
}

/** "damenhaarschnitt" -> DAMEN + HAARSCHNITT; full = both halves are known words. */
function splitCompound(word: string): { full: boolean; parts: Phrase[] } | null {
  if (word.length < COMPOUND_LETTERS.min || word.length > COMPOUND_LETTERS.max || !/^[a-z]+$/.test(word)) return null;
  for (let split = COMPOUND_LETTERS.part; split <= word.length - COMPOUND_LETTERS.part; split++) {
    const tail = singleWordConcept(word.slice(split));
    if (!tail) continue;
    const headWord = word.slice(0, split);
    const link = COMPOUND_LINKS.find((letters) => headWord.endsWith(letters));
    const head = singleWordConcept(headWord) ?? singleWordConcept(link ? headWord.slice(0, -link.length) : headWord);
    return head ? { full: true, parts: [head, tail] } : { full: false, parts: [tail] };
  }
  return null;
}

/** The form matched only once a glued "and" was taken off the word ("וזקן" -> "זקן"). */
const afterGluedAnd = (word: string, form: string) =>
  form !== word && GLUED_AND.some((and) => word.startsWith(and) && word.slice(and.length) === form);

/** Units of a token stream; `rawKeys` are the catalogue's own non-dictionary words. */
export function unitsOf(tokens: Token[], rawKeys: ReadonlySet<string>): Unit[] {
  const units: Unit[] = [];
  for (let index = 0; index < tokens.length;) {
    const token = tokens[index];
    const found = phraseAt(tokens, index);
    if (found) {
      const length = found.phrase.words.length;
      units.push({
        key: `C:${found.phrase.concept}`,
        token: index,
        tokenEnd: index + length,
        start: token.start,
        end: tokens[index + length - 1].end,
        hint: found.phrase.hint,
        afterGluedAnd: afterGluedAnd(token.norm, found.form),
      });
      index += length;
      continue;
    }
    const compound = splitCompound(token.norm);
    const raw = compound?.full ? undefined : candidates(token.norm).find((form) => rawKeys.has(form));
    const single = { token: index, tokenEnd: index + 1, start: token.start, end: token.end, hint: false };
    if (raw) {
      units.push({ key: `R:${raw}`, ...single, afterGluedAnd: afterGluedAnd(token.norm, raw) });
    } else {
      for (const part of compound?.parts ?? []) {
        units.push({ key: `C:${part.concept}`, ...single, afterGluedAnd: false, partial: !compound!.full });
      }
    }
    index++;
  }
  return units;
}

/** Whether a normalised word alone is a dictionary word (so a capitalised one is not a person's name). */
export function isKnownWord(word: string): boolean {
  return candidates(word).some((form) => PHRASES_BY_FIRST_WORD.get(form)?.some((phrase) => phrase.words.length === 1));
}
