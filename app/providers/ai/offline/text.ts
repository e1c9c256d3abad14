// Text helpers: same-length lowercasing (so regex offsets stay valid), token
// normalisation, tokenising, clause/sentence segmentation, and building regexes
// from the word lists in lexicon/.
import { CHARACTER_FOLDS, CLAUSE_BREAK_WORDS, ENGLISH_ENDINGS, LETTER_FOLDS } from "./lexicon/grammar";

/** Unicode word start and end, for regex sources. */
export const WORD_START = "(?<![\\p{L}\\p{M}\\p{N}])";
export const WORD_END = "(?![\\p{L}\\p{M}\\p{N}])";

export const HEBREW = /[\u0590-\u05ff]/;
export const ARABIC = /[\u0600-\u06ff]/;
export const CYRILLIC = /[\u0400-\u04ff]/;

/** Token normalisations kept before the cache is cleared. */
const NORMALIZED_CACHE_SIZE = 50_000;
/** English words from this length on lose a plural "s" for lookups ("colours"); shorter ones ("bus") keep it. */
const MIN_PLURAL_LETTERS = 4;

/** A word or phrase as regex source: special characters escaped, a space matching any run of whitespace. */
function escapeWord(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s+");
}

/** Characters for a regex character class, escaped. */
export function escapeClass(chars: string): string {
  return chars.replace(/[\\\]^-]/g, "\\$&");
}

/**
 * Regex source for any of the words, longest first, so that where several match at
 * one place the longest is taken ("half past" before "half").
 */
export function anyOf(words: Iterable<string>): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeWord)
    .join("|");
}

/** A global regex for any of the words as whole words, after an optional `prefix` (regex source). */
export function wordsRe(words: readonly string[], prefix = ""): RegExp {
  return new RegExp(`${WORD_START}${prefix}(?:${anyOf(words)})${WORD_END}`, "giu");
}

const foldPatterns = (folds: Array<[string, string]>) =>
  folds.map(([variants, folded]) => [new RegExp(`[${escapeClass(variants)}]`, "g"), folded] as const);
const CHARACTER_FOLD_PATTERNS = foldPatterns(CHARACTER_FOLDS);
const LETTER_FOLD_PATTERNS = foldPatterns(LETTER_FOLDS);
const ES_PLURAL = new RegExp(`(?:${anyOf(ENGLISH_ENDINGS.pluralEsAfter)})es$`);
const PLURAL_CANDIDATE = new RegExp(`^[a-z]{${MIN_PLURAL_LETTERS},}$`);
const EASTERN_ARABIC_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/** Lowercases without changing string length, with Arabic-Indic digits as ASCII and quote/dash variants unified. */
export function lowerKeep(text: string): string {
  let lower = text.toLowerCase();
  if (lower.length !== text.length) {
    lower = Array.from(text, (char) => {
      const lowered = char.toLowerCase();
      return lowered.length === char.length ? lowered : char;
    }).join("");
  }
  lower = lower.replace(EASTERN_ARABIC_DIGITS, (digit) => String((digit.charCodeAt(0) - 0x0660) % 0x90));
  for (const [pattern, folded] of CHARACTER_FOLD_PATTERNS) lower = lower.replace(pattern, folded);
  return lower;
}

const normalizedCache = new Map<string, string>();

/** Normalises one token for dictionary lookups (case, diacritics, letter variants, English plural and possessive). */
export function normalizeToken(word: string): string {
  let normalized = normalizedCache.get(word);
  if (normalized === undefined) {
    normalized = normalizeUncached(word);
    if (normalizedCache.size > NORMALIZED_CACHE_SIZE) normalizedCache.clear();
    normalizedCache.set(word, normalized);
  }
  return normalized;
}

function normalizeUncached(word: string): string {
  let normalized = word.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  for (const [pattern, folded] of [...CHARACTER_FOLD_PATTERNS, ...LETTER_FOLD_PATTERNS])
    normalized = normalized.replace(pattern, folded);
  const { possessive, plural, notPlural } = ENGLISH_ENDINGS;
  if (normalized.endsWith(possessive)) normalized = normalized.slice(0, -possessive.length);
  if (PLURAL_CANDIDATE.test(normalized) && normalized.endsWith(plural) && !normalized.endsWith(notPlural)) {
    normalized = ES_PLURAL.test(normalized) ? normalized.slice(0, -2) : normalized.slice(0, -1);
  }
  return normalized;
}

/** A word of a message: `norm` is its normalised form (normalizeToken), `raw` as written, offsets in the message. */
export type Token = { norm: string; raw: string; start: number; end: number };

const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['"][\p{L}\p{M}]+)*/gu;

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    tokens.push({
      norm: normalizeToken(match[0]),
      raw: match[0],
      start: match.index!,
      end: match.index! + match[0].length,
    });
  }
  return tokens;
}

const EMOJI = /\p{Extended_Pictographic}/u;
const CLAUSE_WORDS = new RegExp(`(?<![\\p{L}])(?:${anyOf(CLAUSE_BREAK_WORDS)})(?![\\p{L}])`, "giu");
const SENTENCE_ENDS = "!?…;\n";
const CLAUSE_ENDS = ",:()[]";
/** Code points below this are never emoji (a quick test before the costly one). */
const FIRST_EMOJI_CODE_POINT = 0x2000;

export type Segments = {
  sentence: Int32Array; // char index -> sentence id
  clause: Int32Array; // char index -> clause id (sentences split further at commas, "but", ...)
  clauses: Array<{ id: number; start: number; end: number; sentence: number }>;
};

/** Splits a message into sentences and clauses; `protect` spans (dates, times) are never split. */
export function segment(lower: string, protect: Array<[number, number]>): Segments {
  const length = lower.length;
  const guarded = new Uint8Array(length + 1);
  for (const [from, to] of protect) for (let index = from; index < to && index < length; index++) guarded[index] = 1;
  const sentenceBreak = new Uint8Array(length + 1);
  const clauseBreak = new Uint8Array(length + 1);
  for (let index = 0; index < length; index++) {
    if (guarded[index]) continue;
    const char = lower[index];
    const decimalPoint = char === "." && /\d/.test(lower[index - 1] ?? "") && /\d/.test(lower[index + 1] ?? "");
    if (SENTENCE_ENDS.includes(char)) sentenceBreak[index] = 1;
    else if (char === "." && !decimalPoint) sentenceBreak[index] = 1;
    else if (CLAUSE_ENDS.includes(char) || (char === "-" && lower[index - 1] === " " && lower[index + 1] === " "))
      clauseBreak[index] = 1;
    else {
      const codePoint = lower.codePointAt(index)!;
      if (codePoint > FIRST_EMOJI_CODE_POINT && EMOJI.test(String.fromCodePoint(codePoint))) sentenceBreak[index] = 1;
    }
  }
  for (const match of lower.matchAll(CLAUSE_WORDS)) clauseBreak[match.index!] = 1;
  const sentence = new Int32Array(length + 1);
  const clause = new Int32Array(length + 1);
  const clauses: Segments["clauses"] = [];
  let sentenceId = 0;
  let clauseId = 0;
  let start = 0;
  for (let index = 0; index <= length; index++) {
    sentence[index] = sentenceId;
    clause[index] = clauseId;
    if (index === length || sentenceBreak[index] || clauseBreak[index]) {
      if (index > start) clauses.push({ id: clauseId, start, end: index, sentence: sentenceId });
      if (index < length) {
        if (sentenceBreak[index]) sentenceId++;
        clauseId++;
      }
      start = index + 1;
    }
  }
  return { sentence, clause, clauses };
}
