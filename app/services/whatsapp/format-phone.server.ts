import { parsePhoneNumberFromString } from "libphonenumber-js";
import { chatIdToPhone } from "~/providers/whatsapp/chat-id";

/** "972501234567@c.us" -> "+972 50 123 4567" (international format, readable). */
export function formatChatPhone(chatId: string): string {
  const digits = chatIdToPhone(chatId);
  if (!digits) return chatId;
  return parsePhoneNumberFromString(`+${digits}`)?.formatInternational() ?? `+${digits}`;
}
