// Server and validator messages are English (the spec's exact texts); the
// screens show the known ones in the reader's language.
import { useT, type MessageKey } from "~/i18n";

const known: Record<string, MessageKey> = {
  "Name is required": "clients.err.nameRequired",
  "Phone is required": "clients.err.phoneRequired",
  "Phone must contain digits (optionally starts with +)": "clients.err.phoneRule",
  "Service is required": "bookings.err.serviceRequired",
  "Date is required": "bookings.err.dateRequired",
  "Time is required": "bookings.err.timeRequired",
  "A client with this phone number already exists.": "clients.err.duplicatePhone",
  "Not authenticated. Please login again.": "bookings.notAuthenticated",
  'The file has no name and phone columns. Use headers such as "name" and "phone" (or "שם" and "טלפון").': "import.err.noColumns",
  "The file could not be read as CSV or vCard.": "import.err.unreadable",
  "The file has no contacts.": "import.err.empty",
  "Choose a CSV or vCard file.": "import.err.choose",
  "The file is too large.": "import.err.tooLarge",
};

export function useKnownMessage() {
  const t = useT();
  return (message: string) => (known[message] ? t(known[message]) : message);
}
