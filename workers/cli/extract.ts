// Usage: npx tsx workers/cli/extract.ts CASES.json
// Reads cases in the evaluation format (id, now, timezone, services, contact, messages;
// never `expected`) and prints only a JSON array [{id, bookings:[{service,date,time}]}].
import { readFileSync } from "node:fs";
import { extractBookings } from "../../app/providers/ai/offline";

type Case = {
  id: string;
  now: string;
  timezone: string;
  services: string[];
  contact?: { name?: string };
  messages: Array<{ fromMe: boolean; timestamp: string; body: string }>;
};

const file = process.argv[2];
if (!file) {
  process.stderr.write("usage: extract.ts CASES.json\n");
  process.exit(2);
}
const cases = JSON.parse(readFileSync(file, "utf8")) as Case[];
const out = cases.map((c) => {
  const bookings = extractBookings({
    messages: c.messages.map((m) => ({ fromMe: m.fromMe, timestamp: Date.parse(m.timestamp), body: m.body })),
    services: c.services,
    timeZone: c.timezone,
    now: Date.parse(c.now),
    contactName: c.contact?.name,
  });
  return { id: c.id, bookings: bookings.map(({ service, date, time }) => ({ service, date, time })) };
});
process.stdout.write(JSON.stringify(out) + "\n");
