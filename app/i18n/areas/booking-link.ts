// The booking link (issue 30): its settings, the public API's answers, and the
// WhatsApp texts the customer sends and gets (in the business's message language).
import { defineMessages } from "../define";

export const bookingLink = defineMessages(
  {
    "booklink.err.slug": "The link name must be 3 to 40 characters: lower-case letters, digits and dashes.",
    "booklink.err.slugTaken": "This link name is already taken. Try another, such as {suggestion}.",
    "booklink.err.holdMinutes": "Hold time must be a whole number of minutes from 10 to 120.",
    "booklink.err.enabled": "booking_page_enabled must be true or false.",
    "booklink.err.ownerConfirms": "booking_owner_confirms must be true or false.",
    "booklink.err.noSlug": "Save a link name before turning the booking page on.",

    "booklink.err.notFound": "This booking page does not exist or is turned off.",
    "booklink.err.taken": "This time was just taken. Please choose another time.",
    "booklink.err.notFree": "This time is not free. Please choose one of the free times.",
    "booklink.err.tooFar": "Bookings can be made up to {days} days ahead.",
    "booklink.err.tooSoon": "This time is too soon to book. Please choose a later time.",
    "booklink.err.tooManyPending": "This phone number already has {max} bookings waiting for confirmation on WhatsApp. Confirm them or wait until they expire.",
    "booklink.err.tooManyFromAddress": "Too many bookings from this connection. Please try again in an hour.",
    "booklink.err.refused": "This booking could not be sent.",

    "booklink.reason.notConfirmed": "Not confirmed in time",

    "booklink.wa.confirm": "Confirm booking {code}: {service}, {when}",
    "booklink.wa.thanks": "Thank you, {name}! Your {service} on {when} is confirmed.",
    "booklink.wa.thanksNoName": "Thank you! Your {service} on {when} is confirmed.",
    "booklink.wa.at": "{date} at {time}",

    "push.online.title": "Booked online",
    "push.online.body": "{details}: confirmed on WhatsApp",
    "push.online.bodyOwner": "{details}: confirmed on WhatsApp, waiting for you",
  },
  {
    "booklink.err.slug": "שם הקישור צריך להיות באורך 3 עד 40 תווים: אותיות אנגליות קטנות, ספרות ומקפים.",
    "booklink.err.slugTaken": "שם הקישור הזה תפוס. נסו שם אחר, למשל {suggestion}.",
    "booklink.err.holdMinutes": "זמן ההחזקה צריך להיות מספר שלם של דקות בין 10 ל-120.",
    "booklink.err.enabled": "booking_page_enabled צריך להיות true או false.",
    "booklink.err.ownerConfirms": "booking_owner_confirms צריך להיות true או false.",
    "booklink.err.noSlug": "שמרו שם לקישור לפני שמפעילים את דף ההזמנות.",

    "booklink.err.notFound": "דף ההזמנות הזה לא קיים או כבוי.",
    "booklink.err.taken": "השעה הזו נתפסה הרגע. בחרו שעה אחרת.",
    "booklink.err.notFree": "השעה הזו לא פנויה. בחרו אחת מהשעות הפנויות.",
    "booklink.err.tooFar": "אפשר להזמין עד {days} ימים מראש.",
    "booklink.err.tooSoon": "השעה הזו קרובה מדי. בחרו שעה מאוחרת יותר.",
    "booklink.err.tooManyPending": "למספר הזה כבר יש {max} תורים שממתינים לאישור בוואטסאפ. אשרו אותם או המתינו שיפוגו.",
    "booklink.err.tooManyFromAddress": "יותר מדי הזמנות מהחיבור הזה. נסו שוב בעוד שעה.",
    "booklink.err.refused": "לא ניתן היה לשלוח את ההזמנה.",

    "booklink.reason.notConfirmed": "לא אושר בזמן",

    "booklink.wa.confirm": "אישור תור {code}: {service}, {when}",
    "booklink.wa.thanks": "תודה, {name}! התור שלך ל{service} ב{when} אושר.",
    "booklink.wa.thanksNoName": "תודה! התור שלך ל{service} ב{when} אושר.",
    "booklink.wa.at": "{date} בשעה {time}",

    "push.online.title": "הזמנה מהאתר",
    "push.online.body": "{details}: אושר בוואטסאפ",
    "push.online.bodyOwner": "{details}: אושר בוואטסאפ, ממתין לך",
  },
);
