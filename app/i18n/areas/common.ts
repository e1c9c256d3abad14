import { defineMessages } from "../define";

export const common = defineMessages(
  {
    "app.name": "Chatbook",
    "app.tagline": "WhatsApp bookings for small businesses",
    "lang.label": "Language",
    "nav.login": "Login",
    "nav.register": "Register",
    "nav.back": "Back",
    "notFound.title": "Page not found",
    "notFound.body": "We couldn't find the page you were looking for.",
    "notFound.home": "Go to the home page",
    "error.title": "Something went wrong",
    "error.body": "Sorry, we couldn't complete that. Please try again in a moment.",
    "error.retry": "Try again",
    "footer.rights": "Made for salons, barbers and studios.",
  },
  {
    "app.name": "Chatbook",
    "app.tagline": "תורים מוואטסאפ לעסקים קטנים",
    "lang.label": "שפה",
    "nav.login": "התחברות",
    "nav.register": "הרשמה",
    "nav.back": "חזרה",
    "notFound.title": "הדף לא נמצא",
    "notFound.body": "לא מצאנו את הדף שחיפשת.",
    "notFound.home": "לדף הבית",
    "error.title": "משהו השתבש",
    "error.body": "מצטערים, לא הצלחנו להשלים את הפעולה. נסו שוב בעוד רגע.",
    "error.retry": "לנסות שוב",
    "footer.rights": "נבנה עבור מספרות, סלונים וסטודיו.",
  },
);
