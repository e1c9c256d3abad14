// Words the dialogue rules read: what the business or the customer says about a slot.

/** The business saying a set of slots is written down (not offered): "both booked", "רשמתי", "eingetragen". */
export const BOOKED_WORDS = [
  "booked", "all set", "confirmed", "רשמתי", "קבעתי", "נרשמת", "eingetragen", "gebucht", "записала", "записал", "سجلتك",
];
export const BOOKED_MARKS = /✔|✅/u;
