// The booking link's name (/b/<slug>): lower-case letters, digits and dashes,
// 3 to 40, suggested from the business's name. Hebrew letters are written in
// Latin letters by the small table below, letter by letter (Hebrew is written
// without vowels, so "מספרת נועה" gives "msprt-nvah": a start the owner can
// edit); other scripts' accents are dropped by Unicode decomposition. No
// dependency: the transliteration packages either skip Hebrew or carry every
// script's tables (hundreds of KB) into the Worker for 27 letters.
const SLUG_MIN = 3;
export const SLUG_MAX = 40;
const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export const isSlug = (value: string) =>
  value.length >= SLUG_MIN && value.length <= SLUG_MAX && SLUG_PATTERN.test(value) && !value.includes("--");

const HEBREW: Record<string, string> = {
  א: "a",
  ב: "b",
  ג: "g",
  ד: "d",
  ה: "h",
  ו: "v",
  ז: "z",
  ח: "ch",
  ט: "t",
  י: "y",
  כ: "k",
  ך: "k",
  ל: "l",
  מ: "m",
  ם: "m",
  נ: "n",
  ן: "n",
  ס: "s",
  ע: "a",
  פ: "p",
  ף: "f",
  צ: "tz",
  ץ: "tz",
  ק: "k",
  ר: "r",
  ש: "sh",
  ת: "t",
};

/** The name in Latin letters: Hebrew by the table, accents dropped, anything else left for the slug to remove. */
function transliterate(name: string): string {
  return [...name.normalize("NFKD").replace(/[\u0300-\u036f\u0591-\u05c7]/g, "")]
    .map((ch) => HEBREW[ch] ?? ch)
    .join("");
}

/** A slug from a business name ("Noa's Hair & Nails" -> "noas-hair-nails", "מספרת נועה" -> "msprt-nvah"); "" when nothing usable is left. */
export function slugFrom(name: string): string {
  const base = transliterate(name)
    .toLowerCase()
    .replace(/['\u2019`"]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, "");
  return base.length >= SLUG_MIN ? base : base ? `${base}-salon`.slice(0, SLUG_MAX) : "";
}
