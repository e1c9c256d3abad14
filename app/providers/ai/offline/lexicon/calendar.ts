// Calendar words: weekdays, months, relative days and the words around dates, in
// English, Hebrew, Russian, Arabic and German. Lowercase as after lowerKeep();
// Arabic keeps its spelling variants; a space in a phrase matches any whitespace.

/** Arabic weekday names, with the article and spelling variants. */
export const ARABIC_WEEKDAYS: Record<string, number> = {
  الأحد: 0,
  الاحد: 0,
  الاثنين: 1,
  الإثنين: 1,
  الثلاثاء: 2,
  الثلاثا: 2,
  الأربعاء: 3,
  الاربعاء: 3,
  الاربعا: 3,
  الخميس: 4,
  الجمعة: 5,
  الجمعه: 5,
  السبت: 6,
};

/** Weekday names -> 0 (Sunday) .. 6 (Saturday). */
export const WEEKDAYS: Record<string, number> = {
  sunday: 0,
  sun: 0,
  monday: 1,
  mon: 1,
  tuesday: 2,
  tues: 2,
  tue: 2,
  wednesday: 3,
  weds: 3,
  wed: 3,
  thursday: 4,
  thurs: 4,
  thur: 4,
  thu: 4,
  friday: 5,
  fri: 5,
  saturday: 6,
  sat: 6,
  sonntag: 0,
  montag: 1,
  dienstag: 2,
  mittwoch: 3,
  donnerstag: 4,
  freitag: 5,
  samstag: 6,
  sonnabend: 6,
  воскресенье: 0,
  понедельник: 1,
  вторник: 2,
  среда: 3,
  среду: 3,
  четверг: 4,
  пятница: 5,
  пятницу: 5,
  суббота: 6,
  субботу: 6,
  ...ARABIC_WEEKDAYS,
};

/** Arabic words before a weekday: "يوم" (day), and glued and/on/until (وال, بال, عال). */
export const ARABIC_WEEKDAY_CONTEXT = { dayWords: ["يوم"], prefixes: ["و", "ب", "ع"] };

/** A plural weekday ("Tuesdays") is a habit, not a date. */
export const WEEKDAY_PLURAL_SUFFIXES = ["s"];

/** Words after a weak weekday abbreviation that make it a day ("sat the 5th", "wed at 3"): whole words, then stems. */
export const WEAK_WEEKDAY_FOLLOWERS = { words: ["the", "at"], stems: ["morning", "afternoon", "evening", "night"] };

/** Abbreviations that are also ordinary words: only dated when capitalised or followed by a number. */
export const WEAK_WEEKDAYS = new Set(["sun", "sat", "wed", "mon", "thu", "fri", "tue"]);

export const HE_WEEKDAYS: Record<string, number> = {
  ראשון: 0,
  שני: 1,
  שלישי: 2,
  רביעי: 3,
  חמישי: 4,
  שישי: 5,
  שבת: 6,
};

/**
 * Hebrew weekday names are also ordinals and numbers ("שני" = second, "שני ימים" = two
 * days): one is a day after "יום" or a glued prefix ("ביום שלישי", "בשלישי"), before a
 * time or one of `followers`, or alone when it is one of `standalone`.
 */
export const HEBREW_WEEKDAY_CONTEXT = {
  dayWords: ["יום", "ביום", "ליום", "ויום", "וביום", "וליום"],
  prefixes: ["וב", "ול", "ב", "ל", "ו", "עד"],
  followers: ["בשעה", "הקרוב", "בבוקר", "בערב", "אחה"],
  /** "at", glued to the hour after the day ("שלישי ב-10"). */
  atBeforeHour: ["ב"],
  standalone: ["חמישי", "רביעי", "שבת"],
  /** Words after the name that make it a number ("שני ימים", "שלוש פעמים"). */
  numberFollowers: ["ימים", "שבועות", "חלקים", "פעמים"],
  /** Words before the name that make it a habit ("בימי שלישי", "כל שני"). */
  habitBefore: ["ימי", "בימי", "פעם", "כל"],
  /** A weekday in a greeting is no date ("שבת שלום"). */
  greetings: { שבת: ["שלום"] } as Record<string, string[]>,
  /** Days written as letters: "יום ג'" = Tuesday. */
  letters: { א: 0, ב: 1, ג: 2, ד: 3, ה: 4, ו: 5, ש: 6 } as Record<string, number>,
};

