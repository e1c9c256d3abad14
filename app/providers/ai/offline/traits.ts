// Who each person or animal in the chat is, read from the whole chat: a child (an age
// up to 12 said right after them, "Millie is 7", "Leo (he's 7)", "בת 8", or a child's
// word), or a dog's size (its weight or breed near its name). A slot's service is then
// the catalogue's version for them (variants.ts fitTo): the kids' cut for a 7-year-old,
// the large groom for a 70 lb golden.
import type { MessageAnalysis } from "./analyze";
import { CHILD_AGE } from "./lexicon/people";
import { KID_PERSONS, SELF } from "./people";
import { CONCEPT } from "./services";
import type { Slot } from "./slots";

type Size = "SMALL" | "MEDIUM" | "LARGE";
type Traits = { kids: boolean | null; size: Size | null };
export type ChatTraits = { byPerson: Map<string, Traits>; soleSize: Size | null };
/** What the person a slot is for asks of the catalogue (null: unknown). */
export type Wanted = { kids: boolean | null; gender: "M" | "F" | null; size: Size | null };

/** A size or age hint belongs to the nearest person named at most this many tokens before it. */
const HINT_AFTER_PERSON_TOKENS = 12;
/** An age this many tokens after a person is theirs ("Millie is 7", "Leo (he's 7)"). */
const AGE_AFTER_PERSON_TOKENS = 3;
const MAX_CHILD_AGE = 12;
const SIZES = new Set<string>(["SMALL", "MEDIUM", "LARGE"]);
const AGE_LINKS = new Set(CHILD_AGE.afterPerson);
const ADULT_RELATIVES = new Set(["MOM", "DAD", "HUSBAND", "WIFE", "SISTER", "BROTHER", "FRIEND"]);

export function chatTraits(messages: MessageAnalysis[]): ChatTraits {
  const byPerson = new Map<string, Traits>();
  const sizes = new Set<Size>();
  const of = (key: string) => {
    let traits = byPerson.get(key);
    if (!traits) byPerson.set(key, (traits = { kids: null, size: null }));
    return traits;
  };
  for (const message of messages) {
    const { tokens } = message;
    const people = message.persons
      .filter((person) => !person.self)
      .map((person) => ({ key: person.key, token: tokens.findIndex((token) => token.start === person.position) }))
      .filter((person) => person.token >= 0)
      .sort((a, b) => a.token - b.token);
    for (const unit of message.units) {
      const kind = unit.key.slice(CONCEPT.length);
      if (!unit.hint || !(SIZES.has(kind) || kind === "KIDS")) continue;
      if (SIZES.has(kind)) sizes.add(kind as Size);
      const owner = people
        .filter((person) => person.token <= unit.token && unit.token - person.token <= HINT_AFTER_PERSON_TOKENS)
        .at(-1);
      if (!owner) continue;
      if (kind === "KIDS") of(owner.key).kids = true;
      else of(owner.key).size = kind as Size;
    }
    for (const person of people) {
      for (
        let index = person.token + 1;
        index <= person.token + AGE_AFTER_PERSON_TOKENS && index < tokens.length;
        index++
      ) {
        if (!/^\d{1,2}$/.test(tokens[index].norm)) continue;
        if (index === person.token + 1 || AGE_LINKS.has(tokens[index - 1].norm))
          of(person.key).kids = +tokens[index].norm <= MAX_CHILD_AGE;
        break;
      }
    }
  }
  return { byPerson, soleSize: sizes.size === 1 ? [...sizes][0] : null };
}

/**
 * What a slot's person wants from the catalogue: a kids' or a grown-up's version, a gender,
 * a dog's size. A service the message named for "my son" stays as named unless the chat
 * says how old he is; one taken from the context becomes the kids' one.
 */
export function wantedFor(traits: ChatTraits, slot: Slot): Wanted {
  const known = slot.person ? traits.byPerson.get(slot.person) : undefined;
  let kids = known?.kids ?? null;
  if (slot.person && KID_PERSONS.has(slot.person) && !slot.explicitService) kids ??= true;
  else if (slot.person === SELF || (slot.person && ADULT_RELATIVES.has(slot.person))) kids ??= false;
  return { kids, gender: slot.gender, size: known?.size ?? (slot.person ? null : traits.soleSize) };
}
