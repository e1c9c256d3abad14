// Offline booking extractor: deterministic rules, no model, runs in workerd and Node.
import { localDate, localTime } from "../../../utils/time-zone";
import { shortQuote } from "../quote";
import type { BookingExtractor, ExtractedBooking, ExtractInput } from "../types";
import { analyzeMessage, attachMentions } from "./analyze";
import { Dialogue } from "./dialogue";
import { compileCatalogue } from "./services";

const pad = (n: number) => String(n).padStart(2, "0");

/** Bookings agreed or requested in a chat (synchronous core of offlineExtractor). */
export function extractBookings(input: ExtractInput): ExtractedBooking[] {
  const services = input.services.filter((s) => s.trim());
  if (!services.length || !input.messages.length) return [];
  const cat = compileCatalogue(services);
  const msgs = [...input.messages].sort((a, b) => a.timestamp - b.timestamp);
  const infos = msgs.map((m, i) => analyzeMessage(m, i, input.timeZone, cat));
  attachMentions(infos, cat);
  const kidsEntries = cat.entries.filter((e) => e.keys.includes("C:KIDS"));
  const kids = new Set(kidsEntries.map((e) => e.name));
  const kidsVariant = (service: string) => {
    const e = cat.entries.find((x) => x.name === service);
    if (!e || kids.has(service)) return null;
    return kidsEntries.find((k) => k.keys.every((key) => key === "C:KIDS" || e.keys.includes(key)))?.name ?? null;
  };
  const adultVariant = (service: string) => {
    const k = kidsEntries.find((x) => x.name === service);
    if (!k) return null;
    const base = k.keys.filter((key) => key !== "C:KIDS");
    const adults = cat.entries.filter((e) => !kids.has(e.name) && base.every((key) => e.keys.includes(key)));
    return adults.sort((a, b) => a.keys.length - b.keys.length || a.idx - b.idx)[0]?.name ?? null;
  };
  // "Women's Haircut" <-> "Men's Haircut": the entry with the same words but the other gender.
  const genderVariant = (service: string, gender: "M" | "F") => {
    const e = cat.entries.find((x) => x.name === service);
    const [want, drop] = gender === "M" ? ["C:MEN", "C:WOMEN"] : ["C:WOMEN", "C:MEN"];
    if (!e || !e.keys.includes(drop)) return null;
    const base = e.keys.filter((k) => k !== drop);
    return cat.entries.find((x) => x.keys.includes(want) && x.keys.length === base.length + 1 && base.every((k) => x.keys.includes(k)))?.name ?? null;
  };
  const dialogue = new Dialogue(kids, kidsVariant, adultVariant, genderVariant);
  for (const info of infos) dialogue.step(info);
  if (dialogue.wrongNumber) return [];
  const now = { date: localDate(input.now, input.timeZone), time: localTime(input.now, input.timeZone) };
  const out: ExtractedBooking[] = [];
  const seen = new Set<string>();
  for (const b of dialogue.bookings) {
    if (b.status !== "active" || !b.date || !b.service) continue;
    const time = `${pad(b.time.hour)}:${pad(b.time.minute)}`;
    if (b.date < now.date || (b.date === now.date && time < now.time)) continue; // already past
    const key = `${b.service}|${b.date}|${time}|${b.person ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const quote = shortQuote(msgs[b.srcMsg]?.body ?? "", b.pos);
    out.push({ service: b.service, date: b.date, time, notes: b.personLabel ? `for ${b.personLabel}` : "", quote });
  }
  return out.sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
}

export const offlineExtractor: BookingExtractor = {
  name: "offline",
  async extract(input: ExtractInput): Promise<ExtractedBooking[]> {
    return extractBookings(input);
  },
};
