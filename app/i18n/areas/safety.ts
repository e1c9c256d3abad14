// Keeping the owner's number safe: who may get automatic messages, opt-outs,
// the daily budget, pacing, the pause switch and the number's health.
import { defineMessages } from "../define";

export const safety = defineMessages(
  {
    "rules.status.manual": "Send from your phone",
    "rules.reason.optedOut": "Client opted out",
    "rules.reason.overBudget": "Over today's limit of {n} automatic messages: goes the next day.",
    "rules.err.allOptedOut": "These clients asked not to get automatic messages.",
    "rules.details.paused": "Paused: goes out when you turn automatic messages back on",

    "safety.manual.hint":
      "This client never wrote to your WhatsApp, so Chatbook does not start the chat. Send it from your phone, then tap Done.",
    "safety.manual.open": "Open in WhatsApp",
    "safety.manual.done": "Done",
    "safety.manual.marked": "Marked as sent.",
    "safety.manual.failed": "Could not mark it as sent. Try again.",
    "safety.manual.notFound": "This message is not waiting to be sent from your phone.",

    "safety.wizard.optedOutOne": "1 client asked not to get automatic messages and is left out.",
    "safety.wizard.optedOutMany": "{n} clients asked not to get automatic messages and are left out.",

    "safety.client.optedOut": "Opted out",
    "safety.client.optedOutHint": "Wrote STOP: gets no automatic messages until they write START.",
    "safety.basis.wrote_first": "Wrote first on {date}",
    "safety.basis.owner_wrote": "You wrote first",
    "safety.basis.booked_online": "Booked online",
    "safety.basis.none": "Never wrote: reminders wait for your phone",

    "safety.title": "Keep your number safe",
    "safety.intro":
      "WhatsApp bans numbers that send unwanted automatic messages. Chatbook writes first only to clients who wrote to you, stops when asked, and paces its messages like a person.",
    "safety.pause.label": "Pause all automatic messages",
    "safety.pause.hint":
      "Reminders, follow-ups and thank-you answers wait as Scheduled until you turn this off. Any more than 6 hours late are not sent.",
    "safety.pause.paused": "Automatic messages are paused.",
    "safety.pause.resumed": "Automatic messages are on again.",
    "safety.pause.failed": "Could not change the switch. Try again.",
    "safety.health.title": "Last 7 days",
    "safety.health.sent": "Sent",
    "safety.health.delivered": "Delivered",
    "safety.health.read": "Read",
    "safety.health.refused": "Refused by WhatsApp",
    "safety.health.optedOut": "Opted out",
    "safety.health.manual": "Waiting for your phone",
    "safety.health.budget": "Today: {used} of {budget} automatic messages",
    "safety.warn.refusals":
      "WhatsApp refused {n} messages in the last day. Restrictions start like this: pause automatic messages and check who gets them.",
    "safety.warn.optOuts": "{n} clients opted out in the last day. Pause automatic messages and check your rules.",
    "safety.warn.pause": "Pause now",

    "safety.settings.title": "Number safety",
    "safety.settings.hint":
      "Limits on the messages your number starts by itself. Replies to your clients are never limited.",
    "safety.settings.budget": "Daily limit of automatic messages",
    "safety.settings.budgetHint":
      "Reminders and follow-ups your number may start in one day (1 to 500). The rest wait for the next day's send time.",
    "safety.settings.save": "Save limit",
    "safety.settings.saving": "Saving...",
    "safety.settings.saved": "Daily limit saved.",
    "safety.err.budget": "The daily limit must be a whole number from 1 to 500.",
    "safety.err.paused": "paused must be true or false.",
  },
  {
    "rules.status.manual": "לשליחה מהטלפון",
    "rules.reason.optedOut": "הלקוח ביקש לא לקבל הודעות",
    "rules.reason.overBudget": "מעבר למגבלה היומית של {n} הודעות אוטומטיות: יישלח למחרת.",
    "rules.err.allOptedOut": "הלקוחות האלה ביקשו לא לקבל הודעות אוטומטיות.",
    "rules.details.paused": "מושהה: יישלח כשתפעילו שוב את ההודעות האוטומטיות",

    "safety.manual.hint":
      "הלקוח הזה מעולם לא כתב לוואטסאפ שלכם, ולכן Chatbook לא פותח איתו שיחה. שלחו מהטלפון ואז הקישו על בוצע.",
    "safety.manual.open": "פתיחה בוואטסאפ",
    "safety.manual.done": "בוצע",
    "safety.manual.marked": "סומן כנשלח.",
    "safety.manual.failed": "לא ניתן לסמן כנשלח. נסו שוב.",
    "safety.manual.notFound": "ההודעה הזאת לא ממתינה לשליחה מהטלפון.",

    "safety.wizard.optedOutOne": "לקוח אחד ביקש לא לקבל הודעות אוטומטיות ולכן אינו ברשימה.",
    "safety.wizard.optedOutMany": "{n} לקוחות ביקשו לא לקבל הודעות אוטומטיות ולכן אינם ברשימה.",

    "safety.client.optedOut": "ביקש הסרה",
    "safety.client.optedOutHint": "כתב STOP: לא יקבל הודעות אוטומטיות עד שיכתוב START.",
    "safety.basis.wrote_first": "כתב ראשון ב-{date}",
    "safety.basis.owner_wrote": "אתם כתבתם ראשונים",
    "safety.basis.booked_online": "הזמין באתר",
    "safety.basis.none": "מעולם לא כתב: תזכורות ימתינו לשליחה מהטלפון",

    "safety.title": "שמירה על המספר שלכם",
    "safety.intro":
      "וואטסאפ חוסמת מספרים ששולחים הודעות אוטומטיות לא רצויות. Chatbook כותב ראשון רק ללקוחות שכתבו אליכם, מפסיק כשמבקשים ושולח בקצב של אדם.",
    "safety.pause.label": "השהיית כל ההודעות האוטומטיות",
    "safety.pause.hint":
      "תזכורות, מעקבים ותשובות תודה ימתינו כמתוזמנים עד שתכבו את המתג. הודעות שיתעכבו יותר מ-6 שעות לא יישלחו.",
    "safety.pause.paused": "ההודעות האוטומטיות מושהות.",
    "safety.pause.resumed": "ההודעות האוטומטיות פועלות שוב.",
    "safety.pause.failed": "לא ניתן לשנות את המתג. נסו שוב.",
    "safety.health.title": "7 הימים האחרונים",
    "safety.health.sent": "נשלחו",
    "safety.health.delivered": "נמסרו",
    "safety.health.read": "נקראו",
    "safety.health.refused": "נדחו על ידי וואטסאפ",
    "safety.health.optedOut": "ביקשו הסרה",
    "safety.health.manual": "ממתינים לשליחה מהטלפון",
    "safety.health.budget": "היום: {used} מתוך {budget} הודעות אוטומטיות",
    "safety.warn.refusals":
      "וואטסאפ דחתה {n} הודעות ביממה האחרונה. כך מתחילות הגבלות: השהו את ההודעות האוטומטיות ובדקו למי הן נשלחות.",
    "safety.warn.optOuts": "{n} לקוחות ביקשו הסרה ביממה האחרונה. השהו את ההודעות האוטומטיות ובדקו את הכללים שלכם.",
    "safety.warn.pause": "השהיה עכשיו",

    "safety.settings.title": "שמירה על המספר",
    "safety.settings.hint": "מגבלות על ההודעות שהמספר שלכם שולח מעצמו. תשובות ללקוחות לעולם אינן מוגבלות.",
    "safety.settings.budget": "מגבלה יומית של הודעות אוטומטיות",
    "safety.settings.budgetHint":
      "תזכורות ומעקבים שהמספר שלכם רשאי ליזום ביום אחד (1 עד 500). השאר ימתינו לשעת השליחה של היום הבא.",
    "safety.settings.save": "שמירת המגבלה",
    "safety.settings.saving": "שומר...",
    "safety.settings.saved": "המגבלה היומית נשמרה.",
    "safety.err.budget": "המגבלה היומית חייבת להיות מספר שלם בין 1 ל-500.",
    "safety.err.paused": "paused must be true or false.",
  },
);
