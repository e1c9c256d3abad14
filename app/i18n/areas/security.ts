import { defineMessages } from "../define";

// Pages the Worker answers itself, before a screen runs: refused requests
// (a short page for the screens, the API's error shape for /api/).
export const security = defineMessages(
  {
    "guard.crossSite.title": "This request came from another site",
    "guard.crossSite.body":
      "For your safety, Chatbook only accepts forms sent from its own pages. Open Chatbook and try again.",
    "guard.notForm.title": "This request can't be used",
    "guard.notForm.body": "Chatbook's pages accept only their own forms. Open the page and send the form again.",
    "guard.tooLarge.title": "That was too much to send",
    "guard.tooLarge.body": "The form you sent is too large. Shorten what you typed and try again.",
    "guard.notConfigured.title": "Chatbook is not available yet",
    "guard.notConfigured.body": "This server is still being set up. Please try again later.",
    "guard.home": "Open Chatbook",
    "guard.api.crossSite": "This request came from another site and was refused.",
    "guard.api.notForm": "Send the body as a form.",
    "guard.api.notConfigured": "This server is not configured yet. Please try again later.",
    "guard.notFound": "Not found",
  },
  {
    "guard.crossSite.title": "הבקשה הגיעה מאתר אחר",
    "guard.crossSite.body": "לביטחונך, Chatbook מקבל רק טפסים שנשלחו מהדפים שלו. פתחו את Chatbook ונסו שוב.",
    "guard.notForm.title": "לא ניתן להשתמש בבקשה הזו",
    "guard.notForm.body": "הדפים של Chatbook מקבלים רק את הטפסים שלהם. פתחו את הדף ושלחו את הטופס שוב.",
    "guard.tooLarge.title": "נשלח יותר מדי מידע",
    "guard.tooLarge.body": "הטופס ששלחתם גדול מדי. קצרו את מה שהקלדתם ונסו שוב.",
    "guard.notConfigured.title": "Chatbook עדיין לא זמין",
    "guard.notConfigured.body": "השרת הזה עדיין בהגדרה. נסו שוב מאוחר יותר.",
    "guard.home": "לפתיחת Chatbook",
    "guard.api.crossSite": "הבקשה הגיעה מאתר אחר ונדחתה.",
    "guard.api.notForm": "יש לשלוח את הגוף כטופס.",
    "guard.api.notConfigured": "השרת הזה עדיין לא הוגדר. נסו שוב מאוחר יותר.",
    "guard.notFound": "לא נמצא",
  },
);
