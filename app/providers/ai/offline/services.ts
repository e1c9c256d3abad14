// Catalogue matching: finds service mentions in a message and maps each to exactly
// one catalogue name, preferring combined entries ("Haircut + Beard") when all parts
// are mentioned, and breaking ties with who/what-kind hints (gender, dog size, kids).
import {
  CATALOGUE_STOP_WORDS, CATALOGUE_WEAK_WORDS, COMBO_JOINERS, FALLBACK, FILLER_WORDS, LOCAL_ONLY, QUALIFIERS, WEAK,
} from "./lexicon/services";
import { anyOf, tokenize, type Token } from "./text";
import { unitsOf, type Unit } from "./vocab";

const STOP = new Set(CATALOGUE_STOP_WORDS);
const RAW_WEAK = new Set(CATALOGUE_WEAK_WORDS);
const FILLER = new Set(FILLER_WORDS);
const COMBO_CUT = new RegExp(`\\s*(?:${anyOf(COMBO_JOINERS.symbols)}|\\b(?:${anyOf(COMBO_JOINERS.words)})\\b)\\s*`, "gi");

export type Entry = { name: string; idx: number; keys: string[]; parts: string[][]; combo: boolean };
export type Catalogue = {
  entries: Entry[];
  rawKeys: Set<string>;
  weight: Map<string, number>;
  present: Set<string>;
};

const cache = new Map<string, Catalogue>();
const isWeak = (k: string) => (k.startsWith("C:") ? WEAK.has(k.slice(2)) : RAW_WEAK.has(k.slice(2)));
const isQual = (k: string) => k.startsWith("C:") && QUALIFIERS.has(k.slice(2));
/** Keys able to name a service by themselves ("kids" can: "for the kids" = Kids Haircut; so can "puppy"). */
const isTrigger = (k: string) => !isWeak(k) && (!isQual(k) || k === "C:KIDS" || k === "C:PUPPY");

export function compileCatalogue(services: string[]): Catalogue {
  const ck = services.join("\u0001");
  const hit = cache.get(ck);
  if (hit) return hit;
  const clean = services.map((s) => s.replace(/\([^)]*\)/g, " "));
  const rawKeys = new Set<string>();
  for (const name of clean) {
    const toks = tokenize(name);
    const covered = new Set<number>();
    for (const u of unitsOf(toks, rawKeys)) if (!u.partial && !u.hint) for (let i = u.tok; i < u.tokEnd; i++) covered.add(i);
    toks.forEach((t, i) => { if (!covered.has(i) && !STOP.has(t.t) && !/^\d+$/.test(t.t)) rawKeys.add(t.t); });
  }
  const entries: Entry[] = clean.map((name, idx) => {
    const toks = tokenize(name);
    const units = unitsOf(toks, rawKeys).filter((u) => !u.hint);
    // "HydraFacial": the raw word, and also its known tail (FACIAL) so "a facial" finds it.
    for (const u of unitsOf(toks, new Set())) if (u.partial && !units.some((x) => x.key === u.key)) units.push({ ...u });
    units.sort((a, b) => a.start - b.start);
    const cuts = [...name.matchAll(COMBO_CUT)].map((m) => m.index!);
    for (const u of units) if (u.conj) cuts.push(u.start);
    const parts: string[][] = [];
    for (const u of units) {
      const p = cuts.filter((c) => c <= u.start).length;
      (parts[p] ??= []).push(u.key);
    }
    const dense = parts.filter((p) => p && p.length);
    return { name: services[idx], idx, keys: [...new Set(units.map((u) => u.key))], parts: dense, combo: name.includes("+") && dense.length > 1 };
  });
  const df = new Map<string, number>();
  for (const e of entries) for (const k of e.keys) df.set(k, (df.get(k) ?? 0) + 1);
  for (const e of entries) {
    if (e.combo || e.parts.length < 2) continue;
    // "Cut & Beard" is a combo when each part is also a service of its own.
    e.combo = e.parts.every((p) => {
      const strong = p.filter((k) => !isWeak(k) && !isQual(k));
      return strong.length > 0 && entries.some((o) => o !== e && strong.every((k) => o.keys.includes(k)));
    });
  }
  const weight = new Map<string, number>();
  for (const [k, n] of df) weight.set(k, (isWeak(k) ? 0.3 : 1) / n);
  const cat = { entries, rawKeys, weight, present: new Set(df.keys()) };
  if (cache.size > 200) cache.clear();
  cache.set(ck, cat);
  return cat;
}

/** The catalogue key a text unit stands for (with fallbacks like TRIM -> HAIRCUT). */
export function mapKey(key: string, cat: Catalogue): string | null {
  if (cat.present.has(key)) return key;
  if (key.startsWith("C:")) for (const f of FALLBACK[key.slice(2)] ?? []) if (cat.present.has(`C:${f}`)) return `C:${f}`;
  return null;
}

