// Text helpers: same-length lowercasing (so regex offsets stay valid), token
// normalisation, tokenising and clause/sentence segmentation.
import { CHARACTER_FOLDS, CLAUSE_BREAK_WORDS, ENGLISH_ENDINGS, LETTER_FOLDS } from "./lexicon/grammar";

export const B = "(?<![\\p{L}\\p{M}\\p{N}])"; // unicode word start
export const E = "(?![\\p{L}\\p{M}\\p{N}])"; // unicode word end

/** Lowercases without changing string length and unifies quote/dash variants. */
export function lowerKeep(s: string): string {
  let out = s.toLowerCase();
  if (out.length !== s.length) {
    out = Array.from(s, (c) => {
      const l = c.toLowerCase();
      return l.length === c.length ? l : c;
    }).join("");
  }
  out = out.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => String((d.charCodeAt(0) - 0x0660) % 0x90));
  for (const [pattern, folded] of CHARACTER_FOLD_PATTERNS) out = out.replace(pattern, folded);
  return out;
}

/** A word or phrase as regex source: special characters escaped, a space matching any run of whitespace. */
export function escapeWord(word: string): string {
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
  return [...words].sort((a, b) => b.length - a.length).map(escapeWord).join("|");
}

/** Builds a global regex for word alternatives with unicode word boundaries. */
export function wordsRe(words: readonly string[], prefix = ""): RegExp {
  return new RegExp(`${B}${prefix}(?:${anyOf(words)})${E}`, "giu");
}

export const HEBREW = /[\u0590-\u05ff]/;
export const ARABIC = /[\u0600-\u06ff]/;
export const CYRILLIC = /[\u0400-\u04ff]/;

const foldPatterns = (folds: Array<[string, string]>) =>
  folds.map(([variants, folded]) => [new RegExp(`[${escapeClass(variants)}]`, "g"), folded] as const);
const CHARACTER_FOLD_PATTERNS = foldPatterns(CHARACTER_FOLDS);
const LETTER_FOLD_PATTERNS = foldPatterns(LETTER_FOLDS);
const ES_PLURAL = new RegExp(`(?:${anyOf(ENGLISH_ENDINGS.pluralEsAfter)})es$`);

const normCache = new Map<string, string>();

/** Normalises one token for dictionary lookups (diacritics, Arabic letter variants). */
export function normTok(s: string): string {
  let hit = normCache.get(s);
  if (hit === undefined) {
    hit = normTokRaw(s);
    if (normCache.size > 50000) normCache.clear();
    normCache.set(s, hit);
  }
  return hit;
}

function normTokRaw(s: string): string {
  let t = s.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
  for (const [pattern, folded] of [...CHARACTER_FOLD_PATTERNS, ...LETTER_FOLD_PATTERNS]) t = t.replace(pattern, folded);
  const { possessive, plural, notPlural } = ENGLISH_ENDINGS;
  if (t.endsWith(possessive)) t = t.slice(0, -possessive.length);
  if (/^[a-z]{4,}$/.test(t) && t.endsWith(plural) && !t.endsWith(notPlural)) {
    t = ES_PLURAL.test(t) ? t.slice(0, -2) : t.slice(0, -1);
  }
  return t;
}

export type Token = { t: string; raw: string; start: number; end: number };

const TOKEN_RE = /[\p{L}\p{M}\p{N}]+(?:['"][\p{L}\p{M}]+)*/gu;

export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(TOKEN_RE)) {
    out.push({ t: normTok(m[0]), raw: m[0], start: m.index!, end: m.index! + m[0].length });
  }
  return out;
}

const EMOJI = /\p{Extended_Pictographic}/u;
const CLAUSE_WORDS = new RegExp(`(?<![\\p{L}])(?:${anyOf(CLAUSE_BREAK_WORDS)})(?![\\p{L}])`, "giu");

export type Segments = {
  sentence: Int32Array; // char index -> sentence id
  clause: Int32Array; // char index -> clause id (sentences split further at commas, "but", ...)
  clauses: Array<{ id: number; start: number; end: number; sentence: number }>;
};

/** Splits a message into sentences and clauses; `protect` spans (dates, times) are never split. */
export function segment(low: string, protect: Array<[number, number]>): Segments {
  const n = low.length;
  const guarded = new Uint8Array(n + 1);
  for (const [s, e] of protect) for (let i = s; i < e && i < n; i++) guarded[i] = 1;
  const sentBreak = new Uint8Array(n + 1);
  const clauseBreak = new Uint8Array(n + 1);
  for (let i = 0; i < n; i++) {
    if (guarded[i]) continue;
    const c = low[i];
    if ("!?…;\n".includes(c)) sentBreak[i] = 1;
    else if (c === "." && !(/\d/.test(low[i - 1] ?? "") && /\d/.test(low[i + 1] ?? ""))) sentBreak[i] = 1;
    else if (",:()[]".includes(c) || (c === "-" && low[i - 1] === " " && low[i + 1] === " ")) clauseBreak[i] = 1;
    else {
      const cp = low.codePointAt(i)!;
      if (cp > 0x2000 && EMOJI.test(String.fromCodePoint(cp))) sentBreak[i] = 1;
    }
  }
  for (const m of low.matchAll(CLAUSE_WORDS)) clauseBreak[m.index!] = 1;
  const sentence = new Int32Array(n + 1);
  const clause = new Int32Array(n + 1);
  const clauses: Segments["clauses"] = [];
  let s = 0;
  let c = 0;
  let start = 0;
  for (let i = 0; i <= n; i++) {
    if (i === n || sentBreak[i] || clauseBreak[i]) {
      if (i > start) clauses.push({ id: c, start, end: i, sentence: s });
      sentence[i] = s;
      clause[i] = c;
      if (i < n) {
        if (sentBreak[i]) s++;
        c++;
      }
      start = i + 1;
      continue;
    }
    sentence[i] = s;
    clause[i] = c;
  }
  return { sentence, clause, clauses };
}
