// Clock words: what makes a number a time and what kind of time ("at 5", "after 6",
// "10-14", "5pm", "בערב", "um 15 Uhr"), in English, Hebrew, Russian, Arabic and
// German. Lowercase as after lowerKeep(); a space in a phrase matches any whitespace.

/** Period words turning an ambiguous hour into am or pm. */
export const PM_WORDS = [
  "pm",
  "p.m.",
  "p.m",
  "in the evening",
  "in the afternoon",
  "at night",
  "tonight",
  "evening",
  "afternoon",
  "בערב",
  'אחה"צ',
  "אחר הצהריים",
  "אחרי הצהריים",
  "בלילה",
  "בצהריים",
  "בצהרים",
  "вечера",
  "вечером",
  "дня",
  "ночи",
  "المسا",
  "المساء",
  "مساء",
  "مسا",
  "مساءً",
  "العصر",
  "بالليل",
  "الظهر",
  "abends",
  "nachmittags",
  "am abend",
  "am nachmittag",
];
export const AM_WORDS = [
  "am",
  "a.m.",
  "a.m",
  "in the morning",
  "morning",
  "בבוקר",
  "утра",
  "утром",
  "الصبح",
  "الصباح",
  "صباحا",
  "صباحاً",
  "الصبح",
  "morgens",
  "vormittags",
  "am morgen",
  "am vormittag",
  "früh",
];

/** Signs of money: a number right after one is a price, not a time ("£5"). */
export const CURRENCY_SIGNS = "£$€₪";

/** Written am/pm marks right after the number ("5pm", "5 p.m."). */
export const MERIDIEM_MARKS = { am: ["am", "a.m", "am.", "a.m."], pm: ["pm", "p.m", "pm.", "p.m."] };

/** Words that may stand between an hour and its period word ("5 o'clock in the evening", "5 часов вечера"). */
export const HOUR_WORDS = ["час", "часа", "часов", "o'clock", "oclock", "uhr"];

/** Words right after a bare number that make it a clock hour ("5 o'clock", "5ish", "5 часов"). */
export const HOUR_MARKS = ["o'clock", "oclock", "ish", "час", "часа", "часов"];

/** Marks of a 24-hour clock right after the number ("15 Uhr", "15h"). */
export const TWENTY_FOUR_HOUR_MARKS = ["uhr", "h"];

/** Words shortly after an ambiguous hour that make it pm ("5 this evening"); stems match longer words. */
export const PM_HINTS_AFTER = [
  "evening",
  "afternoon",
  "tonight",
  "בערב",
  'אחה"צ',
  "אחר הצהריים",
  "вечер",
  "المسا",
  "مساء",
  "abends",
  "nachmittag",
];

/** Words right before an ambiguous hour that make it pm ("tonight at 8", "вечером в 7"). */
export const PM_HINTS_BEFORE = ["evening", "tonight", "night", "בערב", "הערב", "вечером", "المسا", "abends"];

/** Words shortly after an ambiguous hour that make it am ("10 in the morning"); stems match longer words. */
export const AM_HINTS_AFTER = ["morning", "בבוקר", "утр", "الصبح", "الصباح", "morgens", "vormittag"];

/** "at", before a time or "noon". */
export const AT_WORDS = ["at", "at around", "@", "um", "в", "ב"];

/** Words right before a number that make it a time someone proposes ("at 5", "how about 6", "um 15"). */
export const SLOT_WORDS_BEFORE = [
  "at",
  "@",
  "around",
  "about",
  "say",
  "do",
  "make it",
  "how about",
  "what about",
  "um",
  "gegen",
  "в",
  "во",
  "к",
  "около",
  "الساعة",
  "الساعه",
  "ع",
  "على",
  "حوالي",
  "بعد الساعة",
];

/** Hebrew "at" words, often glued to the number ("ב-5", "בשעה 5"). */
export const GLUED_SLOT_WORDS_BEFORE = ["ב", "וב", "בשעה", "בסביבות", "סביב", "ל", "ול"];

/** Fractions before an hour ("half 2" = 2:30 in the UK, German "halb drei" = 2:30): minutes, and hours to add. */
export const FRACTIONS_BEFORE: Record<string, { minutes: number; hourShift: number }> = {
  half: { minutes: 30, hourShift: 0 },
  "half past": { minutes: 30, hourShift: 0 },
  "quarter past": { minutes: 15, hourShift: 0 },
  "quarter to": { minutes: 45, hourShift: -1 },
  halb: { minutes: 30, hourShift: -1 },
};

