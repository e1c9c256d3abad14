// Catalogue matching: finds service mentions in a message and maps each to exactly
// one catalogue name, preferring combined entries ("Haircut + Beard") when all parts
// are mentioned, and breaking ties with who/what-kind hints (gender, dog size, kids).
import {
  CATALOGUE_STOP_WORDS,
  CATALOGUE_WEAK_WORDS,
  COMBO_JOINERS,
  FALLBACK,
  FILLER_WORDS,
  LOCAL_ONLY,
  QUALIFIERS,
  WEAK,
} from "./lexicon/services";
import { anyOf, tokenize, type Token } from "./text";
import { unitsOf, type Unit } from "./vocab";

/** A concept key ("C:COLOR") and a catalogue's own word ("R:fade"). */
export const CONCEPT = "C:";
const RAW_WORD = "R:";
/** Weak words (see WEAK) count this much of a full word. */
const WEAK_WEIGHT = 0.3;
/** Each catalogue word the message does not say costs this share of its weight. */
const MISSING_WORD_PENALTY = 0.5;
/** Words other than fillers allowed between the words of one mention ("cut and a quick blow-dry"). */
const MAX_WORDS_INSIDE_MENTION = 1;
/** Who-words this many tokens around a mention count as said with it ("حلاقة لابني"). */
const HINT_REACH_TOKENS = 3;
/** This many of a catalogue entry's own words said together name it, even weak ones ("half head"). */
const OWN_PHRASE_WORDS = 2;
/** Scores closer than this are a tie. */
const SCORE_TIE = 1e-9;
/** Compiled catalogues kept before the cache is cleared. */
const CATALOGUE_CACHE_SIZE = 200;

const STOP = new Set(CATALOGUE_STOP_WORDS);
const RAW_WEAK = new Set(CATALOGUE_WEAK_WORDS);
const FILLER = new Set(FILLER_WORDS);
const COMBO_CUT = new RegExp(
  `\\s*(?:${anyOf(COMBO_JOINERS.symbols)}|\\b(?:${anyOf(COMBO_JOINERS.words)})\\b)\\s*`,
  "gi",
);

export type Entry = { name: string; index: number; keys: string[]; parts: string[][]; combo: boolean };
export type Catalogue = {
  entries: Entry[];
  /** How many entries have each key. */
  owners: Map<string, number>;
  rawKeys: Set<string>;
  weight: Map<string, number>;
  present: Set<string>;
};

const catalogueCache = new Map<string, Catalogue>();
const isWeak = (key: string) =>
  key.startsWith(CONCEPT) ? WEAK.has(key.slice(CONCEPT.length)) : RAW_WEAK.has(key.slice(CONCEPT.length));
const isQualifier = (key: string) => key.startsWith(CONCEPT) && QUALIFIERS.has(key.slice(CONCEPT.length));
/** Keys able to name a service by themselves ("kids" can: "for the kids" = Kids Haircut; so can "puppy"). */
const isTrigger = (key: string) => !isWeak(key) && (!isQualifier(key) || key === "C:KIDS" || key === "C:PUPPY");

/** The catalogue's own words that no dictionary concept covers ("Skin Fade": "skin", "fade"). */
function rawWordsOf(names: string[]): Set<string> {
  const rawKeys = new Set<string>();
  for (const name of names) {
    const tokens = tokenize(name);
    const covered = new Set<number>();
    for (const unit of unitsOf(tokens, rawKeys)) {
      if (!unit.partial && !unit.hint) for (let index = unit.token; index < unit.tokenEnd; index++) covered.add(index);
    }
    tokens.forEach((token, index) => {
      if (!covered.has(index) && !STOP.has(token.norm) && !/^\d+$/.test(token.norm)) rawKeys.add(token.norm);
    });
  }
  return rawKeys;
}