export const MONTHS: Record<string, number> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sept: 9,
  sep: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
  januar: 1,
  jänner: 1,
  februar: 2,
  märz: 3,
  marz: 3,
  maerz: 3,
  mai: 5,
  juni: 6,
  juli: 7,
  oktober: 10,
  dezember: 12,
  января: 1,
  февраля: 2,
  марта: 3,
  апреля: 4,
  мая: 5,
  июня: 6,
  июля: 7,
  августа: 8,
  сентября: 9,
  октября: 10,
  ноября: 11,
  декабря: 12,
  يناير: 1,
  "كانون الثاني": 1,
  فبراير: 2,
  شباط: 2,
  مارس: 3,
  آذار: 3,
  اذار: 3,
  أبريل: 4,
  ابريل: 4,
  نيسان: 4,
  مايو: 5,
  أيار: 5,
  ايار: 5,
  يونيو: 6,
  حزيران: 6,
  يوليو: 7,
  تموز: 7,
  أغسطس: 8,
  اغسطس: 8,
  آب: 8,
  سبتمبر: 9,
  أيلول: 9,
  ايلول: 9,
  أكتوبر: 10,
  اكتوبر: 10,
  "تشرين الأول": 10,
  "تشرين الاول": 10,
  نوفمبر: 11,
  "تشرين الثاني": 11,
  ديسمبر: 12,
  "كانون الأول": 12,
  "كانون الاول": 12,
};

export const HE_MONTHS: Record<string, number> = {
  ינואר: 1,
  פברואר: 2,
  מרץ: 3,
  מרס: 3,
  אפריל: 4,
  מאי: 5,
  יוני: 6,
  יולי: 7,
  אוגוסט: 8,
  ספטמבר: 9,
  אוקטובר: 10,
  נובמבר: 11,
  דצמבר: 12,
};

/** Relative day words -> offset in days from the message's local date. */
export const RELATIVE: Array<[number, string[]]> = [
  [
    2,
    [
      "day after tomorrow",
      "the day after tomorrow",
      "overmorrow",
      "מחרתיים",
      "послезавтра",
      "بعد بكرا",
      "بعد بكره",
      "بعد بكرة",
      "بعد غد",
      "übermorgen",
      "ubermorgen",
    ],
  ],
  [
    1,
    [
      "tomorrow",
      "tmrw",
      "tmr",
      "tmrow",
      "tomoz",
      "2moro",
      "2morrow",
      "tomorrows",
      "מחר",
      "завтра",
      "بكرا",
      "بكره",
      "بكرة",
      "غدا",
      "غداً",
      "morgen",
    ],
  ],
  [
    0,
    [
      "today",
      "tonight",
      "tonite",
      "this evening",
      "this afternoon",
      "this morning",
      "later today",
      "היום",
      "הערב",
      "сегодня",
      "اليوم",
      "الليلة",
      "heute",
      "heut",
    ],
  ],
];

/**
 * German "morgen" is "tomorrow", but "morning" after `morningAfter` ("guten Morgen",
 * "am Morgen"); capitalised at a sentence start it is tomorrow only before `tomorrowBefore`.
 */
export const GERMAN_MORGEN = {
  word: "morgen",
  morningAfter: ["guten", "am", "jeden", "heute", "den", "einen", "schönen"],
  tomorrowBefore: ["früh", "um", "vormittag", "nachmittag", "abend"],
};

