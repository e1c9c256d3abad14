// Words about people: who a booking is for and how many people one slot is for.

/** Words for the person a booking is for, by kind (SELF: the customer, or "you" from the business). */
export const PERSON_KINDS: Record<string, string[]> = {
  MOM: [
    "mom",
    "mum",
    "mother",
    "mama",
    "mommy",
    "mummy",
    "אמא",
    "אמך",
    "мама",
    "маму",
    "маме",
    "ماما",
    "امي",
    "mutter",
  ],
  DAD: ["dad", "father", "papa", "daddy", "אבא", "папа", "بابا", "ابوي", "vater"],
  SON: ["son", "lad", "הבן", "בני", "בנך", "לבן", "сын", "сына", "сыну", "ابني", "sohn"],
  DAUGHTER: ["daughter", "הבת", "בתי", "בתך", "לבת", "дочь", "дочка", "дочке", "дочки", "дочку", "بنتي", "tochter"],
  CHILD: ["הקטנה", "הקטן", "הילדים", "הבנים", "הבנות", "boys", "girls", "kid", "child", "ребенок", "ребёнок", "kind"],
  HUSBAND: ["husband", "hubby", "בעלי", "בעלך", "בעלה", "муж", "мужа", "мужу", "زوجي"],
  WIFE: ["wife", "אשתי", "אשתך", "жена", "жену", "زوجتي"],
  SISTER: ["sister", "אחותי", "אחותך", "сестра", "сестру", "اختي", "schwester"],
  BROTHER: ["brother", "брат", "брата", "اخوي", "bruder"],
  FRIEND: ["friend", "חברה", "подруга", "подруги", "подругу", "друг", "صاحبتي", "صاحبي", "freundin", "freund"],
  SELF: [
    "me",
    "myself",
    "you",
    "לי",
    "אני",
    "אתה",
    "мне",
    "меня",
    "вам",
    "вас",
    "я",
    "انا",
    "الك",
    "ich",
    "mich",
    "mir",
  ],
};

/** The "you" words among SELF's: said by the customer, they are the business ("can you cancel"), not the speaker. */
export const SECOND_PERSON_WORDS = ["you", "אתה", "את", "вам", "вас", "الك"];

/** Hebrew "you": feminine and masculine (tells a women's or a men's cut), and prefixes glued to it ("ואת", "לך"). */
export const HEBREW_YOU = { female: ["את"], male: ["אתה"], gluedPrefixes: ["ו", "ב", "ל"] };

/** Capitalised words that start sentences or are common in chats but are not names. */
export const NOT_NAME_WORDS = (
  "hi hey hello thanks thank yes yep yeah no nope ok okay sure perfect great booked done sorry morning evening " +
  "afternoon dear love please the this that these those see can could would will just also any still and but " +
  "what when where which who how why is are was were do does did have has had i i'm it's its we we're you're " +
  "they my your our their his her him she he it there here then so if or not all both one two three " +
  "amazing lovely brilliant awesome cool nice good bad happy merry new next last first tomorrow today tonight " +
  "confirmed confirming reminder booking appointment session sat sun mon tue wed thu fri dr mr mrs ms miss sir " +
  "bro mate wow oh ah haha lol omg yay aww hope cheers bye ciao shalom super danke hallo guten gute " +
  "jan feb mar apr jun jul aug sep sept oct nov dec insta instagram google whatsapp facebook zoom " +
  "monday tuesday wednesday thursday friday saturday sunday january february march april may june july " +
  "august september october november december let i'll i've i'd we'll don't can't won't unfortunately " +
  "quick question also actually maybe only same free busy closed open available"
).split(" ");

/** Words after a capitalised word at a sentence start that make it a name ("Max is", "Leo needs"). */
export const NAME_FOLLOWERS = ["at", "and", "needs", "is", "'s", "s", "will", "wants", "would", "can", "for", "has"];

