// Words of the customer's latest turn that make it an ask for free times or a
// change to an upcoming booking (offline/asks.ts). English and Hebrew; Hebrew
// words may carry glued prefixes (ו, ב, ל, ה, ש, מ), matched by the reader.

/** Asking for free time: "anything Thursday?", "any slots", "when can I come", "מה יש מחר", "יש מקום". */
export const ASK_PHRASES = [
  "anything",
  "any slot",
  "any slots",
  "a slot",
  "any space",
  "any availability",
  "availability",
  "available",
  "any openings",
  "any opening",
  "openings",
  "any chance",
  "any time",
  "free",
  "fit me in",
  "squeeze me in",
  "get in",
  "when can i",
  "when could i",
  "when are you",
  "when's the next",
  "when is the next",
  "earliest",
  "soonest",
  "asap",
  "next free",
  "what times",
  "what time do you have",
  "got anything",
  "are you around",
  "have you got",
  "do you have space",
  "יש לך זמן",
  "יש לך מקום",
  "יש מקום",
  "יש משהו",
  "יש לך משהו",
  "יש לכם משהו",
  "מה יש",
  "יש תור",
  "יש לך תור",
  "תור פנוי",
  "פנוי",
  "פנויה",
  "מתי",
  "הכי קרוב",
  "הכי מוקדם",
];

/** What makes a question about something else: price, products, payment. */
export const NOT_ASK_PHRASES = ["how much", "price", "cost", "sell", "pay", "כמה עולה", "מחיר", "לשלם", "עולה"];

/** Parts of the day. "tonight" and "הערב" also name the day (today). */
export const DAY_PARTS = {
  morning: ["morning", "בוקר", "בבוקר"],
  afternoon: ["afternoon", "after lunch", "צהריים", "צהרים", "בצהריים", 'אחה"צ', "אחר הצהריים", "אחרי הצהריים"],
  evening: ["evening", "tonight", "ערב", "בערב", "הערב"],
} as const;

/** Asking to move a booking. */
export const MOVE_PHRASES = [
  "move",
  "reschedule",
  "re-schedule",
  "change",
  "push",
  "bring forward",
  "instead",
  "make it",
  "swap",
  "להזיז",
  "להעביר",
  "לדחות",
  "להקדים",
  "לשנות",
  "לעבור",
  "לאחר את התור",
];

/** "Same time" in a move: the booking's time. */
export const SAME_TIME_PHRASES = ["same time", "באותה שעה", "אותה שעה"];

/** Saying they will be late ("running late", "מאחרת"), or when they arrive ("be there in 20", "מגיעה עוד 20 דקות"). */
export const LATE_PHRASES = [
  "late",
  "delayed",
  "be there in",
  "there in",
  "מאחר",
  "מאחרת",
  "אאחר",
  "מתעכב",
  "מתעכבת",
  "אתעכב",
  "מגיעה עוד",
  "מגיע עוד",
];

/** Not lateness for the booking: "late night", "late for work". */
export const NOT_LATE_PHRASES = ["late night", "late on", "לעבודה", "late for work", "late last"];

/** Cannot come, or asks to cancel. */
export const CANCEL_PHRASES = [
  "cancel",
  "can't make it",
  "cant make it",
  "cannot make it",
  "won't be able to",
  "wont be able to",
  "can't come",
  "cant come",
  "cannot come",
  "not able to come",
  "won't make it",
  "לבטל",
  "מבטלת",
  "מבטל",
  "תבטלי",
  "תבטל",
  "לא אוכל להגיע",
  "לא אוכל לבוא",
  "לא אגיע",
  "לא אבוא",
  "לא יכולה להגיע",
  "לא יכול להגיע",
  "לא מסתדר לי להגיע",
];

/** Look-alikes of a cancellation: "cancel that" (what they just said), "can't wait". */
export const NOT_CANCEL_PHRASES = ["cancel that", "can't wait", "cant wait"];

/** Minutes said in words. */
export const MINUTE_WORDS: Record<string, number> = {
  five: 5,
  ten: 10,
  fifteen: 15,
  twenty: 20,
  "half an hour": 30,
  "quarter of an hour": 15,
  "חמש דקות": 5,
  "עשר דקות": 10,
  "רבע שעה": 15,
  "עשרים דקות": 20,
  "חצי שעה": 30,
};
