// The catalogue's versions of one service for other people: "Haircut" for a son
// is "Kids Haircut", "Kids Haircut" for a mother is "Haircut", "Women's Haircut"
// for a husband is "Men's Haircut".
import type { ServiceVariants } from "./dialogue-state";
import type { Wanted } from "./traits";
import { QUALIFIERS } from "./lexicon/services";
import type { Catalogue, Entry } from "./services";

const KIDS = "C:KIDS";
const GENDER_KEYS = { M: "C:MEN", F: "C:WOMEN" } as const;
const SIZE_KEYS = ["C:SMALL", "C:MEDIUM", "C:LARGE"];
/** A kids' entry for a child outweighs a gender word ("Kids Cut" over "Men's Cut" for a son). */
const FIT_SCORE = { kids: 2, size: 1, gender: 1 } as const;
const isQualifierKey = (key: string) => QUALIFIERS.has(key.slice(2));

/** How well an entry's who-words fit a person: plus for each that fits, minus for each that contradicts. */
function fitScore(entry: Entry, wanted: Wanted): number {
  const has = (key: string) => entry.keys.includes(key);
  let score = 0;
  const kidsEntry = has(KIDS) || has("C:PUPPY");
  if (wanted.kids !== null) score += (kidsEntry === wanted.kids ? 1 : kidsEntry ? -1 : 0) * FIT_SCORE.kids;
  if (wanted.kids !== null && has("C:ADULT")) score += (wanted.kids ? -1 : 1) * FIT_SCORE.kids;
  if (wanted.size)
    for (const key of SIZE_KEYS) if (has(key)) score += key === `C:${wanted.size}` ? FIT_SCORE.size : -FIT_SCORE.size;
  if (wanted.gender) {
    if (has(GENDER_KEYS[wanted.gender])) score += FIT_SCORE.gender;
    if (has(GENDER_KEYS[wanted.gender === "M" ? "F" : "M"])) score -= FIT_SCORE.gender;
  }
  return score;
}

export function serviceVariants(catalogue: Catalogue): ServiceVariants {
  const { entries } = catalogue;
  const kidsEntries = entries.filter((entry) => entry.keys.includes(KIDS));
  const kidsServices = new Set(kidsEntries.map((entry) => entry.name));
  const entryNamed = (service: string) => entries.find((entry) => entry.name === service);
  const serviceWords = (entry: Entry) =>
    entry.keys
      .filter((key) => !isQualifierKey(key))
      .sort()
      .join(" ");
  return {
    kidsServices,
    fitTo(service, wanted) {
      const entry = entryNamed(service);
      if (!entry) return null;
      const words = serviceWords(entry);
      const own = fitScore(entry, wanted);
      let best: Entry | null = null;
      let bestScore = own;
      for (const other of entries) {
        if (other === entry || serviceWords(other) !== words) continue;
        const score = fitScore(other, wanted);
        if (score > bestScore) [best, bestScore] = [other, score];
      }
      return best?.name ?? null;
    },
    /** The kids' entry with the same words ("Haircut" -> "Kids Haircut"). */
    kidsVersion(service) {
      const entry = entryNamed(service);
      if (!entry || kidsServices.has(service)) return null;
      return (
        kidsEntries.find((kids) => kids.keys.every((key) => key === KIDS || entry.keys.includes(key)))?.name ?? null
      );
    },
    /** The plainest grown-up entry with the kids' entry's other words ("Kids Haircut" -> "Haircut"). */
    adultVersion(service) {
      const kids = kidsEntries.find((entry) => entry.name === service);
      if (!kids) return null;
      const words = kids.keys.filter((key) => key !== KIDS);
      const grownUp = entries.filter(
        (entry) => !kidsServices.has(entry.name) && words.every((key) => entry.keys.includes(key)),
      );
      return grownUp.sort((a: Entry, b: Entry) => a.keys.length - b.keys.length || a.index - b.index)[0]?.name ?? null;
    },
    /** "Women's Haircut" <-> "Men's Haircut": the entry with the same words but the other gender. */
    genderVersion(service, gender) {
      const entry = entryNamed(service);
      const wanted = GENDER_KEYS[gender];
      const dropped = GENDER_KEYS[gender === "M" ? "F" : "M"];
      if (!entry || !entry.keys.includes(dropped)) return null;
      const words = entry.keys.filter((key) => key !== dropped);
      return (
        entries.find(
          (other) =>
            other.keys.includes(wanted) &&
            other.keys.length === words.length + 1 &&
            words.every((key) => other.keys.includes(key)),
        )?.name ?? null
      );
    },
  };
}