/** Words that say how many people one slot is for ("both of you at 17:00", "שתיכן", "3 of us"). */
export const GROUP_SIZE: Array<[number, string[]]> = [
  [
    3,
    [
      "three of us",
      "3 of us",
      "three of you",
      "3 of you",
      "all three",
      "all 3",
      "the three of us",
      "שלושתנו",
      "שלושתכן",
      "שלושתכם",
      "שלושתן",
      "втроём",
      "втроем",
      "все трое",
      "wir drei",
      "alle drei",
    ],
  ],
  [
    2,
    [
      "both",
      "both of us",
      "both of you",
      "two of us",
      "2 of us",
      "the two of us",
      "two of you",
      "the two of you",
      "שתיכן",
      "שניכם",
      "שנינו",
      "שתינו",
      "שתיהן",
      "שניהם",
      "вдвоём",
      "вдвоем",
      "обе",
      "оба",
      "beide",
      "wir beide",
      "ihr beide",
    ],
  ],
];

/** Hebrew prefixes glued to those words ("ולשתיכן"), up to two. */
export const GROUP_GLUED_PREFIXES = ["ו", "ל"];

/** Greetings after which "both" is the people greeted ("Hi both!"), not a party of two. */
export const GREETINGS = [
  "hi",
  "hey",
  "hello",
  "hiya",
  "morning",
  "good morning",
  "evening",
  "thanks",
  "thank you",
  "cheers",
  "bye",
];

/** Counts written before a service ("two lash lifts", "3 manicures", "שתי מניקור"). */
export const COUNT_WORDS: Record<string, number> = {
  two: 2,
  three: 3,
  four: 4,
  "2": 2,
  "3": 3,
  "4": 4,
  שתי: 2,
  שני: 2,
  שלוש: 3,
  שלושה: 3,
  два: 2,
  две: 2,
  три: 3,
  zwei: 2,
  drei: 3,
};

/** Little words allowed between a person and the time that is theirs ("you at 9:00", "Leo 10:30", "הבן ב-12:00"). */
export const PERSON_TIME_GLUE = [
  "at",
  "@",
  "for",
  "your",
  "my",
  "the",
  "is",
  "um",
  "für",
  "в",
  "ב",
  "ל",
  "ו",
  "-",
  ":",
];

/** "me and my mum", "my husband and I", "לי ולבעלי": the words joining the customer and someone else. */
export const SELF_PAIR = { joiners: ["and", "&", "+", "with"], possessives: ["my", "our"], andI: ["and i"] };

/** A child's age says the booking is a kids' one ("my 6 year old", "בת 10", "5 лет"). */
export const CHILD_AGE = {
  before: ["בת", "בן", "לבת", "לבן", "בני", "בנות"],
  after: ["year", "yr", "yo", "years", "yrs", "лет", "года", "год"],
  /** Words between a name and an age ("Millie is 7", "Leo (he's 7)"), as normalised ("he's" -> "he"). */
  afterPerson: ["is", "he", "she", "aged", "age", "בן", "בת"],
};

/** Hebrew words often right before "ב-<time>" that are not whom the time is for ("יש ב-10", "רק ב-12"). */
export const HEBREW_NOT_TIME_SUBJECTS = [
  "יש",
  "רק",
  "גם",
  "אז",
  "או",
  "אולי",
  "עד",
  "אחרי",
  "לפני",
  "שעה",
  "עכשיו",
  "פנוי",
  "פנויה",
  "תור",
  "הוא",
  "היא",
  "הם",
  "הן",
  "אני",
  "אנחנו",
  "את",
  "אתה",
  "אתם",
  "אתן",
  "נתראה",
  "מחכה",
  "מחכים",
  "קבעתי",
  "רשמתי",
  "נקבע",
  "סגור",
  "סגרנו",
  "מתאים",
  "מעולה",
  "בסדר",
  "טוב",
  "כן",
  "לא",
  "נשאר",
  "נשארת",
  "נשארה",
  "עבר",
  "עברה",
  "הועבר",
  "בבוקר",
  "בערב",
  "בצהריים",
  "היום",
  "מחר",
  "מחרתיים",
];

/** Hebrew "my" after the noun: "הבן שלי" = my son. */
export const HEBREW_MY = { word: "שלי", persons: { בן: "SON", בת: "DAUGHTER" } as Record<string, string> };

/** Hebrew "you" (f.) right before a time ("את ב-16:30"); elsewhere "את" is mostly the object marker. */
export const HEBREW_YOU_BEFORE_TIME = { words: ["את"], atWords: ["ב"] };
