// Freed slots: why a client is a candidate for an opening.
import { defineMessages } from "../define";

export const openings = defineMessages(
  {
    "openings.reason.askedDay": "asked for {day}",
    "openings.reason.askedSooner": "asked for anything sooner",
    "openings.reason.due": "due for a {service}",
  },
  {
    "openings.reason.askedDay": "ביקש/ה תור ליום {day}",
    "openings.reason.askedSooner": "ביקש/ה תור מוקדם יותר",
    "openings.reason.due": "הגיע הזמן ל{service}",
  },
);