/** Fractions before a spelled hour ("quarter to six" = 5:45, "רבע לשש" = 5:45, "half past four"). */
export const FRACTIONS_BEFORE_WORD: Record<string, { minutes: number; hourShift: number }> = {
  "half past": { minutes: 30, hourShift: 0 },
  "quarter past": { minutes: 15, hourShift: 0 },
  "quarter to": { minutes: 45, hourShift: -1 },
  "רבע ל": { minutes: 45, hourShift: -1 },
  "ברבע ל": { minutes: 45, hourShift: -1 },
};

/** Minutes said after the hour ("5 וחצי" = 5:30, "5 ونص"). */
export const MINUTES_AFTER_HOUR: Record<string, number> = {
  וחצי: 30,
  "و نص": 30,
  ونص: 30,
  ونصف: 30,
  ורבע: 15,
  وربع: 15,
};

/** "to" before the new time of a move ("move it to 5"). */
export const MOVE_TO_WORDS_BEFORE = ["to", "auf", "на", "ל"];

/** "to" after the old time of a move ("push your 2pm to 3pm"): that first time is the old one. */
export const MOVE_TO_WORDS_AFTER = ["to", "into", "->", "→", "ל", "auf", "на", "إلى", "الى"];

/** Words before a time that make it a limit, not a slot ("after 5", "not before 10", "עד 12"). */
export const CONSTRAINT_WORDS_BEFORE = [
  "after",
  "before",
  "by",
  "till",
  "until",
  "til",
  "from",
  "not before",
  "no later than",
  "ab",
  "bis",
  "nach",
  "vor",
  "до",
  "после",
  "с",
  "со",
  "بعد",
  "قبل",
  "من",
  "אחרי",
  "לפני",
  "עד",
  "מ",
  "החל מ",
];

/** Word stems of moving an appointment, shortly before a time. */
export const RESCHEDULE_STEMS = [
  "move",
  "push",
  "change",
  "switch",
  "bring",
  "reschedul",
  "make it",
  "להזיז",
  "להקדים",
  "לדחות",
  "לשנות",
  "להעביר",
  "verschieb",
  "verleg",
  "перенес",
  "перенест",
  "نأجل",
  "اجل",
  "غير",
];

/** Words between the two ends of a range ("10-14", "10 to 2", "10 עד 14"). */
export const RANGE_WORDS = ["-", "to", "till", "until", "til", "עד", "ל", "bis", "до", "حتى", "لل", "الى", "إلى"];

/** Words that open a range ("between 10 and 12", "von 10 bis 12"). */
export const RANGE_START_WORDS = ["between", "zwischen", "между", "בין", "von", "من"];

/** Word stems of opening hours shortly before a time ("we close at 7", "last appointment 6"). */
export const OPENING_HOURS_STEMS = [
  "last appointment",
  "last appointments",
  "last booking",
  "open",
  "opens",
  "opening",
  "close",
  "closes",
  "closing",
  "closed",
  "hours",
  "פותח",
  "פותחת",
  "פותחים",
  "נפתח",
  "סוגר",
  "סוגרת",
  "סוגרים",
  "נסגר",
  "öffne",
  "geöffnet",
  "schließ",
  "schliess",
  "открыва",
  "закрыва",
  "работаем",
  "نفتح",
  "بنفتح",
  "نسكر",
  "بنسكر",
  "بسكر",
];

/** Words before a time being replaced ("instead of 13:00", "not at 5"). */
export const REPLACED_TIME_WORDS_BEFORE = [
  "instead of",
  "rather than",
  "not at",
  "במקום",
  "statt",
  "anstatt",
  "вместо",
  "بدل",
  "بدال",
];
/** What may stand between those words and the time ("instead of the 13:00", "במקום ה-13:00"). */
export const REPLACED_TIME_LINKS = { spaced: ["the"], glued: ["ה", "ב"] };

/** Word stems of someone else's plans shortly before a time ("my flight lands at 6", "חתונה ב-8"). */
export const OTHER_EVENT_STEMS = [
  "party",
  "wedding",
  "event",
  "dinner",
  "flight",
  "meeting",
  "interview",
  "exam",
  "concert",
  "ceremony",
  "school",
  "work",
  "finish",
  "pick up",
  "pickup",
  "arrive",
  "get there",
  "be there",
  "leave",
  "land",
  "lands",
  "train",
  "bus",
  "doctor",
  "dentist",
  "the vet",
  "vet appointment",
  "ob appointment",
  "gp appointment",
  "hospital",
  "רופא",
  "רופאה",
  "וטרינר",
  "רופא שיניים",
  "אירוע",
  "חתונה",
  "מסיבה",
  "טיסה",
  "ישיבה",
  "עבודה",
  "מסיימת",
  "מסיים",
  "בר מצווה",
  "בת מצווה",
  "hochzeit",
  "feier",
  "flug",
  "arbeit",
  "свадьба",
  "праздник",
  "работ",
  "حفلة",
  "عرس",
  "الشغل",
];

