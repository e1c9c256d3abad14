// Who can still reach the account: the devices that get notifications, the
// calendar feed's password check, fresh Google confirmation, and sign-up codes
// that say which registration they confirm.
import { defineMessages } from "../define";

export const access = defineMessages(
  {
    "access.push.elsewhere": "This browser gets notifications for another Chatbook account. Turn them off there first.",
    "access.push.tooMany": "Notifications are on for {max} devices already. Remove one below first.",
    "access.devices.title": "Devices that get notifications",
    "access.devices.empty": "No device gets notifications.",
    "access.devices.thisOne": "This browser",
    "access.devices.since": "Since {date}",
    "access.devices.remove": "Remove",
    "access.devices.removeLabel": "Remove {device}",
    "access.devices.removed": "The device no longer gets notifications.",
    "access.devices.google": "Chrome or Android",
    "access.devices.mozilla": "Firefox",
    "access.devices.apple": "Safari (iPhone, iPad or Mac)",
    "access.devices.windows": "Edge (Windows)",
    "access.devices.local": "Test device",
    "access.devices.other": "Browser",
    "access.devices.notFound": "That device was already removed.",
    "access.confirm.passwordRequired": "Enter your password to confirm.",
    "access.confirm.wrongPassword": "The password is not correct.",
    "access.confirm.googleAgain": "For your safety, sign in with Google again, then try again within 5 minutes.",
    "access.confirm.googleButton": "Sign in with Google again",
    "access.feed.password": "Your password",
    "access.mail.code.text":
      'Your Chatbook verification code is {code}.\n\nIt confirms the sign-up of the business "{business}" for {name}. If that is not your sign-up, do not enter the code: someone else typed your address, and nothing happens without the code.\n\nThe code expires in 10 minutes.',
  },
  {
    "access.push.elsewhere": "הדפדפן הזה מקבל התראות עבור חשבון Chatbook אחר. כבו אותן שם קודם.",
    "access.push.tooMany": "ההתראות כבר פעילות ב-{max} מכשירים. הסירו אחד מהם למטה קודם.",
    "access.devices.title": "מכשירים שמקבלים התראות",
    "access.devices.empty": "אף מכשיר לא מקבל התראות.",
    "access.devices.thisOne": "הדפדפן הזה",
    "access.devices.since": "מאז {date}",
    "access.devices.remove": "הסרה",
    "access.devices.removeLabel": "הסרת {device}",
    "access.devices.removed": "המכשיר כבר לא מקבל התראות.",
    "access.devices.google": "Chrome או אנדרואיד",
    "access.devices.mozilla": "Firefox",
    "access.devices.apple": "Safari (אייפון, אייפד או מק)",
    "access.devices.windows": "Edge (Windows)",
    "access.devices.local": "מכשיר בדיקה",
    "access.devices.other": "דפדפן",
    "access.devices.notFound": "המכשיר הזה כבר הוסר.",
    "access.confirm.passwordRequired": "הזינו את הסיסמה כדי לאשר.",
    "access.confirm.wrongPassword": "הסיסמה שגויה.",
    "access.confirm.googleAgain": "לביטחונכם, התחברו שוב עם Google ונסו שוב תוך 5 דקות.",
    "access.confirm.googleButton": "התחברות מחדש עם Google",
    "access.feed.password": "הסיסמה שלכם",
    "access.mail.code.text":
      'קוד האימות שלכם ל-Chatbook הוא {code}.\n\nהוא מאשר את ההרשמה של העסק "{business}" עבור {name}. אם זו לא ההרשמה שלכם, אל תזינו את הקוד: מישהו אחר הקליד את הכתובת שלכם, ושום דבר לא קורה בלי הקוד.\n\nהקוד בתוקף ל-10 דקות.',
  },
);
