// Little words shared by several rules: "and", "or", "but", glued prefixes.

/** "or" between options ("17:00 or 18:30", "או", "oder", "или", "أو"). */
export const OR_WORDS = ["or", "או", "oder", "или", "либо", "أو", "او", "ولا"];

/** "and" between items of a list ("26/1, 2/2 and 9/2"); Hebrew and Arabic glue it to the next word. */
export const AND_WORDS = ["and", "&", "ו", "и", "und", "و"];

/** "and" glued to the next word: Hebrew ו, Arabic و. */
export const GLUED_AND = ["ו", "و"];

/** Words that split a sentence into clauses ("17:00 is taken, but 18:00 works"). */
export const CLAUSE_BREAK_WORDS = ["but", "aber", "אבל", "но", "بس", "however", "although", "though", "sondern"];

/** "instead of": what follows is being replaced ("highlights instead of a full colour", "instead of 13:00"). */
export const INSTEAD_OF = ["instead of", "rather than", "במקום", "statt", "anstatt", "вместо", "بدل", "بدال"];

/** Hebrew prefixes glued to a word (and, in, to, the, from, that, when), longest first. */
export const HEBREW_PREFIXES = [
  "וכש",
  "כש",
  "וב",
  "ול",
  "וה",
  "ומ",
  "וש",
  "שה",
  "שב",
  "של",
  "לה",
  "בה",
  "מה",
  "ו",
  "ב",
  "ל",
  "ה",
  "מ",
  "ש",
  "כ",
];

/** Arabic prefixes glued to a word (and, with, to, the), longest first. */
export const ARABIC_PREFIXES = ["وال", "بال", "فال", "ولل", "لل", "ال", "و", "ب", "ل", "ف", "ك", "ع"];

/** Letters that link the parts of a German compound ("Geburtstag-s-feier"). */
export const COMPOUND_LINKS = ["s"];

/** Typographic variants folded to one character before matching (Hebrew gershayim and geresh, curly quotes, dashes). */
export const CHARACTER_FOLDS: Array<[variants: string, folded: string]> = [
  ["״“”„", '"'],
  ["׳’‘`´", "'"],
  ["־–—", "-"],
];

/** Letter variants folded for dictionary lookups: German ß, Arabic alef, teh marbuta, alef maqsura, tatweel. */
export const LETTER_FOLDS: Array<[variants: string, folded: string]> = [
  ["ß", "ss"],
  ["أإآ", "ا"],
  ["ة", "ه"],
  ["ى", "ي"],
  ["ـ", ""],
];

/** English endings dropped for lookups: the possessive, and plurals ("colours", "brushes"; never "ss"). */
export const ENGLISH_ENDINGS = { possessive: "'s", plural: "s", pluralEsAfter: ["sh", "ch", "x"], notPlural: "ss" };
