// The rules that read one message, one describe per rule (analyze.ts, slots.ts,
// party.ts, services.ts, variants.ts, cues.ts, people.ts): given this message,
// this reading; and, where it decides one, the booking a chat gives.
import { describe, expect, it } from "vitest";
import { ageAndWeightHints, bareNumbers, cancellingClauses } from "../../../app/providers/ai/offline/analyze";
import { finishClauseCues } from "../../../app/providers/ai/offline/cues";
import {
  countBeforeService,
  groupSize,
  personsByTime,
  selfPairSize,
  serviceOwners,
} from "../../../app/providers/ai/offline/party";
import { genderOf, isNameToken } from "../../../app/providers/ai/offline/people";
import { breakTie, compileCatalogue, mapKey, scoreEntry } from "../../../app/providers/ai/offline/services";
import {
  buildSlots,
  dropRepeatedSlots,
  expandDateList,
  isAlternatives,
  nearest,
  pairServicesInOrder,
  type Slot,
} from "../../../app/providers/ai/offline/slots";
import { tokenize } from "../../../app/providers/ai/offline/text";
import { serviceVariants } from "../../../app/providers/ai/offline/variants";
import { analyzeChat, booked, chat } from "./chat-support";

const SALON = ["Haircut", "Kids Haircut", "Colour", "Blow-dry", "Manicure", "Pedicure"];
const THURSDAY = "2026-03-12";
const one = (body: string, services = SALON, who: "C" | "B" = "C") => analyzeChat(chat(services, [[who, body]]))[0];
const described = (slots: Slot[]) =>
  slots.map(
    (s) =>
      `${s.service} ${s.date} ${s.time.hour}:${String(s.time.minute).padStart(2, "0")}${s.person ? ` ${s.person}` : ""}`,
  );

describe("cancellingClauses", () => {
  it("keeps real cancellations and leaves policy talk out", () => {
    const cancel = one("Sorry, I need to cancel Thursday");
    expect(cancellingClauses(cancel.lower, cancel.segments, cancel.clauseCues, new Map()).size).toBe(1);
    const policy = one("Please give 24h notice if you cancel");
    expect(policy.cancelClauses.size).toBe(0);
    expect(policy.cues.has("cancel")).toBe(false);
  });
});

describe("ageAndWeightHints", () => {
  it("reads a child's age as a kids hint and a dog's weight as its size", () => {
    expect(ageAndWeightHints(tokenize("my 6 year old")).map((u) => u.key)).toEqual(["C:KIDS"]);
    expect(ageAndWeightHints(tokenize("בת 10")).map((u) => u.key)).toEqual(["C:KIDS"]);
    expect(ageAndWeightHints(tokenize("he is 14 years")).map((u) => u.key)).toEqual([]);
    expect(ageAndWeightHints(tokenize("she weighs 8kg")).map((u) => u.key)).toEqual(["C:SMALL"]);
    expect(ageAndWeightHints(tokenize("about 20 kilo")).map((u) => u.key)).toEqual(["C:MEDIUM"]);
    expect(ageAndWeightHints(tokenize("a 30kg lab")).map((u) => u.key)).toEqual(["C:LARGE"]);
  });

  it("books the kids' cut for a child by age", () => {
    expect(booked(chat(SALON, [["C", "A cut for my 6 year old Thursday at 4pm?"]]))).toEqual([
      `Kids Haircut ${THURSDAY} 16:00`,
    ]);
  });
});

describe("findPersons", () => {
  it("finds relatives, 'me/you', Hebrew 'my son' and first names", () => {
    const keys = (body: string) => one(body).persons.map((p) => p.key);
    expect(keys("A cut for me and my husband")).toEqual(["SELF", "HUSBAND"]);
    expect(keys("הבן שלי צריך תספורת")).toEqual(["SON"]);
    expect(keys("את ב-16:30 והקטנה ב-17")).toEqual(["SELF", "CHILD"]);
    expect(keys("Can Max come at 5?")).toEqual(["N:max"]);
  });
});

describe("bareNumbers", () => {
  it("reads hours in a short reply, outside dates and times, and none in a long message", () => {
    expect(bareNumbers("5 please", tokenize("5 please"), [])).toEqual([5]);
    expect(bareNumbers("ok 6?", tokenize("ok 6?"), [])).toEqual([6]);
    const long = "i think 5 would be better for me than the other one";
    expect(bareNumbers(long, tokenize(long), [])).toEqual([]);
  });
});

