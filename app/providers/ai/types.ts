// Shared contract of every booking extractor (offline rules, Workers AI, ...).

export type ChatMessage = {
  fromMe: boolean;
  timestamp: number; // unix ms
  body: string;
};

export type ExtractInput = {
  messages: ChatMessage[];
  services: string[];
  timeZone: string; // IANA
  now: number; // unix ms
  contactName?: string;
};

export type ExtractedBooking = {
  service: string;
  date: string; // YYYY-MM-DD
  time: string; // HH:MM
  notes: string;
  quote: string; // the message it came from, shortened (see quote.ts), for the owner to check
};

export interface BookingExtractor {
  readonly name: string;
  extract(input: ExtractInput): Promise<ExtractedBooking[]>;
}
