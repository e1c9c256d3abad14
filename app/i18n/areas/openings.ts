// Freed slots: why a client is a candidate for an opening, offering it, and the
// WhatsApp texts the offered clients get.
import { defineMessages } from "../define";

export const openings = defineMessages(
  {
    "openings.reason.askedDay": "asked for {day}",
    "openings.reason.askedSooner": "asked for anything sooner",
    "openings.reason.due": "due for a {service}",
    "openings.err.notFound": "Opening not found.",
    "openings.err.clients": "Choose 1 to 3 clients to offer the slot to (client_ids).",
    "openings.err.notCandidate": "Offer the slot only to the clients listed for it.",
    "openings.err.offered": "This slot was already offered to {name}.",
    "openings.err.taken": "This slot was already taken.",
    "openings.err.ended": "This opening has ended: its time has come.",
    "openings.wa.offer": "A {time} slot opened {day} for a {service}. Reply 1 to take it.",
    "openings.wa.booked": "It's yours! Your {service} {day} at {time} is booked. See you then!",
    "openings.wa.taken": "Sorry, it was just taken.",
    "openings.wa.on": "on {day}",
  },
  {
    "openings.reason.askedDay": "ביקש/ה תור ליום {day}",
    "openings.reason.askedSooner": "ביקש/ה תור מוקדם יותר",
    "openings.reason.due": "הגיע הזמן ל{service}",
    "openings.err.notFound": "התור שהתפנה לא נמצא.",
    "openings.err.clients": "בחרו 1 עד 3 לקוחות להציע להם את התור (client_ids).",
    "openings.err.notCandidate": "אפשר להציע את התור רק ללקוחות שמופיעים בו.",
    "openings.err.offered": "התור הזה כבר הוצע ל{name}.",
    "openings.err.taken": "התור הזה כבר נתפס.",
    "openings.err.ended": "ההצעה הסתיימה: מועד התור הגיע.",
    "openings.wa.offer": "התפנה תור {day} בשעה {time} ל{service}. השיבו 1 כדי לקבוע אותו.",
    "openings.wa.booked": "התור שלך! {service} {day} בשעה {time} נקבע. נתראה!",
    "openings.wa.taken": "מצטערים, התור נתפס הרגע.",
    "openings.wa.on": "ב{day}",
  },
);
