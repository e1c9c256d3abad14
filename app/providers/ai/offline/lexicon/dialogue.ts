// Words the dialogue rules read: what the business or the customer says about a slot.

/**
 * Cue phrases per cue, matched on whole tokens (Hebrew ones also behind a glued prefix);
 * where several phrases start at one word the longest wins.
 */
export const CUE_PHRASES = {
  accept: [
    "yes", "yep", "yeah", "yup", "ya", "yass", "sure", "ok", "okay", "perfect", "great", "works", "that works",
    "sounds good", "sounds great", "deal", "done", "booked", "confirmed", "confirm", "see you", "see u", "lovely",
    "amazing", "brilliant", "fab", "sound", "yessir", "bet", "cool", "excellent", "awesome", "fine", "will do",
    "i'll take it", "book me in", "put me down", "you're in", "all set", "👍", "✅", "✔", "✔️", "👌", "🙌",
    "כן", "בטח", "מעולה", "מושלם", "סגור", "סבבה", "אחלה", "יאללה", "מתאים", "רשמתי", "נקבע", "קבענו", "אשמח",
    "בסדר", "אוקיי", "אוקי", "נתראה", "מחכה לך", "בדיוק", "נרשמו", "רשומה", "רשום",
    "да", "хорошо", "отлично", "подходит", "договорились", "записала", "записал", "записываю", "ок", "окей", "супер",
    "تمام", "اه", "آه", "نعم", "اكيد", "أكيد", "ماشي", "منيح", "سجلتك", "زابط", "مناسب", "اوكي",
    "ja", "super", "passt", "perfekt", "gerne", "geht", "klar", "gebucht", "eingetragen", "prima", "toll", "bis dann",
  ],
  decline: [
    "no thanks", "no thank you", "can't", "cannot", "can not", "won't work", "doesn't work", "does not work",
    "don't think so", "not possible", "too early", "too late", "thanks anyway", "thank you anyway", "i'll pass",
    "maybe another time", "another time", "doesn't suit", "not for me", "won't be able", "that's after", "that's too",
    "bit late", "bit early", "too far", "i'm away", "i'll be away", "out of town", "working then", "not that day",
    "not then", "no good", "won't be around", "not going to work", "isn't going to work", "that won't work",
    "not ideal", "neither", "none of", "מאוחר לי", "מוקדם לי", "לא בארץ", "לא רלוונטי", "zu spät", "zu früh",
    "bin nicht da", "поздно", "рано", "مش فاضيه",
    "לא מתאים", "לא מתאימה", "לא יכול", "לא יכולה", "לא אוכל", "לא נוח", "לא מסתדר", "לא אפשרי", "לא הולך", "לא תודה",
    "פחות מתאים", "בפעם אחרת", "не могу", "не получится", "не подходит", "неудобно", "не смогу",
    "ما بقدر", "ما بزبط", "مش مناسب", "مش زابط", "ما بنفع", "geht nicht", "passt nicht", "klappt nicht",
    "leider nicht", "kann nicht", "schaffe ich nicht",
  ],
  neg: [
    "unfortunately", "sadly", "taken", "booked up", "fully booked", "booked solid", "we're full", "we are full",
    "i'm full", "i am full", "all full", "completely full", "totally full", "is full", "are full", "full that day",
    "busy", "bad", "not good", "isn't good", "gone", "not free", "isn't free", "not available", "isn't available",
    "unavailable", "no space", "no availability", "nothing", "closed", "closing early", "day off", "i'm off",
    "we're off", "not working", "תפוס", "תפוסה", "תפוסים", "הכל מלא",
    "מלא לגמרי", "אני מלאה", "אני מלא", "אין", "לצערי", "סגורים", "leider", "belegt", "voll", "ausgebucht",
    "vergeben", "занято", "занят", "к сожалению", "нет мест", "محجوز", "مليان", "للأسف", "مش فاضي", "مسكر",
  ],
  cancel: [
    "cancel", "cancels", "cancelled", "canceled", "cancelling", "canceling", "cancellation", "call off", "can't make it",
    "cannot make it", "can't come", "won't make it", "won't be able to make it", "won't be able to come",
    "not going to make it", "unable to make it", "have to skip", "need to skip", "can't make", "cannot make",
    "won't make", "won't be able to make", "unable to make", "not able to make", "cannot attend", "unable to attend",
    "won't come", "won't be coming", "not coming", "לא אבוא", "לא נגיע", "нужно отменить",
    "לבטל", "ביטול", "ביטלתי", "ביטלנו", "מבטלת", "מבטל", "תבטלי", "תבטל", "בטלי", "מבוטל", "מבוטלת",
    "לא אגיע", "לא אוכל להגיע", "לא תוכל להגיע", "לא יוכל להגיע", "לא נוכל להגיע", "לא יכולה להגיע",
    "לא יכול להגיע", "מבטלים", "ביטלת", "ביטלה", "נבטל", "отменить", "отмена", "отменяю", "отменили", "отменяем",
    "отменим", "отменила", "отмените", "отменю", "отменил", "отменяется", "ملغي", "لغينا", "الغيلي",
    "abzusagen", "sage ab", "sagen ab", "storniere",
    "не смогу прийти", "не приду", "не сможем прийти", "الغي", "إلغاء", "الغاء", "ألغي", "الغيت", "لغيت",
    "ما رح اقدر اجي", "مش رح اقدر اجي", "absagen", "stornieren", "storniert", "abgesagt", "stornierung", "absage",
    "kann nicht kommen",
  ],
  restore: [
    "keep it", "keep the appointment", "keep my appointment", "keep my booking", "keep the booking", "keep the slot",
    "put you back", "put me back", "back in", "reinstate", "reinstated", "still come", "still coming",
    "make it after all", "uncancel", "un-cancel", "come after all", "still on", "בכל זאת", "בסוף כן", "להשאיר",
    "תשאירי", "תשאיר", "החזרתי", "כן מגיעה", "כן מגיע", "всё-таки", "все-таки", "всё таки", "оставить", "оставьте",
    "верните", "вернула", "رجعتك", "خليه", "رح اجي", "doch", "behalten", "wieder eingetragen",
  ],
  reschedule: [
    "move", "moving", "push", "change", "switch", "reschedule", "instead", "swap", "bring forward", "postpone",
    "earlier", "later", "להזיז", "להקדים", "לדחות", "לשנות", "במקום", "להחליף", "להעביר", "נזיז", "הזזתי", "שיניתי",
    "перенести", "перенесём", "перенесем", "вместо", "поменять", "передвинуть", "نأجل", "اجل", "بدل", "نغير",
    "نقدم", "verschieben", "verlegen", "statt", "stattdessen", "tauschen", "umbuchen", "später", "früher",
  ],
  walkin: [
    "walk-in", "walk in", "walk-ins", "walkins", "walk ins", "first come", "first-come", "first served",
    "no appointments", "no appointment needed", "without appointment", "without an appointment", "drop in any time",
    "drop-in", "just pop in", "pop in any time", "pop in anytime", "no booking needed", "no bookings", "no need to book",
    "don't need to book", "just come in", "just come by", "בלי תורים", "ללא תורים", "ללא תור", "בלי תור", "כל הקודם זוכה",
    "בלי קביעת תור", "без записи", "живая очередь", "بدون موعد", "بدون حجز", "بدون دور", "ohne termin",
    "ohne anmeldung", "offene sprechstunde",
  ],
  waitlist: [
    "waitlist", "wait list", "waiting list", "cancellation list", "if something opens", "if anything opens",
    "if something frees up", "if anything frees up", "if anything comes up", "רשימת המתנה", "רשימת ההמתנה",
    "אם מתפנה", "אם יתפנה", "warteliste", "лист ожидания", "список ожидания", "قائمة الانتظار", "قائمة انتظار",
  ],
  multi: [
    "both", "both of us", "kids", "children", "me and my", "twins", "two of us", "2 of us", "for us", "together",
    "2 dogs", "two dogs", "all three", "all of them", "all 3", "each", "שנינו", "שתינו", "שתיכן", "שניכם", "ביחד",
    "יחד", "הילדים", "הבנים", "הבנות", "my boys", "my girls", "the boys", "the girls", "שלושתם", "כולם", "שניהם", "שתיהן", "вдвоём", "вдвоем", "с дочкой", "с сыном", "с подругой",
    "обе", "оба", "вместе", "احنا", "سوا", "zusammen", "beide", "wir beide",
  ],
  sameTime: [
    "same time", "same hour", "אותה שעה", "באותה שעה", "באותה השעה", "gleiche zeit", "selbe zeit",
    "gleichen uhrzeit", "в то же время", "в это же время", "نفس الوقت", "نفس الساعة", "بنفس الوقت",
  ],
  promo: [
    "special offer", "offer", "percent off", "discount", "promo", "promotion", "sale", "last minute", "openings",
    "special", "book now", "reply to book", "dm to book", "מבצע", "הנחה", "скидка", "акция", "خصم", "عرض",
    "angebot", "rabatt", "aktion",
  ],
  product: [
    "in stock", "back in stock", "put one aside", "patch test", "skin test", "allergy test", "טסט רגישות",
    "pick up", "pickup", "collect", "collection", "shampoo", "conditioner", "product", "gift card",
    "gift voucher", "voucher", "gutschein", "לאסוף", "איסוף", "שובר", "מוצר", "שמפו", "כרטיס מתנה", "забрать",
    "сертификат", "шампунь", "استلم", "قسيمة",
  ],
  wrongNumber: [
    "wrong number", "wrong person", "מספר שגוי", "טעות במספר", "המספר הלא נכון", "falsche nummer",
    "ошиблись номером", "не туда", "رقم غلط", "الرقم غلط",
  ],
  also: ["also", "another", "as well", "additional", "add", "גם", "тоже", "كمان", "zusätzlich"],
  past: [
    "last time", "last visit", "last appointment was", "was on", "it was", "came in on", "had my", "i had",
    "was great", "was amazing", "loved it", "בפעם הקודמת", "בפעם שעברה", "הייתי אצלך", "в прошлый раз",
    "letztes mal", "المرة الماضية",
  ],
} satisfies Record<string, string[]>;

