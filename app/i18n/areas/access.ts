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
  },
);
