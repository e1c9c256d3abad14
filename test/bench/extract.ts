// Offline extractor speed: ms per contact (one chat) over the dev set.
//   npx tsx test/bench/extract.ts [CASES.json]   (default ../shared/extraction/dev.json)
// Prints wall time (best and median round) and CPU time; on a busy machine the best
// round and the CPU time are the fair numbers, the median includes waiting for a core.
import { readFileSync } from "node:fs";
import path from "node:path";
import { extractBookings } from "../../app/providers/ai/offline";
import type { ExtractInput } from "../../app/providers/ai/types";

type Case = {
  id: string;
  now: string;
  timezone: string;
  services: string[];
  messages: Array<{ fromMe: boolean; timestamp: string; body: string }>;
};

const file = process.argv[2] ?? path.resolve(process.cwd(), "../shared/extraction/dev.json");
const cases = JSON.parse(readFileSync(file, "utf8")) as Case[];
const inputs: ExtractInput[] = cases.map((c) => ({
  messages: c.messages.map((m) => ({ fromMe: m.fromMe, timestamp: Date.parse(m.timestamp), body: m.body })),
  services: c.services,
  timeZone: c.timezone,
  now: Date.parse(c.now),
}));

// Cold run: the first contacts pay for regex compilation and Intl formatter creation.
let t = performance.now();
for (const input of inputs) extractBookings(input);
const cold = (performance.now() - t) / inputs.length;

const rounds: number[] = [];
const cpu0 = process.cpuUsage();
for (let r = 0; r < 30; r++) {
  t = performance.now();
  for (const input of inputs) extractBookings(input);
  rounds.push((performance.now() - t) / inputs.length);
}
const used = process.cpuUsage(cpu0);
const cpu = (used.user + used.system) / 1000 / (rounds.length * inputs.length);
rounds.sort((a, b) => a - b);
const f = (x: number) => x.toFixed(3);
console.log(
  `contacts ${inputs.length}  cold ${f(cold)} ms/contact  warm best ${f(rounds[0])} / median ${f(rounds[rounds.length >> 1])} ms/contact (wall)  ${f(cpu)} ms/contact (cpu)`,
);