/** "10:30 I'm at work", "ב-10:30 אני בעבודה": a pronoun and "at" between a time and the speaker's own plans. */
export const OWN_EVENT_LINK = {
  pronouns: ["i'm", "im", "i am", "i have", "i've got", "אני", "יש לי"],
  at: ["at", "in"],
  gluedAt: ["ב"],
};

/** Endings that make an event stem a verb about the slot ("Thursday works: 10:00"), not someone's plans. */
export const OTHER_EVENT_NOT_AFTER = ["s:", "s for", "s fine", "s well", "s better", "s best", "s great", "s perfect"];

/** Capitalised English words that may follow a bare hour ("at 5 Tomorrow"); any other ("at 14 Station Road") rejects it. */
export const HOUR_FOLLOWERS = [
  "i",
  "ok",
  "okay",
  "tomorrow",
  "today",
  "tonight",
  "pm",
  "am",
  "please",
  "pls",
  "then",
  "works",
  "sharp",
  "is",
  "if",
  "and",
  "or",
  "on",
];

/** Number words for hours ("at five", "בחמש"). */
export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  אחת: 1,
  שתיים: 2,
  שתים: 2,
  שלוש: 3,
  ארבע: 4,
  חמש: 5,
  שש: 6,
  שבע: 7,
  שמונה: 8,
  תשע: 9,
  עשר: 10,
  "אחת עשרה": 11,
  "שתים עשרה": 12,
};

/** "at" before a number word ("at five", "בחמש"); the limits are CONSTRAINT_WORDS_BEFORE. */
export const WORD_TIME_SLOT_WORDS = ["at", "ב"];

/** Minutes after a number word ("at five thirty", "בשש וחצי", "at five o'clock"). */
export const MINUTES_AFTER_NUMBER_WORD: Record<string, number> = {
  וחצי: 30,
  ורבע: 15,
  thirty: 30,
  fifteen: 15,
  "o'clock": 0,
};

/** Words after a bare hour that make it an answer about a time ("5 works", "6 is fine"). */
export const BARE_HOUR_CONFIRMERS = [
  "works",
  "work",
  "is fine",
  "is good",
  "is perfect",
  "is great",
  "ok",
  "okay",
  "pls",
  "please",
  "it is",
  "then",
  "sounds good",
  "👍",
];

/** Words ending "5 or 6 ..." that make both numbers times ("5 or 6 works", "4 or 5?"). */
export const OR_PAIR_ENDINGS = ["works", "work", "is fine", "ok", "okay", "?", "pm", "am", "o'clock", "please", "pls"];

/** Midday words; NOON_ALONE is a time by itself, the others need "at" before them. */
export const NOON_WORDS = ["noon", "midday", "mittag", "полдень", "الظهر", "בצהריים"];
export const NOON_ALONE = ["noon"];

/** Words right after a number that make it a quantity, not a time: whole words, and stems of longer ones. */
export const UNIT_WORDS = ["h", "yo", "x", "st", "rd", "שעה", "שח", "часа"];
export const UNIT_STEMS = [
  "hr",
  "hrs",
  "hour",
  "hours",
  "min",
  "mins",
  "minute",
  "minutes",
  "week",
  "weeks",
  "wk",
  "wks",
  "day",
  "days",
  "month",
  "months",
  "year",
  "years",
  "y/o",
  "kg",
  "kilo",
  "cm",
  "ml",
  "%",
  "°",
  "€",
  "£",
  "$",
  "₪",
  "eur",
  "euro",
  "gbp",
  "usd",
  "nis",
  "people",
  "persons",
  "pax",
  "dogs",
  "kids",
  "sessions",
  "times",
  "stars",
  "sets",
  "reps",
  "out of",
  "pcs",
  "pieces",
  "floor",
  "street",
  "road",
  "ave",
  "lane",
  "שעות",
  "דקות",
  "דק'",
  "שבועות",
  "שבוע",
  "ימים",
  "חודשים",
  "שנים",
  'ש"ח',
  "שקל",
  'ק"ג',
  "אנשים",
  "טיפולים",
  "פעמים",
  "רחוב",
  "מינוט",
  "минут",
  "мин",
  "часов",
  "недел",
  "дн",
  "лет",
  "год",
  "руб",
  "евро",
  "шек",
  "кг",
  "دقيقة",
  "دقائق",
  "ساعات",
  "اسابيع",
  "أسابيع",
  "شيكل",
  "شيقل",
  "شواكل",
  "دولار",
  "يورو",
  "كيلو",
  "stunden",
  "std",
  "minuten",
  "wochen",
  "tage",
  "jahre",
  "leute",
  "personen",
];
