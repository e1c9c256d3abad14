// Offline booking extractor: deterministic rules, no model, runs in workerd and Node.
import { localDate, localTime } from "~/utils/time-zone";
import { shortQuote } from "../quote";
import type { BookingExtractor, ExtractedBooking, ExtractInput } from "../types";
import { analyzeMessage, attachMentions } from "./analyze";
import { followDialogue } from "./dialogue";
import { compileCatalogue } from "./services";
import { serviceVariants } from "./variants";

const pad = (n: number) => String(n).padStart(2, "0");

/** Bookings agreed or requested in a chat (synchronous core of offlineExtractor). */
export function extractBookings(input: ExtractInput): ExtractedBooking[] {
  const services = input.services.filter((service) => service.trim());
  if (!services.length || !input.messages.length) return [];
  const catalogue = compileCatalogue(services);
  const messages = [...input.messages].sort((a, b) => a.timestamp - b.timestamp);
  const analyses = messages.map((message, index) => analyzeMessage(message, index, input.timeZone, catalogue));
  attachMentions(analyses, catalogue);
  const dialogue = followDialogue(analyses, serviceVariants(catalogue));
  if (dialogue.wrongNumber) return [];
  const today = localDate(input.now, input.timeZone);
  const timeNow = localTime(input.now, input.timeZone);
  const bookings: ExtractedBooking[] = [];
  const seen = new Set<string>();
  for (const booking of dialogue.bookings) {
    if (booking.status !== "active" || !booking.date || !booking.service) continue;
    const time = `${pad(booking.time.hour)}:${pad(booking.time.minute)}`;
    if (booking.date < today || (booking.date === today && time < timeNow)) continue; // already past
    const key = `${booking.service}|${booking.date}|${time}|${booking.person ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const quote = shortQuote(messages[booking.sourceMessage]?.body ?? "", booking.position);
    bookings.push({
      service: booking.service,
      date: booking.date,
      time,
      notes: booking.personLabel ? `for ${booking.personLabel}` : "",
      quote,
    });
  }
  return bookings.sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
}

export const offlineExtractor: BookingExtractor = {
  name: "offline",
  async extract(input: ExtractInput): Promise<ExtractedBooking[]> {
    return extractBookings(input);
  },
};
