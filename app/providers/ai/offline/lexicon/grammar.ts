// Little words shared by several rules: "and", "or", "but", glued prefixes.

/** "or" between options ("17:00 or 18:30", "או", "oder", "или", "أو"). */
export const OR_WORDS = ["or", "או", "oder", "или", "أو", "او"];

/** "and" between items of a list ("26/1, 2/2 and 9/2"); Hebrew and Arabic glue it to the next word. */
export const AND_WORDS = ["and", "&", "ו", "и", "und", "و"];

/** Hebrew prefixes glued to a word (and, in, to, the, from, that, when), longest first. */
export const HEBREW_PREFIXES = ["וכש", "כש", "וב", "ול", "וה", "ומ", "וש", "שה", "שב", "של", "לה", "בה", "מה", "ו", "ב", "ל", "ה", "מ", "ש", "כ"];

/** Arabic prefixes glued to a word (and, with, to, the), longest first. */
export const ARABIC_PREFIXES = ["وال", "بال", "فال", "ولل", "لل", "ال", "و", "ب", "ل", "ف", "ك", "ع"];
