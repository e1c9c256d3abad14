// Calendar words: weekdays, months, relative days and the words around dates, in
// English, Hebrew, Russian, Arabic and German. Lowercase as after lowerKeep();
// Arabic keeps its spelling variants; a space in a phrase matches any whitespace.

/** Weekday names -> 0 (Sunday) .. 6 (Saturday). */
export const WEEKDAYS: Record<string, number> = {
  sunday: 0, sun: 0, monday: 1, mon: 1, tuesday: 2, tues: 2, tue: 2, wednesday: 3, weds: 3, wed: 3,
  thursday: 4, thurs: 4, thur: 4, thu: 4, friday: 5, fri: 5, saturday: 6, sat: 6,
  sonntag: 0, montag: 1, dienstag: 2, mittwoch: 3, donnerstag: 4, freitag: 5, samstag: 6, sonnabend: 6,
  "воскресенье": 0, "понедельник": 1, "вторник": 2, "среда": 3, "среду": 3, "четверг": 4,
  "пятница": 5, "пятницу": 5, "суббота": 6, "субботу": 6,
  "الأحد": 0, "الاحد": 0, "الاثنين": 1, "الإثنين": 1, "الثلاثاء": 2, "الثلاثا": 2,
  "الأربعاء": 3, "الاربعاء": 3, "الاربعا": 3, "الخميس": 4, "الجمعة": 5, "الجمعه": 5, "السبت": 6,
};

/** Abbreviations that are also ordinary words: only dated when capitalised or followed by a number. */
export const WEAK_WEEKDAYS = new Set(["sun", "sat", "wed", "mon", "thu", "fri", "tue"]);

export const HE_WEEKDAYS: Record<string, number> = {
  "ראשון": 0, "שני": 1, "שלישי": 2, "רביעי": 3, "חמישי": 4, "שישי": 5, "שבת": 6,
};

export const MONTHS: Record<string, number> = {
  january: 1, jan: 1, february: 2, feb: 2, march: 3, mar: 3, april: 4, apr: 4, may: 5, june: 6, jun: 6,
  july: 7, jul: 7, august: 8, aug: 8, september: 9, sept: 9, sep: 9, october: 10, oct: 10,
  november: 11, nov: 11, december: 12, dec: 12,
  januar: 1, "jänner": 1, februar: 2, "märz": 3, marz: 3, maerz: 3, mai: 5, juni: 6, juli: 7,
  oktober: 10, dezember: 12,
  "января": 1, "февраля": 2, "марта": 3, "апреля": 4, "мая": 5, "июня": 6, "июля": 7, "августа": 8,
  "сентября": 9, "октября": 10, "ноября": 11, "декабря": 12,
  "يناير": 1, "كانون الثاني": 1, "فبراير": 2, "شباط": 2, "مارس": 3, "آذار": 3, "اذار": 3,
  "أبريل": 4, "ابريل": 4, "نيسان": 4, "مايو": 5, "أيار": 5, "ايار": 5, "يونيو": 6, "حزيران": 6,
  "يوليو": 7, "تموز": 7, "أغسطس": 8, "اغسطس": 8, "آب": 8, "سبتمبر": 9, "أيلول": 9, "ايلول": 9,
  "أكتوبر": 10, "اكتوبر": 10, "تشرين الأول": 10, "تشرين الاول": 10, "نوفمبر": 11, "تشرين الثاني": 11,
  "ديسمبر": 12, "كانون الأول": 12, "كانون الاول": 12,
};

export const HE_MONTHS: Record<string, number> = {
  "ינואר": 1, "פברואר": 2, "מרץ": 3, "מרס": 3, "אפריל": 4, "מאי": 5, "יוני": 6, "יולי": 7,
  "אוגוסט": 8, "ספטמבר": 9, "אוקטובר": 10, "נובמבר": 11, "דצמבר": 12,
};

/** Relative day words -> offset in days from the message's local date. */
export const RELATIVE: Array<[number, string[]]> = [
  [2, ["day after tomorrow", "the day after tomorrow", "overmorrow", "מחרתיים", "послезавтра",
    "بعد بكرا", "بعد بكره", "بعد بكرة", "بعد غد", "übermorgen", "ubermorgen"]],
  [1, ["tomorrow", "tmrw", "tmr", "tmrow", "tomoz", "2moro", "2morrow", "tomorrows", "מחר", "завтра",
    "بكرا", "بكره", "بكرة", "غدا", "غداً", "morgen"]],
  [0, ["today", "tonight", "tonite", "this evening", "this afternoon", "this morning", "later today",
    "היום", "הערב", "сегодня", "اليوم", "الليلة", "heute", "heut"]],
];

/** Words after which German "morgen" means "morning", not "tomorrow". */
export const MORGEN_NOT_TOMORROW = /(guten|am|jeden|heute|den|einen|schönen)\s+$/;

export const NEXT_WEEK = [
  "next week", "the week after", "שבוע הבא", "בשבוע הבא", "השבוע הבא", "לשבוע הבא",
  "nächste woche", "nächsten woche", "nachste woche", "kommende woche", "kommenden woche",
  "на следующей неделе", "следующей неделе", "на след неделе", "الأسبوع الجاي", "الاسبوع الجاي",
  "الأسبوع القادم", "الاسبوع القادم",
];

export const THIS_WEEKDAY = ["this", "this coming", "השבוע", "diesen", "diese", "dieser", "в эту", "эту", "этот", "هاد", "هذا"];

export const SAME_DAY = [
  "same day", "that same day", "באותו יום", "באותו היום", "אותו יום", "am selben tag", "am gleichen tag",
  "в тот же день", "в этот же день", "نفس اليوم", "بنفس اليوم",
];

/** Saturday night (Hebrew): dated on the Saturday. */
export const MOTZASH = ['מוצ"ש', "מוצש", "מוצאי שבת", 'מוצאי"ש', 'מוצ"ש'];

/** Nouns after an ordinal that make it not a date ("1st floor"). */
export const ORDINAL_NOUNS = /^\s+(floor|time|times|session|sessions|visit|birthday|anniversary|place|grade|week|weeks|year|appointment|attempt|try|treatment|one|row|street|st|avenue|ave|round|set|coat|layer)\b/;