export const NEXT_WEEK = [
  "next week",
  "the week after",
  "שבוע הבא",
  "בשבוע הבא",
  "השבוע הבא",
  "לשבוע הבא",
  "nächste woche",
  "nächsten woche",
  "nachste woche",
  "kommende woche",
  "kommenden woche",
  "на следующей неделе",
  "следующей неделе",
  "на след неделе",
  "الأسبوع الجاي",
  "الاسبوع الجاي",
  "الأسبوع القادم",
  "الاسبوع القادم",
];

export const THIS_WEEKDAY = [
  "this",
  "this coming",
  "השבוע",
  "diesen",
  "diese",
  "dieser",
  "в эту",
  "эту",
  "этот",
  "هاد",
  "هذا",
];

export const SAME_DAY = [
  "same day",
  "that same day",
  "באותו יום",
  "באותו היום",
  "אותו יום",
  "am selben tag",
  "am gleichen tag",
  "в тот же день",
  "в этот же день",
  "نفس اليوم",
  "بنفس اليوم",
];

/** Saturday night (Hebrew): dated on the Saturday. */
export const MOTZASH = ['מוצ"ש', "מוצש", "מוצאי שבת", 'מוצאי"ש', 'מוצ"ש'];

/** Hebrew prefixes glued to a day word ("ומחר", "במוצ\"ש", "להיום"). */
export const GLUED_DAY_PREFIXES = ["ו", "ב", "ל"];

/** Nouns after an ordinal that make it not a date ("1st floor"). */
export const ORDINAL_NOUNS = [
  "floor",
  "time",
  "times",
  "session",
  "sessions",
  "visit",
  "birthday",
  "anniversary",
  "place",
  "grade",
  "week",
  "weeks",
  "year",
  "appointment",
  "attempt",
  "try",
  "treatment",
  "one",
  "row",
  "street",
  "st",
  "avenue",
  "ave",
  "round",
  "set",
  "coat",
  "layer",
];

/** Words joining days in a list that shares one month ("17, 24 and 31 March", "16, 23 ו-30 במרץ"). */
export const DATE_LIST_JOINERS = ["and", "ו", "и", "und", "و"];

/** English ordinal endings ("12th"); DAY_SUFFIXES adds German and French ones ("12ter", "1er"). */
export const ORDINAL_SUFFIXES = ["st", "nd", "rd", "th"];
export const DAY_SUFFIXES = [...ORDINAL_SUFFIXES, "ter", "er"];

/** Between a day and its month ("12th of March", "12 de marzo") and before a day ("March the 12th"). */
export const DAY_MONTH_LINKS = { afterDay: ["of"], beforeMonth: ["de"], beforeDay: ["the"] };

/** Hebrew "in"/"to" glued to a month after the day ("12 במרץ", "12 לאפריל"). */
export const HEBREW_MONTH_PREFIXES = ["ב", "ל"];

/** A day of the month without its month: "am 13.", "13 לחודש", "13-го". */
export const DAY_OF_MONTH_WORDS = { before: ["am", "den", "zum"], after: ["לחודש"], suffixes: ["го"] };

/** After "12/30": a price or a share, not a date ("20/30 off"). */
export const NOT_A_DATE_AFTER_SLASH = ["price", "off", "%"];

/** After a dotted number ("9.30 am", "2.5 km"): a time or a quantity, not a date; whole words, then stems. */
export const NOT_A_DATE_AFTER_DOT = {
  words: ["h", "hr", "hrs", "ч"],
  stems: ["am", "pm", "a.m", "p.m", "uhr", "hour", "std", "km", "kg", "%", "€", "£", "$", "₪", "star"],
};

/** Words between a weekday and the date it names ("Thursday the 12th", "Donnerstag, den 12.", "שלישי ה-12"). */
export const WEEKDAY_DATE_LINKS = { words: ["the", "den", "der"], glued: ["ה", "ב", "ל"] };