/**
 * Phrases that carry no cue and hide the cue words inside them: "no problem" is no
 * decline, "I'll confirm" no acceptance, "if you cancel" and "24h notice" no cancellation.
 */
export const CUE_MASKS = [
  "no problem", "no worries", "no prob", "no probs", "not a problem", "no fee", "no charge", "no rush",
  "no stress", "no pressure", "no need", "can't wait", "cannot wait", "אין בעיה", "אין על", "אין לך מה",
  "kein problem", "keine sorge", "без проблем", "لا مشكلة", "ما في مشكلة", "ولا يهمك", "nothing else",
  // conditions and policies
  "if", "in case", "policy", "notice", "fee", "אם", "במקרה", "wenn", "falls", "если", "اذا", "إذا", "لو",
  "24h", "24 hours", "list",
  // not yet an answer
  "let me check", "i'll check", "i'll confirm", "will confirm", "get back to you", "i'll let you know", "maybe",
  "אבדוק", "אחזור אלייך", "проверю", "уточню", "بشوف", "بخبرك", "ich schau", "melde mich",
];

/** A cancel word near these is about the rules, not a cancellation ("24h notice to cancel", "if you cancel"). */
export const CANCELLATION_POLICY = {
  /** anywhere in the clause */
  nouns: ["policy", "notice", "fee"],
  /** before the cancel word; stems match longer words */
  stems: ["24h", "24 hours", "list", "if you", "in case", "wenn", "falls", "если", "اذا", "إذا"],
  /** before the cancel word, whole words */
  words: ["אם", "لو"],
};