/** A catalogue entry: its keys, and its parts when it combines services ("Haircut + Beard", "Cut & Colour"). */
function entryOf(name: string, service: string, index: number, rawKeys: Set<string>): Entry {
  const tokens = tokenize(name);
  // A child's word in a name is the kids' qualifier ("Boys' Cut", "Girls Trim").
  const units = unitsOf(tokens, rawKeys)
    .filter((unit) => !unit.hint || unit.key === `${CONCEPT}KIDS`)
    .map((unit) => ({ ...unit, hint: false }));
  // "HydraFacial": the raw word, and also its known tail (FACIAL) so "a facial" finds it.
  for (const unit of unitsOf(tokens, new Set()))
    if (unit.partial && !units.some((known) => known.key === unit.key)) units.push({ ...unit });
  units.sort((a, b) => a.start - b.start);
  const cuts = [...name.matchAll(COMBO_CUT)].map((match) => match.index!);
  for (const unit of units) if (unit.afterGluedAnd) cuts.push(unit.start);
  const parts: string[][] = [];
  for (const unit of units) (parts[cuts.filter((cut) => cut <= unit.start).length] ??= []).push(unit.key);
  const denseParts = parts.filter((part) => part && part.length);
  return {
    name: service,
    index,
    keys: [...new Set(units.map((unit) => unit.key))],
    parts: denseParts,
    combo: name.includes("+") && denseParts.length > 1,
  };
}

/** An entry's service words, without who-words: "Bath & Brush - small" and "- large" share them. */
const serviceWordsOf = (entry: Entry) =>
  entry.keys
    .filter((key) => !isQualifier(key))
    .sort()
    .join(" ");

/** "Cut & Beard" is a combo when each part is also a service of its own (not merely the same service for another size). */
function isCombo(entry: Entry, entries: Entry[]): boolean {
  const own = serviceWordsOf(entry);
  return entry.parts.every((part) => {
    const strong = part.filter((key) => !isWeak(key) && !isQualifier(key));
    return (
      strong.length > 0 &&
      entries.some(
        (other) => other !== entry && serviceWordsOf(other) !== own && strong.every((key) => other.keys.includes(key)),
      )
    );
  });
}

/** Of a bracketed remark in a catalogue name ("Full Groom (small)", "(60 min)"), only who-or-what-size words count. */
function qualifierWords(inside: string): string {
  const tokens = tokenize(inside);
  return unitsOf(tokens, new Set())
    .filter((unit) => !unit.hint && isQualifier(unit.key))
    .map((unit) => inside.slice(unit.start, unit.end))
    .join(" ");
}

export function compileCatalogue(services: string[]): Catalogue {
  const cacheKey = services.join("\u0001");
  const cached = catalogueCache.get(cacheKey);
  if (cached) return cached;
  const names = services.map((service) =>
    service.replace(/\(([^)]*)\)/g, (_, inside: string) => ` ${qualifierWords(inside)} `),
  );
  const rawKeys = rawWordsOf(names);
  const entries = names.map((name, index) => entryOf(name, services[index], index, rawKeys));
  const entriesWithKey = new Map<string, number>();
  for (const entry of entries)
    for (const key of entry.keys) entriesWithKey.set(key, (entriesWithKey.get(key) ?? 0) + 1);
  for (const entry of entries) if (!entry.combo && entry.parts.length >= 2) entry.combo = isCombo(entry, entries);
  // A word shared by many entries tells them apart less.
  const weight = new Map<string, number>();
  for (const [key, count] of entriesWithKey) weight.set(key, (isWeak(key) ? WEAK_WEIGHT : 1) / count);
  const catalogue = { entries, owners: entriesWithKey, rawKeys, weight, present: new Set(entriesWithKey.keys()) };
  if (catalogueCache.size > CATALOGUE_CACHE_SIZE) catalogueCache.clear();
  catalogueCache.set(cacheKey, catalogue);
  return catalogue;
}