describe("nearest", () => {
  it("takes the item nearest a position, preferring one before it on a tie", () => {
    const items = [
      { start: 0, end: 3 },
      { start: 8, end: 10 },
    ];
    expect(nearest(items, 5.75)).toEqual({ start: 0, end: 3 });
    expect(nearest(items, 5.75, false)).toEqual({ start: 8, end: 10 });
    expect(nearest([{ position: 4 }, { position: 9 }], 8)).toEqual({ position: 9 });
    expect(nearest([], 5)).toBeNull();
  });
});

describe("buildSlots", () => {
  it("gives each bookable time its nearest date, service and person", () => {
    expect(described(buildSlots(one("Thursday: a haircut for me at 5 and my son at 5:30")))).toEqual([
      `Haircut ${THURSDAY} 17:00 SELF`,
      `Haircut ${THURSDAY} 17:30 SON`,
    ]);
  });

  it("does not give a time a service said for someone else outside its clause", () => {
    expect(described(buildSlots(one("Thursday: a haircut for me at 5, my son at 5:30")))).toEqual([
      `Haircut ${THURSDAY} 17:00 SELF`,
      `null ${THURSDAY} 17:30 SON`,
    ]);
  });

  it("leaves out limits, negated times, cancelled ones and walk-in hours", () => {
    expect(buildSlots(one("Anytime after 5 on Thursday"))).toEqual([]);
    expect(buildSlots(one("Thursday 5pm is taken"))).toEqual([]);
    expect(buildSlots(one("Walk-ins welcome Thursday from 10 to 2"))).toEqual([]);
  });

  it("after talk of a pick-up, keeps only times with a service", () => {
    expect(buildSlots(one("I'll swing by around 12"), true)).toEqual([]);
  });
});

describe("dropRepeatedSlots", () => {
  it("keeps one slot said twice", () => {
    expect(described(buildSlots(one("Haircut Thursday at 10:00? Or is 10:00 too early?")))).toEqual([
      `Haircut ${THURSDAY} 10:00`,
    ]);
    const [first] = buildSlots(one("Haircut Thursday at 5pm"));
    expect(dropRepeatedSlots([first, { ...first }])).toEqual([first]);
  });
});

describe("pairServicesInOrder", () => {
  it("pairs as many services as times in order", () => {
    const message = one("A manicure on Thursday at 2 and a pedicure Friday at 11");
    expect(described(buildSlots(message))).toEqual([`Manicure ${THURSDAY} 14:00`, "Pedicure 2026-03-13 11:00"]);
    const slots = buildSlots(message).map((s) => ({ ...s, service: null }));
    pairServicesInOrder(slots, message.mentions);
    expect(slots.map((s) => s.service)).toEqual(["Manicure", "Pedicure"]);
  });
});

describe("expandDateList", () => {
  it("gives one time said for a list of dates to each date", () => {
    const message = one("מניקור 26/3, 2/4 ו-9/4 ב-18:00", SALON);
    expect(described(buildSlots(message))).toEqual([
      "Manicure 2026-03-26 18:00",
      "Manicure 2026-04-02 18:00",
      "Manicure 2026-04-09 18:00",
    ]);
    const single = one("Manicure 26/3 at 18:00");
    expect(expandDateList(single, buildSlots(single)[0], single.dates)).toBeNull();
  });
});

describe("isAlternatives", () => {
  it("reads 'or' as options, and several services or people as a set", () => {
    const options = one("Thursday 17:00 or 18:30 for the haircut", SALON, "B");
    expect(isAlternatives(options, buildSlots(options), false)).toBe(true);
    const set = one("A manicure on Thursday at 2 and a pedicure Friday at 11");
    expect(isAlternatives(set, buildSlots(set), false)).toBe(false);
  });

  it("reads two times for one person as options unless the chat is about several people", () => {
    const times = one("Haircut Thursday 17:00, 18:30", SALON, "B");
    expect(isAlternatives(times, buildSlots(times), false)).toBe(true);
    expect(isAlternatives(times, buildSlots(times), true)).toBe(false);
  });
});

describe("groupSize", () => {
  it("reads 'both of you', 'שתיכן', counts and 'me and my mum', not 'Hi both'", () => {
    expect(groupSize(one("See you both Thursday at 5"))).toBe(2);
    expect(groupSize(one("שתיכן ב-5"))).toBe(2);
    expect(groupSize(one("all three of us at 4"))).toBe(3);
    expect(groupSize(one("Hi both! Thursday at 5 works"))).toBe(0);
  });

  it("counts a number before a service, and the customer with one relative", () => {
    expect(countBeforeService(one("two manicures Thursday at 3"))).toBe(2);
    expect(selfPairSize(one("Can me and my mum come Thursday at 5?"))).toBe(2);
    expect(selfPairSize(one("my husband and I at 6"))).toBe(2);
    expect(selfPairSize(one("my husband at 6"))).toBe(0);
  });
});