/** Emoji that accept wherever they stand, even glued to a word. */
export const ACCEPT_EMOJI = ["👍", "✅", "✔", "👌", "🙌"];

/** A clause starting with "no" declines, unless it starts with a mask ("no problem"). */
export const NO_WORDS = ["no", "nope", "nah", "לא", "нет", "لا", "nein"];

/** Stems of asking for a service ("need my roots done", "אפשר לקבוע", "хочу"): of several services said, these count. */
export const REQUEST_STEMS = [
  "need", "want", "would like", "i'd like", "book", "can i", "could i", "get", "looking for", "לקבוע", "רוצה", "צריכה",
  "צריך", "אפשר", "מעוניינ", "хочу", "можно", "нужн", "запис", "بدي", "ممكن", "möchte", "hätte gern", "brauche",
  "kann ich",
];

/** Picking the first or the last of the options offered ("the earlier one", "השני"). */
export const PICK_WORDS = {
  first: ["first", "earlier", "earliest", "הראשון", "הראשונה", "המוקדם", "המוקדמת", "erste", "первый", "الاول"],
  last: ["second", "later", "latest", "last", "השני", "השנייה", "המאוחר", "המאוחרת", "zweite", "второй", "الثاني"],
};

/** A service being replaced: "instead of" (lexicon/grammar.ts) or "not", then "a"/"the"/"my" or a glued ה. */
export const REPLACED_SERVICE = { extraWords: ["not"], spaced: ["a", "the", "my"], glued: ["ה"] };

/** "for" before the person a service is for ("a cut for my husband", Hebrew ל glued: "לאחותי"). */
export const FOR_PERSON = {
  words: ["for", "für", "для", "pour"],
  determiners: ["my", "the", "your", "meine", "meinen", "meinem"],
  glued: ["ל", "ול"],
};

/** The business saying a set of slots is written down (not offered): "both booked", "רשמתי", "eingetragen". */
export const BOOKED_WORDS = [
  "booked", "all set", "confirmed", "רשמתי", "קבעתי", "נרשמת", "eingetragen", "gebucht", "записала", "записал", "سجلتك",
];
export const BOOKED_MARKS = ["✔", "✅"];
