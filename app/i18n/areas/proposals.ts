import { defineMessages } from "../define";

// Bookings proposed from live chats, waiting for the owner's accept or dismiss.
// A correction sent with accept is checked with the booking fields' own texts
// (bookings.err.*).
export const proposals = defineMessages(
  {
    "proposals.err.notFound": "Proposal not found.",
    "proposals.err.alreadyAccepted": "This proposal was already accepted.",
    "proposals.err.dismissed": "This proposal was dismissed, so it cannot be accepted.",
  },
  {
    "proposals.err.notFound": "ההצעה לא נמצאה.",
    "proposals.err.alreadyAccepted": "ההצעה הזו כבר אושרה.",
    "proposals.err.dismissed": "ההצעה הזו נדחתה, ולכן אי אפשר לאשר אותה.",
  },
);
