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

/** A part of the day a customer asks about: morning (before 12), afternoon (12 to 17), evening (17 on). */
export type DayPart = "morning" | "afternoon" | "evening";

/** A booking the client already has (the input of change reading). */
/** A booking of the client still ahead; `id` when code read it from the calendar (a change is tied to it). */
export type UpcomingBooking = { id?: string; service: string; date: string; time: string };

/** The chat and what code knows of the client, for reading the customer's latest turn. */
export type AskInput = ExtractInput & {
  usualService?: string | null;
  upcoming?: UpcomingBooking[];
};

/**
 * What the customer's latest turn asks for: free times (an ask), or a change to
 * an upcoming booking. `date: null` in an ask means "the soonest". `quote` is
 * the customer's words, shortened, for the owner.
 */
export type ChatAsk =
  | { kind: "ask"; service: string | null; date: string | null; part: DayPart | null; quote: string }
  | { kind: "reschedule"; booking: UpcomingBooking; date: string | null; time: string | null; quote: string }
  | { kind: "late"; booking: UpcomingBooking; minutes: number | null; quote: string }
  | { kind: "cancel"; booking: UpcomingBooking; quote: string };

export interface AskReader {
  readonly name: string;
  read(input: AskInput): Promise<ChatAsk | null>;
}
