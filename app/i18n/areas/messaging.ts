// Closing the loop with clients on WhatsApp: the message settings (language,
// pacing, quiet hours), the confirmation switch, replies and the waiting mark.
import { defineMessages } from "../define";

export const messaging = defineMessages(
  {
    "messaging.title": "WhatsApp messages",
    "messaging.hint": "How Chatbook writes to your clients on your WhatsApp number.",
    "messaging.language": "Message language",
    "messaging.languageHint": "The confirmation line and the automatic thank-you answers are written in this language.",
    "messaging.lang.en": "English",
    "messaging.lang.he": "Hebrew",
    "messaging.pause": "Pause between messages (seconds)",
    "messaging.pauseHint":
      "Reminders and follow-ups wait a random gap of this to three times it after your number's previous message, like a person typing. Replies to a client wait only a few seconds. 10 to 120.",
    "messaging.quietStart": "Quiet hours start",
    "messaging.quietEnd": "Quiet hours end",
    "messaging.quietHint":
      "Messages planned by days wait until quiet hours end. A custom date and time goes out when you chose.",
    "messaging.save": "Save message settings",
    "messaging.saving": "Saving...",
    "messaging.saved": "Message settings saved.",
    "messaging.err.language": "The message language must be English or Hebrew.",
    "messaging.err.pause": "The pause between messages must be a whole number of seconds from 10 to 120.",
    "messaging.err.quiet": "Quiet hours must be times such as 21:00.",

    "confirm.switch": "Ask the client to confirm",
    "confirm.switchHint":
      "Adds a line to the message. A reply of 1 or 2 confirms or cancels the booking and thanks the client.",
    "confirm.quietWarning":
      "{time} is inside your quiet hours ({start} to {end}). A custom time is your choice: the message still goes out then.",
    "confirm.reply.confirmed": "Replied “{text}”: confirmed",
    "confirm.reply.cancelled": "Replied “{text}”: cancelled",
    "confirm.rebooked": "Not sent: client already rebooked",

    "waiting.badge": "Waiting for your reply",
    "waiting.tabCount": "{n} waiting for your reply",
    "waiting.said": "Wrote: “{text}”",
    "waiting.clear": "Mark as answered",
    "waiting.cleared": "Marked as answered.",
    "waiting.clearFailed": "Could not clear the mark. Try again.",
  },
  {
    "messaging.title": "הודעות וואטסאפ",
    "messaging.hint": "איך Chatbook כותב ללקוחות שלך ממספר הוואטסאפ שלך.",
    "messaging.language": "שפת ההודעות",
    "messaging.languageHint": "שורת האישור ותשובות התודה האוטומטיות נכתבות בשפה הזו.",
    "messaging.lang.en": "אנגלית",
    "messaging.lang.he": "עברית",
    "messaging.pause": "הפסקה בין הודעות (שניות)",
    "messaging.pauseHint":
      "תזכורות ומעקבים ממתינים פרק זמן אקראי של ערך זה עד פי שלושה ממנו אחרי ההודעה הקודמת של המספר, כמו אדם שמקליד. תשובות ללקוח ממתינות שניות ספורות בלבד. 10 עד 120.",
    "messaging.quietStart": "תחילת שעות שקטות",
    "messaging.quietEnd": "סוף שעות שקטות",
    "messaging.quietHint": "הודעות שמתוזמנות לפי ימים ממתינות לסוף השעות השקטות. תאריך ושעה מותאמים נשלחים בזמן שבחרת.",
    "messaging.save": "שמירת הגדרות ההודעות",
    "messaging.saving": "שומר...",
    "messaging.saved": "הגדרות ההודעות נשמרו.",
    "messaging.err.language": "שפת ההודעות חייבת להיות אנגלית או עברית.",
    "messaging.err.pause": "ההפסקה בין הודעות חייבת להיות מספר שלם של שניות בין 10 ל-120.",
    "messaging.err.quiet": "שעות שקטות חייבות להיות שעות כמו 21:00.",

    "confirm.switch": "לבקש מהלקוח לאשר",
    "confirm.switchHint": "מוסיף שורה להודעה. תשובה 1 או 2 מאשרת או מבטלת את התור ושולחת ללקוח תודה.",
    "confirm.quietWarning":
      "{time} בתוך השעות השקטות שלך ({start} עד {end}). שעה מותאמת היא בחירה שלך: ההודעה תישלח בכל זאת.",
    "confirm.reply.confirmed": "השיב/ה „{text}”: אושר",
    "confirm.reply.cancelled": "השיב/ה „{text}”: בוטל",
    "confirm.rebooked": "לא נשלח: הלקוח כבר קבע תור חדש",

    "waiting.badge": "ממתין לתשובה שלך",
    "waiting.tabCount": "{n} ממתינים לתשובה שלך",
    "waiting.said": "כתב/ה: „{text}”",
    "waiting.clear": "סימון כנענה",
    "waiting.cleared": "סומן כנענה.",
    "waiting.clearFailed": "לא ניתן לנקות את הסימון. נסו שוב.",
  },
);