describe("personsByTime", () => {
  it("pairs each person with the time only little words separate them from", () => {
    const message = one("Thursday: you at 9:00, your husband at 9:30");
    const times = message.times;
    const paired = personsByTime(message, times);
    expect(times.map((t) => paired.get(t.start)?.key)).toEqual(["SELF", "HUSBAND"]);
  });
});

describe("serviceOwners", () => {
  it("tells whom each service is for", () => {
    const message = one("A haircut for me and a manicure for my daughter");
    expect([...serviceOwners(message, message.mentions)]).toEqual([
      ["SELF", "Haircut"],
      ["DAUGHTER", "Manicure"],
    ]);
    const hebrew = one("תספורת לי ומניקור לאחותי");
    expect([...serviceOwners(hebrew, hebrew.mentions)]).toEqual([
      ["SELF", "Haircut"],
      ["SISTER", "Manicure"],
    ]);
  });
});

describe("compileCatalogue, scoreEntry and breakTie", () => {
  const catalogue = compileCatalogue(["Women's Haircut", "Men's Haircut", "Haircut + Beard", "Beard Trim"]);

  it("reads combined entries and weighs words by how many entries share them", () => {
    expect(catalogue.entries.map((e) => e.combo)).toEqual([false, false, true, false]);
    expect(catalogue.weight.get("C:HAIRCUT")).toBeCloseTo(1 / 3);
    expect(mapKey("C:TRIM", compileCatalogue(["Haircut"]))).toBe("C:HAIRCUT");
  });

  it("scores an entry by the words said, and refuses one without a word able to name it", () => {
    const said = new Set(["C:HAIRCUT"]);
    expect(scoreEntry(catalogue.entries[0], said, catalogue)?.unmatched).toEqual(["C:WOMEN"]);
    expect(scoreEntry(catalogue.entries[0], new Set(["C:WOMEN"]), catalogue)).toBeNull();
    expect(scoreEntry(catalogue.entries[2], said, catalogue)).toBeNull(); // the combo misses its beard
  });

  it("breaks a tie with the words said nearest, else takes the first grown-up entry", () => {
    const tied = [0, 1].map((index) => scoreEntry(catalogue.entries[index], new Set(["C:HAIRCUT"]), catalogue)!);
    expect(breakTie(tied, [{ keys: new Set(["C:MEN"]), local: true }]).name).toBe("Men's Haircut");
    expect(breakTie(tied, []).name).toBe("Women's Haircut");
  });

  it("books the men's cut when the chat says who it is for", () => {
    expect(
      booked(chat(["Women's Haircut", "Men's Haircut"], [["C", "A haircut for my husband Thursday at 5pm"]])),
    ).toEqual([`Men's Haircut ${THURSDAY} 17:00`]);
  });
});

describe("serviceVariants", () => {
  const variants = serviceVariants(compileCatalogue(["Haircut", "Kids Haircut", "Women's Colour", "Men's Colour"]));

  it("finds the kids', the grown-up and the other gender's version of a service", () => {
    expect(variants.kidsVersion("Haircut")).toBe("Kids Haircut");
    expect(variants.adultVersion("Kids Haircut")).toBe("Haircut");
    expect(variants.genderVersion("Women's Colour", "M")).toBe("Men's Colour");
    expect(variants.genderVersion("Haircut", "M")).toBeNull();
  });
});

describe("finishClauseCues", () => {
  it("reads a clause opening with 'no' as a decline, unless it opens with 'no problem'", () => {
    expect([...finishClauseCues(new Set(), "no, thursday is bad")].sort()).toEqual(["decline", "neg"]);
    expect([...finishClauseCues(new Set(["accept"]), "no problem, see you then")]).toEqual(["accept"]);
    expect([...finishClauseCues(new Set(["accept", "neg"]), "fully booked")]).toEqual(["neg"]);
  });
});

describe("genderOf and isNameToken", () => {
  it("tells gender from the person word, and Hebrew 'you'", () => {
    expect(genderOf("HUSBAND", "husband")).toBe("M");
    expect(genderOf("SELF", "ואת")).toBe("F");
    expect(genderOf("SELF", "me")).toBeNull();
  });

  it("takes a capitalised word as a name, at a sentence start only before a name-like word", () => {
    const [max, is] = tokenize("Max is");
    expect(isNameToken(max, is, true)).toBe(true);
    const [thanks, so] = tokenize("Thanks so");
    expect(isNameToken(thanks, so, true)).toBe(false);
    const [leo] = tokenize("Leo");
    expect(isNameToken(leo, undefined, false)).toBe(true);
  });
});
