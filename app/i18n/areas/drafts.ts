// Drafted replies to customers who asked for free time: the API's messages and
// the notification (the card's texts join them with the Sync tab's card).
import { defineMessages } from "../define";

export const drafts = defineMessages(
  {
    "drafts.err.notFound": "Draft not found.",
    "drafts.err.sent": "This reply was already sent.",
    "drafts.err.dismissed": "This draft was dismissed.",
    "drafts.err.withdrawn": "You already answered in this chat, so this draft was withdrawn.",
    "drafts.err.noSlots": "None of the offered times is free any more. Answer from your phone, or wait for a new draft.",
    "drafts.err.text": "Write the reply (up to 1000 characters).",
    "drafts.push.title": "Chatbook",
    "drafts.push.body": "{name} asked for a time. A reply is ready: {text}",
  },
  {
    "drafts.err.notFound": "הטיוטה לא נמצאה.",
    "drafts.err.sent": "התשובה הזאת כבר נשלחה.",
    "drafts.err.dismissed": "הטיוטה הזאת נדחתה.",
    "drafts.err.withdrawn": "כבר עניתם בצ'אט הזה, לכן הטיוטה בוטלה.",
    "drafts.err.noSlots": "אף אחת מהשעות שהוצעו כבר לא פנויה. ענו מהטלפון, או חכו לטיוטה חדשה.",
    "drafts.err.text": "כתבו את התשובה (עד 1000 תווים).",
    "drafts.push.title": "Chatbook",
    "drafts.push.body": "{name} שאל/ה על תור. תשובה מוכנה: {text}",
  },
);
