// Offline extractor speed: ms per contact (one chat) over the dev set.
//   npx tsx test/bench/extract.ts [CASES.json]   (default ../shared/extraction/dev.json)
import { readFileSync } from "node:fs";
import path from "node:path";
import { extractBookings } from "../../app/providers/ai/offline";
import type { ExtractInput } from "../../app/providers/ai/types";

type Case = { id: string; now: string; timezone: string; services: string[]; messages: Array<{ fromMe: boolean; timestamp: string; body: string }> };

const file = process.argv[2] ?? path.resolve(process.cwd(), "../shared/extraction/dev.json");
const cases = JSON.parse(readFileSync(file, "utf8")) as Case[];
const inputs: ExtractInput[] = cases.map((c) => ({
  messages: c.messages.map((m) => ({ fromMe: m.fromMe, timestamp: Date.parse(m.timestamp), body: m.body })),
  services: c.services,
  timeZone: c.timezone,
  now: Date.parse(c.now),
}));

// Cold run: the first contact pays for regex compilation and Intl formatter creation.
let t = performance.now();
for (const input of inputs) extractBookings(input);
const cold = (performance.now() - t) / inputs.length;

const rounds = 20;
let worst = 0;
const cpu0 = process.cpuUsage();
t = performance.now();
for (let r = 0; r < rounds; r++) {
  for (const input of inputs) {
    const s = performance.now();
    extractBookings(input);
    worst = Math.max(worst, performance.now() - s);
  }
}
const warm = (performance.now() - t) / (rounds * inputs.length);
const used = process.cpuUsage(cpu0);
// CPU time is the fair number on a busy machine; wall time includes waiting for a core.
const cpu = (used.user + used.system) / 1000 / (rounds * inputs.length);
console.log(
  `contacts ${inputs.length}  cold ${cold.toFixed(3)} ms/contact  warm ${warm.toFixed(3)} ms/contact (wall)  ` +
    `${cpu.toFixed(3)} ms/contact (cpu)  worst ${worst.toFixed(3)} ms`,
);