/** The catalogue key a text unit stands for (with fallbacks like TRIM -> HAIRCUT). */
export function mapKey(key: string, catalogue: Catalogue): string | null {
  if (catalogue.present.has(key)) return key;
  if (!key.startsWith(CONCEPT)) return null;
  for (const fallback of FALLBACK[key.slice(CONCEPT.length)] ?? [])
    if (catalogue.present.has(`${CONCEPT}${fallback}`)) return `${CONCEPT}${fallback}`;
  return null;
}

type Scored = { entry: Entry; score: number; unmatched: string[] };

/**
 * How well said keys name an entry: the weights of its keys said, less half of those not
 * said; null when no key able to name a service is said, or a combo misses a part.
 */
export function scoreEntry(entry: Entry, keys: Set<string>, catalogue: Catalogue): Scored | null {
  let matched = 0,
    missing = 0,
    triggered = false,
    onlySoftMissing = true;
  const unmatched: string[] = [];
  for (const key of entry.keys) {
    const weight = catalogue.weight.get(key) ?? 1;
    if (keys.has(key)) {
      matched += weight;
      if (isTrigger(key)) triggered = true;
    } else {
      missing += weight;
      unmatched.push(key);
      // A word several entries share ("Small Breed Groom" / "Large Breed Groom", "Bath & Brush - small" / "- large") does not tell them apart: soft.
      const shared = (catalogue.owners.get(key) ?? 0) > 1;
      if (!isWeak(key) && !isQualifier(key) && !shared) onlySoftMissing = false;
    }
  }
  // "a half head" names "Half Head Highlights": the entry's own words, all said, two or more, name it though each is weak.
  const ownWords = entry.keys.filter((key) => key.startsWith(RAW_WORD));
  const ownPhrase = ownWords.length >= OWN_PHRASE_WORDS && ownWords.every((key) => keys.has(key));
  // "3 more sessions" names "Physiotherapy Session" when no other entry has that word.
  const onlyEntryWithWord = entry.keys.some((key) => keys.has(key) && isWeak(key) && catalogue.owners.get(key) === 1);
  if (!triggered && !ownPhrase && !onlyEntryWithWord) return null;
  if (entry.combo && !entry.parts.every((part) => part.some((key) => keys.has(key) && !isWeak(key)))) return null;
  const score = matched - MISSING_WORD_PENALTY * missing;
  if (score < 0 && !onlySoftMissing && !ownPhrase && !onlyEntryWithWord) return null;
  return { entry, score, unmatched };
}

/** `qualified`: the words said include a who-word of the entry ("kids", "small", "men's"), so it is not refitted to the person. */
export type ServiceMention = { service: string; start: number; end: number; keys: string[]; qualified: boolean };

/** Tie-break bags, nearest first: clause, message, named person, whole chat. */
export type Bags = Array<{ keys: Set<string>; local: boolean }>;

/** Among tied entries, the one whose other words are said nearest; else the grown-up, first-listed one. */
export function breakTie(tied: Scored[], bags: Bags): Entry {
  let pool = tied;
  for (const bag of bags) {
    const counts = pool.map(
      (scored) =>
        scored.unmatched.filter((key) => bag.keys.has(key) && (bag.local || !LOCAL_ONLY.has(key.slice(CONCEPT.length))))
          .length,
    );
    const best = Math.max(...counts);
    if (best > 0) pool = pool.filter((_, index) => counts[index] === best);
    if (pool.length === 1) return pool[0].entry;
  }
  const grownUp = pool.filter(
    (scored) => !scored.entry.keys.includes("C:KIDS") && !scored.entry.keys.includes("C:PUPPY"),
  );
  return (grownUp.length ? grownUp : pool).sort((a, b) => a.entry.index - b.entry.index)[0].entry;
}

