import { defineMessages } from "../define";

export const landing = defineMessages(
  {
    "landing.badge": "AI-powered",
    "landing.headline": "Turn WhatsApp Messages into Bookings Automatically",
    "landing.subhead":
      "Your customers already book on WhatsApp. We read the chats, propose the bookings, and send the reminders, so you can get back to your clients.",
    "landing.startFree": "Start Free",
    "landing.haveAccount": "Already have an account?",
    "landing.howItWorks": "How It Works",
    "landing.step1.title": "Connect",
    "landing.step1.body": "Scan a QR code with your business WhatsApp. Nothing to install.",
    "landing.step2.title": "Chat",
    "landing.step2.body": "Keep chatting with customers as you always do, in English or Hebrew.",
    "landing.step3.title": "Auto-Save",
    "landing.step3.body": "Bookings are extracted for you to review and save to your calendar.",
    "landing.feature.reminders": "Automatic reminders and follow-ups",
    "landing.feature.calendar": "Client list and booking calendar",
    "landing.feature.phone": "Made for your phone",
    "landing.preview.customer": "Hi! Can I come tomorrow at 5pm for a haircut?",
    "landing.preview.saved": "Booking saved: Haircut, tomorrow 17:00",
    "landing.meta.description":
      "Turn WhatsApp messages into bookings automatically: Chatbook reads your business chats, proposes the bookings and sends the reminders.",
  },
  {
    "landing.badge": "מבוסס בינה מלאכותית",
    "landing.headline": "הופכים הודעות וואטסאפ לתורים באופן אוטומטי",
    "landing.subhead":
      "הלקוחות שלכם כבר קובעים תורים בוואטסאפ. אנחנו קוראים את השיחות, מציעים את התורים ושולחים תזכורות, כדי שתוכלו לחזור ללקוחות.",
    "landing.startFree": "להתחיל בחינם",
    "landing.haveAccount": "כבר יש לכם חשבון?",
    "landing.howItWorks": "איך זה עובד",
    "landing.step1.title": "מתחברים",
    "landing.step1.body": "סורקים קוד QR עם הוואטסאפ של העסק. אין מה להתקין.",
    "landing.step2.title": "משוחחים",
    "landing.step2.body": "ממשיכים לדבר עם הלקוחות כרגיל, בעברית או באנגלית.",
    "landing.step3.title": "נשמר אוטומטית",
    "landing.step3.body": "התורים מחולצים מהשיחות, אתם בודקים ושומרים ביומן.",
    "landing.feature.reminders": "תזכורות ומעקבים אוטומטיים",
    "landing.feature.calendar": "רשימת לקוחות ויומן תורים",
    "landing.feature.phone": "מותאם לטלפון שלכם",
    "landing.preview.customer": "היי! אפשר לבוא מחר ב-5 לתספורת?",
    "landing.preview.saved": "התור נשמר: תספורת, מחר 17:00",
    "landing.meta.description":
      "הופכים הודעות וואטסאפ לתורים באופן אוטומטי: Chatbook קורא את שיחות העסק, מציע את התורים ושולח את התזכורות.",
  },
);
