// WhatsApp chat id helpers. A customer chat is "<digits>@c.us" (or a hidden
// number "<id>@lid"); groups, channels and broadcasts are never customers.

const PHONE_CHAT = /^(\d+)@(?:c\.us|s\.whatsapp\.net)$/;

/** "4917611111111@c.us" -> "4917611111111"; null when the id hides no phone (lid, group...). */
export function chatIdToPhone(chatId: string): string | null {
  const m = PHONE_CHAT.exec(chatId.trim());
  return m ? m[1] : null;
}

/** Digits (a leading "+", spaces and dashes are tolerated) -> "<digits>@c.us". */
export function phoneToChatId(phone: string): string {
  const digits = phone.replace(/[\s\-().+]/g, "");
  if (!/^\d{3,20}$/.test(digits)) throw new Error(`Not a phone number: ${phone}`);
  return `${digits}@c.us`;
}

export function isLid(chatId: string): boolean {
  return /^[\d:]+@lid$/.test(chatId.trim());
}

/** Only 1:1 chats are customers: drop groups, newsletters, status and broadcast lists. */
export function isCustomerChat(chatId: string): boolean {
  return PHONE_CHAT.test(chatId.trim()) || isLid(chatId);
}