type Scored = { e: Entry; score: number; unmatched: string[] };

function score(e: Entry, keys: Set<string>, cat: Catalogue): Scored | null {
  let matched = 0, miss = 0, strong = false, allSoft = true;
  const unmatched: string[] = [];
  for (const k of e.keys) {
    const w = cat.weight.get(k) ?? 1;
    if (keys.has(k)) {
      matched += w;
      if (isTrigger(k)) strong = true;
    } else {
      miss += w;
      unmatched.push(k);
      if (!isWeak(k) && !isQual(k)) allSoft = false;
    }
  }
  if (!strong) return null;
  if (e.combo && !e.parts.every((p) => p.some((k) => keys.has(k) && !isWeak(k)))) return null;
  const s = matched - 0.5 * miss;
  if (s < 0 && !allSoft) return null;
  return { e, score: s, unmatched };
}

export type ServiceMention = { service: string; start: number; end: number; keys: string[] };

/** Tie-break bags, nearest first: clause, message, named person, whole chat. */
export type Bags = Array<{ keys: Set<string>; local: boolean }>;

function tieBreak(tied: Scored[], bags: Bags): Entry {
  let pool = tied;
  for (const bag of bags) {
    const counts = pool.map((s) => s.unmatched.filter((k) => bag.keys.has(k) && (bag.local || !LOCAL_ONLY.has(k.slice(2)))).length);
    const best = Math.max(...counts);
    if (best > 0) pool = pool.filter((_, i) => counts[i] === best);
    if (pool.length === 1) return pool[0].e;
  }
  const grown = pool.filter((s) => !s.e.keys.includes("C:KIDS") && !s.e.keys.includes("C:PUPPY"));
  return (grown.length ? grown : pool).sort((a, b) => a.e.idx - b.e.idx)[0].e;
}

/** Service mentions of one message; `units` carry catalogue keys already (see mapKey). */
export function findMentions(
  tokens: Token[],
  units: Unit[],
  sentenceOf: (charPos: number) => number,
  cat: Catalogue,
  bagsAt: (charPos: number) => Bags,
): ServiceMention[] {
  const usable = units.filter((u) => !u.hint);
  const clusters: Unit[][] = [];
  for (const u of usable) {
    const last = clusters[clusters.length - 1]?.at(-1);
    if (last && sentenceOf(last.start) === sentenceOf(u.start)) {
      let gap = 0;
      for (let i = last.tokEnd; i < u.tok; i++) if (!FILLER.has(tokens[i].t)) gap++;
      if (gap <= 1) { clusters[clusters.length - 1].push(u); continue; }
    }
    clusters.push([u]);
  }
  const hints = units.filter((u) => u.hint);
  const out: ServiceMention[] = [];
  for (const cl of clusters) {
    let rest = cl;
    // Who-words right next to the service count as said ("حلاقة لابني" = a cut for my son).
    const lo = cl[0].tok - 3, hi = cl[cl.length - 1].tokEnd + 3;
    const near = hints.filter((h) => h.tok >= lo && h.tok < hi && sentenceOf(h.start) === sentenceOf(cl[0].start));
    while (rest.some((u) => isTrigger(u.key))) {
      const keys = new Set([...rest, ...near].map((u) => u.key));
      const scored = cat.entries.map((e) => score(e, keys, cat)).filter((s): s is Scored => s !== null);
      if (!scored.length) break;
      // A combo whose parts are all named wins ("תספורת ועיצוב זקן" -> "תספורת + זקן").
      const combos = scored.filter((s) => s.e.combo);
      const pool = combos.length ? combos : scored;
      const top = Math.max(...pool.map((s) => s.score));
      const tied = pool.filter((s) => s.score > top - 1e-9);
      const pos = rest.find((u) => isTrigger(u.key))!.start;
      const e = tied.length === 1 ? tied[0].e : tieBreak(tied, bagsAt(pos));
      const anchor = rest.find((u) => isTrigger(u.key) && e.keys.includes(u.key))!;
      // A combo covers all its words ("beard trim and a haircut"); otherwise one unit per key.
      const used = e.combo
        ? rest.filter((u) => e.keys.includes(u.key))
        : e.keys
            .map((k) => rest.filter((u) => u.key === k).sort((a, b) => Math.abs(a.tok - anchor.tok) - Math.abs(b.tok - anchor.tok))[0])
            .filter((u): u is Unit => !!u);
      out.push({ service: e.name, start: Math.min(...used.map((u) => u.start)), end: Math.max(...used.map((u) => u.end)), keys: e.keys });
      rest = rest.filter((u) => !used.includes(u));
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