/** Units of one sentence close together (at most one non-filler word between) form one mention. */
function clusterUnits(tokens: Token[], units: Unit[], sentenceOf: (charPosition: number) => number): Unit[][] {
  const clusters: Unit[][] = [];
  for (const unit of units) {
    const last = clusters[clusters.length - 1]?.at(-1);
    if (last && sentenceOf(last.start) === sentenceOf(unit.start)) {
      let wordsBetween = 0;
      for (let index = last.tokenEnd; index < unit.token; index++) if (!FILLER.has(tokens[index].norm)) wordsBetween++;
      if (wordsBetween <= MAX_WORDS_INSIDE_MENTION) {
        clusters[clusters.length - 1].push(unit);
        continue;
      }
    }
    clusters.push([unit]);
  }
  return clusters;
}

/** Service mentions of one message; `units` carry catalogue keys already (see mapKey). */
export function findMentions(
  tokens: Token[],
  units: Unit[],
  sentenceOf: (charPosition: number) => number,
  catalogue: Catalogue,
  bagsAt: (charPosition: number) => Bags,
): ServiceMention[] {
  const hints = units.filter((unit) => unit.hint);
  const mentions: ServiceMention[] = [];
  for (const cluster of clusterUnits(
    tokens,
    units.filter((unit) => !unit.hint),
    sentenceOf,
  )) {
    let rest = cluster;
    // Who-words right next to the service count as said ("حلاقة لابني" = a cut for my son).
    const from = cluster[0].token - HINT_REACH_TOKENS,
      to = cluster[cluster.length - 1].tokenEnd + HINT_REACH_TOKENS;
    const near = hints.filter(
      (hint) => hint.token >= from && hint.token < to && sentenceOf(hint.start) === sentenceOf(cluster[0].start),
    );
    // A weak word names its only entry when it stands alone ("3 more sessions"), not beside a service ("טיפולים של דיקור").
    const weakAlone = !cluster.some((unit) => isTrigger(unit.key));
    const canName = (units: Unit[]) =>
      units.some(
        (unit) => isTrigger(unit.key) || (weakAlone && isWeak(unit.key) && catalogue.owners.get(unit.key) === 1),
      ) || units.filter((unit) => unit.key.startsWith(RAW_WORD)).length >= OWN_PHRASE_WORDS;
    while (canName(rest)) {
      const keys = new Set([...rest, ...near].map((unit) => unit.key));
      const scored = catalogue.entries
        .map((entry) => scoreEntry(entry, keys, catalogue))
        .filter((s): s is Scored => s !== null);
      if (!scored.length) break;
      // A combo whose parts are all named wins ("תספורת ועיצוב זקן" -> "תספורת + זקן").
      const combos = scored.filter((candidate) => candidate.entry.combo);
      const pool = combos.length ? combos : scored;
      const top = Math.max(...pool.map((candidate) => candidate.score));
      const tied = pool.filter((candidate) => candidate.score > top - SCORE_TIE);
      const position = (rest.find((unit) => isTrigger(unit.key)) ?? rest[0]).start;
      const entry = tied.length === 1 ? tied[0].entry : breakTie(tied, bagsAt(position));
      const anchor =
        rest.find((unit) => isTrigger(unit.key) && entry.keys.includes(unit.key)) ??
        rest.find((unit) => entry.keys.includes(unit.key));
      if (!anchor) break;
      const distance = (unit: Unit) => Math.abs(unit.token - anchor.token);
      // A combo covers all its words ("beard trim and a haircut"); otherwise one unit per key, the nearest.
      const used = entry.combo
        ? rest.filter((unit) => entry.keys.includes(unit.key))
        : entry.keys
            .map((key) => rest.filter((unit) => unit.key === key).sort((a, b) => distance(a) - distance(b))[0])
            .filter((unit): unit is Unit => !!unit);
      mentions.push({
        service: entry.name,
        start: Math.min(...used.map((unit) => unit.start)),
        end: Math.max(...used.map((unit) => unit.end)),
        keys: entry.keys,
        qualified: used.some((unit) => isQualifier(unit.key)),
      });
      if (!used.length) break;
      rest = rest.filter((unit) => !used.includes(unit));
    }
  }
  return mentions.sort((a, b) => a.start - b.start);
}
