// The catalogue's versions of one service for other people: "Haircut" for a son
// is "Kids Haircut", "Kids Haircut" for a mother is "Haircut", "Women's Haircut"
// for a husband is "Men's Haircut".
import type { ServiceVariants } from "./dialogue-state";
import type { Catalogue, Entry } from "./services";

const KIDS = "C:KIDS";
const GENDER_KEYS = { M: "C:MEN", F: "C:WOMEN" } as const;

export function serviceVariants(catalogue: Catalogue): ServiceVariants {
  const { entries } = catalogue;
  const kidsEntries = entries.filter((entry) => entry.keys.includes(KIDS));
  const kidsServices = new Set(kidsEntries.map((entry) => entry.name));
  const entryNamed = (service: string) => entries.find((entry) => entry.name === service);
  return {
    kidsServices,
    /** The kids' entry with the same words ("Haircut" -> "Kids Haircut"). */
    kidsVersion(service) {
      const entry = entryNamed(service);
      if (!entry || kidsServices.has(service)) return null;
      return kidsEntries.find((kids) => kids.keys.every((key) => key === KIDS || entry.keys.includes(key)))?.name ?? null;
    },
    /** The plainest grown-up entry with the kids' entry's other words ("Kids Haircut" -> "Haircut"). */
    adultVersion(service) {
      const kids = kidsEntries.find((entry) => entry.name === service);
      if (!kids) return null;
      const words = kids.keys.filter((key) => key !== KIDS);
      const grownUp = entries.filter((entry) => !kidsServices.has(entry.name) && words.every((key) => entry.keys.includes(key)));
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
        entries.find((other) => other.keys.includes(wanted) && other.keys.length === words.length + 1 && words.every((key) => other.keys.includes(key)))
          ?.name ?? null
      );
    },
  };
}
