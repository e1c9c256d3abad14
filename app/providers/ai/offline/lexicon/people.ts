// Words about people: who a booking is for and how many people one slot is for.

/** Words that say how many people one slot is for ("both of you at 17:00", "שתיכן", "3 of us"). */
export const GROUP_SIZE: Array<[number, string[]]> = [
  [3, ["three of us", "3 of us", "three of you", "3 of you", "all three", "all 3", "the three of us", "שלושתנו",
    "שלושתכן", "שלושתכם", "שלושתן", "втроём", "втроем", "все трое", "wir drei", "alle drei"]],
  [2, ["both", "both of us", "both of you", "two of us", "2 of us", "the two of us", "two of you", "the two of you",
    "שתיכן", "שניכם", "שנינו", "שתינו", "שתיהן", "שניהם", "вдвоём", "вдвоем", "обе", "оба", "beide", "wir beide",
    "ihr beide"]],
];

/** Greetings after which "both" is the people greeted ("Hi both!"), not a party of two. */
export const GREETINGS = ["hi", "hey", "hello", "hiya", "morning", "good morning", "evening", "thanks", "thank you", "cheers", "bye"];

/** Counts written before a service ("two lash lifts", "3 manicures", "שתי מניקור"). */
export const COUNT_WORDS: Record<string, number> = {
  two: 2, three: 3, four: 4, "2": 2, "3": 3, "4": 4, "שתי": 2, "שני": 2, "שלוש": 3, "שלושה": 3, "два": 2, "две": 2,
  "три": 3, zwei: 2, drei: 3,
};

/** Little words allowed between a person and the time that is theirs ("you at 9:00", "Leo 10:30", "הבן ב-12:00"). */
export const PERSON_TIME_GLUE = /^(?:\s|at|@|for|your|my|the|is|um|für|в|ב|ל|ו|-|:)*$/iu;

